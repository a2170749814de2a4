import { eq } from 'drizzle-orm';
import { bookingMoney, chooseLanes, lanesByCapacity, statusFromLedger, type Quote, isLiveStatus } from '@lanebook/core';
import { extrasText, RESERVATION_FIELDS, type BookingChange, type BookingEvent } from '@lanebook/core/booking-events';
import type { Booking, BookingChangeQuote, BookingUpdate } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { conflict, fieldError, forbidden, notFound, pgErrorCode } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { assertPlayersCount, lanesHeldDuring } from '../calendar/availability.js';
import { quoteFor } from '../pricing/service.js';
import { slotsToBook, type SlotRow } from '../calendar/service.js';
import { liveProductById } from '../products/service.js';
import { lanesByIds } from '../resources/service.js';
import type { Actor } from './actions.js';
import { namedCustomer, slotUnavailable } from './create.js';
import { linkGuest } from '../guests/service.js';
import { bookingOrNotFound, bookingWithLedger, reservationColumns, writeLog, type BookingRow } from './records.js';
import { recordBookingEvent } from './events.js';
import { bookingLanes, bookings } from './schema.js';
import { laneHoldsOfBooking } from './service.js';

/** The venue a change is made in. */
export type EditVenue = { id: string };

type EditActor = Actor & { canSetCustomPrice: boolean };

/** What a change of time, players, lanes, extras or price makes of the booking, before anything is written. */
interface Repricing {
  slots: SlotRow[];
  laneIds: string[];
  playersCount: number;
  quote: Quote;
  upsellItems: { id: string; name: string; price: number; quantity: number }[];
  customPrice: number | null;
  total: number;
}

const repricingAsked = (body: BookingUpdate) =>
  body.slots !== undefined ||
  body.playersCount !== undefined ||
  body.resourceIds !== undefined ||
  body.upsellItems !== undefined ||
  body.customPrice !== undefined;

/**
 * The booking's slots, lanes and price after the change, as the booking rule, the free lanes and
 * the pricing engine make them: the same for the quote and the save, so the price staff see is
 * the price they get. The slots it holds stay its own even if the day closed since; its own lane
 * holds count as free; lanes not named are kept when they still fit, else the fewest free ones.
 */
async function reprice(db: Db | Tx, venueId: string, row: BookingRow, body: BookingUpdate, online: boolean): Promise<Repricing> {
  if (!isLiveStatus(row.status)) throw conflict('A canceled or abandoned booking cannot be moved or repriced.', 'booking_not_live');
  const product = await liveProductById(db, venueId, row.productId);
  if (!product) throw notFound('Product');
  const playersCount = body.playersCount ?? row.playersCount;
  assertPlayersCount(product, playersCount);
  const chosenSlots = await slotsToBook(db, venueId, product, body.slots ?? row.slotIds, {
    channel: online ? 'public' : 'staff',
    kept: row.slotIds,
  });
  const productLanes = (await lanesByIds(db, venueId, product.resources)).filter((lane) => !lane.isPaused);
  const held = lanesHeldDuring(chosenSlots, await laneHoldsOfBooking(db, venueId, row.id));
  const seats = (lanes: { capacity: number }[]) => lanes.reduce((sum, lane) => sum + lane.capacity, 0);
  let lanes = (body.resourceIds ?? row.resourceIds).map((id) => productLanes.find((lane) => lane.id === id));
  if (body.resourceIds) {
    const missing = body.resourceIds.find((_, i) => !lanes[i]);
    if (missing) throw fieldError(`Lane '${missing}' is not a lane of this product, or it is paused`, 'resourceIds');
    if (seats(lanes as { capacity: number }[]) < playersCount) throw fieldError('These lanes do not hold that many players', 'resourceIds');
    if (body.resourceIds.some((id) => held.has(id))) throw slotUnavailable();
  } else if (lanes.some((lane) => !lane || held.has(lane.id)) || seats(lanes as { capacity: number }[]) < playersCount) {
    lanes = chooseLanes(playersCount, lanesByCapacity(productLanes.filter((lane) => !held.has(lane.id)))) ?? [];
    if (lanes.length === 0) throw slotUnavailable();
  }
  const upsellItems = body.upsellItems ?? row.upsellItems.map(({ id, quantity }) => ({ id, quantity }));
  const { quote, upsellItems: priced } = await quoteFor(db, venueId, product, chosenSlots, {
    playersCount,
    promocode: row.appliedPromocode,
    promocodeTaken: true,
    affiliateId: row.affiliateId,
    affiliateTaken: true,
    upsellItems,
    payInFull: row.isFullFirstPayment,
  });
  const customPrice = body.customPrice !== undefined ? body.customPrice : row.customPrice;
  return {
    slots: chosenSlots,
    laneIds: lanes.map((lane) => lane!.id),
    playersCount,
    quote,
    upsellItems: priced,
    customPrice,
    total: customPrice ?? quote.total,
  };
}

const assertMaySetCustomPrice = (body: BookingUpdate, actor: EditActor) => {
  if (body.customPrice !== undefined && !actor.canSetCustomPrice)
    throw forbidden('Setting a custom price needs the bookings.setCustomPrice permission.');
};

/**
 * The price of a change before it is saved (GET .../quote): what updateBooking would make of the
 * booking, read without locks or writes. A time whose lanes are taken is the same 409 the save
 * answers, so the form can say so before staff press Save.
 */
export async function quoteBookingChange(
  db: Db | Tx,
  venueId: string,
  bookingId: string,
  body: BookingUpdate,
  actor: EditActor,
): Promise<BookingChangeQuote> {
  const row = await bookingOrNotFound(db, venueId, bookingId);
  assertMaySetCustomPrice(body, actor);
  const after = repricingAsked(body) ? await reprice(db, venueId, row, body, false) : null;
  const total = after?.total ?? row.total;
  const money = bookingMoney({ status: row.status, total, paid: row.paidTotal, refunded: row.refundedTotal });
  const slots = after?.slots;
  return {
    slotIds: slots ? slots.map((slot) => slot.id) : row.slotIds,
    startsAt: (slots ? slots[0].startsAt : row.startsAt).toISOString(),
    endsAt: (slots ? slots[slots.length - 1].endsAt : row.endsAt).toISOString(),
    resourceIds: after?.laneIds ?? row.resourceIds,
    playersCount: after?.playersCount ?? row.playersCount,
    quote: after?.quote ?? row.quote,
    customPrice: after ? after.customPrice : row.customPrice,
    total,
    previousTotal: row.total,
    due: money.due,
    overpaid: money.overpaid,
  };
}

/**
 * Staff change a booking (bookings.edit): its slots, players, lanes, upsell items, custom price
 * and reservation info. Availability is checked again without the booking's own holds, the
 * price is made again (with the promocode it took, used up or not), the holds are replaced and
 * the change is logged, in one transaction; the answer's due and overpaid say what to collect
 * or give back (decision 017). Slots name the whole booking: a move replaces its slots.
 */
export async function updateBooking(
  tx: Tx,
  venue: EditVenue,
  bookingId: string,
  body: BookingUpdate,
  actor: EditActor,
  options: {
    /** The customer moves it (the widget): only slots bookable online, as when booking. */
    online?: boolean;
    /** The log entry, from the changed row, instead of the list of changes. */
    log?: (changed: BookingRow) => BookingEvent;
  } = {},
): Promise<Booking> {
  const venueId = venue.id;
  // The lanes may change: the venue's occupancy key first (decision 015), then the row.
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  assertMaySetCustomPrice(body, actor);

  const changes: Partial<typeof bookings.$inferInsert> = { updatedAt: new Date() };
  if (repricingAsked(body)) {
    const after = await reprice(tx, venueId, row, body, options.online ?? false);
    const first = after.slots[0];
    const last = after.slots[after.slots.length - 1];
    const scoped = forVenue(tx, venueId);
    await scoped.delete(bookingLanes, eq(bookingLanes.bookingId, bookingId));
    try {
      await scoped.insert(
        bookingLanes,
        after.laneIds.map((resourceId) => ({ bookingId, resourceId, startsAt: first.startsAt, blockedUntil: last.blockedUntil })),
      );
    } catch (error) {
      // Another booking took a lane since it was read: the exclusion constraint refuses the double booking.
      if (pgErrorCode(error) === '23P01') throw slotUnavailable();
      throw error;
    }
    Object.assign(changes, {
      slotIds: after.slots.map((s) => s.id),
      resourceIds: after.laneIds,
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      date: first.date,
      playersCount: after.playersCount,
      upsellItems: after.upsellItems,
      quote: after.quote,
      customPrice: after.customPrice,
      total: after.total,
      deposit: Math.min(after.quote.deposit, after.total),
      // A price change moves the status both ways (the money rule, booking-money.ts).
      status: statusFromLedger({ status: row.status, total: after.total, paid: row.paidTotal, refunded: row.refundedTotal }),
    });
  }
  if (body.reservationInfo) {
    const reservation = reservationColumns(namedCustomer(body.reservationInfo, row.source === 'walk_in'));
    Object.assign(changes, reservation);
    // Another email or phone is maybe another person: the booking follows the guest they are (issue 38).
    if (reservation.email !== row.email || reservation.phone !== row.phone)
      changes.guestId = (await linkGuest(tx, venueId, reservation))?.id ?? null;
  }
  if (body.customFields) changes.customFields = body.customFields;
  const [changed] = await forVenue(tx, venueId).update(bookings, eq(bookings.id, bookingId), changes).returning();
  const event: BookingEvent = options.log ? options.log(changed) : { type: 'changed', changes: changesOf(row, changed) };
  await writeLog(tx, venueId, bookingId, event, actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, changed));
}

/**
 * What a change changed: each thing that differs between the row before and after, with its old
 * and new value, and nothing that did not change. Personal info and custom fields are named, not
 * kept, so the log does not keep what a customer corrected.
 */
function changesOf(before: BookingRow, after: BookingRow): BookingChange[] {
  const changes: BookingChange[] = [];
  const spanOf = (row: BookingRow) => ({ startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), lanes: row.resourceIds });
  const lanes = (row: BookingRow) => row.resourceIds.join(', ');
  const extras = (row: BookingRow) => row.upsellItems.map(({ quantity, name }) => ({ quantity, name }));
  if (before.startsAt.getTime() !== after.startsAt.getTime()) changes.push({ change: 'moved', from: spanOf(before), to: spanOf(after) });
  else if (before.endsAt.getTime() !== after.endsAt.getTime()) changes.push({ change: 'time', from: spanOf(before), to: spanOf(after) });
  else if (lanes(before) !== lanes(after)) changes.push({ change: 'lanes', from: before.resourceIds, to: after.resourceIds });
  if (before.playersCount !== after.playersCount) changes.push({ change: 'players', from: before.playersCount, to: after.playersCount });
  if (extrasText(extras(before)) !== extrasText(extras(after))) changes.push({ change: 'extras', from: extras(before), to: extras(after) });
  if (before.customPrice !== after.customPrice) changes.push({ change: 'customPrice', from: before.customPrice, to: after.customPrice });
  if (before.total !== after.total) changes.push({ change: 'total', from: before.total, to: after.total });
  if (before.status !== after.status) changes.push({ change: 'status', from: before.status, to: after.status });
  const info = (row: BookingRow, key: (typeof RESERVATION_FIELDS)[number]) => row.reservationInfo[key] ?? '';
  const infoChanged = RESERVATION_FIELDS.filter((key) => info(before, key) !== info(after, key));
  if (infoChanged.length) changes.push({ change: 'personalInfo', fields: infoChanged });
  const labels = [...new Set([...Object.keys(before.customFields), ...Object.keys(after.customFields)])];
  const fieldsChanged = labels.filter((label) => JSON.stringify(before.customFields[label]) !== JSON.stringify(after.customFields[label]));
  if (fieldsChanged.length) changes.push({ change: 'customFields', labels: fieldsChanged });
  return changes;
}
