import { ISO_DATE, minutesOf, wallTimeOf, type IsoDate, type WallTime } from '@lanebook/core/calendar';
import type { CalendarSlot } from './availability';

/**
 * The calendar's address (/calendar?view=lanes&date=YYYY-MM-DD) and the lane day view's pure
 * rules: which booking blocks it draws, where it opens scrolled to, and what a click on free
 * lane time books.
 */

export const CALENDAR_VIEWS = ['week', 'day', 'month', 'lanes'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];
/** The specification's default view. */
export const DEFAULT_VIEW: CalendarView = 'week';

const CALENDAR_VIEW_TYPE: Record<CalendarView, string> = {
  week: 'timeGridWeek',
  day: 'timeGridDay',
  month: 'dayGridMonth',
  lanes: 'resourceTimelineDay',
};

/** @event-calendar/core's view type of a view of the address. */
export const viewTypeOf = (view: CalendarView) => CALENDAR_VIEW_TYPE[view];

/** The view of the address for a view type of @event-calendar/core (null for one the page does not offer). */
export function viewOfType(type: string): CalendarView | null {
  return CALENDAR_VIEWS.find((view) => CALENDAR_VIEW_TYPE[view] === type) ?? null;
}

/** A real calendar date within the API's bounds (1900..2200), as YYYY-MM-DD. */
export function isCalendarDate(value: string): value is IsoDate {
  if (!ISO_DATE.test(value)) return false;
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  if (year < 1900 || year > 2200 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** What the address asks for; a missing or bad view or date is the default (week, the venue's today), never an error. */
export function readCalendarAddress(params: URLSearchParams, today: IsoDate): { view: CalendarView; date: IsoDate } {
  const view = params.get('view') ?? '';
  const date = params.get('date') ?? '';
  return {
    view: (CALENDAR_VIEWS as readonly string[]).includes(view) ? (view as CalendarView) : DEFAULT_VIEW,
    date: isCalendarDate(date) ? date : today,
  };
}

/**
 * The date the address keeps after the calendar moved to [start, endExclusive): the one it had
 * while still shown (a week opened on a Thursday keeps its Thursday), else the first day shown.
 */
export function shownDateAfter(previous: IsoDate, start: IsoDate, endExclusive: IsoDate): IsoDate {
  return previous >= start && previous < endExclusive ? previous : start;
}

/** A booking as one block of the lane day view: its slots of the day joined, from the first one's start to the last one's end. */
export interface LaneBooking {
  id: string;
  name: string;
  status: string;
  playersCount: number;
  resourceIds: string[];
  presenceStatus: CalendarSlot['bookings'][number]['presenceStatus'];
  numberOfSignedWaivers: number;
  waiverRequired: boolean;
  productId: string;
  date: IsoDate;
  from: WallTime;
  to: WallTime;
  /** The slots it holds that day, in time order: a move keeps as many. */
  slotIds: string[];
}

/** Each booking once (the calendar answer lists it in every slot it holds), in start order. */
export function laneBookings(slots: CalendarSlot[]): LaneBooking[] {
  const byId = new Map<string, LaneBooking>();
  for (const slot of slots) {
    for (const booking of slot.bookings) {
      const key = `${booking.id}|${slot.date}`;
      const known = byId.get(key);
      if (!known) {
        byId.set(key, { ...booking, productId: slot.productId, date: slot.date, from: slot.from, to: slot.to, slotIds: [slot.id] });
        continue;
      }
      known.slotIds.push(slot.id);
      if (slot.from < known.from) known.from = slot.from;
      // A slot ending at midnight says 00:00 (or 23:59); it ends the day, after any other end.
      if (endMinutes(slot.to) > endMinutes(known.to)) known.to = slot.to;
    }
  }
  const byStart = (a: { from: WallTime }, b: { from: WallTime }) => a.from.localeCompare(b.from);
  const bySlotStart = new Map(slots.map((slot) => [slot.id, slot]));
  for (const booking of byId.values()) booking.slotIds.sort((a, b) => byStart(bySlotStart.get(a)!, bySlotStart.get(b)!));
  return [...byId.values()].sort((a, b) => a.date.localeCompare(b.date) || a.from.localeCompare(b.from) || a.id.localeCompare(b.id));
}

const endMinutes = (to: WallTime) => (to === '00:00' ? 24 * 60 : minutesOf(to));

/** How much earlier than its target the lane view opens, so what is just before stays in sight. */
const LEAD_MINUTES = 60;

/**
 * Where the lane day view opens (its scrollTime, HH:MM:00): today, an hour before now; another
 * day, an hour before its first booking, or its first slot when nothing is booked; 08:00 on a day
 * with neither. Whole hours, so the time axis starts on a label.
 */
export function laneScrollTime(input: { date: IsoDate; today: IsoDate; now: WallTime; slots: CalendarSlot[] }): string {
  const ofDay = input.slots.filter((slot) => slot.date === input.date);
  const firstOf = (slots: CalendarSlot[]) => slots.map((slot) => slot.from).sort()[0];
  const target = input.date === input.today ? input.now : (firstOf(ofDay.filter((slot) => slot.bookings.length > 0)) ?? firstOf(ofDay));
  if (target === undefined) return '08:00:00';
  const minutes = Math.max(0, minutesOf(target) - LEAD_MINUTES);
  return `${wallTimeOf(minutes - (minutes % 60))}:00`;
}

/** What a click on free lane time books: the product, the slot and the lane, for the new-booking page. */
export interface FreeCell {
  productId: string;
  slotId: string;
  laneId: string;
}

/**
 * The slot a click at `time` on a lane books: a slot of that date and time whose product uses the
 * lane, the lane not held by a booking in it, and the slot bookable by staff. When several
 * products share the lane at that time, the first in `lanesOfProduct`'s order (the product
 * filter's order) wins. Null when there is nothing free to book there.
 */
export function freeCellAt(
  slots: CalendarSlot[],
  lanesOfProduct: Map<string, string[]>,
  laneId: string,
  date: IsoDate,
  time: WallTime,
): FreeCell | null {
  const at = minutesOf(time);
  const candidates = slots.filter(
    (slot) =>
      slot.date === date &&
      minutesOf(slot.from) <= at &&
      at < endMinutes(slot.to) &&
      slot.unavailableReason === null &&
      (lanesOfProduct.get(slot.productId) ?? []).includes(laneId) &&
      !slot.bookings.some((booking) => booking.resourceIds.includes(laneId)),
  );
  const order = [...lanesOfProduct.keys()];
  candidates.sort((a, b) => order.indexOf(a.productId) - order.indexOf(b.productId));
  const slot = candidates[0];
  return slot ? { productId: slot.productId, slotId: slot.id, laneId } : null;
}

/** The new-booking page with the product, slot and lane filled in. */
export function newBookingPath(cell: FreeCell): string {
  const query = new URLSearchParams({ productId: cell.productId, slotId: cell.slotId, laneId: cell.laneId });
  return `/bookings/create?${query.toString()}`;
}

/** The calendar hands dates as local Date objects holding the venue's wall clock: their date, as YYYY-MM-DD. */
export const localIsoDate = (date: Date): IsoDate =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** What a booking block dropped elsewhere on the lane view asks: the move as the edit form would send it (decision 028). */
export type LaneMove = {
  slots: string[];
  resourceIds: string[];
};

/**
 * The move a drop makes: the booking's product's slot holding the dropped start (`date`, `time`)
 * and as many slots in a row as the booking holds, and its lanes with the lane it was dragged
 * from (`fromLane`) replaced by the one it was dropped on (`toLane`). A drop that asks nothing new
 * is null; one that cannot be a move says why, and the block goes back. Whether the lanes are free
 * then is the server's to say (the quote).
 */
export function laneMoveOf(input: {
  booking: LaneBooking;
  slots: CalendarSlot[];
  productLanes: string[];
  date: IsoDate;
  time: WallTime;
  fromLane?: string;
  toLane?: string;
  timeLabel: (time: WallTime) => string;
}): { move: LaneMove } | { refused: string } | null {
  const { booking } = input;
  const ofProduct = input.slots
    .filter((slot) => slot.productId === booking.productId && slot.date === input.date)
    .sort((a, b) => a.from.localeCompare(b.from));
  const at = minutesOf(input.time);
  const start = ofProduct.findIndex((slot) => minutesOf(slot.from) <= at && at < endMinutes(slot.to));
  if (start < 0) return { refused: `No slot of this product at ${input.timeLabel(input.time)}.` };
  const run = [ofProduct[start]!];
  for (let i = start + 1; i < ofProduct.length && run.length < booking.slotIds.length && ofProduct[i]!.from === run.at(-1)!.to; i++)
    run.push(ofProduct[i]!);
  if (run.length < booking.slotIds.length)
    return { refused: `The booking's ${booking.slotIds.length} slots in a row do not fit from ${input.timeLabel(run[0]!.from)}.` };

  let resourceIds = booking.resourceIds;
  if (input.toLane && input.fromLane && input.toLane !== input.fromLane) {
    if (!input.productLanes.includes(input.toLane)) return { refused: `${input.toLane} is not a lane of this product.` };
    if (booking.resourceIds.includes(input.toLane)) return { refused: `The booking already holds ${input.toLane}.` };
    resourceIds = booking.resourceIds.map((lane) => (lane === input.fromLane ? input.toLane! : lane));
  }
  const slots = run.map((slot) => slot.id);
  const same = (a: string[], b: string[]) => a.length === b.length && a.every((value, i) => value === b[i]);
  if (same(slots, booking.slotIds) && same(resourceIds, booking.resourceIds)) return null;
  return { move: { slots, resourceIds } };
}
