import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

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
