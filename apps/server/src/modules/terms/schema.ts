import { pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
