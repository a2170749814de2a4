import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { CustomField, PriceGroup } from '@lanebook/core';
import { venues } from './venues.js';

/**
 * Venue-owned collections. Every table keys on (venue_id, id), so a row can only be reached
 * with its venue, and a reference between two of them can be a composite foreign key that
 * cannot cross venues. Column keys match the API's field names.
 */
const owned = () => ({
  venueId: text('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  id: text('id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const resources = pgTable(
  'resources',
  {
    ...owned(),
    capacity: integer('capacity').notNull(),
    minCapacity: integer('min_capacity').notNull(),
    type: text('type').$type<'Lane'>().notNull().default('Lane'),
    isPaused: boolean('is_paused').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const taxes = pgTable(
  'taxes',
  {
    ...owned(),
    name: text('name').notNull(),
    rate: doublePrecision('rate').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const terms = pgTable(
  'terms',
  {
    ...owned(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const upsellItems = pgTable(
  'upsell_items',
  {
    ...owned(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    image: text('image').notNull().default(''),
    price: integer('price').notNull(),
    isPaused: boolean('is_paused').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const promocodes = pgTable(
  'promocodes',
  {
    ...owned(),
    code: text('code').notNull(),
    maxUseNumber: integer('max_use_number').notNull().default(1),
    useCount: integer('use_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    discount: doublePrecision('discount').notNull(),
    discountType: text('discount_type').$type<'fixed' | 'percent'>().notNull(),
    taxBehaviour: text('tax_behaviour').$type<'before' | 'after'>().notNull(),
    products: jsonb('products')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    upsellItems: jsonb('upsell_items')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
  },
  // Codes are unique per venue whatever their case: customers type them.
  (t) => [primaryKey({ columns: [t.venueId, t.id] }), uniqueIndex('promocodes_code_unique').on(t.venueId, sql`lower(${t.code})`)],
);

export const affiliates = pgTable(
  'affiliates',
  {
    ...owned(),
    name: text('name').notNull(),
    businessName: text('business_name').notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    discount: doublePrecision('discount').notNull(),
    discountType: text('discount_type').$type<'fixed' | 'percent'>().notNull(),
    products: jsonb('products')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    upsellItems: jsonb('upsell_items')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    address: jsonb('address').$type<{ country: string; state: string; city: string; zip: string; street: string }>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const mailingTemplates = pgTable(
  'mailing_templates',
  {
    ...owned(),
    event: text('event').$type<'confirmation' | 'reminder' | 'cancellation' | 'abandoned' | 'custom'>().notNull(),
    subject: text('subject').notNull(),
    to: jsonb('to')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cc: jsonb('cc')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bcc: jsonb('bcc')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    replyTo: jsonb('reply_to')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    text: text('text').notNull(),
    isPaused: boolean('is_paused').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

export const products = pgTable(
  'products',
  {
    ...owned(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    image: text('image').notNull().default(''),
    duration: integer('duration').$type<1 | 2 | 3 | 6 | 9 | 12>().notNull(),
    breakTime: integer('break_time').notNull().default(0),
    cutoffTime: integer('cutoff_time').notNull().default(0),
    price: integer('price').notNull(),
    deposit: integer('deposit').notNull().default(0),
    isDeposit: boolean('is_deposit').notNull().default(false),
    fixedPrice: integer('fixed_price').notNull().default(0),
    minPlayers: integer('min_players').notNull(),
    maxPlayers: integer('max_players').notNull(),
    typeOfPricing: text('type_of_pricing').$type<'person' | 'group-range'>().notNull(),
    groups: jsonb('groups')
      .$type<PriceGroup[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    resources: jsonb('resources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    taxes: jsonb('taxes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    nonWorkingDays: jsonb('non_working_days')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    holidays: jsonb('holidays')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isPaused: boolean('is_paused').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    customFields: jsonb('custom_fields')
      .$type<Record<string, CustomField>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    termsId: text('terms_id'),
    largeGroupDisclaimerId: text('large_group_disclaimer_id'),
    upsellItemIds: jsonb('upsell_item_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cancellationPeriodAmount: integer('cancellation_period_amount').notNull().default(24),
    cancellationPeriodUnit: text('cancellation_period_unit').$type<'hours' | 'days'>().notNull().default('hours'),
    widgetNote: text('widget_note').notNull().default(''),
    activeWaiverId: text('active_waiver_id'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.termsId], foreignColumns: [terms.venueId, terms.id], name: 'products_terms_fk' }),
    foreignKey({
      columns: [t.venueId, t.largeGroupDisclaimerId],
      foreignColumns: [terms.venueId, terms.id],
      name: 'products_disclaimer_fk',
    }),
  ],
);

export const widgetTemplates = pgTable(
  'widget_templates',
  {
    ...owned(),
    name: text('name').notNull(),
    productId: text('product_id'),
    position: text('position').$type<'embedded' | 'floating'>().notNull(),
    isHideBeacon: boolean('is_hide_beacon').notNull().default(false),
    isPromocodesAvailable: boolean('is_promocodes_available').notNull().default(true),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    view: jsonb('view')
      .$type<{ fontFamily: string; viewMode: string; colors: { primary: string; secondary: string }; isUseAvailabilityColors: boolean }>()
      .notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'widget_templates_product_fk' }),
    // At most one default per venue, whatever the application does.
    uniqueIndex('widget_templates_one_default')
      .on(t.venueId)
      .where(sql`${t.isDefault}`),
  ],
);

export const integrations = pgTable(
  'integrations',
  {
    ...owned(),
    type: text('type').$type<'webhook' | 'custom'>().notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secret: text('secret'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

/**
 * Bookings, as far as the catalog rules need them (a lane or product with upcoming bookings).
 * The bookings work extends this table; its lane reservations carry the no-double-booking
 * exclusion constraint.
 */
export const bookings = pgTable(
  'bookings',
  {
    ...owned(),
    productId: text('product_id').notNull(),
    status: text('status').$type<'new' | 'wait_for_payment' | 'paid' | 'canceled' | 'abandoned'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    resourceIds: jsonb('resource_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isRefunded: boolean('is_refunded').notNull().default(false),
    paidTotal: integer('paid_total').notNull().default(0),
    refundedTotal: integer('refunded_total').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'bookings_product_fk' }),
    index('bookings_product_start_idx').on(t.venueId, t.productId, t.startsAt),
    index('bookings_ends_idx').on(t.venueId, t.endsAt),
  ],
);
