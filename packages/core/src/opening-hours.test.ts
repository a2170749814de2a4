import { describe, expect, it } from 'vitest';
import { planSlots, type SlotTemplate } from './calendar.js';
import { openingHoursSchema } from './calendar-schemas.js';
import { openingHoursProblems, templatesOfOpeningHours, unusedMinutesOfRange, type OpeningHours } from './opening-hours.js';

const NY = 'America/New_York';
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const hours = (over: Partial<OpeningHours> = {}): OpeningHours => ({
  days: ALL_WEEK.map((weekday) => ({ weekday, ranges: [{ from: '10:00', to: '20:00' }] })),
  slotMinutes: 60,
  stepMinutes: 60,
  breakTime: null,
  price: null,
  fixedPrice: null,
  groupsBasedPrice: null,
  isPrivate: false,
  isVisibleOnline: true,
  ...over,
});
const times = (rows: { from: string; to: string }[]) => rows.map((r) => `${r.from}-${r.to}`);
const withIds = (rows: Omit<SlotTemplate, 'id'>[]): SlotTemplate[] => rows.map((r, i) => ({ ...r, id: `t${i}` }));

describe('opening hours to rows', () => {
  it('10:00-20:00 every 60 minutes, every day: ten rows a day, the last ending at closing', () => {
    const rows = templatesOfOpeningHours(hours());
    expect(rows).toHaveLength(70);
    const monday = rows.filter((r) => r.weekday === 1);
    expect(times(monday)).toEqual([
      '10:00-11:00',
      '11:00-12:00',
      '12:00-13:00',
      '13:00-14:00',
      '14:00-15:00',
      '15:00-16:00',
      '16:00-17:00',
      '17:00-18:00',
      '18:00-19:00',
      '19:00-20:00',
    ]);
    expect(monday[0]).toMatchObject({ price: null, isPrivate: false, isVisibleOnline: true });
    expect(openingHoursProblems(hours())).toEqual([]);
  });

  it('a closing time that is not a multiple of the step: the last slot ends by it, the rest is unused', () => {
    const day = { weekday: 2, ranges: [{ from: '10:00', to: '20:30' }] };
    const rows = templatesOfOpeningHours(hours({ days: [day], slotMinutes: 90, stepMinutes: 120 }));
    expect(times(rows)).toEqual(['10:00-11:30', '12:00-13:30', '14:00-15:30', '16:00-17:30', '18:00-19:30']);
    expect(unusedMinutesOfRange(day.ranges[0]!, 90, 120)).toBe(60);
    expect(times(templatesOfOpeningHours(hours({ days: [day], slotMinutes: 45, stepMinutes: 45 }))).at(-1)).toBe('19:45-20:30');
    const short = { weekday: 2, ranges: [{ from: '10:00', to: '10:50' }] };
    expect(templatesOfOpeningHours(hours({ days: [short], slotMinutes: 60, stepMinutes: 60 }))).toEqual([]);
  });

  it('several ranges a day, closed days, and rows in weekday and time order', () => {
    const rows = templatesOfOpeningHours(
      hours({
        days: [
          {
            weekday: 5,
            ranges: [
              { from: '18:00', to: '20:00' },
              { from: '11:00', to: '13:00' },
            ],
          },
          { weekday: 3, ranges: [] },
          { weekday: 0, ranges: [{ from: '09:00', to: '10:00' }] },
        ],
        price: 2500,
      }),
    );
    expect(rows.map((r) => `${r.weekday} ${r.from}-${r.to}`)).toEqual([
      '0 09:00-10:00',
      '5 11:00-12:00',
      '5 12:00-13:00',
      '5 18:00-19:00',
      '5 19:00-20:00',
    ]);
    expect(rows.every((r) => r.price === 2500)).toBe(true);
  });

  it('refuses what cannot be a plan, naming the field', () => {
    const paths = (h: OpeningHours) => openingHoursProblems(h).map((p) => p.path.join('.'));
    expect(paths(hours({ slotMinutes: 90, stepMinutes: 30 }))).toEqual(['stepMinutes']);
    // Overnight is not one range: the early hours go on the next day.
    expect(paths(hours({ days: [{ weekday: 5, ranges: [{ from: '20:00', to: '02:00' }] }] }))).toEqual(['days.0.ranges.0.to']);
    expect(paths(hours({ days: [{ weekday: 5, ranges: [{ from: '12:00', to: '12:00' }] }] }))).toEqual(['days.0.ranges.0.to']);
    expect(paths(hours({ days: [{ weekday: 5, ranges: [{ from: '12:00', to: '12:30' }] }] }))).toEqual(['days.0.ranges.0.to']);
    expect(
      paths(
        hours({
          days: [
            {
              weekday: 5,
              ranges: [
                { from: '10:00', to: '14:00' },
                { from: '13:00', to: '18:00' },
              ],
            },
            { weekday: 5, ranges: [] },
          ],
        }),
      ),
    ).toEqual(['days.0.ranges.1.from', 'days.1.weekday']);
    expect(
      paths(
        hours({ days: ALL_WEEK.map((weekday) => ({ weekday, ranges: [{ from: '00:00', to: '23:55' }] })), slotMinutes: 5, stepMinutes: 5 }),
      ),
    ).toEqual(['slotMinutes']);
    const parsed = (body: unknown) => openingHoursSchema.safeParse(body);
    const issuePaths = (body: unknown) => parsed(body).error?.issues.map((i) => i.path.join('.'));
    expect(issuePaths({ days: [], slotMinutes: 0, stepMinutes: 60 })).toEqual(['slotMinutes']);
    expect(issuePaths({ days: [], slotMinutes: 10000, stepMinutes: 60 })).toEqual(['slotMinutes']);
    expect(issuePaths({ days: [{ weekday: 7, ranges: [] }], slotMinutes: 60, stepMinutes: 60 })).toEqual(['days.0.weekday']);
    expect(
      issuePaths({ days: [{ weekday: 1, ranges: [{ from: '10:\u000000', to: '20:00' }] }], slotMinutes: 60, stepMinutes: 60 }),
    ).toEqual(['days.0.ranges.0.from']);
    expect(parsed({ days: [{ weekday: 1, ranges: [{ from: '10:00', to: '20:00' }] }], slotMinutes: 60, stepMinutes: 60 }).success).toBe(
      true,
    );
  });
});

describe('the rows on clock-change days in America/New_York', () => {
  const night = hours({ days: [{ weekday: 0, ranges: [{ from: '00:00', to: '04:00' }] }] });
  const plan = (date: string) =>
    planSlots({
      startDate: '2026-01-01',
      templates: withIds(templatesOfOpeningHours(night)),
      from: date,
      to: date,
      timeZone: NY,
      nonWorkingDays: [],
      holidays: [],
      venueNonWorkingDates: [],
    });

  it('spring forward (Sunday 2026-03-08): the 02:00 slot does not exist and is left out; the 01:00 slot ends at 03:00', () => {
    const { slots, skipped } = plan('2026-03-08');
    expect(times(slots)).toEqual(['00:00-01:00', '01:00-02:00', '03:00-04:00']);
    expect(skipped).toEqual([{ date: '2026-03-08', from: '02:00', reason: 'clock change' }]);
    const oneAm = slots[1]!;
    expect(oneAm.startsAt.toISOString()).toBe('2026-03-08T06:00:00.000Z');
    expect(oneAm.endsAt.toISOString()).toBe('2026-03-08T07:00:00.000Z');
    // Each slot still follows the one before: the calendar shows one range.
    expect(slots[2]!.startsAt.getTime()).toBe(oneAm.endsAt.getTime());
  });

  it('fall back (Sunday 2026-11-01): the repeated hour is in the 01:00 slot, which lasts two real hours', () => {
    const { slots, skipped } = plan('2026-11-01');
    expect(skipped).toEqual([]);
    expect(times(slots)).toEqual(['00:00-01:00', '01:00-02:00', '02:00-03:00', '03:00-04:00']);
    expect(slots[1]!.startsAt.toISOString()).toBe('2026-11-01T05:00:00.000Z');
    expect(slots[1]!.endsAt.toISOString()).toBe('2026-11-01T07:00:00.000Z');
    expect(slots[2]!.startsAt.getTime()).toBe(slots[1]!.endsAt.getTime());
  });

  it('an ordinary day makes the same rows at the same wall times', () => {
    expect(times(plan('2026-06-07').slots)).toEqual(['00:00-01:00', '01:00-02:00', '02:00-03:00', '03:00-04:00']);
  });
});
