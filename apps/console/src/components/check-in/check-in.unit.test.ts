import { describe, expect, test } from 'vitest';
import { checkInWarnings, hasWarnings, warningLines } from './check-in';

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('check-in warnings', () => {
  test('missing waivers and money due are both said', () => {
    const booking = { playersCount: 4, numberOfSignedWaivers: 0, due: 4000 };
    const warnings = checkInWarnings(booking, true);
    expect(warnings).toEqual({ missingWaivers: 4, due: 4000 });
    expect(hasWarnings(warnings)).toBe(true);
    expect(warningLines(booking, warnings, money)).toEqual(['0 of 4 waivers signed: 4 players have not signed.', '$40.00 is still due.']);
  });

  test('one player missing reads in the singular', () => {
    const booking = { playersCount: 3, numberOfSignedWaivers: 2, due: 0 };
    expect(warningLines(booking, checkInWarnings(booking, true), money)).toEqual(['2 of 3 waivers signed: 1 player has not signed.']);
  });

  test('a product without a waiver never warns about waivers', () => {
    const booking = { playersCount: 4, numberOfSignedWaivers: 0, due: 0 };
    expect(hasWarnings(checkInWarnings(booking, false))).toBe(false);
  });

  test('all signed (or more, friends signing too) and nothing due: no question', () => {
    expect(hasWarnings(checkInWarnings({ playersCount: 2, numberOfSignedWaivers: 2, due: 0 }, true))).toBe(false);
    expect(hasWarnings(checkInWarnings({ playersCount: 2, numberOfSignedWaivers: 5, due: 0 }, true))).toBe(false);
  });
});
