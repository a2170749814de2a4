import { describe, expect, it } from 'vitest';
import { addMonths, dateForKey, monthGrid, monthTitle, weekdayNames } from './month';

describe('the month grid', () => {
  it('covers the month in whole weeks from Sunday', () => {
    // March 2026 starts on a Sunday and has 31 days: five weeks.
    const weeks = monthGrid('2026-03', 0);
    expect(weeks).toHaveLength(5);
    expect(weeks[0][0]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    expect(weeks[4][2]).toEqual({ date: '2026-03-31', day: 31, inMonth: true });
    expect(weeks[4][3]).toEqual({ date: '2026-04-01', day: 1, inMonth: false });
    expect(weeks.flat().filter((d) => d.inMonth)).toHaveLength(31);
  });

  it("starts each week on the venue's first day of the week", () => {
    // With Monday first, March 2026 opens with six days of February.
    const weeks = monthGrid('2026-03', 1);
    expect(weeks[0][0]).toEqual({ date: '2026-02-23', day: 23, inMonth: false });
    expect(weeks[0][6]).toEqual({ date: '2026-03-01', day: 1, inMonth: true });
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });

  it('handles February of a leap year and a month that fills four rows', () => {
    expect(
      monthGrid('2024-02', 0)
        .flat()
        .filter((d) => d.inMonth),
    ).toHaveLength(29);
    // February 2026 starts on a Sunday and has 28 days: exactly four weeks.
    expect(monthGrid('2026-02', 0)).toHaveLength(4);
  });

  it('moves between months across years', () => {
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(monthTitle('2026-03')).toBe('March 2026');
  });

  it('names the weekdays in grid order', () => {
    expect(weekdayNames(0)).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(weekdayNames(1)[0]).toBe('Mon');
    expect(weekdayNames(1)[6]).toBe('Sun');
  });

  it('moves the focus with the keyboard', () => {
    expect(dateForKey('ArrowRight', '2026-03-31')).toBe('2026-04-01');
    expect(dateForKey('ArrowLeft', '2026-03-01')).toBe('2026-02-28');
    expect(dateForKey('ArrowDown', '2026-03-28')).toBe('2026-04-04');
    expect(dateForKey('ArrowUp', '2026-03-03')).toBe('2026-02-24');
    // 2026-03-04 is a Wednesday.
    expect(dateForKey('Home', '2026-03-04', 0)).toBe('2026-03-01');
    expect(dateForKey('End', '2026-03-04', 0)).toBe('2026-03-07');
    expect(dateForKey('Home', '2026-03-04', 1)).toBe('2026-03-02');
    expect(dateForKey('PageDown', '2026-01-31')).toBe('2026-02-28');
    expect(dateForKey('PageUp', '2026-03-15')).toBe('2026-02-15');
    expect(dateForKey('Enter', '2026-03-15')).toBeNull();
  });
});
