import { eq } from 'drizzle-orm';
import { chooseLanes, formatMoney, lanesByCapacity, statusFromLedger } from '@lanebook/core';
import type { Booking, BookingUpdate } from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import { conflict, forbidden, notFound, pgErrorCode } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { assertPlayersCount, lanesHeldDuring } from '../calendar/availability.js';
import { quoteFor } from '../calendar/quote.js';
import { fieldError, slotsToBook } from '../calendar/service.js';
import { productForCalendar } from '../products/service.js';
import { lanesByIds } from '../resources/service.js';
import type { Actor } from './actions.js';
import { slotUnavailable } from './create.js';
import { bookingOrNotFound, bookingWithLedger, reservationColumns, writeLog, type BookingRow } from './records.js';
import { recordBookingEvent } from './events.js';
import { bookingLanes, bookings } from './schema.js';
import { LANE_HOLDING_STATUSES } from './predicates.js';
import { laneHoldsOfBooking } from './service.js';

/** Bookings that hold their lanes (predicates.ts) are the ones that can still move. */
const LIVE = new Set<string>(LANE_HOLDING_STATUSES);

/**
 * Staff change a booking (bookings.edit): its slots, players, lanes, upsell items, custom price
 * and reservation info. Availability is checked again without the booking's own holds, the
 * price is made again (with the promocode it took, used up or not), the holds are replaced and
 * the change is logged, in one transaction; the answer's due and overpaid say what to collect
 * or give back (decision 017).
 */
export async function updateBooking(
  tx: Tx,
  venueId: string,
  bookingId: string,
  body: BookingUpdate,
  actor: Actor & { canSetCustomPrice: boolean },
  options: {
    /** The customer moves it (the widget): only slots bookable online, as when booking. */
    online?: boolean;
    /** The log entry's text, from the changed row, instead of the list of changes. */
    log?: (changed: BookingRow) => string;
  } = {},
): Promise<Booking> {
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  if (body.customPrice !== undefined && !actor.canSetCustomPrice)
    throw forbidden('Setting a custom price needs the bookings.setCustomPrice permission.');
  const moves = body.slots !== undefined || body.playersCount !== undefined || body.resourceIds !== undefined;
  const reprices = moves || body.upsellItems !== undefined || body.customPrice !== undefined;
  if (reprices && !LIVE.has(row.status)) throw conflict('A canceled or abandoned booking cannot be moved or repriced.', 'booking_not_live');

  const changes: Partial<typeof bookings.$inferInsert> = { updatedAt: new Date() };
  const said: string[] = [];
  if (reprices) {
    const product = await productForCalendar(tx, venueId, row.productId);
    if (!product) throw notFound('Product');
    const playersCount = body.playersCount ?? row.playersCount;
    assertPlayersCount(product, playersCount);
    // The slots it holds already stay its own even if the day closed since: only new ones are asked.
    const chosenSlots = await slotsToBook(tx, venueId, product, body.slots ?? row.slotIds, {
      channel: options.online ? 'public' : 'staff',
      kept: row.slotIds,
    });
    const first = chosenSlots[0];
    const last = chosenSlots[chosenSlots.length - 1];
    const productLanes = (await lanesByIds(tx, venueId, product.resources)).filter((lane) => !lane.isPaused);
    const held = lanesHeldDuring(chosenSlots, await laneHoldsOfBooking(tx, venueId, bookingId));
    const seats = (lanes: { capacity: number }[]) => lanes.reduce((sum, lane) => sum + lane.capacity, 0);
    let lanes = (body.resourceIds ?? row.resourceIds).map((id) => productLanes.find((lane) => lane.id === id));
    if (body.resourceIds) {
      const missing = body.resourceIds.find((_, i) => !lanes[i]);
      if (missing) throw fieldError(`Lane '${missing}' is not a lane of this product, or it is paused`, 'resourceIds');
      if (seats(lanes as { capacity: number }[]) < playersCount)
        throw fieldError('These lanes do not hold that many players', 'resourceIds');
      if (body.resourceIds.some((id) => held.has(id))) throw slotUnavailable();
    } else if (lanes.some((lane) => !lane || held.has(lane.id)) || seats(lanes as { capacity: number }[]) < playersCount) {
      // The booking's lanes no longer fit the new time or players: the fewest free lanes that do.
      lanes = chooseLanes(playersCount, lanesByCapacity(productLanes.filter((lane) => !held.has(lane.id)))) ?? [];
      if (lanes.length === 0) throw slotUnavailable();
    }
    const laneIds = lanes.map((lane) => lane!.id);
    const upsellItems = body.upsellItems ?? row.upsellItems.map(({ id, quantity }) => ({ id, quantity }));
    const { quote, upsellItems: priced } = await quoteFor(tx, venueId, product, chosenSlots, {
      playersCount,
      promocode: row.appliedPromocode,
      promocodeTaken: true,
      affiliateId: row.affiliateId,
      upsellItems,
      payInFull: row.isFullFirstPayment,
    });
    const customPrice = body.customPrice !== undefined ? body.customPrice : row.customPrice;
    const total = customPrice ?? quote.total;
    const venue = forVenue(tx, venueId);
    await venue.delete(bookingLanes, eq(bookingLanes.bookingId, bookingId));
    if (LIVE.has(row.status)) {
      try {
        await venue.insert(
          bookingLanes,
          laneIds.map((resourceId) => ({ bookingId, resourceId, startsAt: first.startsAt, blockedUntil: last.blockedUntil })),
        );
      } catch (error) {
        if (pgErrorCode(error) === '23P01') throw slotUnavailable();
        throw error;
      }
    }
    Object.assign(changes, {
      slotIds: chosenSlots.map((s) => s.id),
      resourceIds: laneIds,
      startsAt: first.startsAt,
      endsAt: last.endsAt,
      date: first.date,
      playersCount,
      upsellItems: priced,
      quote,
      customPrice,
      total,
      deposit: Math.min(quote.deposit, total),
      // A price change moves the status both ways (the money rule, booking-money.ts).
      status: statusFromLedger({ status: row.status, total, paid: row.paidTotal, refunded: row.refundedTotal }),
    });
    if (first.startsAt.getTime() !== row.startsAt.getTime() || last.endsAt.getTime() !== row.endsAt.getTime())
      said.push(`moved to ${first.date} ${first.from}–${last.to}`);
    if (playersCount !== row.playersCount) said.push(`${playersCount} players`);
    if (laneIds.join() !== row.resourceIds.join()) said.push(`lanes ${laneIds.join(', ')}`);
    if (total !== row.total) said.push(`total ${formatMoney(total, actor.moneyFormat)}`);
  }
  if (body.reservationInfo) {
    Object.assign(changes, reservationColumns(body.reservationInfo));
    said.push('personal info');
  }
  if (body.customFields) {
    changes.customFields = body.customFields;
    said.push('custom fields');
  }
  const [changed] = await forVenue(tx, venueId).update(bookings, eq(bookings.id, bookingId), changes).returning();
  const text = options.log ? options.log(changed) : said.length ? `Changed: ${said.join('; ')}` : 'Saved without changes';
  await writeLog(tx, venueId, bookingId, 'update', text, actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, changed));
}
