export * from './auth.js';
export * from './venues.js';
export * from './mail.js';
export * from './catalog.js';
