import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import type { PermissionsMap } from '@lanebook/core';
import { user } from './auth.js';

export const venues = pgTable(
  'venues',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    companySite: text('company_site').notNull().default(''),
    country: text('country').notNull().default('US'),
    timezone: text('timezone').notNull(),
    address: text('address').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    ownerEmail: text('owner_email').notNull().default(''),
    registrationCodePrefix: text('registration_code_prefix').notNull().default(''),
    closurePercent: doublePrecision('closure_percent').notNull().default(0),
    firstDayOfWeek: integer('first_day_of_week').notNull().default(0),
    paymentMethods: jsonb('payment_methods')
      .$type<string[]>()
      .notNull()
      .default(sql`'["Cash","Square"]'::jsonb`),
    phoneFormat: text('phone_format').notNull().default('+1 (###) ###-####'),
    moneyFormat: text('money_format').notNull().default('${{amount}}'),
    timeFormat: integer('time_format').$type<12 | 24>().notNull().default(12),
    dateFormat: text('date_format').notNull().default('MM/DD/YY'),
    stripeBankAccountStatus: text('stripe_bank_account_status').$type<'active' | 'pending' | 'inactive'>().notNull().default('inactive'),
    isStripePaymentsEnabled: boolean('is_stripe_payments_enabled').notNull().default(false),
    bankOnboardingSkipped: boolean('bank_onboarding_skipped').notNull().default(false),
    status: text('status').$type<'inactive' | 'pending' | 'live'>().notNull().default('inactive'),
    permissions: jsonb('permissions').$type<PermissionsMap>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('venues_status_idx').on(t.status, t.createdAt)],
);

/** The venue-user junction of the spec (document id venueId_userId). */
export const venueMembers = pgTable(
  'venue_members',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'manager' | 'staff'>().notNull(),
    isTemporary: boolean('is_temporary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index('venue_members_user_idx').on(t.userId)],
);

/**
 * Invitations to a venue, by email (lower-cased), until the person accepts or declines
 * (decision 008). No venue_members row exists before acceptance; an invitation is valid for
 * INVITATION_DAYS after created_at (re-inviting renews it).
 */
export const venueInvitations = pgTable(
  'venue_invitations',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'staff'>().notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.email] }), index('venue_invitations_email_idx').on(t.email)],
);

/** Per-user progress through the 31-step onboarding tour. */
export const onboardingProgress = pgTable('onboarding_progress', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  currentStep: integer('current_step').notNull().default(-1),
  isFinished: boolean('is_finished').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
