/** The public catalog endpoints (spec §7). */
export const PUBLIC = '/api/excursion/public';
/** The signed-in customer's endpoints. */
export const USER = '/api/excursion/user';

export const seg = encodeURIComponent;

/** Encodes each segment of a multi-segment slug (`a/b` stays a path). */
export const segments = (slug: string) => slug.split('/').filter(Boolean).map(encodeURIComponent).join('/');
