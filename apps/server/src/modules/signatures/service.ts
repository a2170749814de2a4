import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { venueToday, widgetTemplateDefaults, isLiveStatus } from '@lanebook/core';
import {
  SIGNATURES_PAGE_SIZE,
  type PublicWaiver,
  type Signature,
  type SigningForm,
  type SigningBody,
  type signatureListQuerySchema,
} from '@lanebook/core/waiver-schemas';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { likePattern } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import type { Storage } from '../../platform/storage.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingToSign, countSignature, type BookingToSign } from '../bookings/service.js';
import { forgetWaiverOnFile } from '../bookings/guests.js';
import { linkGuest } from '../guests/service.js';
import { liveProductById } from '../products/service.js';
import { waiverById } from '../waivers/service.js';
import { activeWidgetTemplate } from '../widget-templates/service.js';
import { checkSignaturePng } from './png.js';
import { checkSigning, isMinor, isSameSigner, isWindowOpen, signingWindow, type FieldIssue } from './rules.js';
import { signatures } from './schema.js';

/** Signing waivers and the signatures kept (decision 023). */

type SignatureRow = typeof signatures.$inferSelect;
export type SignatureListQuery = z.infer<typeof signatureListQuerySchema>;

export function signatureAnswer(row: SignatureRow): Signature {
  return {
    id: row.id,
    bookingId: row.bookingId,
    bookingReference: row.bookingReference,
    productId: row.productId,
    isWalkIn: row.isWalkIn,
    firstName: row.firstName,
    lastName: row.lastName,
    fullName: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    fields: row.fields,
    checkboxes: row.checkboxes,
    waiverId: row.waiver.waiverId,
    waiver: row.waiver,
    isMinor: row.isMinor,
    guardianName: row.guardianName,
    signatureUrl: `/api/private/signatures/${row.id}/image`,
    guardianSignatureUrl: row.guardianSignatureKey ? `/api/private/signatures/${row.id}/guardian-image` : null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The booking, its product and the product's active waiver; `forPublic` refuses a paused product too. */
async function signingTarget(db: Db, venue: VenueRow, bookingId: string, forPublic: boolean) {
  const booking = await bookingToSign(db, venue.id, bookingId);
  if (!booking) throw notFound('Booking');
  const product = await liveProductById(db, venue.id, booking.productId);
  if (!product) throw new AppError(404, 'not_found', "This booking's product no longer exists: there is no waiver to sign.");
  if (forPublic && product.isPaused) throw conflict('This product is paused: its waiver cannot be signed online now.', 'product_paused');
  const waiver = product.activeWaiverId ? await waiverById(db, venue.id, product.activeWaiverId) : undefined;
  if (!waiver) throw new AppError(404, 'not_found', 'This product has no waiver to sign.');
  return { booking, product, waiver };
}

/** The form's facts: only the booking's product, date, venue name and count, and the waiver; never the booker. */
async function signingFacts(db: Db, venue: VenueRow, bookingId: string, forPublic: boolean, now: Date) {
  const { booking, product, waiver } = await signingTarget(db, venue, bookingId, forPublic);
  const window = signingWindow(booking.startsAt, waiver);
  const facts: Omit<PublicWaiver, 'booker' | 'bookerOnFile'> = {
    venueName: venue.name,
    productName: product.name,
    date: booking.date,
    startsAt: booking.startsAt.toISOString(),
    playersCount: booking.playersCount,
    signedCount: booking.numberOfSignedWaivers,
    ageOfMajority: venue.ageOfMajority,
    window: { opensAt: window.opensAt?.toISOString() ?? null, closesAt: window.closesAt.toISOString(), isOpen: isWindowOpen(window, now) },
    waiver: snapshot(waiver),
  };
  return { booking, waiver, facts };
}

/** What to sign at the desk or by the booking's reference: the form's facts and the booker until they have signed. */
export async function whatToSign(db: Db, venue: VenueRow, bookingId: string, forPublic: boolean, now = new Date()): Promise<PublicWaiver> {
  const { booking, facts } = await signingFacts(db, venue, bookingId, forPublic, now);
  const onFile = booking.waiverOnFileUntil ? { validUntil: booking.waiverOnFileUntil.toISOString() } : null;
  return { ...facts, booker: onFile ? null : await bookerToSign(db, venue.id, booking), bookerOnFile: onFile };
}

/**
 * What the friends' sign-only link shows (decision 023): the form's facts, the waiver's version and
 * the venue's look; no one's data, nothing that opens the booking.
 */
export async function signingForm(db: Db, venue: VenueRow, bookingId: string, now = new Date()): Promise<SigningForm> {
  const { waiver, facts } = await signingFacts(db, venue, bookingId, true, now);
  const template = await activeWidgetTemplate(db, venue.id, null);
  // The stored view was checked when saved (widgetTemplateSchema), as the widget's own configuration reads it.
  return {
    ...facts,
    waiverVersion: waiver.version,
    view: (template?.view as SigningForm['view'] | undefined) ?? widgetTemplateDefaults.view,
  };
}

/**
 * The booker's name and email, for their own signature to start filled in: none for a booking
 * without them, once all have signed, or once a signature with them is on the booking.
 */
async function bookerToSign(db: Db, venueId: string, booking: BookingToSign): Promise<PublicWaiver['booker']> {
  const booker = bookerOf(booking);
  if (!booker.firstName && !booker.lastName && !booker.email) return null;
  if (booking.numberOfSignedWaivers >= booking.playersCount) return null;
  const signers = await forVenue(db, venueId).selectFields(
    signatures,
    { firstName: signatures.firstName, lastName: signatures.lastName, email: signatures.email },
    eq(signatures.bookingId, booking.id),
  );
  return signers.some((signer) => isSameSigner(signer, booker)) ? null : booker;
}

const bookerOf = (booking: BookingToSign) => ({
  firstName: booking.reservationInfo.firstName?.trim() ?? '',
  lastName: booking.reservationInfo.lastName?.trim() ?? '',
  email: booking.reservationInfo.email?.trim() ?? '',
});

const snapshot = (waiver: NonNullable<Awaited<ReturnType<typeof waiverById>>>): Signature['waiver'] => ({
  waiverId: waiver.id,
  title: waiver.title,
  intro: waiver.intro,
  text: waiver.text,
  fields: waiver.fields,
  checkboxes: waiver.checkboxes,
});

const when = (date: Date, venue: VenueRow) =>
  date.toLocaleString('en-US', { timeZone: venue.timezone, dateStyle: 'medium', timeStyle: 'short' });

/**
 * Signs the booking's waiver: checks the window, the values, the minor rule and the images;
 * stores the images, then, under the booking's lock, the signature (what was shown, what was
 * answered) and the booking's count. Anything refused stores nothing.
 */
export async function signWaiver(
  db: Db,
  storage: Storage,
  venue: VenueRow,
  bookingId: string,
  body: SigningBody,
  options: { forPublic: boolean; userName: string },
  now = new Date(),
): Promise<Signature> {
  const { booking, waiver } = await signingTarget(db, venue, bookingId, options.forPublic);
  if (!isLiveStatus(booking.status)) throw conflict(`This booking is ${booking.status}: its waiver cannot be signed.`, 'booking_not_live');
  const window = signingWindow(booking.startsAt, waiver);
  if (!isWindowOpen(window, now))
    throw conflict(
      window.opensAt && now < window.opensAt
        ? `Signing opens ${when(window.opensAt, venue)}.`
        : `Signing closed ${when(window.closesAt, venue)}.`,
      'signing_closed',
    );
  const today = venueToday(venue.timezone, now);
  const checked = checkSigning(body, waiver, today);
  const issues: FieldIssue[] = [...checked.issues];
  const signature = checkSignaturePng(body.signature);
  if (!signature.ok) issues.push({ path: ['signature'], message: signature.message });
  const birthdate = typeof body.fields.birthdate === 'string' ? body.fields.birthdate : undefined;
  const minor = isMinor(birthdate, today, venue.ageOfMajority);
  let guardianPng: Buffer | null = null;
  if (minor) {
    if (!body.guardianName?.trim())
      issues.push({ path: ['guardianName'], message: `Under ${venue.ageOfMajority}: a parent or guardian signs too (their name)` });
    const guardian = body.guardianSignature ? checkSignaturePng(body.guardianSignature) : null;
    if (!guardian) issues.push({ path: ['guardianSignature'], message: `Under ${venue.ageOfMajority}: a parent or guardian signs too` });
    else if (!guardian.ok) issues.push({ path: ['guardianSignature'], message: guardian.message });
    else guardianPng = guardian.png;
  }
  if (issues.length || !signature.ok) throw validationFailed(issues);

  const firstName = String(body.fields.firstName).trim();
  const lastName = String(body.fields.lastName).trim();
  const email = String(body.fields.email).trim();
  const id = randomUUID();
  const signatureKey = `signatures/${venue.id}/${randomUUID()}.png`;
  const guardianKey = guardianPng ? `signatures/${venue.id}/${randomUUID()}.png` : null;
  await storage.put(signatureKey, signature.png);
  if (guardianKey && guardianPng) await storage.put(guardianKey, guardianPng);
  try {
    const row = await withTransaction(db, async (tx) => {
      const locked = (await bookingToSign(tx, venue.id, bookingId, { lock: true })) as BookingToSign;
      const scoped = forVenue(tx, venue.id);
      // Under the booking's lock, so concurrent signings see each other: at most playersCount are kept.
      const signers = await scoped.selectFields(
        signatures,
        { firstName: signatures.firstName, lastName: signatures.lastName, email: signatures.email },
        eq(signatures.bookingId, bookingId),
      );
      if (signers.some((other) => isSameSigner(other, { firstName, lastName, email })))
        throw conflict(`${firstName} ${lastName} has signed this booking's waiver already.`, 'already_signed');
      // The booker's waiver on file counts as their signature (issue 38): one of the players, signed.
      if (locked.waiverOnFileUntil && isSameSigner(bookerOf(locked), { firstName, lastName, email }))
        throw conflict(
          `${firstName} ${lastName} has a signed waiver on file until ${when(locked.waiverOnFileUntil, venue)}: no need to sign again.`,
          'already_signed',
        );
      if (signers.length + (locked.waiverOnFileSignatureId ? 1 : 0) >= locked.playersCount)
        throw conflict(
          locked.playersCount === 1
            ? 'The player of this booking has signed.'
            : `All ${locked.playersCount} players of this booking have signed.`,
          'all_signed',
        );
      // The signer is a guest of the venue, by their email (issue 38).
      const guest = await linkGuest(tx, venue.id, { firstName, lastName, email, phone: '' });
      const [inserted] = await scoped
        .insert(signatures, {
          id,
          bookingId,
          guestId: guest?.id ?? null,
          waiverId: waiver.id,
          waiverVersion: waiver.version,
          bookingReference: locked.bookingReference,
          productId: locked.productId,
          isWalkIn: locked.isWalkIn,
          firstName,
          lastName,
          email,
          fields: checked.values,
          checkboxes: checked.checkboxes,
          waiver: snapshot(waiver),
          waiverTitle: waiver.title,
          isMinor: minor,
          guardianName: minor ? body.guardianName!.trim() : null,
          signatureKey,
          guardianSignatureKey: guardianKey,
        })
        .returning();
      await countSignature(tx, venue.id, bookingId, 1, `${firstName} ${lastName}`, options.userName);
      return inserted;
    });
    return signatureAnswer(row);
  } catch (error) {
    await storage.delete(signatureKey);
    if (guardianKey) await storage.delete(guardianKey);
    throw error;
  }
}

function listWhere(query: Pick<SignatureListQuery, 'type' | 'search'>): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.type) conditions.push(eq(signatures.isWalkIn, query.type === 'walk-ins'));
  if (query.search) {
    const pattern = likePattern(query.search);
    conditions.push(
      or(
        ilike(signatures.firstName, pattern),
        ilike(signatures.lastName, pattern),
        ilike(sql`${signatures.firstName} || ' ' || ${signatures.lastName}`, pattern),
        ilike(signatures.email, pattern),
      ),
    );
  }
  return and(...conditions);
}

const ORDERS: Record<SignatureListQuery['sort'], SQL[]> = {
  new: [desc(signatures.createdAt), desc(signatures.id)],
  old: [asc(signatures.createdAt), asc(signatures.id)],
  az: [asc(sql`lower(${signatures.lastName})`), asc(sql`lower(${signatures.firstName})`), asc(signatures.id)],
  za: [desc(sql`lower(${signatures.lastName})`), desc(sql`lower(${signatures.firstName})`), desc(signatures.id)],
};

/** The venue's signatures: type, search by name or email, sorted, 100 a page. */
export async function listSignatures(db: Db, venueId: string, query: SignatureListQuery) {
  const { rows, total } = await forVenue(db, venueId).page(signatures, listWhere(query), {
    limit: SIGNATURES_PAGE_SIZE,
    offset: (query.page - 1) * SIGNATURES_PAGE_SIZE,
    orderBy: ORDERS[query.sort],
  });
  return { items: rows.map(signatureAnswer), total };
}

/** A page of the export: `size` rows in the list's order, with only the columns the CSV shows (not the waiver's text). */
export async function signaturesPage(db: Db, venueId: string, query: Omit<SignatureListQuery, 'page'>, offset: number, size: number) {
  const columns = {
    createdAt: signatures.createdAt,
    firstName: signatures.firstName,
    lastName: signatures.lastName,
    email: signatures.email,
    bookingReference: signatures.bookingReference,
    isWalkIn: signatures.isWalkIn,
    isMinor: signatures.isMinor,
    guardianName: signatures.guardianName,
    waiverTitle: signatures.waiverTitle,
    fields: signatures.fields,
    checkboxes: signatures.checkboxes,
  };
  return forVenue(db, venueId).selectFields(signatures, columns, listWhere(query), { orderBy: ORDERS[query.sort], limit: size, offset });
}

/** Every field label and checkbox text of the signatures an export holds: its columns. */
export async function exportColumns(db: Db, venueId: string, query: Omit<SignatureListQuery, 'page'>) {
  const scoped = forVenue(db, venueId);
  const where = listWhere(query);
  const distinct = async (value: SQL<string>) => (await scoped.distinct(signatures, value, where)).filter(Boolean).sort();
  return {
    labels: await distinct(sql<string>`jsonb_object_keys(${signatures.fields})`),
    checkboxes: await distinct(sql<string>`jsonb_array_elements(${signatures.checkboxes}) ->> 'text'`),
  };
}

export async function bookingSignatures(db: Db, venueId: string, bookingId: string) {
  if (!(await bookingToSign(db, venueId, bookingId))) throw notFound('Booking');
  const rows = await forVenue(db, venueId).select(signatures, eq(signatures.bookingId, bookingId), { orderBy: ORDERS.old });
  return { items: rows.map(signatureAnswer), total: rows.length };
}

export async function signatureRow(db: Db, venueId: string, id: string): Promise<SignatureRow> {
  const row = await forVenue(db, venueId).first(signatures, eq(signatures.id, id));
  if (!row) throw notFound('Signature');
  return row;
}

/** Deletes a signature: the booking counts one fewer and its log says whose; the images go after the commit. */
export async function deleteSignature(db: Db, storage: Storage, venueId: string, id: string, userName: string) {
  const row = await withTransaction(db, async (tx) => {
    const [found] = await forVenue(tx, venueId).lock(signatures, eq(signatures.id, id));
    if (!found) throw notFound('Signature');
    await forVenue(tx, venueId).delete(signatures, eq(signatures.id, id));
    if (await bookingToSign(tx, venueId, found.bookingId, { lock: true }))
      await countSignature(tx, venueId, found.bookingId, -1, `${found.firstName} ${found.lastName}`, userName);
    await forgetWaiverOnFile(tx, venueId, id);
    return found;
  });
  if (row.signatureKey) await storage.delete(row.signatureKey);
  if (row.guardianSignatureKey) await storage.delete(row.guardianSignatureKey);
}
