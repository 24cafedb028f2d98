import Type from 'typebox';

/** Prefix of the public catalog calls. */
export const PUBLIC = '/api/excursion/public';
/** OpenAPI group of every public catalog call. */
export const CATALOG_TAGS = ['catalog'];

/** A multi-segment slug: everything after the route's prefix. */
export const RestParams = Type.Object({ '*': Type.String({ maxLength: 500 }) });
export const segmentsOf = (rest: string) => rest.split('/').filter(Boolean);
