import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, chooseLanes, lanesByCapacity, slotPrice, type LaneCapacity } from '@lanebook/core';
import type { CalendarAnswer } from '@lanebook/core/calendar-schemas';
import type { Db, Tx } from '../../db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { StatementsBuiltOnce } from '../../platform/statements.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingsForCalendar, laneHoldsOfBooking, type LaneHold } from '../bookings/service.js';
import { liveProductById, liveProducts, type ProductRow } from '../products/service.js';
import { priceOrBadRequest } from '../pricing/service.js';
import { lanesByIds } from '../resources/service.js';
import { nonWorkingDaysBetween, slotRefusal, slotsBetween, venueClosedOnSlotDate, type SlotRow } from './service.js';
import { slots } from './schema.js';

/**
 * Which lanes are free for a slot (decisions 014 and 015): a lane is free when no live lane hold
 * overlaps the slot widened by its break. Lanes are shared between products, so the holds are
 * every product's. The database keeps each slot's count of holds by lane (`heldLanes`, trigger
 * slots_occupancy), so availability reads the slots and nothing else: one query for a day or a
 * month, plus one for the holds of a booking being moved.
 */

type Lane = LaneCapacity & { isPaused: boolean };

/**
 * The lanes a slot's holds occupy, leaving out the holds of a booking being moved (`except`):
 * those free their lane when they are the only ones on it.
 */
function busyLanes(slot: Pick<SlotRow, 'startsAt' | 'blockedUntil' | 'heldLanes'>, except: LaneHold[] = []): Set<string> {
  // The trigger drops a lane whose count falls to 0, so every key is a busy lane.
  if (except.length === 0) return new Set(Object.keys(slot.heldLanes));
  const held = { ...slot.heldLanes };
  for (const hold of except) {
    if (hold.startsAt < slot.blockedUntil && hold.blockedUntil > slot.startsAt) held[hold.resourceId] = (held[hold.resourceId] ?? 0) - 1;
  }
  return new Set(Object.keys(held).filter((lane) => held[lane] > 0));
}

/** The product's lanes that may be offered (not paused), in the order chooseLanes takes them. */
const offered = (lanes: Lane[]) => lanesByCapacity(lanes.filter((lane) => !lane.isPaused));

// ---- Cached reads of the hot public path (decision 007: only what a trigger announces) ----

export interface PublicProduct {
  product: ProductRow;
  lanes: Lane[];
}

/** The product and its lanes, from memory until products or resources change for the venue. */
export async function publicProduct(db: Db, reads: VenueReads, venueId: string, productId: string): Promise<PublicProduct | null> {
  const productJson = await reads.json(
    'products',
    venueId,
    `calendar-product:${productId}`,
    async () => (await liveProductById(db, venueId, productId)) ?? null,
  );
  const product = JSON.parse(productJson) as ProductRow | null;
  if (!product) return null;
  const laneIds = [...product.resources].sort();
  const lanesJson = await reads.json('resources', venueId, `calendar-lanes:${laneIds.join(',')}`, () => lanesByIds(db, venueId, laneIds));
  return { product, lanes: JSON.parse(lanesJson) as Lane[] };
}

export function assertPlayersCount(product: ProductRow, playersCount: number) {
  if (playersCount < product.minPlayers || playersCount > product.maxPlayers) {
    throw fieldError(`Players count must be between ${product.minPlayers} and ${product.maxPlayers}`, 'playersCount');
  }
}

/** What availability reads of a slot: a month is some 400 of them, so no more than this. */
const availabilityFields = {
  id: slots.id,
  date: slots.date,
  from: slots.from,
  to: slots.to,
  startsAt: slots.startsAt,
  endsAt: slots.endsAt,
  isPrivate: slots.isPrivate,
  isVisibleOnline: slots.isVisibleOnline,
  venueClosed: venueClosedOnSlotDate,
  blockedUntil: slots.blockedUntil,
  heldLanes: slots.heldLanes,
  price: slots.price,
  fixedPrice: slots.fixedPrice,
  groupsBasedPrice: slots.groupsBasedPrice,
};

/**
 * The slots the public may book between two venue dates: those the booking rule (`slotRefusal`)
 * lets the public book, the rule create, move and price apply too. One query.
 */
async function publicSlotsBetween(db: Db, venueId: string, product: ProductRow, from: string, to: string, now: Date) {
  const found = await publicSlotReads.run<AvailabilitySlot[]>(db, 'product-dates', () => buildPublicSlotsBetween(db), {
    venueId,
    productId: product.id,
    from,
    to,
  });
  return found.filter((slot) => slotRefusal(product, slot, 'public', now) === null);
}

type AvailabilitySlot = Pick<SlotRow, Exclude<keyof typeof availabilityFields, 'venueClosed'>> & { venueClosed: boolean };

/** The slots query of every answer not kept, built once (platform/statements.ts): building it cost more than running it. */
const publicSlotReads = new StatementsBuiltOnce();

function buildPublicSlotsBetween(db: Db) {
  const value = (name: 'venueId' | 'productId' | 'from' | 'to') => sql.placeholder(name) as never;
  const { venueClosed, ...columns } = availabilityFields;
  return forVenue(db, value('venueId'))
    .subselect(
      slots,
      { ...columns, venueClosed: venueClosed.as('venue_closed') },
      and(eq(slots.productId, value('productId')), gte(slots.date, value('from')), lte(slots.date, value('to'))),
    )
    .orderBy(slots.startsAt);
}

/** The bookable slots of a date range for a players count, with their free lanes and the lanes the group needs. */
async function bookableSlots(
  db: Db,
  venueId: string,
  { product, lanes }: PublicProduct,
  range: { from: string; to: string },
  playersCount: number,
  exceptBookingId: string | undefined,
  now: Date,
  { onePerDate = false } = {},
) {
  assertPlayersCount(product, playersCount);
  const candidates = offered(lanes);
  const found = await publicSlotsBetween(db, venueId, product, range.from, range.to, now);
  if (found.length === 0 || candidates.length === 0) return [];
  const except = exceptBookingId ? await laneHoldsOfBooking(db, venueId, exceptBookingId) : [];
  const bookable: { slot: (typeof found)[number]; free: Lane[]; chosen: Lane[]; lanesTotal: number }[] = [];
  const datesFound = new Set<string>();
  for (const slot of found) {
    // `/dates` needs one bookable slot a date: the rest of that date is not looked at.
    if (onePerDate && datesFound.has(slot.date)) continue;
    const busy = busyLanes(slot, except);
    const free = candidates.filter((lane) => !busy.has(lane.id));
    const chosen = chooseLanes(playersCount, free);
    if (!chosen) continue;
    bookable.push({ slot, free, chosen, lanesTotal: candidates.length });
    datesFound.add(slot.date);
  }
  return bookable;
}

/**
 * When the first of these bookable slots passes the product's online cutoff (epoch ms): an answer
 * made of them changes by time alone then (`slotRefusal`), while a slot refused now stays refused.
 */
function cutoffOfFirst(product: ProductRow, bookable: { slot: { startsAt: Date } }[]): number {
  let first = Infinity;
  for (const { slot } of bookable) first = Math.min(first, slot.startsAt.getTime() - product.cutoffTime * 3600_000);
  return first;
}

/** `/dates`: the dates of a month with at least one slot bookable online for the players count, and until when that holds. */
async function publicDates(
  db: Db,
  venueId: string,
  publicView: PublicProduct,
  month: string,
  playersCount: number,
  bookingId: string | undefined,
  now: Date,
) {
  const from = `${month}-01`;
  const to = addDays(addDays(from, 31).slice(0, 8) + '01', -1);
  const bookable = await bookableSlots(db, venueId, publicView, { from, to }, playersCount, bookingId, now, { onePerDate: true });
  return { answer: { dates: bookable.map((b) => b.slot.date).sort() }, until: cutoffOfFirst(publicView.product, bookable) };
}

/** `/slots`: the bookable slots of a date for the players count, with their price, and until when that holds. */
async function publicSlots(
  db: Db,
  venueId: string,
  publicView: PublicProduct,
  date: string,
  playersCount: number,
  bookingId: string | undefined,
  now: Date,
) {
  const bookable = await bookableSlots(db, venueId, publicView, { from: date, to: date }, playersCount, bookingId, now);
  const answer = {
    slots: bookable.map(({ slot, free, chosen, lanesTotal }) => ({
      id: slot.id,
      from: slot.from,
      to: slot.to,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      freeLanes: free.length,
      lanesTotal,
      lanesNeeded: chosen.length,
      price: priceOrBadRequest(() => slotPrice(publicView.product, slot, playersCount)),
    })),
  };
  return { answer, until: cutoffOfFirst(publicView.product, bookable) };
}

/**
 * What availability answers are read from: the slots (which carry their lanes' holds, so a
 * booking made, moved or released changes them), the venue's closed days, the product and its
 * lanes. A change to any of them for the venue drops the venue's cached answers (decision 007).
 */
const AVAILABILITY_TABLES = ['slots', 'venue_non_working_days', 'products', 'resources'] as const;

/**
 * The `/slots` answer as JSON, kept in memory until one of its tables changes for the venue or
 * its first slot passes the cutoff. The answer for a booking being moved (`bookingId`, its own
 * holds left out) is made each time: moves are rare, and each booking's would be an entry of its own.
 */
export async function publicSlotsJson(
  db: Db,
  reads: VenueReads,
  venueId: string,
  productId: string,
  query: { date: string; playersCount: number; bookingId?: string },
  now = new Date(),
): Promise<string> {
  const { date, playersCount, bookingId } = query;
  const answer = async () => {
    const publicView = await publicProductOrNotFound(db, reads, venueId, productId);
    return publicSlots(db, venueId, publicView, date, playersCount, bookingId, now);
  };
  if (bookingId) return JSON.stringify((await answer()).answer);
  return availabilityJson(reads, venueId, `public-slots:${productId}:${date}:${playersCount}`, answer);
}

/** The `/dates` answer as JSON, kept as `publicSlotsJson` keeps its answer. */
export async function publicDatesJson(
  db: Db,
  reads: VenueReads,
  venueId: string,
  productId: string,
  query: { month: string; playersCount: number; bookingId?: string },
  now = new Date(),
): Promise<string> {
  const { month, playersCount, bookingId } = query;
  const answer = async () => {
    const publicView = await publicProductOrNotFound(db, reads, venueId, productId);
    return publicDates(db, venueId, publicView, month, playersCount, bookingId, now);
  };
  if (bookingId) return JSON.stringify((await answer()).answer);
  return availabilityJson(reads, venueId, `public-dates:${productId}:${month}:${playersCount}`, answer);
}

async function availabilityJson(
  reads: VenueReads,
  venueId: string,
  key: string,
  answer: () => Promise<{ answer: unknown; until: number }>,
) {
  let until = Infinity;
  return reads.json(
    AVAILABILITY_TABLES,
    venueId,
    key,
    async () => {
      const made = await answer();
      until = made.until;
      return made.answer;
    },
    { notAfter: () => until },
  );
}

/** The product and its lanes (publicProduct), or 404 when the product is gone. */
export async function publicProductOrNotFound(db: Db, reads: VenueReads, venueId: string, productId: string): Promise<PublicProduct> {
  const found = await publicProduct(db, reads, venueId, productId);
  if (!found) throw notFound('Product');
  return found;
}

/** The lanes held during any of the slots (their counts, decision 015). */
export const lanesHeldDuring = (found: Pick<SlotRow, 'startsAt' | 'blockedUntil' | 'heldLanes'>[], except: LaneHold[] = []) =>
  new Set(found.flatMap((slot) => [...busyLanes(slot, except)]));

// ---- Staff calendar ----

/**
 * The staff calendar: every slot of the range (private ones too), its lanes, the bookings in it
 * and why staff cannot book it (the booking rule, so the booking form offers what create takes).
 */
export async function staffCalendar(
  db: Db | Tx,
  venueId: string,
  query: { from: string; to: string; limit: number; productIds?: string[] },
  now = new Date(),
): Promise<CalendarAnswer> {
  const found = await slotsBetween(db, venueId, query.from, query.to, query.productIds, query.limit);
  const nonWorkingDays = await nonWorkingDaysBetween(db, venueId, query.from, query.to);
  if (found.length === 0) return { days: [], nonWorkingDays };
  const products = new Map((await liveProducts(db, venueId, [...new Set(found.map((s) => s.productId))])).map((p) => [p.id, p]));
  const laneIds = [...new Set([...products.values()].flatMap((p) => p.resources))];
  const lanes = new Map((await lanesByIds(db, venueId, laneIds)).map((l) => [l.id, l]));
  const first = found[0].startsAt;
  const last = new Date(Math.max(...found.map((slot) => slot.blockedUntil.getTime())));
  const inRange = await bookingsForCalendar(db, venueId, first, last);
  const days = new Map<string, CalendarAnswer['days'][number]>();
  const closed = new Set(nonWorkingDays);
  for (const slot of found) {
    const product = products.get(slot.productId);
    const taken = busyLanes(slot);
    const productLanes = (product?.resources ?? []).map((id) => lanes.get(id)).filter((l): l is Lane => !!l && !l.isPaused);
    const free = productLanes.filter((lane) => !taken.has(lane.id));
    const day = days.get(slot.date) ?? { dateIso: slot.date, slots: [] };
    days.set(slot.date, day);
    day.slots.push({
      id: slot.id,
      productId: slot.productId,
      from: slot.from,
      to: slot.to,
      startsAt: slot.startsAt.toISOString(),
      endsAt: slot.endsAt.toISOString(),
      isPrivate: slot.isPrivate,
      isVisibleOnline: slot.isVisibleOnline,
      lanesTotal: productLanes.length,
      lanesTaken: productLanes.length - free.length,
      lanesFree: free.length,
      unavailableReason: product
        ? slotRefusal(product, { ...slot, venueClosed: closed.has(slot.date) }, 'staff', now)
        : 'This product was deleted.',
      bookings: inRange
        .filter((b) => b.slotIds.includes(slot.id))
        .map((b) => ({
          id: b.id,
          name: b.name,
          status: b.status,
          playersCount: b.playersCount,
          resourceIds: b.resourceIds,
          presenceStatus: b.presenceStatus,
          numberOfSignedWaivers: b.numberOfSignedWaivers,
          // As check-in reads it: the booking's product asks for a waiver (a product deleted since asks none).
          waiverRequired: (products.get(b.productId)?.activeWaiverId ?? null) !== null,
        })),
    });
  }
  return { days: [...days.values()], nonWorkingDays };
}
