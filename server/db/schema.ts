// The single source of table shapes, one file per area under tables/ and re-exported here: code imports
// tables from this file, and migrations are generated from it with `npm run db:generate`.
export * from './tables/people';
export * from './tables/oops';
export * from './tables/stats';
export * from './tables/events';
export * from './tables/learning';
export * from './tables/idempotency';
export * from './tables/saved-views';
export * from './tables/triage';
