// The whole domain model in one drizzle schema (split by area for readability).
export * from './schema/enums';
export * from './schema/users';
export * from './schema/geo';
export * from './schema/catalog';
export * from './schema/orders';
export * from './schema/account';
export * from './schema/sso';
export * from './schema/conversations';
export * from './schema/lifecycle';
export * from './schema/partner';
export * from './schema/media';
export * from './schema/schedules';
export * from './schema/backoffice';
export * from './schema/outbox';
export * from './schema/releases';
export * from './schema/search';
