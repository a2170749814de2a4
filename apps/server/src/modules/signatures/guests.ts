import { and, desc, eq, sql } from 'drizzle-orm';
import { ERASED_GUEST_NAME } from '@lanebook/core/guest-schemas';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { isSameSigner } from './rules.js';
import { signatures } from './schema.js';

/** What the guests module (issue 38) reads and changes of a guest's signatures. */

/** A guest's signatures, newest first (at most `limit`). */
export const guestSignatures = (db: Db | Tx, venueId: string, guestId: string, limit = 200) =>
  forVenue(db, venueId).select(signatures, eq(signatures.guestId, guestId), { orderBy: [desc(signatures.createdAt)], limit });

export interface WaiverToSign {
  id: string;
  version: number;
  validForMonths: number;
}

/**
 * The guest's signature that counts for a booking starting at `startsAt` (their waiver on file):
 * of the waiver at its version (a new version with changed text asks again), by the booker (names
 * and email as signing compares them), signed at most the waiver's months before the start. None
 * for a waiver signed per booking (validForMonths 0).
 */
export async function waiverOnFile(
  db: Db | Tx,
  venueId: string,
  guestId: string,
  waiver: WaiverToSign,
  booker: { firstName: string; lastName: string; email: string },
  startsAt: Date,
): Promise<{ signatureId: string; signedAt: Date; validUntil: Date } | null> {
  if (waiver.validForMonths <= 0) return null;
  const validUntil = sql<string>`${signatures.createdAt} + make_interval(months => ${waiver.validForMonths})`;
  const rows = await forVenue(db, venueId).selectFields(
    signatures,
    {
      id: signatures.id,
      firstName: signatures.firstName,
      lastName: signatures.lastName,
      email: signatures.email,
      createdAt: signatures.createdAt,
      validUntil,
    },
    and(
      eq(signatures.guestId, guestId),
      eq(signatures.waiverId, waiver.id),
      eq(signatures.waiverVersion, waiver.version),
      sql`${validUntil} >= ${startsAt.toISOString()}::timestamptz`,
    ),
    { orderBy: [desc(signatures.createdAt)], limit: 20 },
  );
  const match = rows.find((row) => isSameSigner(row, booker));
  return match ? { signatureId: match.id, signedAt: match.createdAt, validUntil: new Date(match.validUntil) } : null;
}

export const moveGuestSignatures = (tx: Tx, venueId: string, fromGuestId: string, toGuestId: string) =>
  forVenue(tx, venueId).update(signatures, eq(signatures.guestId, fromGuestId), { guestId: toGuestId });

/** Takes the signer out of their signatures (names, email, answers, the images' keys); the record that a waiver was signed stays. */
export const eraseGuestSignatures = (tx: Tx, venueId: string, guestId: string) =>
  forVenue(tx, venueId).update(signatures, eq(signatures.guestId, guestId), {
    firstName: ERASED_GUEST_NAME,
    lastName: '',
    email: '',
    fields: {},
    guardianName: null,
    signatureKey: '',
    guardianSignatureKey: null,
    updatedAt: new Date(),
  });
