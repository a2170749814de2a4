import { addDays, weekdayOf, type IsoDate } from './calendar.js';

/** Booking statuses and how people read them (the console's labels and colors). */

export const BOOKING_STATUSES = ['new', 'wait_for_payment', 'paid', 'canceled', 'abandoned'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
// The live ones are LIVE_BOOKING_STATUSES (booking-money.ts).

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  new: 'New',
  wait_for_payment: 'Wait For Payment',
  paid: 'Paid',
  canceled: 'Canceled',
  abandoned: 'Abandoned',
};

/** A status label, or the raw value for one this version does not know. */
export const bookingStatusLabel = (status: string) => BOOKING_STATUS_LABELS[status as BookingStatus] ?? status;

/** The booking list's named date ranges; week, month and year are the last whole ones. */
export type NamedDateRange = 'yesterday' | 'today' | 'tomorrow' | 'thisWeek' | 'week' | 'thisMonth' | 'month' | 'thisYear' | 'year';

/** The first and last venue date (inclusive) of a named range around `today`, weeks starting on `firstDayOfWeek` (0 = Sunday). */
export function dateRangeOf(name: NamedDateRange, today: IsoDate, firstDayOfWeek = 0): { from: IsoDate; to: IsoDate } {
  const weekStart = addDays(today, -((weekdayOf(today) - firstDayOfWeek + 7) % 7));
  const monthStart = `${today.slice(0, 7)}-01`;
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const monthEnd = (start: IsoDate) => addDays(`${addDays(start, 31).slice(0, 7)}-01`, -1);
  switch (name) {
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'today':
      return { from: today, to: today };
    case 'tomorrow':
      return { from: addDays(today, 1), to: addDays(today, 1) };
    case 'thisWeek':
      return { from: weekStart, to: addDays(weekStart, 6) };
    case 'week':
      return { from: addDays(weekStart, -7), to: addDays(weekStart, -1) };
    case 'thisMonth':
      return { from: monthStart, to: monthEnd(monthStart) };
    case 'month': {
      const start = `${addDays(monthStart, -1).slice(0, 7)}-01`;
      return { from: start, to: addDays(monthStart, -1) };
    }
    case 'thisYear':
      return { from: yearStart, to: `${today.slice(0, 4)}-12-31` };
    case 'year': {
      const last = String(Number(today.slice(0, 4)) - 1);
      return { from: `${last}-01-01`, to: `${last}-12-31` };
    }
  }
}
