import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

/**
 * A waiver kiosk (issue 39): a tablet an owner or manager signed in with a device credential of its
 * own. Only the SHA-256 of its token is kept; the token is shown once, when the kiosk is made.
 */
export const kiosks = pgTable(
  'kiosks',
  {
    ...owned(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** Who made it: their name or email, as the logs keep people. */
    createdBy: text('created_by').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    // The access step finds a kiosk by its token's hash before it knows the venue; not unique, as a
    // unique key of a venue-owned table holds venue_id (tenancy keys), and 256 random bits do not collide.
    index('kiosks_token_hash_idx').on(t.tokenHash),
  ],
);
