import { Temporal } from 'temporal-polyfill';
import { addDays, daysBetween, weekdayOf, type IsoDate } from './calendar.js';
import { dateRangeOf } from './bookings.js';

export type ChartBucket = 'hour' | 'day' | 'week' | 'month';
export type StatisticPeriod = 'today' | 'thisWeek' | 'week' | 'thisMonth' | 'month' | 'thisYear' | 'year';

/**
 * The dashboard's periods and chart buckets (issue 24), pure (no zod: the console may import it): venue dates in the venue's zone,
 * weeks from the venue's first day of week. A day's instants come from the zone's own rules, so
 * a DST day has 23 or 25 hours and a booking at 23:30 on a month's last day is in that month.
 */

export interface Period {
  from: IsoDate;
  to: IsoDate;
}

/** The period asked: from and to, a named period around today, or today. */
export function periodOf(query: { from?: string; to?: string; period?: StatisticPeriod }, today: IsoDate, firstDayOfWeek: number): Period {
  if (query.from !== undefined && query.to !== undefined) return { from: query.from, to: query.to };
  if (query.period) return dateRangeOf(query.period, today, firstDayOfWeek);
  return { from: today, to: today };
}

const isMonthStart = (date: IsoDate) => date.endsWith('-01');
const isMonthEnd = (date: IsoDate) => addDays(date, 1).endsWith('-01');

/**
 * The period just before, to compare with: whole months give the same number of whole months
 * before (this month against last month, whatever their lengths); any other period the same
 * number of days before.
 */
export function previousPeriodOf({ from, to }: Period): Period {
  if (isMonthStart(from) && isMonthEnd(to)) {
    const start = Temporal.PlainDate.from(from);
    const months = start.until(Temporal.PlainDate.from(addDays(to, 1)), { largestUnit: 'months' }).months;
    return { from: start.subtract({ months }).toString(), to: addDays(from, -1) };
  }
  const days = daysBetween(from, to) + 1;
  return { from: addDays(from, -days), to: addDays(from, -1) };
}

/** The first instant of a venue date (midnight, or the zone's first time that day). */
export function startOfDay(date: IsoDate, timeZone: string): Date {
  return new Date(Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds);
}

/** Hours for one day, days up to two months, weeks up to a year, months beyond (issue 24). */
export function bucketOf({ from, to }: Period): ChartBucket {
  const days = daysBetween(from, to) + 1;
  if (days === 1) return 'hour';
  if (days <= 62) return 'day';
  if (days <= 366) return 'week';
  return 'month';
}

export interface DateBucket {
  start: IsoDate;
  end: IsoDate;
}

/** The period's buckets of days, weeks or months, the first and last clipped to the period. */
export function dateBucketsOf({ from, to }: Period, bucket: Exclude<ChartBucket, 'hour'>, firstDayOfWeek: number): DateBucket[] {
  const buckets: DateBucket[] = [];
  let start = from;
  while (start <= to) {
    let next: IsoDate;
    if (bucket === 'day') next = addDays(start, 1);
    else if (bucket === 'week') next = addDays(start, 7 - ((weekdayOf(start) - firstDayOfWeek + 7) % 7));
    else
      next = Temporal.PlainDate.from(`${start.slice(0, 7)}-01`)
        .add({ months: 1 })
        .toString();
    const end = addDays(next, -1) < to ? addDays(next, -1) : to;
    buckets.push({ start, end });
    start = next;
  }
  return buckets;
}

export interface HourBucket {
  start: Date;
  end: Date;
  /** The venue's wall-clock hour, `HH:mm`. */
  label: string;
}

/** The hours of a venue date: 24, or 23 and 25 on the days the clocks change. */
export function hourBucketsOf(date: IsoDate, timeZone: string): HourBucket[] {
  const dayStart = Temporal.PlainDate.from(date).toZonedDateTime({ timeZone });
  const dayEnd = Temporal.PlainDate.from(addDays(date, 1)).toZonedDateTime({ timeZone });
  const hours: HourBucket[] = [];
  for (let at = dayStart; Temporal.ZonedDateTime.compare(at, dayEnd) < 0;) {
    const next = at.add({ hours: 1 });
    const end = Temporal.ZonedDateTime.compare(next, dayEnd) < 0 ? next : dayEnd;
    hours.push({
      start: new Date(at.epochMilliseconds),
      end: new Date(end.epochMilliseconds),
      label: `${String(at.hour).padStart(2, '0')}:${String(at.minute).padStart(2, '0')}`,
    });
    at = end;
  }
  return hours;
}

/** Percent with one decimal; 0 when there is nothing to divide by. */
export const percent = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);
