import { doublePrecision, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
