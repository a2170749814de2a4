import { describe, expect, it } from 'vitest';
import { asciiDigits, formatMoney, formatVenueClock, formatVenueDate, formatVenueTime, normalizePhone, recentLabel } from './format.js';
import { DEFAULT_MONEY_FORMAT } from './venue.js';

describe('formatMoney (integer cents, venue moneyFormat)', () => {
  it('uses the default format ${{amount}} with two decimals and thousands separators', () => {
    expect(DEFAULT_MONEY_FORMAT).toBe('${{amount}}');
    expect(formatMoney(123456)).toBe('$1,234.56');
    expect(formatMoney(123456, DEFAULT_MONEY_FORMAT)).toBe('$1,234.56');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(50)).toBe('$0.50');
    expect(formatMoney(100000000)).toBe('$1,000,000.00');
  });

  it('rounds to whole units for {{amount_rounded}}, half up', () => {
    expect(formatMoney(123456, '{{amount_rounded}} CAD')).toBe('1,235 CAD');
    expect(formatMoney(149, '${{amount_rounded}}')).toBe('$1');
    expect(formatMoney(150, '${{amount_rounded}}')).toBe('$2');
    expect(formatMoney(49, '${{amount_rounded}}')).toBe('$0');
  });

  it('replaces every placeholder, both kinds in one format', () => {
    expect(formatMoney(1250, '{{amount}} ({{amount_rounded}}) = {{amount}}')).toBe('12.50 (13) = 12.50');
  });

  it('puts the sign in front of the whole text for negative amounts', () => {
    expect(formatMoney(-1999)).toBe('-$19.99');
    expect(formatMoney(-1999, '{{amount}} USD')).toBe('-19.99 USD');
    expect(formatMoney(-150, '${{amount_rounded}}')).toBe('-$2');
  });

  it('leaves a format without placeholders as it is', () => {
    expect(formatMoney(1000, 'free')).toBe('free');
  });
});

describe('venue clock in the venue time zone', () => {
  const ny = { timezone: 'America/New_York', timeFormat: 12 as const, dateFormat: 'MM/DD/YY' };

  it('shows the wall clock of the venue zone, not of the server', () => {
    const instant = new Date('2026-07-04T16:05:09Z');
    expect(formatVenueClock(instant, ny)).toBe('07/04/26 12:05:09 PM');
    expect(formatVenueClock(instant, { ...ny, timezone: 'America/Los_Angeles' })).toBe('07/04/26 9:05:09 AM');
    expect(formatVenueClock(instant, { ...ny, timezone: 'Asia/Tokyo', timeFormat: 24 })).toBe('07/05/26 01:05:09');
  });

  it('crosses the spring-forward DST change (America/New_York, 2026-03-08)', () => {
    expect(formatVenueClock(new Date('2026-03-08T06:59:59Z'), ny)).toBe('03/08/26 1:59:59 AM');
    expect(formatVenueClock(new Date('2026-03-08T07:00:00Z'), ny)).toBe('03/08/26 3:00:00 AM');
    expect(formatVenueTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York', 24)).toBe('03:00:00');
  });

  it('shows the repeated hour twice at the fall-back DST change (2026-11-01)', () => {
    expect(formatVenueTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('1:30:00 AM');
    expect(formatVenueTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('1:30:00 AM');
    expect(formatVenueTime(new Date('2026-11-01T07:30:00Z'), 'America/New_York')).toBe('2:30:00 AM');
  });

  it('formats 12 and 24 hour clocks at midnight and noon', () => {
    const midnight = new Date('2026-01-15T05:00:00Z'); // 00:00 in New York
    const noon = new Date('2026-01-15T17:00:00Z');
    expect(formatVenueTime(midnight, 'America/New_York', 12)).toBe('12:00:00 AM');
    expect(formatVenueTime(midnight, 'America/New_York', 24)).toBe('00:00:00');
    expect(formatVenueTime(noon, 'America/New_York', 12)).toBe('12:00:00 PM');
    expect(formatVenueTime(noon, 'America/New_York', 24)).toBe('12:00:00');
    expect(formatVenueTime(new Date('2026-01-15T04:59:00Z'), 'America/New_York', 12)).toBe('11:59:00 PM');
    expect(formatVenueTime(new Date('2026-01-15T18:07:00Z'), 'America/New_York', 24, false)).toBe('13:07');
    expect(formatVenueTime(new Date('2026-01-15T18:07:00Z'), 'America/New_York', 12, false)).toBe('1:07 PM');
  });

  it('defaults to a 12 hour clock and MM/DD/YY', () => {
    const instant = new Date('2026-01-15T18:07:03Z');
    expect(formatVenueTime(instant, 'UTC')).toBe('6:07:03 PM');
    expect(formatVenueDate(instant, 'UTC')).toBe('01/15/26');
  });

  it('formats every venue date format, on the venue calendar day', () => {
    // 03:00 UTC on New Year's Day is still New Year's Eve in Los Angeles.
    const instant = new Date('2026-01-01T03:00:00Z');
    const la = 'America/Los_Angeles';
    expect(formatVenueDate(instant, la, 'MM/DD/YY')).toBe('12/31/25');
    expect(formatVenueDate(instant, la, 'MM/DD/YYYY')).toBe('12/31/2025');
    expect(formatVenueDate(instant, la, 'DD/MM/YY')).toBe('31/12/25');
    expect(formatVenueDate(instant, la, 'DD/MM/YYYY')).toBe('31/12/2025');
    expect(formatVenueDate(instant, la, 'YYYY-MM-DD')).toBe('2025-12-31');
    expect(formatVenueDate(instant, la, 'DD.MM.YYYY')).toBe('31.12.2025');
    expect(formatVenueDate(instant, 'Europe/Berlin', 'YYYY-MM-DD')).toBe('2026-01-01');
  });
});

describe('normalizePhone', () => {
  it('keeps digits and plus only', () => {
    expect(normalizePhone('+1 (212) 555-0100')).toBe('+12125550100');
    expect(normalizePhone('212.555.0100 ext')).toBe('2125550100');
    expect(normalizePhone('  +44 20 7946 0958 ')).toBe('+442079460958');
    expect(normalizePhone('phone')).toBe('');
    expect(normalizePhone('')).toBe('');
  });

  it('reads the digits of other scripts as 0-9', () => {
    expect(normalizePhone('(٥٥٥) ١٢٣-٤٥٦٧')).toBe('5551234567');
    expect(normalizePhone('+۱ ۵۵۵ ۱۲۳ ۴۵۶۷')).toBe('+15551234567');
    expect(normalizePhone('५५५ १२३ ४५६७')).toBe('5551234567');
    expect(normalizePhone('５５５１２３４５６７')).toBe('5551234567');
    expect(asciiDigits('𝟎𝟗𝟘𝟡')).toBe('0909');
  });
});

describe('recentLabel', () => {
  const now = new Date('2026-06-01T12:00:00Z');
  const ago = (ms: number) => recentLabel(new Date(now.getTime() - ms), now);
  const MIN = 60_000;
  const HOUR = 60 * MIN;
  const DAY = 24 * HOUR;

  it("says 'new' under 20 minutes, and for a time in the future", () => {
    expect(ago(0)).toBe('new');
    expect(ago(20 * MIN - 1)).toBe('new');
    expect(ago(-5 * MIN)).toBe('new');
  });

  it('counts minutes, hours, days, months and years with the right plural', () => {
    expect(ago(20 * MIN)).toBe('20 minutes ago');
    expect(ago(59 * MIN + 59_000)).toBe('59 minutes ago');
    expect(ago(HOUR)).toBe('1 hour ago');
    expect(ago(2 * HOUR)).toBe('2 hours ago');
    expect(ago(DAY - 1)).toBe('23 hours ago');
    expect(ago(DAY)).toBe('1 day ago');
    expect(ago(29 * DAY)).toBe('29 days ago');
    expect(ago(30 * DAY)).toBe('1 month ago');
    expect(ago(65 * DAY)).toBe('2 months ago');
    expect(ago(359 * DAY)).toBe('11 months ago');
    expect(ago(365 * DAY)).toBe('1 year ago');
    expect(ago(3 * 365 * DAY)).toBe('3 years ago');
  });

  it('never says 0 years between twelve months and a full year', () => {
    for (const days of [360, 362, 364]) expect(ago(days * DAY), `${days} days`).toBe('1 year ago');
  });

  it('uses the current time by default', () => {
    expect(recentLabel(new Date())).toBe('new');
    expect(recentLabel(new Date(Date.now() - 3 * HOUR))).toBe('3 hours ago');
  });
});
