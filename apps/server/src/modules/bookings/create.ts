import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, gt, isNull, or, sql } from 'drizzle-orm';
import { chooseLanes, formatPhone, lanesByCapacity } from '@lanebook/core';
import type { BookingEvent } from '@lanebook/core/booking-events';
import type { Booking, BookingCreate, ReservationInfo } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict, fieldError, forbidden, notFound, pgErrorCode } from '../../platform/errors.js';
import { lockKeys } from '../../platform/locking.js';
import { StatementsBuiltOnce } from '../../platform/statements.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { forVenue } from '../../platform/venue-scope.js';
import { assertPlayersCount, lanesHeldDuring, publicProduct, type PublicProduct } from '../calendar/availability.js';
import { quoteFor } from '../pricing/service.js';
import { slotsToBook } from '../calendar/service.js';
import { liveProductById } from '../products/service.js';
import { usePromocode } from '../promocodes/service.js';
import { lanesByIds } from '../resources/service.js';
import { waiverToSign } from '../waivers/service.js';
import { isBanned, linkGuest } from '../guests/service.js';
import { waiverOnFile } from '../signatures/guests.js';
import { affiliateCommissionOf } from './money.js';
import { bookingAnswer, bookingWithLedger, reservationColumns, type BookingRow } from './records.js';
import { bookingCounters, bookingLanes, bookingLogs, bookings } from './schema.js';
import { recordBookingEvent } from './events.js';
import { cachedWebhookTargets, webhookTargets } from '../integrations/webhooks.js';

/** The customer's message when the lanes went to someone else (409 slot_unavailable). */
export const SLOT_UNAVAILABLE = 'Sorry, that time was just taken by someone else. Please choose another time.';
export const slotUnavailable = () => new AppError(409, 'slot_unavailable', SLOT_UNAVAILABLE);

/** The name of a walk-in who gave none. */
export const WALK_IN_NAME = 'Walk-in';

/**
 * The desk's customer as stored: a walk-in who gave no name is "Walk-in"; anyone else booked by
 * the desk (a caller) is named, first or last name at least. Email and phone may stay empty.
 */
export function namedCustomer(info: ReservationInfo, isWalkIn: boolean): ReservationInfo {
  if (info.firstName || info.lastName) return info;
  if (isWalkIn) return { ...info, firstName: WALK_IN_NAME };
  throw fieldError("Enter the customer's name (only a walk-in may go without one)", 'reservationInfo.firstName');
}

/** Who is booking: the public widget, or a member of staff (with or without bookings.setCustomPrice). */
export interface Booker {
  kind: 'public' | 'staff';
  userName: string;
  canSetCustomPrice?: boolean;
  /** The public's client address (request.ip): the unpaid online bookings it holds at once are limited. */
  clientAddress?: string;
}

/** Unpaid online bookings one client address, and one email, may hold at once in a venue. */
export const MAX_UNPAID_ONLINE_BOOKINGS = 3;
/**
 * The lane time (each booking's lanes × its hours) that one address's, or one email's, unpaid
 * online bookings may hold together; a single booking may be larger (its product bounds it).
 */
export const MAX_UNPAID_LANE_HOURS = 6;

/**
 * An unpaid online booking holds its lanes until the venue's abandon time, or until the venue
 * acts when it takes payment at the venue (decision 019), so an anonymous caller could hold a
 * day's lanes by booking without paying: a client address and an email (stored lower-cased) each
 * hold at most MAX_UNPAID_ONLINE_BOOKINGS in a venue at once, and at most MAX_UNPAID_LANE_HOURS
 * of lane time together. The keys' locks, held to commit, keep the count true when many arrive
 * at once: they are taken here, and the booking's own insert (a later statement, so its snapshot
 * comes after the locks) counts what the email and address hold (`unpaidHeldBefore`), sparing a
 * round trip.
 */
async function lockUnpaidOnlineKeys(tx: Tx, venueId: string, email: string, clientAddress: string | null) {
  await lockKeys(tx, [
    `unpaid-online:${venueId}:email:${email}`,
    ...(clientAddress ? [`unpaid-online:${venueId}:address:${clientAddress}`] : []),
  ]);
}

/**
 * The most unpaid online bookings (not counting this one) the email or the address holds in the
 * venue, and the most lane minutes they hold: a sub-select of the insert. A booking holds while it
 * is ahead and not yet due to be abandoned; a pay-at-venue one (no abandon time) until it ends.
 */
function unpaidHeldBefore(tx: Tx, venueId: string, email: string, clientAddress: string | null) {
  const unpaid = and(
    eq(bookings.source, 'online'),
    eq(bookings.status, 'wait_for_payment'),
    gt(bookings.endsAt, sql`now()`),
    or(isNull(bookings.abandonAt), gt(bookings.abandonAt, sql`now()`)),
  );
  const laneMinutes = sql`jsonb_array_length(${bookings.resourceIds}) * extract(epoch from ${bookings.endsAt} - ${bookings.startsAt}) / 60`;
  return tx.$with('unpaid_held').as(
    forVenue(tx, venueId).subselect(
      bookings,
      {
        most: sql<number>`greatest(count(*) filter (where ${bookings.email} = ${email}), count(*) filter (where ${bookings.clientAddress} = ${clientAddress}))::int`.as(
          'most',
        ),
        laneMinutes:
          sql<number>`coalesce(greatest(sum(${laneMinutes}) filter (where ${bookings.email} = ${email}), sum(${laneMinutes}) filter (where ${bookings.clientAddress} = ${clientAddress})), 0)::int`.as(
            'lane_minutes',
          ),
      },
      and(unpaid, or(eq(bookings.email, email), clientAddress ? eq(bookings.clientAddress, clientAddress) : undefined)),
    ),
  );
}

const tooManyUnpaidBookings = () =>
  conflict(
    `You already have ${MAX_UNPAID_ONLINE_BOOKINGS} unpaid bookings waiting for payment. Pay or cancel one of them first.`,
    'too_many_unpaid_bookings',
  );

const tooMuchUnpaidLaneTime = (laneMinutes: number) =>
  conflict(
    `Unpaid bookings may hold at most ${MAX_UNPAID_LANE_HOURS} lane-hours at once (lanes × hours), and yours would hold ${Math.round((laneMinutes / 60) * 10) / 10}. Pay or cancel one of them first.`,
    'too_much_unpaid_lane_time',
  );

/**
 * What the widget's booking takes from the public reads' cache rather than read in its
 * transaction: the product and its lanes (as its slots call read them) and the venue's webhooks
 * for booking.created (each kept until its table changes for the venue, decision 007).
 */
export interface KnownReads {
  catalog?: PublicProduct | null;
  webhooks?: { id: string }[];
}

export async function publicBookingReads(db: Db, reads: VenueReads, venueId: string, productId: string): Promise<KnownReads> {
  const [catalog, webhooks] = await Promise.all([
    publicProduct(db, reads, venueId, productId),
    cachedWebhookTargets(db, reads, venueId, 'booking.created'),
  ]);
  return { catalog, webhooks };
}

/** What an Idempotency-Key stands for: the form it was first sent with (parsed, so the order of its keys does not matter). */
const formHash = (body: BookingCreate) => createHash('sha256').update(JSON.stringify(body)).digest('hex');

/** Booking references: 10 characters without look-alikes (0/O, 1/I/L), about 50 bits of chance. */
const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
function newBookingReference(): string {
  return [...randomBytes(10)].map((byte) => REFERENCE_ALPHABET[byte % REFERENCE_ALPHABET.length]).join('');
}

/** The booking's columns its insert binds to placeholders of the same names. */
const BOOKING_COLUMNS = [
  'venueId',
  'id',
  'productId',
  'status',
  'startsAt',
  'endsAt',
  'date',
  'slotIds',
  'resourceIds',
  'playersCount',
  'reservationInfo',
  'firstName',
  'lastName',
  'email',
  'phone',
  'source',
  'isWalkIn',
  'isFullFirstPayment',
  'isConfirmationEmail',
  'typeOfPricing',
  'selectedGroupId',
  'affiliateId',
  'affiliateName',
  'affiliateCommission',
  'affiliateCommissionType',
  'affiliateCommissionAmount',
  'activeWaiverId',
  'activeWaiverVersion',
  'guestId',
  'isWarning',
  'numberOfSignedWaivers',
  'waiverOnFileSignatureId',
  'waiverOnFileUntil',
  'appliedPromocode',
  'customFields',
  'upsellItems',
  'quote',
  'customPrice',
  'total',
  'deposit',
  'bookingReference',
  'abandonAt',
  'idempotencyKey',
  'idempotencyBodyHash',
  'clientAddress',
] as const satisfies readonly (keyof typeof bookings.$inferInsert)[];

/** The values the booking's insert binds (its placeholders), besides each lane's id (`lane0`, `lane1`...). */
type BookingValue = (typeof BOOKING_COLUMNS)[number] | 'blockedUntil' | 'registrationCodePrefix' | 'logId' | 'logEvent' | 'logUserName';

/** What the text of the booking's insert depends on: how many lanes it holds, and whether it counts unpaid bookings (and by address). */
interface BookingInsertShape {
  lanes: number;
  unpaidLimit: boolean;
  byAddress: boolean;
}

/** The booking's insert, built once for each shape (platform/statements.ts): every value a placeholder. */
const bookingInserts = new StatementsBuiltOnce();

/**
 * The booking with its registration number (`AXE0042`: the venue's prefix, at least four
 * digits), its lanes (each held from the first slot's start to the last one's end and break)
 * and its first log entry in one statement, the last before the commit: the venue's counter,
 * which every booking of the venue waits for, stays locked for that one round trip (and the
 * webhook deliveries' insert when the venue has webhooks). The number is written with the
 * row, not by an UPDATE that would write the row and its indexes again. With the unpaid limit,
 * it also answers how many unpaid online bookings the email or address held before it.
 */
function buildBookingInsert(tx: Tx, shape: BookingInsertShape) {
  const value = (name: BookingValue) => sql.placeholder(name) as never;
  const scoped = forVenue(tx, value('venueId'));
  const counter = tx.$with('counter', {}).as(
    scoped
      .insert(bookingCounters, { lastNumber: 1 })
      .onConflictDoUpdate({ target: bookingCounters.venueId, set: { lastNumber: sql`${bookingCounters.lastNumber} + 1` } })
      .returning({ lastNumber: bookingCounters.lastNumber })
      .getSQL(),
  );
  const holds = tx.$with('holds', {}).as(
    scoped
      .insert(
        bookingLanes,
        Array.from({ length: shape.lanes }, (_, i) => ({
          bookingId: value('id'),
          resourceId: sql.placeholder(`lane${i}`) as never,
          startsAt: value('startsAt'),
          blockedUntil: value('blockedUntil'),
        })),
      )
      .getSQL(),
  );
  const logged = tx.$with('logged', {}).as(
    scoped
      .insert(bookingLogs, {
        id: value('logId'),
        bookingId: value('id'),
        type: 'create',
        event: value('logEvent'),
        userName: value('logUserName'),
      })
      .getSQL(),
  );
  const unpaidHeld = shape.unpaidLimit
    ? unpaidHeldBefore(tx, value('venueId'), value('email'), shape.byAddress ? value('clientAddress') : null)
    : null;
  const columns = Object.fromEntries(BOOKING_COLUMNS.map((name) => [name, value(name)]));
  return (
    tx
      .with(counter, holds, logged, ...(unpaidHeld ? [unpaidHeld] : []))
      // eslint-disable-next-line no-restricted-syntax -- forVenue has no WITH: the venue is set in the values below
      .insert(bookings)
      .values({
        ...columns,
        registrationCode: sql`(select ${sql.placeholder('registrationCodePrefix')} || lpad(last_number::text, greatest(4, length(last_number::text)), '0') from counter)`,
      } as unknown as typeof bookings.$inferInsert)
      .returning({
        ...getTableColumns(bookings),
        unpaidHeldBefore: unpaidHeld ? sql<number>`(select ${unpaidHeld.most} from ${unpaidHeld})` : sql<number>`0`,
        unpaidLaneMinutesBefore: unpaidHeld ? sql<number>`(select ${unpaidHeld.laneMinutes} from ${unpaidHeld})` : sql<number>`0`,
      })
  );
}

/** What a booking reads of its venue; its card payments decide whether an unpaid online booking is abandoned (decision 019). */
export interface BookingVenue {
  id: string;
  registrationCodePrefix: string;
  abandonAfterMinutes?: number;
  isStripePaymentsEnabled: boolean;
  /** A banned guest's online booking: refused (the default) or taken and marked (issue 38). */
  bannedGuestsOnline?: 'refuse' | 'warn';
  /** The venue's phone (E.164) and country: the refused customer is told to call. */
  phone?: string;
  country?: string;
}

/**
 * A banned guest's online booking where the venue refuses them: neutral words (nothing says why)
 * and the venue's phone to call, as the venue shows it.
 */
const bookingRefused = (phone: string, country: string) =>
  new AppError(
    409,
    'booking_refused',
    phone
      ? `Sorry, we can't take this booking online. Please call us at ${formatPhone(phone, country)} to book.`
      : "Sorry, we can't take this booking online. Please call the venue to book.",
  );

/**
 * Creates a booking in one transaction (decision 017): its slots (consecutive, of the product;
 * online ones only for the public), its lanes (staff's choice, else the fewest free lanes that
 * hold the players), its price from the pricing engine, a registration code and a booking
 * reference, its lane holds and its first log entry. The no-double-booking constraint decides
 * who gets a lane: the loser of a race is a 409 `slot_unavailable` and writes nothing. The
 * product, its lanes and the webhooks are read in the transaction unless the last argument brings them
 * (the widget's booking takes them from the public reads' cache, publicBookingReads).
 */
export async function createBooking(
  tx: Tx,
  venue: BookingVenue,
  body: BookingCreate,
  booker: Booker,
  idempotencyKey: string | null = null,
  { catalog = null, webhooks: knownWebhooks }: KnownReads = {},
): Promise<Booking> {
  const venueId = venue.id;
  const staff = booker.kind === 'staff';
  // No lock here: this transaction locks no slot or booking row before its lane holds, whose
  // trigger takes the venue's occupancy key (shared) itself (decision 015).
  const product = catalog ? catalog.product : await liveProductById(tx, venueId, body.productId);
  if (!product || product.isDeleted || (!staff && product.isPaused)) throw notFound('Product');
  assertPlayersCount(product, body.playersCount);
  if (body.customPrice != null && !booker.canSetCustomPrice)
    throw forbidden('Setting a custom price needs the bookings.setCustomPrice permission.');
  const customerInfo = staff ? namedCustomer(body.reservationInfo, body.isWalkIn) : body.reservationInfo;

  const chosenSlots = await slotsToBook(tx, venueId, product, body.slots, { channel: booker.kind });
  const first = chosenSlots[0];
  const last = chosenSlots[chosenSlots.length - 1];
  if (body.date && body.date !== first.date) throw fieldError(`The slots are on ${first.date}`, 'date');
  const productLanes = (catalog ? catalog.lanes : await lanesByIds(tx, venueId, product.resources)).filter((lane) => !lane.isPaused);
  const held = lanesHeldDuring(chosenSlots);
  let lanes;
  if (staff && body.resourceIds) {
    lanes = body.resourceIds.map((id) => {
      const lane = productLanes.find((l) => l.id === id);
      if (!lane) throw fieldError(`Lane '${id}' is not a lane of this product, or it is paused`, 'resourceIds');
      return lane;
    });
    if (lanes.reduce((seats, lane) => seats + lane.capacity, 0) < body.playersCount) {
      throw fieldError('These lanes do not hold that many players', 'resourceIds');
    }
    if (lanes.some((lane) => held.has(lane.id))) throw slotUnavailable();
  } else {
    lanes = chooseLanes(body.playersCount, lanesByCapacity(productLanes.filter((lane) => !held.has(lane.id))));
    if (!lanes) throw slotUnavailable();
  }

  const { quote, promocode, affiliate, upsellItems } = await quoteFor(tx, venueId, product, chosenSlots, {
    playersCount: body.playersCount,
    promocode: body.promocode,
    affiliateId: body.affiliateId,
    // A tracked link's affiliate gone stale books as if there were none; the desk is told (decision 031).
    ignoreUnknownAffiliate: !staff,
    upsellItems: body.upsellItems,
    payInFull: body.isFullFirstPayment,
  });
  const total = body.customPrice ?? quote.total;
  // A promocode is taken (kept on the booking and counted) only when it lowered the price.
  const takenPromocode = promocode && quote.promocodeDiscount > 0 ? promocode : null;
  const id = randomUUID();
  // An online booking left unpaid is abandoned after the venue's time only when the customer was
  // asked to pay by card: at a venue without card payments they pay there, and it is held until
  // the venue acts, as a staff booking is (decision 019). Both count towards the unpaid limits.
  const unpaidOnline = !staff && total > 0;
  const abandonAt =
    unpaidOnline && venue.isStripePaymentsEnabled ? new Date(Date.now() + (venue.abandonAfterMinutes ?? 30) * 60_000) : null;
  const clientAddress = staff ? null : (booker.clientAddress ?? null);
  const email = body.reservationInfo.email.toLowerCase();
  if (unpaidOnline) await lockUnpaidOnlineKeys(tx, venueId, email, clientAddress);
  const isWalkIn = staff && body.isWalkIn;
  const source = staff ? (isWalkIn ? 'walk_in' : 'phone') : 'online';
  if (takenPromocode && !(await usePromocode(tx, venueId, takenPromocode.id)))
    throw fieldError('This promocode is unknown, inactive or used up', 'promocode');
  // Read before the booking is written, so that write is the last statement before the commit.
  const webhooks = knownWebhooks ?? (await webhookTargets(tx, venueId, 'booking.created'));
  // The waiver its signers sign, as it reads now (a product naming a waiver since deleted has none).
  const waiver = product.activeWaiverId ? await waiverToSign(tx, venueId, product.activeWaiverId) : null;
  const activeWaiverVersion = waiver?.version ?? null;
  // The affiliate's rate is kept on the booking: changing the affiliate later does not change what it earned.
  const commissionRate = {
    affiliateCommission: affiliate ? affiliate.commission : null,
    affiliateCommissionType: affiliate ? affiliate.commissionType : null,
  };

  const reservation = reservationColumns(customerInfo);
  // The booking's guest (issue 38), made or matched now: its row stays locked to the commit.
  const guest = await linkGuest(tx, venueId, reservation, body.marketingConsent);
  // A banned guest booking online is refused or marked for the desk, as the venue chose; never a silent pass.
  const bannedOnline = !staff && guest !== null && isBanned(guest.flags);
  if (bannedOnline && venue.bannedGuestsOnline !== 'warn') throw bookingRefused(venue.phone ?? '', venue.country ?? 'US');
  // The booker's signature of this waiver from an earlier booking counts for this one while it is valid.
  const onFile =
    guest && waiver && waiver.validForMonths > 0 ? await waiverOnFile(tx, venueId, guest.id, waiver, reservation, first.startsAt) : null;
  const values: Record<BookingValue, unknown> = {
    venueId,
    id,
    productId: product.id,
    status: total === 0 ? 'paid' : 'wait_for_payment',
    startsAt: first.startsAt,
    endsAt: last.endsAt,
    blockedUntil: last.blockedUntil,
    date: first.date,
    slotIds: chosenSlots.map((s) => s.id),
    resourceIds: lanes.map((l) => l.id),
    playersCount: body.playersCount,
    reservationInfo: reservation.reservationInfo,
    firstName: reservation.firstName,
    lastName: reservation.lastName,
    email: reservation.email,
    phone: reservation.phone,
    source,
    isWalkIn,
    isFullFirstPayment: body.isFullFirstPayment,
    isConfirmationEmail: body.isConfirmationEmail,
    typeOfPricing: body.typeOfPricing ?? product.typeOfPricing,
    selectedGroupId: body.selectedGroupId ?? null,
    affiliateId: affiliate?.id ?? null,
    affiliateName: affiliate?.name ?? null,
    ...commissionRate,
    affiliateCommissionAmount: affiliateCommissionOf(commissionRate, 0),
    activeWaiverId: activeWaiverVersion !== null ? product.activeWaiverId : null,
    activeWaiverVersion,
    guestId: guest?.id ?? null,
    isWarning: bannedOnline,
    numberOfSignedWaivers: onFile ? 1 : 0,
    waiverOnFileSignatureId: onFile?.signatureId ?? null,
    waiverOnFileUntil: onFile?.validUntil ?? null,
    appliedPromocode: takenPromocode?.code ?? null,
    customFields: body.customFields,
    upsellItems,
    quote,
    customPrice: body.customPrice ?? null,
    total,
    deposit: Math.min(quote.deposit, total),
    registrationCodePrefix: venue.registrationCodePrefix,
    bookingReference: newBookingReference(),
    abandonAt,
    idempotencyKey,
    idempotencyBodyHash: idempotencyKey ? formHash(body) : null,
    clientAddress,
    logId: randomUUID(),
    logEvent: { type: 'created', source, players: body.playersCount } satisfies BookingEvent,
    logUserName: booker.userName,
  };
  const shape: BookingInsertShape = { lanes: lanes.length, unpaidLimit: unpaidOnline, byAddress: clientAddress !== null };
  let row: BookingRow & { unpaidHeldBefore: number; unpaidLaneMinutesBefore: number };
  try {
    [row] = await bookingInserts.run<(typeof row)[]>(
      tx,
      `${shape.lanes}:${shape.unpaidLimit}:${shape.byAddress}`,
      () => buildBookingInsert(tx, shape),
      {
        ...values,
        ...Object.fromEntries(lanes.map((lane, i) => [`lane${i}`, lane.id])),
      },
    );
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw slotUnavailable();
    throw error;
  }
  // Over the limit: the throw rolls the whole booking back.
  if (row.unpaidHeldBefore >= MAX_UNPAID_ONLINE_BOOKINGS) throw tooManyUnpaidBookings();
  const laneMinutes = row.unpaidLaneMinutesBefore + lanes.length * ((last.endsAt.getTime() - first.startsAt.getTime()) / 60_000);
  if (row.unpaidHeldBefore > 0 && laneMinutes > MAX_UNPAID_LANE_HOURS * 60) throw tooMuchUnpaidLaneTime(laneMinutes);
  return recordBookingEvent(tx, venueId, 'booking.created', bookingAnswer(row, []), webhooks);
}

/**
 * The widget's submit with its Idempotency-Key (decision 024): the key's lock first, so a second
 * submit with the same key, even one arriving at once, waits for the first to commit and then
 * answers its booking (`created` false: no second confirmation mail). The key sent with another
 * form is a 422 that says nothing of the first booking. Without a key, a booking. The product,
 * its lanes and the webhooks come from `reads` when the caller has them (the public reads' cache).
 */
export async function createBookingOnce(
  tx: Tx,
  venue: BookingVenue,
  body: BookingCreate,
  booker: Booker,
  idempotencyKey: string | undefined,
  reads: KnownReads = {},
): Promise<{ booking: Booking; created: boolean }> {
  if (!idempotencyKey) return { booking: await createBooking(tx, venue, body, booker, null, reads), created: true };
  await lockKeys(tx, [`booking-idempotency:${venue.id}:${idempotencyKey}`]);
  const known = await forVenue(tx, venue.id).first(bookings, eq(bookings.idempotencyKey, idempotencyKey));
  if (known) {
    // Bookings made before the form was kept with its key (null) answer as they always did.
    if (known.idempotencyBodyHash !== null && known.idempotencyBodyHash !== formHash(body))
      throw new AppError(
        422,
        'idempotency_key_reused',
        'This Idempotency-Key was sent before with another booking form. Send a new key for a new booking.',
      );
    return { booking: await bookingWithLedger(tx, venue.id, known), created: false };
  }
  return { booking: await createBooking(tx, venue, body, booker, idempotencyKey, reads), created: true };
}
