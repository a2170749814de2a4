import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
    /** What the affiliate earns on each booking it brings: percent of its net paid, or fixed cents (decision 031). */
    commission: doublePrecision('commission').notNull().default(0),
    commissionType: text('commission_type').$type<'fixed' | 'percent'>().notNull().default('percent'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);
