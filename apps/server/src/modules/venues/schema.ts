import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PermissionsMap } from '@lanebook/core';
import { GIFT_CARD_SETTINGS_DEFAULTS, type GiftCardSettings } from '@lanebook/core/gift-card-schemas';
import { MARKETING_CONSENT_TEXT_DEFAULT } from '@lanebook/core/guest-schemas';

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
    abandonAfterMinutes: integer('abandon_after_minutes').notNull().default(30),
    reminderLeadHours: integer('reminder_lead_hours').notNull().default(24),
    ageOfMajority: integer('age_of_majority').notNull().default(18),
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
    /** The venue takes payment at the venue instead of card payments online: its setup's payments item is done (decision 035). */
    payAtVenue: boolean('pay_at_venue').notNull().default(false),
    /** The venue's account at the card-payment provider, and which provider it is at (decision 021). */
    paymentProvider: text('payment_provider').$type<'sandbox' | 'stripe'>(),
    paymentAccountId: text('payment_account_id'),
    /** The widget status: only a live venue takes online bookings; superadmin approves a pending one. */
    status: text('status').$type<'inactive' | 'pending' | 'live'>().notNull().default('inactive'),
    /** The web sites (origins such as https://venue.example) that may embed the widget; none: any (decision 024). */
    widgetOrigins: jsonb('widget_origins')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    permissions: jsonb('permissions').$type<PermissionsMap>().notNull(),
    /** Gift cards: sold online or not, amounts, picture, expiry (decision 045). */
    giftCards: jsonb('gift_card_settings').$type<GiftCardSettings>().notNull().default(GIFT_CARD_SETTINGS_DEFAULTS),
    /** A banned guest's online booking: refused (with the venue's phone to call) or taken and marked (issue 38). */
    bannedGuestsOnline: text('banned_guests_online').$type<'refuse' | 'warn'>().notNull().default('refuse'),
    /** The widget's marketing question, in the venue's words; '' asks nothing (issue 38). */
    marketingConsentText: text('marketing_consent_text').notNull().default(MARKETING_CONSENT_TEXT_DEFAULT),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('venues_status_idx').on(t.status, t.createdAt),
    // The provider's webhook names the account: it finds the venue.
    uniqueIndex('venues_payment_account').on(t.paymentProvider, t.paymentAccountId),
  ],
);
