import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Check-in codes (issue 39, decision 047): a booking's venue id and booking id, signed with a key
 * derived from the server's secret, in base64url. Nothing is stored: the same booking always
 * makes the same code, and a code names nothing else of the booking (not its reference, which
 * manages it). A forged or altered code fails its tag.
 *
 * Layout before base64url: version (1 byte), the venue id's length (1 byte), the venue id (UTF-8),
 * the booking id (16 bytes when version 1, a UUID; its UTF-8 text when version 2), then the first
 * 16 bytes of HMAC-SHA256 over everything before them.
 */

const TAG_BYTES = 16;
const UUID_ID = 1;
const TEXT_ID = 2;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The key of a server secret (AUTH_SECRET), for check-in codes alone. */
export const checkInKey = (secret: string): Buffer => createHmac('sha256', secret).update('booking-check-in-code').digest();

const tagOf = (key: Buffer, payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, TAG_BYTES);

/** The booking's check-in code. */
export function checkInCodeOf(key: Buffer, venueId: string, bookingId: string): string {
  const venue = Buffer.from(venueId, 'utf8');
  if (venue.length > 255) throw new Error('A venue id longer than 255 bytes has no check-in code.');
  const isUuid = UUID.test(bookingId);
  const booking = isUuid ? Buffer.from(bookingId.replace(/-/g, ''), 'hex') : Buffer.from(bookingId, 'utf8');
  const payload = Buffer.concat([Buffer.from([isUuid ? UUID_ID : TEXT_ID, venue.length]), venue, booking]);
  return Buffer.concat([payload, tagOf(key, payload)]).toString('base64url');
}

/** The venue and booking a code names; null when it is not a code this server signed, or was altered. */
export function readCheckInCode(key: Buffer, code: string): { venueId: string; bookingId: string } | null {
  const text = code.trim();
  if (!/^[A-Za-z0-9_-]{20,400}$/.test(text)) return null;
  const bytes = Buffer.from(text, 'base64url');
  // base64url decoding ignores what it cannot read: the text must be the bytes' one spelling.
  if (bytes.toString('base64url') !== text || bytes.length < 2 + TAG_BYTES + 1) return null;
  const payload = bytes.subarray(0, bytes.length - TAG_BYTES);
  if (!timingSafeEqual(bytes.subarray(bytes.length - TAG_BYTES), tagOf(key, payload))) return null;
  const [version, venueLength] = payload;
  const venueEnd = 2 + venueLength;
  if (payload.length <= venueEnd) return null;
  const venueId = payload.subarray(2, venueEnd).toString('utf8');
  const rest = payload.subarray(venueEnd);
  if (version === UUID_ID && rest.length === 16) {
    const hex = rest.toString('hex');
    return { venueId, bookingId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}` };
  }
  if (version === TEXT_ID) return { venueId, bookingId: rest.toString('utf8') };
  return null;
}
