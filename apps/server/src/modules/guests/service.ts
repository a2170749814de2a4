import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES, toE164 } from '@lanebook/core';
import {
  ERASED_GUEST_NAME,
  GUEST_FLAG_LABELS,
  type Guest,
  type GuestDetail,
  type GuestFlag,
  type GuestListQuery,
  type GuestUpdate,
  type WaiverOnFile,
} from '@lanebook/core/guest-schemas';
import type { Db, Tx } from '../../db/client.js';
import { personWords, scrubbedString } from '../../platform/erase.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { lockKeys } from '../../platform/locking.js';
import { StatementsBuiltOnce } from '../../platform/statements.js';
import { eraseVenueMailsTo, venueMailsTo } from '../../platform/mail.js';
import type { Storage } from '../../platform/storage.js';
import { forVenue, type VenueScope } from '../../platform/venue-scope.js';
import {
  eraseFromBookings,
  guestBookingCounts,
  guestBookingLines,
  guestBookingList,
  lockGuestBookings,
  moveGuestBookings,
  type GuestCounts,
} from '../bookings/guests.js';
import { TOTAL_CAP } from '../bookings/list.js';
import { allSearch, type SearchVenue } from '../bookings/search.js';
import { eraseGiftCardPeople } from '../gift-cards/service.js';
import { eraseFromWebhookPayloads } from '../integrations/webhooks.js';
import { eraseGuestSignatures, guestSignatures, moveGuestSignatures } from '../signatures/guests.js';
import { waiverToSign } from '../waivers/service.js';
import { guestLogs, guests } from './schema.js';

/**
 * Guests (issue 38, decision 046): a venue's people, made or matched in the transaction of each
 * booking and signature, with their counts read from their bookings, their flags, their waiver on
 * file, and their data theirs (export, erase).
 */

type GuestRow = typeof guests.$inferSelect;

/** Who a booking or a signature is of: names, an email (any case) and a phone (E.164). */
export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface LinkedGuest {
  id: string;
  flags: GuestFlag[];
}

/** A guest merged into another links to the survivor, share-locked as the linked one is. */
async function survivor(
  tx: Tx,
  venueId: string,
  row: { id: string; flags: GuestFlag[]; mergedIntoId: string | null },
): Promise<LinkedGuest> {
  if (!row.mergedIntoId) return { id: row.id, flags: row.flags };
  const [target] = await forVenue(tx, venueId).lock(guests, eq(guests.id, row.mergedIntoId), { mode: 'share' });
  return target ? { id: target.id, flags: target.flags } : { id: row.id, flags: row.flags };
}

/** The email's upsert of linkGuest, built once for each shape (platform/statements.ts): it runs in every booking's transaction. */
const guestUpserts = new StatementsBuiltOnce();

type GuestValue = 'venueId' | 'id' | 'firstName' | 'lastName' | 'email' | 'phone' | 'marketingConsent' | 'marketingConsentAt' | 'updatedAt';

function buildGuestUpsert(tx: Tx, withConsent: boolean) {
  const value = (name: GuestValue) => sql.placeholder(name) as never;
  const consent = withConsent ? { marketingConsent: value('marketingConsent'), marketingConsentAt: value('marketingConsentAt') } : {};
  return forVenue(tx, value('venueId'))
    .insert(guests, {
      id: value('id'),
      firstName: value('firstName'),
      lastName: value('lastName'),
      email: value('email'),
      phone: value('phone'),
      ...consent,
    })
    .onConflictDoUpdate({
      target: [guests.venueId, guests.email],
      targetWhere: sql`${guests.email} <> ''`,
      set: withConsent ? { ...consent, updatedAt: value('updatedAt') } : { email: sql`excluded.email` },
    })
    .returning({ id: guests.id, flags: guests.flags, mergedIntoId: guests.mergedIntoId });
}

/**
 * The guest of a person, made or matched in the caller's transaction: by email (one guest per
 * email, case folded), else by phone (the oldest guest with it); none without either. The guest's
 * row stays locked to the commit (the email's upsert, the phone's share lock), so a merge running
 * at once waits for this booking or signature and then moves it too. `marketingConsent`, when
 * given, is the guest's latest answer. A new guest takes the person's names and phone; a known one
 * keeps theirs (staff correct them on the guest's page).
 */
export async function linkGuest(tx: Tx, venueId: string, person: Person, marketingConsent?: boolean): Promise<LinkedGuest | null> {
  const email = person.email.trim().toLowerCase();
  const phone = person.phone.trim();
  const consent = marketingConsent === undefined ? {} : { marketingConsent, marketingConsentAt: new Date() };
  const scoped = forVenue(tx, venueId);
  const fresh = { id: randomUUID(), firstName: person.firstName, lastName: person.lastName, email, phone, ...consent };
  if (email) {
    // One statement whether the guest is new or known: the no-op update answers the known row, locked.
    const withConsent = marketingConsent !== undefined;
    const [row] = await guestUpserts.run<{ id: string; flags: GuestFlag[]; mergedIntoId: string | null }[]>(
      tx,
      withConsent ? 'consent' : 'no consent',
      () => buildGuestUpsert(tx, withConsent),
      { venueId, ...fresh, updatedAt: new Date() },
    );
    return survivor(tx, venueId, row);
  }
  if (!phone) return null;
  // A phone is not unique (a family shares one): its key's lock makes two bookings at once find one guest.
  await lockKeys(tx, [`guest-phone:${venueId}:${phone}`]);
  const known = (await scoped.lock(guests, and(eq(guests.phone, phone), isNull(guests.erasedAt)), { mode: 'share' })).sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
  )[0];
  if (known) {
    if (marketingConsent !== undefined) await scoped.update(guests, eq(guests.id, known.id), consent);
    return survivor(tx, venueId, known);
  }
  const [made] = await scoped.insert(guests, fresh).returning({ id: guests.id, flags: guests.flags });
  return made;
}

export const isBanned = (flags: GuestFlag[]) => flags.some((flag) => flag.type === 'ban');

// ---------- Reading ----------

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

function guestAnswer(row: GuestRow, counts: GuestCounts | undefined): Guest {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    notes: row.notes,
    bookingsCount: counts?.bookingsCount ?? 0,
    visitsCount: counts?.visitsCount ?? 0,
    noShowCount: counts?.noShowCount ?? 0,
    totalSpent: counts?.totalSpent ?? 0,
    firstVisitAt: iso(counts?.firstVisitAt ?? null),
    lastVisitAt: iso(counts?.lastVisitAt ?? null),
    flags: row.flags,
    marketingConsent: row.marketingConsent,
    marketingConsentAt: iso(row.marketingConsentAt),
    erasedAt: iso(row.erasedAt),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The names walked in order for each guest a page wants, and at most. */
const WALK_PER_GUEST = 40;
const MAX_WALK = 20_000;

/**
 * The ids of the first `wanted` guests (not merged away) matching `match`, A-Z. PostgreSQL would
 * walk the names in order until enough match, guessing the matches spread evenly: a common last
 * name late in the alphabet ("Williams", "Young") is one run at the end, and the walk read every
 * guest before it (a quarter of a second at 200,000 guests). So the walk is bounded: the first
 * WALK_PER_GUEST names a wanted guest are read in order (from guests_name_sort alone, which
 * holds the columns the search reads), and when enough of them match (a common first name, a
 * letter or two) those are the first; otherwise every match is found by the search indexes and
 * sorted (a name, an email, a phone: few). One statement; the branch not needed is never run.
 */
function matchingIds(scoped: VenueScope, match: SQL, wanted: number): SQL {
  const walk = sql.raw(String(Math.min(wanted * WALK_PER_GUEST, MAX_WALK)));
  const enough = sql.raw(String(wanted));
  return sql`
    with walked as materialized (
      select id, l, f from (
        select ${guests.id} as id, lower(${guests.lastName}) as l, lower(${guests.firstName}) as f, (${match}) as hit
        from ${guests} where ${scoped.scope(guests, isNull(guests.mergedIntoId))}
        order by lower(${guests.lastName}), lower(${guests.firstName}), ${guests.id} limit ${walk}
      ) named where hit order by l, f, id limit ${enough}
    )
    select id from walked where (select count(*) from walked) = ${enough}
    union all
    (select id from (
       select ${guests.id} as id, lower(${guests.lastName}) as l, lower(${guests.firstName}) as f
       from ${guests} where ${scoped.scope(guests, and(isNull(guests.mergedIntoId), match))} offset 0
     ) found where (select count(*) from walked) < ${enough} order by l, f, id limit ${enough})`;
}

/** The venue's guests (not merged away), A-Z: a search as the booking list's All reads it, a flag. */
export async function listGuests(db: Db, venue: SearchVenue & { id: string }, query: GuestListQuery) {
  const conditions: (SQL | undefined)[] = [];
  if (query.search) conditions.push(allSearch(query.search, venue, guests));
  if (query.flag)
    conditions.push(sql`${guests.flags} <> '[]'::jsonb and ${guests.flags} @> ${JSON.stringify([{ type: query.flag }])}::jsonb`);
  const match = and(...conditions);
  const where = and(isNull(guests.mergedIntoId), match);
  const scoped = forVenue(db, venue.id);
  const [page, total] = await Promise.all([
    scoped.select(guests, match ? sql`${guests.id} = any(array(${matchingIds(scoped, match, query.offset + query.limit)}))` : where, {
      orderBy: [asc(sql`lower(${guests.lastName})`), asc(sql`lower(${guests.firstName})`), asc(guests.id)],
      limit: query.limit,
      offset: query.offset,
    }),
    scoped.countUpTo(guests, where, TOTAL_CAP + 1),
  ]);
  const counts = await guestBookingCounts(
    db,
    venue.id,
    page.map((row) => row.id),
  );
  return {
    items: page.map((row) => guestAnswer(row, counts.get(row.id))),
    total: Math.min(total, TOTAL_CAP),
    totalCapped: total > TOTAL_CAP,
  };
}

export async function guestRow(db: Db | Tx, venueId: string, id: string): Promise<GuestRow> {
  const row = await forVenue(db, venueId).first(guests, eq(guests.id, id));
  if (!row) throw notFound('Guest');
  return row;
}

/** The guest a merged one now is. */
async function currentGuestRow(db: Db | Tx, venueId: string, id: string): Promise<GuestRow> {
  const row = await guestRow(db, venueId, id);
  return row.mergedIntoId ? guestRow(db, venueId, row.mergedIntoId) : row;
}

/**
 * The waiver on file the guest's next booking would count: their latest signature of a waiver
 * signed for months, at the waiver's version now, still valid.
 */
async function currentWaiverOnFile(
  db: Db | Tx,
  venueId: string,
  signatures: Awaited<ReturnType<typeof guestSignatures>>,
): Promise<WaiverOnFile | null> {
  const now = Date.now();
  const waivers = new Map<string, Awaited<ReturnType<typeof waiverToSign>>>();
  for (const signature of signatures) {
    if (!signature.waiverId || signature.waiverVersion === null) continue;
    if (!waivers.has(signature.waiverId)) waivers.set(signature.waiverId, await waiverToSign(db, venueId, signature.waiverId));
    const waiver = waivers.get(signature.waiverId);
    if (!waiver || waiver.validForMonths <= 0 || waiver.version !== signature.waiverVersion) continue;
    const validUntil = new Date(signature.createdAt);
    validUntil.setUTCMonth(validUntil.getUTCMonth() + waiver.validForMonths);
    if (validUntil.getTime() <= now) continue;
    return {
      signatureId: signature.id,
      signedAt: signature.createdAt.toISOString(),
      validUntil: validUntil.toISOString(),
      waiverId: waiver.id,
      waiverVersion: waiver.version,
    };
  }
  return null;
}

export async function guestDetail(db: Db | Tx, venueId: string, id: string): Promise<GuestDetail> {
  const row = await currentGuestRow(db, venueId, id);
  const [counts, bookingRows, signatureRows, logRows] = await Promise.all([
    guestBookingCounts(db, venueId, [row.id]),
    guestBookingLines(db, venueId, row.id),
    guestSignatures(db, venueId, row.id),
    forVenue(db, venueId).select(guestLogs, eq(guestLogs.guestId, row.id), {
      orderBy: [desc(guestLogs.createdAt), desc(guestLogs.id)],
      limit: 200,
    }),
  ]);
  return {
    ...guestAnswer(row, counts.get(row.id)),
    waiverOnFile: await currentWaiverOnFile(db, venueId, signatureRows),
    bookings: bookingRows.map(({ row: b, productName }) => ({
      id: b.id,
      registrationCode: b.registrationCode,
      productName,
      date: b.date,
      startsAt: b.startsAt.toISOString(),
      status: b.status,
      presenceStatus: b.presenceStatus,
      playersCount: b.playersCount,
      total: b.total,
      paidTotal: b.paidTotal,
      refundedTotal: b.refundedTotal,
    })),
    signatures: signatureRows.map((s) => ({
      id: s.id,
      bookingId: s.bookingId,
      firstName: s.firstName,
      lastName: s.lastName,
      waiverTitle: s.waiverTitle,
      createdAt: s.createdAt.toISOString(),
    })),
    log: logRows.map((entry) => ({
      id: entry.id,
      type: entry.type,
      detail: entry.detail,
      userName: entry.userName,
      createdAt: entry.createdAt.toISOString(),
    })),
  };
}

/** The guest the booking form's email (first) or phone is: for the desk to see their flags and history as they type. */
export async function matchGuest(db: Db, venue: { id: string; country: string }, typed: { email?: string; phone?: string }) {
  const scoped = forVenue(db, venue.id);
  const email = typed.email?.trim().toLowerCase();
  if (email) {
    const [row] = await scoped.selectFields(guests, { id: guests.id }, eq(guests.email, email), { limit: 1 });
    if (row) return guestDetail(db, venue.id, row.id);
  }
  const phone = typed.phone ? toE164(typed.phone, venue.country) : null;
  if (phone) {
    const [row] = await scoped.selectFields(
      guests,
      { id: guests.id },
      and(eq(guests.phone, phone), isNull(guests.mergedIntoId), isNull(guests.erasedAt)),
      { orderBy: [asc(guests.createdAt), asc(guests.id)], limit: 1 },
    );
    if (row) return guestDetail(db, venue.id, row.id);
  }
  return null;
}

// ---------- Changing ----------

const writeGuestLog = (
  tx: Tx,
  venueId: string,
  guestId: string,
  type: (typeof guestLogs.$inferInsert)['type'],
  detail: string,
  userName: string,
) => forVenue(tx, venueId).insert(guestLogs, { id: randomUUID(), guestId, type, detail, userName });

const flagWords = (flags: { type: GuestFlag['type']; note: string }[]) =>
  flags.length
    ? flags.map((flag) => (flag.note ? `${GUEST_FLAG_LABELS[flag.type]} (${flag.note})` : GUEST_FLAG_LABELS[flag.type])).join(', ')
    : 'none';

async function lockedGuest(tx: Tx, venueId: string, id: string): Promise<GuestRow> {
  const [row] = await forVenue(tx, venueId).lock(guests, eq(guests.id, id));
  if (!row) throw notFound('Guest');
  if (row.mergedIntoId) throw conflict('This guest was merged into another: open that guest instead.', 'guest_merged');
  return row;
}

const assertNotErased = (row: GuestRow) => {
  if (row.erasedAt) throw conflict("This guest was erased: there is no one's data left to change.", 'guest_erased');
};

/**
 * Names, notes, flags (the whole list: a flag kept with the same type and note keeps when and by
 * whom it was set) and the marketing answer, logged.
 */
export async function updateGuest(tx: Tx, venueId: string, id: string, patch: GuestUpdate, userName: string) {
  const row = await lockedGuest(tx, venueId, id);
  assertNotErased(row);
  const changes: Partial<Omit<typeof guests.$inferInsert, 'venueId'>> = { updatedAt: new Date() };
  const said: string[] = [];
  for (const [field, words] of [
    ['firstName', 'first name'],
    ['lastName', 'last name'],
    ['notes', 'notes'],
  ] as const) {
    if (patch[field] !== undefined && patch[field] !== row[field]) {
      changes[field] = patch[field];
      said.push(words);
    }
  }
  if (said.length) await writeGuestLog(tx, venueId, id, 'updated', `Changed the ${said.join(', ')}`, userName);
  if (patch.flags) {
    const now = new Date().toISOString();
    const flags = patch.flags.map(
      (flag) =>
        row.flags.find((kept) => kept.type === flag.type && kept.note === flag.note) ?? {
          type: flag.type,
          note: flag.note,
          createdAt: now,
          createdBy: userName,
        },
    );
    if (flagWords(flags) !== flagWords(row.flags)) {
      changes.flags = flags;
      await writeGuestLog(tx, venueId, id, 'flags', `Flags: ${flagWords(flags)}`, userName);
    }
  }
  if (patch.marketingConsent !== undefined && patch.marketingConsent !== row.marketingConsent) {
    changes.marketingConsent = patch.marketingConsent;
    changes.marketingConsentAt = new Date();
    await writeGuestLog(
      tx,
      venueId,
      id,
      'consent',
      patch.marketingConsent ? 'Marketing consent given (recorded by staff)' : 'Marketing consent withdrawn (recorded by staff)',
      userName,
    );
  }
  await forVenue(tx, venueId).update(guests, eq(guests.id, id), changes);
}

/**
 * Merges `otherId` into `id`: the other's bookings and signatures move to the survivor, its flags
 * join the survivor's (a type both have keeps both notes), its notes are added, and it keeps its
 * row marked merged so its email still finds the survivor. The bookings are locked first, as any
 * change of a booking locks it before its guest.
 */
export async function mergeGuests(tx: Tx, venueId: string, id: string, otherId: string, userName: string) {
  if (id === otherId) throw conflict('A guest cannot be merged into themselves: choose another guest.', 'same_guest');
  await lockGuestBookings(tx, venueId, [id, otherId]);
  const [first, second] = [id, otherId].sort();
  const locked = new Map([first, second].map((key) => [key, undefined as GuestRow | undefined]));
  for (const key of locked.keys()) locked.set(key, await lockedGuest(tx, venueId, key));
  const kept = locked.get(id)!;
  const other = locked.get(otherId)!;
  assertNotErased(kept);
  assertNotErased(other);
  const scoped = forVenue(tx, venueId);
  await moveGuestBookings(tx, venueId, otherId, id);
  await moveGuestSignatures(tx, venueId, otherId, id);
  // Guests merged into the other before now follow it.
  await scoped.update(guests, eq(guests.mergedIntoId, otherId), { mergedIntoId: id });
  const flags = [...kept.flags];
  for (const flag of other.flags) {
    const same = flags.findIndex((f) => f.type === flag.type);
    if (same < 0) flags.push(flag);
    else if (flag.note && !flags[same].note.includes(flag.note))
      flags[same] = { ...flags[same], note: [flags[same].note, flag.note].filter(Boolean).join(' / ').slice(0, 500) };
  }
  const consentLater = other.marketingConsentAt && (!kept.marketingConsentAt || other.marketingConsentAt > kept.marketingConsentAt);
  await scoped.update(guests, eq(guests.id, id), {
    flags,
    notes: [kept.notes, other.notes].filter(Boolean).join('\n').slice(0, 2000),
    firstName: kept.firstName || other.firstName,
    lastName: kept.lastName || other.lastName,
    phone: kept.phone || other.phone,
    ...(consentLater ? { marketingConsent: other.marketingConsent, marketingConsentAt: other.marketingConsentAt } : {}),
    updatedAt: new Date(),
  });
  await scoped.update(guests, eq(guests.id, otherId), { mergedIntoId: id, updatedAt: new Date() });
  const otherName = [other.firstName, other.lastName].filter(Boolean).join(' ') || 'a guest';
  const otherContact = [other.email, other.phone].filter(Boolean).join(', ');
  await writeGuestLog(
    tx,
    venueId,
    id,
    'merged',
    `Merged ${otherName}${otherContact ? ` (${otherContact})` : ''} into this guest`,
    userName,
  );
  await writeGuestLog(tx, venueId, otherId, 'merged', 'Merged into another guest', userName);
}

// ---------- Their data theirs ----------

/** A guest's data on request: the guest, their bookings, their signatures with the images, the mails sent to them. */
export async function exportGuest(db: Db, storage: Storage, venueId: string, id: string) {
  const guest = await guestDetail(db, venueId, id);
  const [bookingRows, signatureRows] = await Promise.all([
    guestBookingList(db, venueId, guest.id, 10_000),
    guestSignatures(db, venueId, guest.id, 10_000),
  ]);
  const emails = [...new Set([guest.email, ...bookingRows.map(({ row }) => row.email)].filter(Boolean))];
  const image = async (key: string | null) => {
    const png = key ? await storage.get(key) : null;
    return png ? `data:image/png;base64,${png.toString('base64')}` : null;
  };
  const { bookings: _listed, signatures: _signed, ...person } = guest;
  return {
    exportedAt: new Date().toISOString(),
    guest: person,
    bookings: bookingRows.map(({ row: b, productName }) => ({
      id: b.id,
      registrationCode: b.registrationCode,
      bookingReference: b.bookingReference,
      productName,
      status: b.status,
      startsAt: b.startsAt.toISOString(),
      endsAt: b.endsAt.toISOString(),
      playersCount: b.playersCount,
      reservationInfo: b.reservationInfo,
      customFields: b.customFields,
      upsellItems: b.upsellItems,
      total: b.total,
      paid: b.paidTotal,
      refunded: b.refundedTotal,
      createdAt: b.createdAt.toISOString(),
    })),
    signatures: await Promise.all(
      signatureRows.map(async (s) => ({
        id: s.id,
        bookingId: s.bookingId,
        signedAt: s.createdAt.toISOString(),
        firstName: s.firstName,
        lastName: s.lastName,
        email: s.email,
        waiverTitle: s.waiverTitle,
        fields: s.fields,
        checkboxes: s.checkboxes,
        isMinor: s.isMinor,
        guardianName: s.guardianName,
        signatureImage: await image(s.signatureKey),
        guardianSignatureImage: await image(s.guardianSignatureKey),
      })),
    ),
    mails: (await venueMailsTo(db, venueId, emails)).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

export const guestHasUpcomingBookings = () =>
  new AppError(
    409,
    'guest_has_upcoming_bookings',
    'This guest has an upcoming booking: cancel it, or erase them after it has ended, so the desk still knows who is coming.',
  );

/**
 * Erases the person (decision 046): their names, email, phone, notes and flags from the guest (and
 * the guests merged into it); the same from every booking of theirs, its log and webhook payloads;
 * their signatures' names, email, answers and images; the mails to them and the gift cards they
 * bought or received. The money, the counts and the rows stay, named "Erased guest", so the venue's
 * figures do not change. Refused while a booking of theirs is upcoming. Answers the signature
 * images to delete once the transaction has committed.
 */
export async function eraseGuest(tx: Tx, venueId: string, id: string, reason: string, userName: string): Promise<string[]> {
  const theirBookings = await lockGuestBookings(tx, venueId, [id]);
  const row = await lockedGuest(tx, venueId, id);
  assertNotErased(row);
  const now = new Date();
  if (theirBookings.some((b) => (LIVE_BOOKING_STATUSES as readonly string[]).includes(b.status) && b.endsAt > now))
    throw guestHasUpcomingBookings();
  const scoped = forVenue(tx, venueId);
  // Guests merged into this one are the same person.
  const people = [row, ...(await scoped.select(guests, eq(guests.mergedIntoId, id)))];
  const signatureRows = await guestSignatures(tx, venueId, id, 100_000);
  const emails = [
    ...new Set(
      [...people.map((p) => p.email), ...theirBookings.map((b) => b.email), ...signatureRows.map((s) => s.email.toLowerCase())].filter(
        Boolean,
      ),
    ),
  ];
  const words = personWords([
    ...emails,
    ...people.flatMap((p) => [p.firstName, p.lastName, p.phone, `${p.firstName} ${p.lastName}`]),
    ...theirBookings.flatMap((b) => [b.firstName, b.lastName, b.phone, `${b.firstName} ${b.lastName}`]),
    ...signatureRows.flatMap((s) => [s.firstName, s.lastName, `${s.firstName} ${s.lastName}`, s.guardianName ?? '']),
  ]);
  const bookingIds = theirBookings.map((b) => b.id);
  await eraseFromBookings(tx, venueId, bookingIds, [...new Set([...bookingIds, ...signatureRows.map((s) => s.bookingId)])], words);
  await eraseFromWebhookPayloads(tx, venueId, bookingIds, emails, words);
  await eraseGuestSignatures(tx, venueId, id);
  await eraseVenueMailsTo(tx, venueId, emails, words);
  await eraseGiftCardPeople(tx, venueId, emails);
  const peopleIds = people.map((p) => p.id);
  await scoped.update(guests, inArray(guests.id, peopleIds), {
    firstName: ERASED_GUEST_NAME,
    lastName: '',
    email: '',
    phone: '',
    notes: '',
    flags: [],
    marketingConsent: false,
    marketingConsentAt: null,
    erasedAt: now,
    updatedAt: now,
  });
  // The log keeps who did what and when; what it said (flag notes, names merged in) was about the person.
  await scoped.update(guestLogs, inArray(guestLogs.guestId, peopleIds), {
    detail: sql`case ${guestLogs.type} when 'flags' then 'Flags changed' when 'consent' then 'Marketing consent changed' when 'merged' then 'Merged' else 'Details changed' end`,
  });
  const why = scrubbedString(words, reason);
  await writeGuestLog(tx, venueId, id, 'erased', why ? `Erased on request: ${why}` : 'Erased on request', userName);
  return signatureRows.flatMap((s) => [s.signatureKey, s.guardianSignatureKey ?? '']).filter(Boolean);
}

/** The consenting guests as a mailing tool imports them. */
export async function marketingRows(db: Db, venueId: string) {
  return forVenue(db, venueId).selectFields(
    guests,
    {
      email: guests.email,
      firstName: guests.firstName,
      lastName: guests.lastName,
      phone: guests.phone,
      consentAt: guests.marketingConsentAt,
    },
    and(eq(guests.marketingConsent, true), isNull(guests.mergedIntoId), isNull(guests.erasedAt), ne(guests.email, '')),
    { orderBy: [asc(guests.email)] },
  );
}
