/**
 * Every table, for the database client, migrations (drizzle.config.ts), the seed and tests.
 * Each table is defined in the schema file of the module that owns it (docs/architecture.md,
 * "Who owns which table"); application code imports its own module's schema, never this file.
 */
export * from '../modules/accounts/schema.js';
export * from '../modules/venues/schema.js';
export * from '../modules/users/schema.js';
export * from '../modules/invitations/schema.js';
export * from '../modules/onboarding/schema.js';
export * from '../platform/mail-schema.js';
export * from '../modules/resources/schema.js';
export * from '../modules/taxes/schema.js';
export * from '../modules/terms/schema.js';
export * from '../modules/upsell-items/schema.js';
export * from '../modules/promocodes/schema.js';
export * from '../modules/affiliates/schema.js';
export * from '../modules/mailing-templates/schema.js';
export * from '../modules/products/schema.js';
export * from '../modules/widget-templates/schema.js';
export * from '../modules/integrations/schema.js';
export * from '../modules/bookings/schema.js';
export * from '../modules/calendar/schema.js';
export * from '../modules/payments/schema.js';
export * from '../platform/payments/sandbox-schema.js';
export * from '../modules/waivers/schema.js';
export * from '../modules/signatures/schema.js';
export * from '../modules/widget/schema.js';
export * from '../modules/statistics/schema.js';
export * from '../modules/gift-cards/schema.js';
export * from '../modules/guests/schema.js';
export * from '../modules/kiosks/schema.js';
