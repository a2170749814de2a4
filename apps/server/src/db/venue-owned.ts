import { text, timestamp } from 'drizzle-orm/pg-core';
import { venues } from '../modules/venues/schema.js';

/**
 * The columns every venue-owned collection table starts with. Every such table keys on
 * (venue_id, id), so a row can only be reached with its venue, and a reference between two of
 * them can be a composite foreign key that cannot cross venues. Column keys match the API's
 * field names.
 */
export const owned = () => ({
  venueId: text('venue_id')
    .notNull()
    .references(() => venues.id, { onDelete: 'cascade' }),
  id: text('id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
