// Request/response schemas shared by the api (validation, OpenAPI) and the frontends (types only).
// One file per api feature folder (api/src/features/<name>); ./catalog holds what every catalog page shares.
export * from './common';
export * from './catalog';
export * from './geo';
export * from './excursions';
export * from './sights';
export * from './guides';
export * from './reviews';
export * from './search';
export * from './content';
export * from './favorites';
export * from './orders';
export * from './payments';
export * from './tickets';
export * from './profile';
export * from './auth';
export * from './sso';
export * from './notifications';
export * from './chat';
export * from './monitoring';
export * from './health';
