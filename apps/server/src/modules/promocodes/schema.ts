import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
