import { describe, expect, it } from 'vitest';
import { dateRangeOf } from './bookings.js';
import { bookingListQuerySchema } from './booking-schemas.js';

describe('the booking list date ranges, in venue dates', () => {
  // Wednesday 2026-11-25.
  const today = '2026-11-25';
  it('names days, weeks (from the venue first day of week), months and years', () => {
    expect(dateRangeOf('yesterday', today)).toEqual({ from: '2026-11-24', to: '2026-11-24' });
    expect(dateRangeOf('tomorrow', today)).toEqual({ from: '2026-11-26', to: '2026-11-26' });
    expect(dateRangeOf('thisWeek', today)).toEqual({ from: '2026-11-22', to: '2026-11-28' });
    expect(dateRangeOf('thisWeek', today, 1)).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    expect(dateRangeOf('week', today)).toEqual({ from: '2026-11-15', to: '2026-11-21' });
    expect(dateRangeOf('thisMonth', today)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(dateRangeOf('month', today)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(dateRangeOf('month', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(dateRangeOf('thisYear', today)).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(dateRangeOf('year', '2026-01-01')).toEqual({ from: '2025-01-01', to: '2025-12-31' });
  });
});

describe('booking list search', () => {
  const parse = (search: string) => bookingListQuerySchema.safeParse({ search });
  it('takes field:query with each field minimum, phones stripped to digits and plus', () => {
    expect(parse('email:ada@').data?.search).toEqual({ field: 'email', query: 'ada@' });
    expect(parse('phone:+1 (555) 123-4567').data?.search).toEqual({ field: 'phone', query: '+15551234567' });
    expect(parse('email:ada').success).toBe(false);
    expect(parse('phone:555-12').success).toBe(false);
    expect(parse('bookingReference:AB').success).toBe(false);
    expect(parse('lastName:L').success).toBe(true);
    expect(parse('nickname:x').success).toBe(false);
    expect(parse('no-field').success).toBe(false);
  });
});
