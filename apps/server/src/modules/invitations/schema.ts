import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from '../accounts/schema.js';
import { venues } from '../venues/schema.js';

/**
 * Invitations to a venue, by email (lower-cased), until the person accepts or declines
 * (decision 008). No venue_members row exists before acceptance; an invitation is valid for
 * INVITATION_DAYS after created_at (re-inviting renews it).
 */
export const venueInvitations = pgTable(
  'venue_invitations',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<'owner' | 'manager' | 'staff'>().notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.email] }), index('venue_invitations_email_idx').on(t.email)],
);
