import { and, desc, eq, like, or, sql } from 'drizzle-orm';
import type { VenueMail } from '@lanebook/core';
import type { Db } from '../db/client.js';
import { mailOutbox } from './mail-schema.js';

/**
 * A venue's mail log (docs/decisions/030-mail-that-runs-the-venue.md): the outbox rows of the
 * mail the venue sends, its booking mail and its members' test sends, read for that venue only.
 * The platform's own mail about the venue (the superadmins' approval notice, invitations) is the
 * platform's, not the venue's, and stays on the superadmin's outbox page.
 */

const TEST_KIND = 'mailing-template-test';

const ofVenue = (venueId: string) =>
  and(eq(mailOutbox.venueId, venueId), or(like(mailOutbox.kind, 'booking-%'), eq(mailOutbox.kind, TEST_KIND)));

export type VenueMailRow = typeof mailOutbox.$inferSelect;

export function toVenueMail(row: VenueMailRow): VenueMail {
  return {
    id: row.id,
    type: row.kind === TEST_KIND ? 'test' : row.kind.replace(/^booking-/, ''),
    to: row.to,
    subject: row.subject,
    state: row.status,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    bookingId: row.bookingId,
  };
}

/** The venue's mail, newest first. */
export async function venueMailLog(db: Db, venueId: string, page: { limit: number; offset: number }) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(ofVenue(venueId))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(page.limit)
    .offset(page.offset);
  const [{ total }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(mailOutbox)
    .where(ofVenue(venueId));
  return { items: rows.map(toVenueMail), total };
}

/** One mail of the venue's log; another venue's, or the platform's, is none. */
export async function venueMailById(db: Db, venueId: string, id: string): Promise<VenueMailRow | null> {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(and(ofVenue(venueId), eq(mailOutbox.id, id)));
  return row ?? null;
}
