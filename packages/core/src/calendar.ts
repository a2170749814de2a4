import { Temporal } from 'temporal-polyfill';

/**
 * The calendar's pure rules, shared by the server (populate, availability) and the console
 * (the populate preview, merged ranges): venue wall-clock times resolved through the venue's
 * IANA zone, a slot group's weekly plan turned into dated slots, consecutive slots merged, and
 * the lanes a group needs (docs/decisions/014-calendar-and-availability.md).
 */

/** A venue-local time of day, `HH:mm`. */
export type WallTime = string;
/** A venue-local date, `YYYY-MM-DD`. */
export type IsoDate = string;

export const WALL_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Populate covers at most this many days at once. */
export const MAX_POPULATE_DAYS = 366;

export const minutesOf = (time: WallTime) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const wallTimeOf = (minutes: number): WallTime =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 0 = Sunday ... 6 = Saturday, as the venue's firstDayOfWeek and a product's nonWorkingDays count. */
export function weekdayOf(date: IsoDate): number {
  return Temporal.PlainDate.from(date).dayOfWeek % 7;
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** A date months later; the 31st of a shorter month is its last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(date: IsoDate, months: number): IsoDate {
  return Temporal.PlainDate.from(date).add({ months }).toString();
}

export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: 'days' }).days;
}

/**
 * The instant of a venue wall-clock time. On the fall-back day a repeated time is its first
 * occurrence; a time that does not exist (the spring-forward gap) is null.
 */
export function instantOf(date: IsoDate, time: WallTime, timeZone: string): Date | null {
  const wall = Temporal.PlainDateTime.from(`${date}T${time}`);
  const zoned = wall.toZonedDateTime(timeZone, { disambiguation: 'earlier' });
  if (!zoned.toPlainDateTime().equals(wall)) return null;
  return new Date(zoned.epochMilliseconds);
}

/** The venue's date and wall time of an instant. */
export function wallClockOf(instant: Date, timeZone: string): { date: IsoDate; time: WallTime } {
  const zoned = Temporal.Instant.fromEpochMilliseconds(instant.getTime()).toZonedDateTimeISO(timeZone);
  return { date: zoned.toPlainDate().toString(), time: wallTimeOf(zoned.hour * 60 + zoned.minute) };
}

/** Today's date at the venue. */
export const venueToday = (timeZone: string, now = new Date()) => wallClockOf(now, timeZone).date;

/** One line of a slot group's weekly plan. Price fields null take the product's. */
export interface SlotTemplate {
  id: string;
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  from: WallTime;
  to: WallTime;
  breakTime: number | null;
  price: number | null;
  fixedPrice: number | null;
  groupsBasedPrice: { from: number; to: number; price: number }[] | null;
  isPrivate: boolean;
  isVisibleOnline: boolean;
}

export interface PlannedSlot {
  slotTemplateId: string;
  date: IsoDate;
  from: WallTime;
  to: WallTime;
  startsAt: Date;
  endsAt: Date;
}

export interface SkippedDate {
  date: IsoDate;
  from?: WallTime;
  reason: 'before start date' | 'product non-working day' | 'product holiday' | 'venue non-working day' | 'clock change';
}

export interface PlanInput {
  startDate: IsoDate;
  templates: SlotTemplate[];
  /** Inclusive range of venue dates to fill. */
  from: IsoDate;
  to: IsoDate;
  timeZone: string;
  /** The product's weekdays off (0 = Sunday). */
  nonWorkingDays: number[];
  /** The product's holidays. */
  holidays: IsoDate[];
  /** The venue's non-working dates (calendar.setNonWorkingDays). */
  venueNonWorkingDates: IsoDate[];
}

/**
 * The slots a slot group's plan makes on each date of the range, and the dates or times it
 * leaves out with the reason. Pure: populate compares this plan with the slots that exist.
 */
export function planSlots(input: PlanInput): { slots: PlannedSlot[]; skipped: SkippedDate[] } {
  const slots: PlannedSlot[] = [];
  const skipped: SkippedDate[] = [];
  const holidays = new Set(input.holidays);
  const venueOff = new Set(input.venueNonWorkingDates);
  const weekdaysOff = new Set(input.nonWorkingDays);
  const days = daysBetween(input.from, input.to);
  for (let offset = 0; offset <= days; offset++) {
    const date = addDays(input.from, offset);
    const weekday = weekdayOf(date);
    const templates = input.templates.filter((t) => t.weekday === weekday);
    if (templates.length === 0) continue;
    const reason: SkippedDate['reason'] | null =
      date < input.startDate
        ? 'before start date'
        : weekdaysOff.has(weekday)
          ? 'product non-working day'
          : holidays.has(date)
            ? 'product holiday'
            : venueOff.has(date)
              ? 'venue non-working day'
              : null;
    if (reason) {
      skipped.push({ date, reason });
      continue;
    }
    for (const template of [...templates].sort((a, b) => minutesOf(a.from) - minutesOf(b.from))) {
      const startsAt = instantOf(date, template.from, input.timeZone);
      // An end inside a gap is the first instant after it: the slot is just shorter by the clock.
      const endsAt =
        instantOf(date, template.to, input.timeZone) ??
        new Date(
          Temporal.PlainDateTime.from(`${date}T${template.to}`).toZonedDateTime(input.timeZone, { disambiguation: 'later' })
            .epochMilliseconds,
        );
      if (!startsAt) {
        skipped.push({ date, from: template.from, reason: 'clock change' });
        continue;
      }
      slots.push({ slotTemplateId: template.id, date, from: template.from, to: template.to, startsAt, endsAt });
    }
  }
  return { slots, skipped };
}

/** The templates of a weekday that overlap, as pairs of their indexes (a plan refuses them). */
export function overlappingTemplates(templates: Pick<SlotTemplate, 'weekday' | 'from' | 'to'>[]): [number, number][] {
  const pairs: [number, number][] = [];
  templates.forEach((a, i) =>
    templates.forEach((b, j) => {
      if (j <= i || a.weekday !== b.weekday) return;
      if (minutesOf(a.from) < minutesOf(b.to) && minutesOf(b.from) < minutesOf(a.to)) pairs.push([i, j]);
    }),
  );
  return pairs;
}

/** Consecutive slots (one ends where the next starts) joined into ranges, as the calendar shows them. */
export function mergeConsecutive<T extends { startsAt: Date | string; endsAt: Date | string }>(
  slots: T[],
): { startsAt: Date; endsAt: Date; slots: T[] }[] {
  const sorted = [...slots].sort((a, b) => new Date(a.startsAt).getTime() - new Date(b.startsAt).getTime());
  const ranges: { startsAt: Date; endsAt: Date; slots: T[] }[] = [];
  for (const slot of sorted) {
    const startsAt = new Date(slot.startsAt);
    const endsAt = new Date(slot.endsAt);
    const last = ranges.at(-1);
    if (last && last.endsAt.getTime() === startsAt.getTime()) {
      last.endsAt = endsAt;
      last.slots.push(slot);
    } else {
      ranges.push({ startsAt, endsAt, slots: [slot] });
    }
  }
  return ranges;
}

export interface LaneCapacity {
  id: string;
  capacity: number;
  minCapacity: number;
}

/**
 * The lanes a group of players takes among the free ones: the fewest lanes whose capacities
 * hold everyone, the largest first, and only if the players can give each chosen lane its
 * minimum. Null when the free lanes cannot take the group.
 */
export function chooseLanes<T extends LaneCapacity>(playersCount: number, freeLanes: T[]): T[] | null {
  // Code-unit order of ids, not localeCompare: this runs for every slot of a month, and lanes
  // already in this order (lanesByCapacity) sort in one pass.
  const byCapacity = lanesByCapacity(freeLanes);
  const chosen: T[] = [];
  let seats = 0;
  for (const lane of byCapacity) {
    if (seats >= playersCount) break;
    chosen.push(lane);
    seats += lane.capacity;
  }
  if (seats < playersCount) return null;
  const minimum = chosen.reduce((sum, lane) => sum + lane.minCapacity, 0);
  return playersCount >= minimum ? chosen : null;
}

/** Lanes largest first, then by id: the order chooseLanes takes them in. */
export function lanesByCapacity<T extends LaneCapacity>(lanes: T[]): T[] {
  return [...lanes].sort((a, b) => b.capacity - a.capacity || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}
