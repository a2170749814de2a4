import { describe, expect, test } from 'vitest';
import { checkInWarnings, hasWarnings, shortDayLabel, warningLines } from './check-in';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const TODAY = '2026-11-29';

describe('check-in warnings', () => {
  test('missing waivers and money due are both said', () => {
    const booking = { playersCount: 4, numberOfSignedWaivers: 0, due: 4000, date: TODAY };
    const warnings = checkInWarnings(booking, true, TODAY);
    expect(warnings).toEqual({ missingWaivers: 4, due: 4000, otherDay: null, banned: null });
    expect(hasWarnings(warnings)).toBe(true);
    expect(warningLines(booking, warnings, money)).toEqual(['0 of 4 waivers signed: 4 players have not signed.', '$40.00 is still due.']);
  });

  test('one player missing reads in the singular', () => {
    const booking = { playersCount: 3, numberOfSignedWaivers: 2, due: 0, date: TODAY };
    expect(warningLines(booking, checkInWarnings(booking, true, TODAY), money)).toEqual([
      '2 of 3 waivers signed: 1 player has not signed.',
    ]);
  });

  test('a product without a waiver never warns about waivers', () => {
    const booking = { playersCount: 4, numberOfSignedWaivers: 0, due: 0, date: TODAY };
    expect(hasWarnings(checkInWarnings(booking, false, TODAY))).toBe(false);
  });

  test('all signed (or more, friends signing too) and nothing due: no question', () => {
    expect(hasWarnings(checkInWarnings({ playersCount: 2, numberOfSignedWaivers: 2, due: 0, date: TODAY }, true, TODAY))).toBe(false);
    expect(hasWarnings(checkInWarnings({ playersCount: 2, numberOfSignedWaivers: 5, due: 0, date: TODAY }, true, TODAY))).toBe(false);
  });

  test("another day's booking is asked first, named by its day", () => {
    const booking = { playersCount: 2, numberOfSignedWaivers: 2, due: 0, date: '2026-12-05' };
    const warnings = checkInWarnings(booking, true, TODAY);
    expect(hasWarnings(warnings)).toBe(true);
    expect(warningLines(booking, warnings, money)).toEqual(['This booking is on Sat 5 Dec.']);
    expect(shortDayLabel('2026-09-01')).toBe('Tue 1 Sep');
  });

  test('a banned guest is asked about first, with the ban note, even when nothing else is missing', () => {
    const booking = { playersCount: 2, numberOfSignedWaivers: 2, due: 4000, date: TODAY };
    const warnings = checkInWarnings(booking, true, TODAY, 'Threw drunk on 3 May');
    expect(hasWarnings(warnings)).toBe(true);
    expect(warningLines(booking, warnings, money)).toEqual(['This guest is banned: Threw drunk on 3 May', '$40.00 is still due.']);
    const noNote = checkInWarnings({ ...booking, due: 0 }, true, TODAY, '');
    expect(hasWarnings(noNote)).toBe(true);
    expect(warningLines(booking, noNote, money)).toEqual(['This guest is banned.']);
  });
});
