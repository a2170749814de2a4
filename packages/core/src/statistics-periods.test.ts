import { describe, expect, it } from 'vitest';
import { bucketOf, dateBucketsOf, hourBucketsOf, percent, periodOf, previousPeriodOf, startOfDay } from './statistics-periods.js';

describe('the dashboard’s periods (issue 24)', () => {
  it('today by default, a named period around today, or from and to', () => {
    expect(periodOf({}, '2026-03-18', 0)).toEqual({ from: '2026-03-18', to: '2026-03-18' });
    expect(periodOf({ period: 'thisWeek' }, '2026-03-18', 1)).toEqual({ from: '2026-03-16', to: '2026-03-22' });
    expect(periodOf({ period: 'thisWeek' }, '2026-03-18', 0)).toEqual({ from: '2026-03-15', to: '2026-03-21' });
    expect(periodOf({ period: 'month' }, '2026-03-18', 0)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodOf({ from: '2026-01-02', to: '2026-01-05', period: 'today' }, '2026-03-18', 0)).toEqual({
      from: '2026-01-02',
      to: '2026-01-05',
    });
  });

  it('the period before: whole months against as many whole months, anything else as many days', () => {
    expect(previousPeriodOf({ from: '2026-03-01', to: '2026-03-31' })).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(previousPeriodOf({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(previousPeriodOf({ from: '2026-01-01', to: '2026-12-31' })).toEqual({ from: '2025-01-01', to: '2025-12-31' });
    expect(previousPeriodOf({ from: '2026-04-01', to: '2026-06-30' })).toEqual({ from: '2026-01-01', to: '2026-03-31' });
    expect(previousPeriodOf({ from: '2026-03-18', to: '2026-03-18' })).toEqual({ from: '2026-03-17', to: '2026-03-17' });
    expect(previousPeriodOf({ from: '2026-03-16', to: '2026-03-22' })).toEqual({ from: '2026-03-09', to: '2026-03-15' });
    expect(previousPeriodOf({ from: '2026-03-02', to: '2026-03-31' })).toEqual({ from: '2026-01-31', to: '2026-03-01' });
  });

  it('hours for a day, days up to 62, weeks up to 366, months beyond', () => {
    expect(bucketOf({ from: '2026-03-01', to: '2026-03-01' })).toBe('hour');
    expect(bucketOf({ from: '2026-03-01', to: '2026-05-01' })).toBe('day');
    expect(bucketOf({ from: '2026-03-01', to: '2026-05-02' })).toBe('week');
    expect(bucketOf({ from: '2024-01-01', to: '2024-12-31' })).toBe('week');
    expect(bucketOf({ from: '2024-01-01', to: '2025-01-01' })).toBe('month');
  });

  it('buckets cover the period exactly, weeks from the first day of week, months clipped', () => {
    for (const [bucket, period] of [
      ['day', { from: '2026-02-25', to: '2026-03-03' }],
      ['week', { from: '2026-01-01', to: '2026-03-31' }],
      ['month', { from: '2025-11-15', to: '2027-02-10' }],
    ] as const) {
      for (const firstDay of [0, 1, 6]) {
        const buckets = dateBucketsOf(period, bucket, firstDay);
        expect(buckets[0].start).toBe(period.from);
        expect(buckets.at(-1)!.end).toBe(period.to);
        for (let i = 1; i < buckets.length; i++) expect(buckets[i].start > buckets[i - 1].end).toBe(true);
      }
    }
    expect(dateBucketsOf({ from: '2026-01-01', to: '2026-01-20' }, 'week', 6).slice(0, 2)).toEqual([
      { start: '2026-01-01', end: '2026-01-02' },
      { start: '2026-01-03', end: '2026-01-09' },
    ]);
    expect(dateBucketsOf({ from: '2025-11-15', to: '2026-01-10' }, 'month', 0)).toEqual([
      { start: '2025-11-15', end: '2025-11-30' },
      { start: '2025-12-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-01-10' },
    ]);
  });

  it('a day’s hours follow its zone: 23 and 25 on the days the clocks change, half hours at Lord Howe', () => {
    expect(hourBucketsOf('2026-03-29', 'Europe/London')).toHaveLength(23);
    expect(hourBucketsOf('2026-10-25', 'Europe/London')).toHaveLength(25);
    expect(hourBucketsOf('2026-06-01', 'Asia/Kolkata')[0]).toMatchObject({ label: '00:00', start: new Date('2026-05-31T18:30:00Z') });
    // Lord Howe moves its clocks by half an hour: the first of April 2026 ends at 02:00 DST, back to 01:30.
    const lordHowe = hourBucketsOf('2026-04-05', 'Australia/Lord_Howe');
    const minutes = lordHowe.reduce((sum, hour) => sum + (hour.end.getTime() - hour.start.getTime()) / 60_000, 0);
    expect(minutes).toBe(24.5 * 60);
    expect(startOfDay('2026-03-08', 'America/New_York')).toEqual(new Date('2026-03-08T05:00:00Z'));
  });

  it('percent with one decimal, 0 of nothing', () => {
    expect(percent(2, 3)).toBe(66.7);
    expect(percent(1, 0)).toBe(0);
    expect(percent(150, 360)).toBe(41.7);
  });
});
