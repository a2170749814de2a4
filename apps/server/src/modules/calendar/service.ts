import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { instantOf, minutesOf, planSlots, venueToday, wallTimeOf, weekdayOf, type PriceGroup, type SlotTemplate } from '@lanebook/core';
import type { PopulateAnswer, SlotCreate, SlotGroup, SlotGroupBody, SlotPatch, Slot } from '@lanebook/core/calendar-schemas';
import { templatesOfOpeningHours } from '@lanebook/core/opening-hours';
import type { Db, Tx } from '../../db/client.js';
import { AppError, fieldError, notFound, pgErrorCode } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey } from '../../platform/locking.js';
import { forVenue, type VenueRowValues } from '../../platform/venue-scope.js';
import { slotsWithLiveBookings } from '../bookings/service.js';
import { liveProductById, type ProductRow } from '../products/service.js';
import { slotGroups, slots, venueNonWorkingDays } from './schema.js';

/**
 * Slot groups, slots, populate and venue non-working days
 * (docs/decisions/014-calendar-and-availability.md). Services take the caller's transaction.
 */

export type SlotRow = typeof slots.$inferSelect;
type GroupRow = typeof slotGroups.$inferSelect;

export const SLOT_OVERLAP = 'This slot overlaps another slot of the product: move or delete that one first.';
export const SLOT_BOOKED = 'A booking is on this slot: cancel or move the booking before changing its time or deleting it.';
export const GROUP_BOOKED = 'Slots of this group have bookings: cancel or move them before deleting the group.';

export const groupLock = (venueId: string, groupId: string) => `slot-group:${venueId}:${groupId}`;

export async function productOrNotFound(tx: Db | Tx, venueId: string, productId: string): Promise<ProductRow> {
  const product = await liveProductById(tx, venueId, productId);
  if (!product) throw notFound('Product');
  return product;
}

export function slotAnswer(row: SlotRow): Slot {
  return {
    id: row.id,
    productId: row.productId,
    slotGroupId: row.slotGroupId,
    slotTemplateId: row.slotTemplateId,
    date: row.date,
    from: row.from,
    to: row.to,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    breakTime: row.breakTime,
    price: row.price,
    fixedPrice: row.fixedPrice,
    groupsBasedPrice: row.groupsBasedPrice,
    isPrivate: row.isPrivate,
    isVisibleOnline: row.isVisibleOnline,
  };
}

export const groupAnswer = (row: GroupRow): SlotGroup => ({
  id: row.id,
  productId: row.productId,
  startDate: row.startDate,
  templates: row.templates,
  openingHours: row.openingHours ?? null,
  populateWeeksAhead: row.populateWeeksAhead ?? null,
  populatedThrough: row.populatedThrough ?? null,
  populate: row.populateRun ?? null,
});

/** The instants of a venue date and wall times; a start in the spring-forward gap is a 400 naming `from`. */
function instantsOf(date: string, from: string, to: string, timeZone: string): { startsAt: Date; endsAt: Date } {
  const startsAt = instantOf(date, from, timeZone);
  if (!startsAt) throw fieldError(`${date} ${from} does not exist in ${timeZone}: the clocks go forward then`, 'from');
  // An end inside the gap is the first instant after it, as populate makes it (planSlots).
  let endsAt = instantOf(date, to, timeZone);
  for (let minute = minutesOf(to) + 1; !endsAt && minute < 24 * 60; minute++) endsAt = instantOf(date, wallTimeOf(minute), timeZone);
  return { startsAt, endsAt: endsAt ?? startsAt };
}

/** A slot overlapping another of its product (slots_no_overlap) is a 409 saying so. */
async function refusingOverlap<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (pgErrorCode(error) === '23P01') throw new AppError(409, 'slot_overlap', SLOT_OVERLAP);
    throw error;
  }
}

// ---- The booking rule: which slots may be booked, and by whom (decision 025) ----

/** Who books: a customer online (the widget's calls), or staff at the front desk. */
export type BookingChannel = 'public' | 'staff';

/** What the rule reads of a slot; `venueClosed` is `venueClosedOnSlotDate`, read with the slot. */
export type SlotToBook = Pick<SlotRow, 'date' | 'startsAt' | 'isPrivate' | 'isVisibleOnline'> & { venueClosed: boolean };

type ProductToBook = Pick<ProductRow, 'name' | 'cutoffTime' | 'nonWorkingDays' | 'holidays' | 'isPaused'>;

/**
 * Whether the venue closed the slot's date (calendar.setNonWorkingDays): a field of a query of
 * slots. Columns are named with their tables: in a select list drizzle leaves them bare, and a
 * bare `date` inside the sub-select would be the closed day's own.
 */
const column = (table: typeof slots | typeof venueNonWorkingDays, name: string) => sql`${table}.${sql.identifier(name)}`;
export const venueClosedOnSlotDate = sql<boolean>`exists (select 1 from ${venueNonWorkingDays} where ${column(venueNonWorkingDays, 'venue_id')} = ${column(slots, 'venue_id')} and ${column(venueNonWorkingDays, 'date')} = ${column(slots, 'date')})`;

/**
 * Why a slot of the product cannot be booked through the channel, or null when it can. The one
 * rule of the slots and dates calls, booking create, move, the price calls and the staff
 * calendar. The venue's closed days hold for everyone; the front desk may book what the public
 * may not: a paused product, the product's weekdays off and holidays, private and hidden slots,
 * and past the cutoff.
 */
export function slotRefusal(product: ProductToBook, slot: SlotToBook, channel: BookingChannel, now: Date): string | null {
  if (slot.venueClosed) return `The venue is closed on ${slot.date}.`;
  if (channel === 'staff') return null;
  if (product.isPaused) return `${product.name} cannot be booked online now: call the venue to book it.`;
  if (product.holidays.includes(slot.date) || (product.nonWorkingDays.length > 0 && product.nonWorkingDays.includes(weekdayOf(slot.date))))
    return `${product.name} is not offered on ${slot.date}: choose another day or call the venue.`;
  if (slot.isPrivate || !slot.isVisibleOnline) return 'This time cannot be booked online: call the venue to book it.';
  if (slot.startsAt <= now) return 'This time has already started: choose a later time.';
  if (slot.startsAt.getTime() <= now.getTime() + product.cutoffTime * 3600_000)
    return `Online booking closes ${product.cutoffTime} hours before the start: choose a later time or call the venue.`;
  return null;
}

/** A slot the rule refuses: 409 `slot_unavailable` saying why, as when its lanes are taken. */
export const slotRefused = (reason: string) => new AppError(409, 'slot_unavailable', reason);

/**
 * The slots a price, a booking or a move names: the product's, consecutive (a 400 naming `slots`
 * otherwise), each bookable through the channel (a 409 saying why otherwise). Slots the booking
 * holds already (`kept`) are not asked again: a move or an edit keeps what was booked.
 */
export async function slotsToBook(
  db: Db | Tx,
  venueId: string,
  product: ProductRow,
  ids: string[],
  { channel, kept = [], now = new Date() }: { channel: BookingChannel; kept?: string[]; now?: Date },
): Promise<SlotRow[]> {
  const rows = await forVenue(db, venueId).selectFields(
    slots,
    { ...getTableColumns(slots), venueClosed: venueClosedOnSlotDate },
    and(eq(slots.productId, product.id), inArray(slots.id, ids)),
    { orderBy: [slots.startsAt] },
  );
  if (rows.length !== new Set(ids).size) throw fieldError('A slot is not available for this product', 'slots');
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].startsAt.getTime() !== rows[i - 1].endsAt.getTime()) throw fieldError('The slots must follow each other', 'slots');
  }
  for (const slot of rows) {
    const refusal = kept.includes(slot.id) ? null : slotRefusal(product, slot, channel, now);
    if (refusal) throw slotRefused(refusal);
  }
  return rows.map(({ venueClosed: _closed, ...slot }) => slot);
}

// ---- Slot groups ----

/**
 * The plan's templates with ids: a template sent without one takes the id of the group's
 * template at the same weekday and times, so saving the same hours again (or a row typed
 * again) keeps its slots instead of deleting and remaking them, which a booked slot would
 * refuse; the others get a new id.
 */
function withTemplateIds(rows: (Omit<SlotTemplate, 'id'> & { id?: string })[], previous: SlotTemplate[]): SlotTemplate[] {
  const at = (t: Pick<SlotTemplate, 'weekday' | 'from' | 'to'>) => `${t.weekday} ${t.from} ${t.to}`;
  const reusable = new Map(previous.map((t) => [at(t), t.id]));
  const taken = new Set(rows.map((t) => t.id).filter(Boolean));
  return rows.map((t) => {
    if (t.id) return { ...t, id: t.id };
    const id = reusable.get(at(t));
    if (id && !taken.has(id)) {
      taken.add(id);
      return { ...t, id };
    }
    return { ...t, id: randomUUID() };
  });
}

/**
 * Creates or replaces a product's slot group (its weekly plan): its templates as sent, or made
 * from opening hours (decision 034), which are kept with them.
 */
export async function putSlotGroup(tx: Tx, venueId: string, productId: string, groupId: string, body: SlotGroupBody): Promise<SlotGroup> {
  await productOrNotFound(tx, venueId, productId);
  await lockKeys(tx, [groupLock(venueId, groupId)]);
  const venue = forVenue(tx, venueId);
  const existing = await venue.first(slotGroups, eq(slotGroups.id, groupId));
  if (existing && existing.productId !== productId) throw notFound('Slot group');
  const openingHours = body.openingHours ?? null;
  const rows = openingHours ? templatesOfOpeningHours(openingHours) : (body.templates ?? []);
  const templates = withTemplateIds(rows, existing?.templates ?? []);
  if (existing) {
    const [row] = await venue
      .update(slotGroups, eq(slotGroups.id, groupId), { startDate: body.startDate, templates, openingHours, updatedAt: new Date() })
      .returning();
    return groupAnswer(row);
  }
  const [row] = await venue.insert(slotGroups, { id: groupId, productId, startDate: body.startDate, templates, openingHours }).returning();
  return groupAnswer(row);
}

/** A product's slot groups (its weekly plans), oldest first. */
export async function listSlotGroups(db: Db | Tx, venueId: string, productId: string): Promise<SlotGroup[]> {
  await productOrNotFound(db, venueId, productId);
  const rows = await forVenue(db, venueId).select(slotGroups, eq(slotGroups.productId, productId), {
    orderBy: [asc(slotGroups.createdAt), asc(slotGroups.id)],
  });
  return rows.map(groupAnswer);
}

export async function groupOrNotFound(tx: Db | Tx, venueId: string, productId: string, groupId: string): Promise<GroupRow> {
  const group = await forVenue(tx, venueId).first(slotGroups, and(eq(slotGroups.id, groupId), eq(slotGroups.productId, productId)));
  if (!group) throw notFound('Slot group');
  return group;
}

/**
 * Deletes a slot group: refused while a live booking is on one of its slots to come; otherwise
 * its slots to come go and its past ones stay, detached from it.
 */
export async function deleteSlotGroup(tx: Tx, venueId: string, productId: string, groupId: string, now = new Date()) {
  await productOrNotFound(tx, venueId, productId);
  await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
  await groupOrNotFound(tx, venueId, productId, groupId);
  const venue = forVenue(tx, venueId);
  const ofGroup = eq(slots.slotGroupId, groupId);
  const toCome = await venue.select(slots, and(ofGroup, gte(slots.endsAt, now)));
  const booked = await slotsWithLiveBookings(
    tx,
    venueId,
    toCome.map((s) => s.id),
  );
  if (booked.size > 0) throw new AppError(409, 'slot_group_has_bookings', GROUP_BOOKED);
  if (toCome.length)
    await venue.delete(
      slots,
      inArray(
        slots.id,
        toCome.map((s) => s.id),
      ),
    );
  await venue.update(slots, ofGroup, { slotGroupId: null, updatedAt: new Date() });
  await venue.delete(slotGroups, eq(slotGroups.id, groupId));
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Makes the group's slots of the range what its plan says (decision 014), under the group's
 * lock: missing ones are created, changed unbooked ones updated, unbooked ones the plan no
 * longer makes deleted; booked ones are left as they are and listed. Dates before the venue's
 * today are not touched. Running it twice changes nothing the second time.
 */
export async function populateSlotGroup(
  tx: Tx,
  venueId: string,
  timeZone: string,
  productId: string,
  groupId: string,
  range: { from: string; to: string },
  now = new Date(),
): Promise<PopulateAnswer> {
  const product = await productOrNotFound(tx, venueId, productId);
  await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
  const group = await groupOrNotFound(tx, venueId, productId, groupId);
  const venue = forVenue(tx, venueId);
  const today = venueToday(timeZone, now);
  const from = range.from < today ? today : range.from;
  const answer: PopulateAnswer = { created: 0, updated: 0, deleted: 0, keptBooked: [], skipped: [] };
  if (from > range.to) return answer;

  const closed = await venue.select(venueNonWorkingDays, and(gte(venueNonWorkingDays.date, from), lte(venueNonWorkingDays.date, range.to)));
  const plan = planSlots({
    startDate: group.startDate,
    templates: group.templates,
    from,
    to: range.to,
    timeZone,
    nonWorkingDays: product.nonWorkingDays,
    holidays: product.holidays,
    venueNonWorkingDates: closed.map((d) => d.date),
  });
  answer.skipped = plan.skipped;

  const existing = await venue.select(slots, and(eq(slots.slotGroupId, groupId), gte(slots.date, from), lte(slots.date, range.to)));
  const booked = await slotsWithLiveBookings(
    tx,
    venueId,
    existing.map((s) => s.id),
  );
  const key = (templateId: string | null, date: string) => `${templateId}\n${date}`;
  const byKey = new Map(existing.map((s) => [key(s.slotTemplateId, s.date), s]));
  const templates = new Map(group.templates.map((t) => [t.id, t]));
  const keep = (s: SlotRow) => answer.keptBooked.push({ id: s.id, date: s.date, from: s.from, to: s.to });

  const planned = new Set<string>();
  const toInsert: VenueRowValues<typeof slots>[] = [];
  const toUpdate: { id: string; changes: Partial<SlotRow> }[] = [];
  for (const slot of plan.slots) {
    const template = templates.get(slot.slotTemplateId)!;
    const fields = {
      from: slot.from,
      to: slot.to,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      breakTime: template.breakTime,
      price: template.price,
      fixedPrice: template.fixedPrice,
      groupsBasedPrice: template.groupsBasedPrice as PriceGroup[] | null,
      isPrivate: template.isPrivate,
      isVisibleOnline: template.isVisibleOnline,
    };
    const k = key(slot.slotTemplateId, slot.date);
    planned.add(k);
    const found = byKey.get(k);
    if (!found) {
      toInsert.push({ id: randomUUID(), productId, slotGroupId: groupId, slotTemplateId: slot.slotTemplateId, date: slot.date, ...fields });
      continue;
    }
    const changed =
      found.from !== fields.from ||
      found.to !== fields.to ||
      found.startsAt.getTime() !== fields.startsAt.getTime() ||
      found.endsAt.getTime() !== fields.endsAt.getTime() ||
      found.breakTime !== fields.breakTime ||
      found.price !== fields.price ||
      found.fixedPrice !== fields.fixedPrice ||
      !sameJson(found.groupsBasedPrice, fields.groupsBasedPrice) ||
      found.isPrivate !== fields.isPrivate ||
      found.isVisibleOnline !== fields.isVisibleOnline;
    if (!changed) continue;
    if (booked.has(found.id)) keep(found);
    else toUpdate.push({ id: found.id, changes: fields });
  }
  const toDelete: string[] = [];
  for (const s of existing) {
    if (planned.has(key(s.slotTemplateId, s.date))) continue;
    if (booked.has(s.id)) keep(s);
    else toDelete.push(s.id);
  }

  await refusingOverlap(async () => {
    // Deletes first, then updates, then inserts: a slot the plan moved frees its time first.
    if (toDelete.length) await venue.delete(slots, inArray(slots.id, toDelete));
    for (const { id, changes } of toUpdate) await venue.update(slots, eq(slots.id, id), { ...changes, updatedAt: new Date() });
    for (let i = 0; i < toInsert.length; i += 500) await venue.insert(slots, toInsert.slice(i, i + 500));
  });
  answer.created = toInsert.length;
  answer.updated = toUpdate.length;
  answer.deleted = toDelete.length;
  return answer;
}

// ---- Slots ----

/** Adds one slot by hand (or a clone): fields left out take the product's values when it is priced or booked. */
export async function createSlot(tx: Tx, venueId: string, timeZone: string, productId: string, body: SlotCreate): Promise<Slot> {
  await productOrNotFound(tx, venueId, productId);
  const { startsAt, endsAt } = instantsOf(body.date, body.from, body.to, timeZone);
  await lockKeys(tx, [slotOccupancyKey(venueId)]);
  const [row] = await refusingOverlap(() =>
    forVenue(tx, venueId)
      .insert(slots, {
        id: randomUUID(),
        productId,
        date: body.date,
        from: body.from,
        to: body.to,
        startsAt,
        endsAt,
        breakTime: body.breakTime ?? null,
        price: body.price ?? null,
        fixedPrice: body.fixedPrice ?? null,
        groupsBasedPrice: body.groupsBasedPrice ?? null,
        isPrivate: body.isPrivate ?? false,
        isVisibleOnline: body.isVisibleOnline ?? true,
      })
      .returning(),
  );
  return slotAnswer(row);
}

/** The slot, locked for a change; the venue's occupancy lock comes first (decision 015). */
async function slotOrNotFound(tx: Tx, venueId: string, productId: string, slotId: string): Promise<SlotRow> {
  await lockKeys(tx, [slotOccupancyKey(venueId)]);
  const [slot] = await forVenue(tx, venueId).lock(slots, and(eq(slots.id, slotId), eq(slots.productId, productId)));
  if (!slot) throw notFound('Slot');
  return slot;
}

/** One slot of a product, read (the booking form prefilled from a link looks up its date); another venue's is a 404. */
export async function slotOf(db: Db | Tx, venueId: string, productId: string, slotId: string): Promise<Slot> {
  const slot = await forVenue(db, venueId).first(slots, and(eq(slots.id, slotId), eq(slots.productId, productId)));
  if (!slot) throw notFound('Slot');
  return slotAnswer(slot);
}

/** Changes a slot; its time cannot change while a live booking is on it. */
export async function updateSlot(
  tx: Tx,
  venueId: string,
  timeZone: string,
  productId: string,
  slotId: string,
  body: SlotPatch,
): Promise<Slot> {
  await productOrNotFound(tx, venueId, productId);
  const slot = await slotOrNotFound(tx, venueId, productId, slotId);
  const date = body.date ?? slot.date;
  const from = body.from ?? slot.from;
  const to = body.to ?? slot.to;
  const moved = date !== slot.date || from !== slot.from || to !== slot.to;
  if (moved && (await slotsWithLiveBookings(tx, venueId, [slotId])).size > 0) throw new AppError(409, 'slot_has_bookings', SLOT_BOOKED);
  if (to <= from) throw fieldError('The end must be after the start', 'to');
  const instants = moved ? instantsOf(date, from, to, timeZone) : { startsAt: slot.startsAt, endsAt: slot.endsAt };
  const [row] = await refusingOverlap(() =>
    forVenue(tx, venueId)
      .update(slots, eq(slots.id, slotId), { ...body, date, from, to, ...instants, updatedAt: new Date() })
      .returning(),
  );
  return slotAnswer(row);
}

/** Deletes a slot, refused while a live booking is on it. */
export async function deleteSlot(tx: Tx, venueId: string, productId: string, slotId: string) {
  await productOrNotFound(tx, venueId, productId);
  await slotOrNotFound(tx, venueId, productId, slotId);
  if ((await slotsWithLiveBookings(tx, venueId, [slotId])).size > 0) throw new AppError(409, 'slot_has_bookings', SLOT_BOOKED);
  await forVenue(tx, venueId).delete(slots, eq(slots.id, slotId));
}

// ---- Venue non-working days ----

export async function setNonWorkingDay(db: Db | Tx, venueId: string, date: string, isNonWorking: boolean) {
  const venue = forVenue(db, venueId);
  if (isNonWorking) await venue.insert(venueNonWorkingDays, { date }).onConflictDoNothing();
  else await venue.delete(venueNonWorkingDays, eq(venueNonWorkingDays.date, date));
  return { date, isNonWorking };
}

export async function nonWorkingDaysBetween(db: Db | Tx, venueId: string, from: string, to: string): Promise<string[]> {
  const rows = await forVenue(db, venueId).select(
    venueNonWorkingDays,
    and(gte(venueNonWorkingDays.date, from), lte(venueNonWorkingDays.date, to)),
    {
      orderBy: [asc(venueNonWorkingDays.date)],
    },
  );
  return rows.map((r) => r.date);
}

/** Slots of the venue's products between two venue dates (inclusive), in time order. */
export async function slotsBetween(
  db: Db | Tx,
  venueId: string,
  from: string,
  to: string,
  productIds: string[] | undefined,
  limit: number,
) {
  return forVenue(db, venueId).select(
    slots,
    and(gte(slots.date, from), lte(slots.date, to), productIds?.length ? inArray(slots.productId, productIds) : undefined),
    { orderBy: [asc(slots.startsAt), asc(slots.productId)], limit },
  );
}

/** Which of these products have a slot starting after `now` (the setup checklist's opening hours). */
export async function productsWithSlotsAfter(db: Db | Tx, venueId: string, productIds: string[], now: Date): Promise<string[]> {
  if (productIds.length === 0) return [];
  return forVenue(db, venueId).distinct(
    slots,
    sql<string>`${slots.productId}`,
    and(inArray(slots.productId, productIds), gt(slots.startsAt, now)),
  );
}
