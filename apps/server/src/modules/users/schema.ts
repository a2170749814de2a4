import { boolean, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../accounts/schema.js';
import { venues } from '../venues/schema.js';

/** The venue-user junction of the spec (document id venueId_userId). */
export const venueMembers = pgTable(
  'venue_members',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<'owner' | 'manager' | 'staff'>().notNull(),
    isTemporary: boolean('is_temporary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index('venue_members_user_idx').on(t.userId)],
);
