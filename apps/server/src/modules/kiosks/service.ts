import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { venueToday, wallClockOf } from '@lanebook/core';
import type { Kiosk, KioskBooking, KioskCreated, KioskFind } from '@lanebook/core/kiosk-schemas';
import type { Db } from '../../db/client.js';
import { KIOSK_TOKEN_PREFIX, kioskTokenHash, type KioskCredential, type VenueRow } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { forVenue } from '../../platform/venue-scope.js';
import { readCheckInCode } from '../check-in/codes.js';
import { bookingToSign, liveBookingsOfDay } from '../bookings/service.js';
import { liveProductById } from '../products/service.js';
import { signingForm } from '../signatures/service.js';
import { kiosks } from './schema.js';

/** Waiver kiosks (issue 39): the devices, their credential, and the two things a kiosk may do. */

/** How long a kiosk's token works; the venue makes a new kiosk after. */
export const KIOSK_LIFETIME_DAYS = 90;
/** lastSeenAt is written at most this often, so a busy kiosk does not write on every call. */
const LAST_SEEN_EVERY_MS = 60_000;

type KioskRow = typeof kiosks.$inferSelect;

const kioskAnswer = (row: KioskRow): Kiosk => ({
  id: row.id,
  name: row.name,
  createdBy: row.createdBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
});

/** A new kiosk and its token: shown once, only its hash is kept. */
export async function createKiosk(db: Db, venueId: string, name: string, createdBy: string, now = new Date()): Promise<KioskCreated> {
  const token = `${KIOSK_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + KIOSK_LIFETIME_DAYS * 24 * 3600_000);
  const id = randomUUID();
  await forVenue(db, venueId).insert(kiosks, { id, name, tokenHash: kioskTokenHash(token), createdBy, expiresAt });
  return { id, name, token, expiresAt: expiresAt.toISOString() };
}

export async function listKiosks(db: Db, venueId: string) {
  const rows = await forVenue(db, venueId).select(kiosks, undefined, { orderBy: [desc(kiosks.createdAt), desc(kiosks.id)] });
  return { items: rows.map(kioskAnswer), total: rows.length };
}

/** Revokes a kiosk: its next request is refused, in every process (the access step reads the row each time). */
export async function revokeKiosk(db: Db, venueId: string, id: string, now = new Date()) {
  const scoped = forVenue(db, venueId);
  const row = await scoped.first(kiosks, eq(kiosks.id, id));
  if (!row) throw notFound('Kiosk');
  if (!row.revokedAt) await scoped.update(kiosks, eq(kiosks.id, id), { revokedAt: now, updatedAt: now });
}

/** The access step's look-up: the live kiosk of a token's hash, by its index, or null. Reads only. */
export async function kioskOfTokenHash(db: Db, tokenHash: string, now = new Date()): Promise<KioskCredential | null> {
  const [row] = await db
    .select({ id: kiosks.id, name: kiosks.name, venueId: kiosks.venueId })
    // eslint-disable-next-line no-restricted-syntax -- the access step finds the kiosk, and so its venue, from its token alone
    .from(kiosks)
    .where(and(eq(kiosks.tokenHash, tokenHash), isNull(kiosks.revokedAt), gt(kiosks.expiresAt, now)))
    .limit(1);
  return row ?? null;
}

/**
 * Marks the kiosk seen after a call it made went through: at most once a minute, and never behind a
 * refused call (a refused request writes nothing).
 */
export async function markKioskSeen(db: Db, kiosk: KioskCredential, now = new Date()) {
  const stale = new Date(now.getTime() - LAST_SEEN_EVERY_MS);
  await forVenue(db, kiosk.venueId).update(
    kiosks,
    and(eq(kiosks.id, kiosk.id), or(isNull(kiosks.lastSeenAt), lt(kiosks.lastSeenAt, stale))),
    { lastSeenAt: now },
  );
}

/**
 * Today's live bookings (the venue's zone) a kiosk may show: the one a check-in code names, or the
 * booker's by last name and the phone's last four digits. Another venue's code finds nothing.
 */
export async function findForKiosk(
  db: Db,
  key: Buffer,
  venue: VenueRow,
  body: KioskFind,
  now = new Date(),
): Promise<{ items: KioskBooking[] }> {
  const today = venueToday(venue.timezone, now);
  let rows;
  if (body.code !== undefined) {
    const named = readCheckInCode(key, body.code);
    if (!named)
      throw new AppError(400, 'invalid_check_in_code', 'This is not a check-in code of ours. Find the booking by name instead.', {
        fields: [{ path: 'code', message: 'Not a check-in code' }],
      });
    rows =
      named.venueId === venue.id
        ? await liveBookingsOfDay(db, venue.id, { date: today, timezone: venue.timezone }, { ids: [named.bookingId] })
        : [];
  } else {
    rows = await liveBookingsOfDay(
      db,
      venue.id,
      { date: today, timezone: venue.timezone },
      { lastName: body.lastName!, phoneLast4: body.phoneLast4! },
    );
  }
  const items: KioskBooking[] = [];
  for (const row of rows) {
    const product = await liveProductById(db, venue.id, row.productId);
    items.push({
      id: row.id,
      productName: product?.name ?? '',
      startsAt: row.startsAt.toISOString(),
      playersCount: row.playersCount,
      signedCount: row.numberOfSignedWaivers,
      waiver: await signingForm(db, venue, row.id, now).catch((error: unknown) => {
        // No waiver to sign (none on the product, the product paused or gone): the kiosk says so.
        if (error instanceof AppError) return null;
        throw error;
      }),
    });
  }
  return { items };
}

/** A booking a kiosk may sign: of its venue and of today there; anything else is not found. */
export async function kioskBookingToSign(db: Db, venue: VenueRow, bookingId: string, now = new Date()): Promise<string> {
  const booking = await bookingToSign(db, venue.id, bookingId);
  if (!booking || wallClockOf(booking.startsAt, venue.timezone).date !== venueToday(venue.timezone, now)) throw notFound('Booking');
  return booking.id;
}
