export * from './permissions.js';
export * from './venue.js';
export * from './users.js';
export * from './format.js';
export * from './api-types.js';
export * from './catalog.js';
export * from './products.js';
