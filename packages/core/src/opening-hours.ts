import { minutesOf, WALL_TIME, wallTimeOf, type SlotTemplate, type WallTime } from './calendar.js';

/**
 * A weekly plan written as opening hours (docs/decisions/034-opening-hours-and-keeping-the-calendar-populated.md):
 * per weekday closed or open in one or more ranges, a slot length and how often a slot starts.
 * The rows (slot templates) are made from it here, by the console for its preview and by the
 * server when it saves the plan, so both make the same rows.
 */

export interface OpeningRange {
  from: WallTime;
  to: WallTime;
}

export interface OpeningDay {
  /** 0 = Sunday ... 6 = Saturday. */
  weekday: number;
  /** Empty: closed that day. */
  ranges: OpeningRange[];
}

/** The fields every row made from the hours carries; null takes the product's. */
export type OpeningSlotFields = Pick<
  SlotTemplate,
  'breakTime' | 'price' | 'fixedPrice' | 'groupsBasedPrice' | 'isPrivate' | 'isVisibleOnline'
>;

export interface OpeningHours extends OpeningSlotFields {
  /** Weekdays not listed are closed. */
  days: OpeningDay[];
  /** How long each slot lasts, in minutes. */
  slotMinutes: number;
  /** A slot starts every this many minutes from the opening time (at least `slotMinutes`). */
  stepMinutes: number;
}

/** A plan holds at most this many rows (the templates' own limit). */
export const MAX_PLAN_ROWS = 500;
export const MIN_SLOT_MINUTES = 5;
/** The longest slot a day can hold: a range ends by 23:59 on the day it opens. */
export const MAX_SLOT_MINUTES = 24 * 60 - 1;

/** The start and end minutes of each slot of one range: from the opening, every step, the last ending by the closing. */
export function slotsOfRange(range: OpeningRange, slotMinutes: number, stepMinutes: number): { from: number; to: number }[] {
  const open = minutesOf(range.from);
  const close = minutesOf(range.to);
  const made: { from: number; to: number }[] = [];
  if (slotMinutes < 1 || stepMinutes < 1) return made;
  for (let start = open; start + slotMinutes <= close; start += stepMinutes) made.push({ from: start, to: start + slotMinutes });
  return made;
}

/** Minutes between a range's last slot's end and its closing time (0 when the slots fill it). */
export function unusedMinutesOfRange(range: OpeningRange, slotMinutes: number, stepMinutes: number): number {
  const made = slotsOfRange(range, slotMinutes, stepMinutes);
  const close = minutesOf(range.to);
  return made.length ? close - made[made.length - 1]!.to : close - minutesOf(range.from);
}

/** The rows (without ids) the hours make, by weekday and time. Assumes hours without problems (`openingHoursProblems`). */
export function templatesOfOpeningHours(hours: OpeningHours): Omit<SlotTemplate, 'id'>[] {
  const fields: OpeningSlotFields = {
    breakTime: hours.breakTime,
    price: hours.price,
    fixedPrice: hours.fixedPrice,
    groupsBasedPrice: hours.groupsBasedPrice,
    isPrivate: hours.isPrivate,
    isVisibleOnline: hours.isVisibleOnline,
  };
  const rows: Omit<SlotTemplate, 'id'>[] = [];
  for (const day of [...hours.days].sort((a, b) => a.weekday - b.weekday)) {
    const ranges = [...day.ranges].sort((a, b) => minutesOf(a.from) - minutesOf(b.from));
    for (const range of ranges) {
      for (const slot of slotsOfRange(range, hours.slotMinutes, hours.stepMinutes)) {
        rows.push({ weekday: day.weekday, from: wallTimeOf(slot.from), to: wallTimeOf(slot.to), ...fields });
      }
    }
  }
  return rows;
}

export interface OpeningHoursProblem {
  path: (string | number)[];
  message: string;
}

/**
 * What is wrong with hours whose fields each have the right shape: a weekday twice, a step
 * shorter than the slot (a product's slots cannot overlap), a range closing before it opens
 * (a venue open past midnight writes the early hours on the next day), overlapping ranges of a
 * day, a range shorter than one slot, and more rows than a plan holds.
 */
export function openingHoursProblems(hours: Pick<OpeningHours, 'days' | 'slotMinutes' | 'stepMinutes'>): OpeningHoursProblem[] {
  const problems: OpeningHoursProblem[] = [];
  const slotOk = Number.isInteger(hours.slotMinutes) && hours.slotMinutes >= MIN_SLOT_MINUTES && hours.slotMinutes <= MAX_SLOT_MINUTES;
  const stepOk = Number.isInteger(hours.stepMinutes) && hours.stepMinutes >= 1;
  if (slotOk && stepOk && hours.stepMinutes < hours.slotMinutes)
    problems.push({
      path: ['stepMinutes'],
      message: 'A slot cannot start before the one before it ends: the step must be at least the slot length',
    });
  const seen = new Set<number>();
  hours.days.forEach((day, i) => {
    if (seen.has(day.weekday)) problems.push({ path: ['days', i, 'weekday'], message: 'Each weekday is listed once' });
    seen.add(day.weekday);
    const valid = day.ranges.map((r) => WALL_TIME.test(r.from) && WALL_TIME.test(r.to) && minutesOf(r.to) > minutesOf(r.from));
    day.ranges.forEach((range, j) => {
      if (!WALL_TIME.test(range.from) || !WALL_TIME.test(range.to)) return;
      if (!valid[j]) {
        problems.push({
          path: ['days', i, 'ranges', j, 'to'],
          message: 'Closing must be after opening on the same day: for hours past midnight, open the next day from 00:00',
        });
        return;
      }
      if (slotOk && minutesOf(range.to) - minutesOf(range.from) < hours.slotMinutes)
        problems.push({ path: ['days', i, 'ranges', j, 'to'], message: 'This range is shorter than one slot' });
      for (let k = 0; k < j; k++) {
        const other = day.ranges[k]!;
        if (valid[k] && minutesOf(range.from) < minutesOf(other.to) && minutesOf(other.from) < minutesOf(range.to)) {
          problems.push({ path: ['days', i, 'ranges', j, 'from'], message: 'Ranges of one day cannot overlap' });
          break;
        }
      }
    });
  });
  if (problems.length === 0 && slotOk && stepOk) {
    const rows = hours.days.reduce(
      (sum, day) => sum + day.ranges.reduce((n, range) => n + slotsOfRange(range, hours.slotMinutes, hours.stepMinutes).length, 0),
      0,
    );
    if (rows > MAX_PLAN_ROWS)
      problems.push({
        path: ['slotMinutes'],
        message: `These hours make ${rows} slots a week; a plan holds at most ${MAX_PLAN_ROWS}: choose longer slots or a longer step`,
      });
  }
  return problems;
}
