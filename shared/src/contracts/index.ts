// Request/response schemas shared by the api (validation, OpenAPI) and the frontends (types only).
export * from './common';
export * from './profile';
export * from './catalog';
export * from './favorites';
export * from './monitoring';
export * from './content';
export * from './auth';
export * from './system';
export * from './sso';
export * from './excursions';
export * from './catalog-pages';
export * from './orders';
export * from './notifications';
export * from './chat';
