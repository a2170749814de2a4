import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

/** The venue's lanes: "lane" to people, `resource` to the database and the API (docs/architecture.md, Glossary). */
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
