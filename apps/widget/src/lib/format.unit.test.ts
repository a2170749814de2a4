import { describe, expect, it } from 'vitest';
import { cancellationNotice, dateOf, longDate, money, timeOf, venueToday, whenText } from './format';
import type { VenueFormat } from './types';

const newYork = { timezone: 'America/New_York', timeFormat: 12 as const, dateFormat: 'MM/DD/YY', moneyFormat: '${{amount}}' };
const berlin = { timezone: 'Europe/Berlin', timeFormat: 24 as const, dateFormat: 'DD.MM.YYYY', moneyFormat: '{{amount}} €' };

describe("money in the venue's format", () => {
  it('writes cents with the venue money format', () => {
    expect(money(2500, newYork)).toBe('$25.00');
    expect(money(123456, newYork)).toBe('$1,234.56');
    expect(money(999, berlin)).toBe('9.99 €');
    expect(money(0, newYork)).toBe('$0.00');
    expect(money(-500, newYork)).toBe('-$5.00');
  });
});

describe("times in the venue's zone and format", () => {
  // 23:30 UTC on March 14 is 19:30 in New York (EDT) and 00:30 on March 15 in Berlin.
  const instant = '2026-03-14T23:30:00.000Z';

  it('writes the time in 12 or 24 hours, in the zone', () => {
    expect(timeOf(instant, newYork)).toBe('7:30 PM');
    expect(timeOf(instant, berlin)).toBe('00:30');
  });

  it("writes the date in the venue's date format and zone", () => {
    expect(dateOf(instant, newYork)).toBe('03/14/26');
    expect(dateOf(instant, berlin)).toBe('15.03.2026');
  });

  it('writes a booking from its start to its end', () => {
    expect(whenText(instant, '2026-03-15T01:30:00.000Z', newYork)).toBe('03/14/26, 7:30 PM – 9:30 PM');
  });

  it("knows the venue's today, which may not be the reader's", () => {
    expect(venueToday('America/New_York', new Date(instant))).toBe('2026-03-14');
    expect(venueToday('Europe/Berlin', new Date(instant))).toBe('2026-03-15');
  });

  it('writes a venue date as the venue means it, in any zone', () => {
    expect(longDate('2026-03-14')).toBe('Saturday, March 14, 2026');
  });
});

describe('the cancellation notice', () => {
  const venue = { timezone: 'America/New_York', dateFormat: 'MM/DD/YY', timeFormat: 12, moneyFormat: '${{amount}}' } satisfies VenueFormat;
  it('says until when the booking can be canceled online, with the product period', () => {
    const booking = { isCancellable: true, cancellableUntil: '2026-03-28T16:00:00.000Z' };
    expect(cancellationNotice(booking, { amount: 24, unit: 'hours' }, venue)).toBe(
      'You can cancel your booking online up to 24 hours before it starts: until 03/28/26 at 12:00 PM.',
    );
    expect(cancellationNotice(booking, { amount: 1, unit: 'days' }, venue)).toMatch(
      /^You can cancel your booking online up to 1 day before/,
    );
  });
  it('a booking made inside the period (10 hours away) is not said to be cancellable', () => {
    expect(
      cancellationNotice({ isCancellable: false, cancellableUntil: '2026-03-28T16:00:00.000Z' }, { amount: 24, unit: 'hours' }, venue),
    ).toBe(
      'Online cancellation closes 24 hours before the start, so this booking can no longer be canceled online: contact the venue to change it.',
    );
  });
});
