// The one barrel the architecture allows: drizzle-kit and the query builder need every table.

export * from './activities';
export * from './blocks';
export * from './comments';
export * from './films';
export * from './friendships';
export * from './idempotency-keys';
export * from './import-jobs';
export * from './messages';
export * from './movies';
export * from './newsletters';
export * from './notifications';
export * from './password-resets';
export * from './search-words';
export * from './users';
