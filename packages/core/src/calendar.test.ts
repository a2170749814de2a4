import { describe, expect, it } from 'vitest';
import {
  addDays,
  chooseLanes,
  instantOf,
  mergeConsecutive,
  overlappingTemplates,
  planSlots,
  wallClockOf,
  weekdayOf,
  type PlanInput,
  type SlotTemplate,
} from './calendar.js';

const NY = 'America/New_York';
const template = (weekday: number, from: string, to: string, id = `${weekday}-${from}`): SlotTemplate => ({
  id,
  weekday,
  from,
  to,
  breakTime: null,
  price: null,
  fixedPrice: null,
  groupsBasedPrice: null,
  isPrivate: false,
  isVisibleOnline: true,
});
const plan = (over: Partial<PlanInput>): PlanInput => ({
  startDate: '2026-01-01',
  templates: [],
  from: '2026-06-01',
  to: '2026-06-07',
  timeZone: NY,
  nonWorkingDays: [],
  holidays: [],
  venueNonWorkingDates: [],
  ...over,
});
const everyDay = (from: string, to: string) => [0, 1, 2, 3, 4, 5, 6].map((d) => template(d, from, to));

describe('venue wall clock', () => {
  it('weekdays count from Sunday = 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('resolves a wall time through the zone: summer and winter offsets', () => {
    expect(instantOf('2026-06-01', '18:00', NY)!.toISOString()).toBe('2026-06-01T22:00:00.000Z');
    expect(instantOf('2026-12-01', '18:00', NY)!.toISOString()).toBe('2026-12-01T23:00:00.000Z');
    expect(wallClockOf(new Date('2026-12-01T23:00:00Z'), NY)).toEqual({ date: '2026-12-01', time: '18:00' });
  });

  it('spring forward: 02:30 does not exist; fall back: 01:30 is its first occurrence', () => {
    expect(instantOf('2026-03-08', '02:30', NY)).toBeNull();
    expect(instantOf('2026-03-08', '03:00', NY)!.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    expect(instantOf('2026-11-01', '01:30', NY)!.toISOString()).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('planSlots', () => {
  it('makes each weekday template on each date of the range', () => {
    const { slots, skipped } = planSlots(plan({ templates: [template(1, '18:00', '19:00'), template(1, '17:00', '18:00')] }));
    expect(slots.map((s) => [s.date, s.from, s.to])).toEqual([
      ['2026-06-01', '17:00', '18:00'],
      ['2026-06-01', '18:00', '19:00'],
    ]);
    expect(skipped).toEqual([]);
    expect(slots[0].startsAt.toISOString()).toBe('2026-06-01T21:00:00.000Z');
    expect(slots[0].endsAt.toISOString()).toBe('2026-06-01T22:00:00.000Z');
  });

  it('skips the product weekdays off, its holidays, the venue non-working dates and dates before the start', () => {
    const { slots, skipped } = planSlots(
      plan({
        startDate: '2026-06-02',
        templates: everyDay('12:00', '13:00'),
        nonWorkingDays: [0],
        holidays: ['2026-06-04'],
        venueNonWorkingDates: ['2026-06-05'],
      }),
    );
    expect(slots.map((s) => s.date)).toEqual(['2026-06-02', '2026-06-03', '2026-06-06']);
    expect(skipped).toEqual([
      { date: '2026-06-01', reason: 'before start date' },
      { date: '2026-06-04', reason: 'product holiday' },
      { date: '2026-06-05', reason: 'venue non-working day' },
      { date: '2026-06-07', reason: 'product non-working day' },
    ]);
  });

  it('a slot in the spring-forward gap is not made, and the plan says so', () => {
    const { slots, skipped } = planSlots(
      plan({
        from: '2026-03-08',
        to: '2026-03-08',
        templates: [template(0, '01:00', '02:00'), template(0, '02:00', '03:00'), template(0, '03:00', '04:00')],
      }),
    );
    expect(slots.map((s) => s.from)).toEqual(['01:00', '03:00']);
    expect(skipped).toEqual([{ date: '2026-03-08', from: '02:00', reason: 'clock change' }]);
    // 01:00-02:00 ends in the gap: it ends at 03:00 by the clock, which is one real hour later.
    expect(slots[0].endsAt.getTime() - slots[0].startsAt.getTime()).toBe(3_600_000);
  });

  it('on the fall-back day a slot at 01:30 is one instant, and 01:00-02:00 lasts two real hours', () => {
    const { slots } = planSlots(
      plan({ from: '2026-11-01', to: '2026-11-01', templates: [template(0, '01:00', '02:00'), template(0, '01:30', '01:45')] }),
    );
    expect(slots.map((s) => s.startsAt.toISOString())).toEqual(['2026-11-01T05:00:00.000Z', '2026-11-01T05:30:00.000Z']);
    expect(slots[0].endsAt.getTime() - slots[0].startsAt.getTime()).toBe(2 * 3_600_000);
  });

  it('is a pure function of its input: planning twice gives the same slots', () => {
    const input = plan({ templates: everyDay('10:00', '11:00') });
    expect(planSlots(input)).toEqual(planSlots(input));
  });
});

describe('overlappingTemplates', () => {
  it('finds templates of one weekday that overlap, not ones that touch', () => {
    const templates = [
      template(1, '10:00', '11:00'),
      template(1, '11:00', '12:00'),
      template(1, '11:30', '12:30'),
      template(2, '10:30', '11:30'),
    ];
    expect(overlappingTemplates(templates)).toEqual([[1, 2]]);
  });
});

describe('mergeConsecutive', () => {
  it('joins slots where one ends as the next starts, in time order', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 5, 1, h));
    const ranges = mergeConsecutive([
      { id: 'c', startsAt: at(14), endsAt: at(15) },
      { id: 'a', startsAt: at(10), endsAt: at(11) },
      { id: 'b', startsAt: at(11), endsAt: at(12) },
    ]);
    expect(ranges.map((r) => [r.startsAt.getUTCHours(), r.endsAt.getUTCHours(), r.slots.map((s) => s.id)])).toEqual([
      [10, 12, ['a', 'b']],
      [14, 15, ['c']],
    ]);
  });
});

describe('chooseLanes', () => {
  const lanes = [
    { id: '1', capacity: 6, minCapacity: 1 },
    { id: '2', capacity: 6, minCapacity: 1 },
    { id: '3', capacity: 8, minCapacity: 4 },
  ];
  it('takes the fewest lanes that hold the group, largest first', () => {
    expect(chooseLanes(5, lanes)!.map((l) => l.id)).toEqual(['3']);
    expect(chooseLanes(12, lanes)!.map((l) => l.id)).toEqual(['3', '1']);
    expect(chooseLanes(20, lanes)!.map((l) => l.id)).toEqual(['3', '1', '2']);
  });
  it('refuses when the lanes cannot hold the group or the group cannot fill their minimums', () => {
    expect(chooseLanes(21, lanes)).toBeNull();
    expect(chooseLanes(3, [lanes[2]])).toBeNull();
    expect(chooseLanes(3, [])).toBeNull();
  });
});
