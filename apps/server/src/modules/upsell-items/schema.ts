import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
