import { describe, expect, test } from 'vitest';
import type { CalendarSlot } from './availability';
import {
  freeCellAt,
  isCalendarDate,
  laneBookings,
  laneMoveOf,
  laneScrollTime,
  newBookingPath,
  readCalendarAddress,
  shownDateAfter,
  viewOfType,
  viewTypeOf,
} from './lane-view';

const DAY = '2026-11-27';

function slot(id: string, productId: string, from: string, to: string, bookings: CalendarSlot['bookings'] = [], date = DAY): CalendarSlot {
  return {
    id,
    productId,
    date,
    from,
    to,
    startsAt: `${date}T${from}:00.000Z`,
    endsAt: `${date}T${to}:00.000Z`,
    isPrivate: false,
    isVisibleOnline: true,
    lanesTotal: 2,
    lanesTaken: bookings.length,
    lanesFree: 2 - bookings.length,
    unavailableReason: null,
    bookings,
  };
}
const booking = (id: string, lanes: string[]) => ({
  id,
  name: `Guest ${id}`,
  status: 'paid',
  playersCount: 4,
  resourceIds: lanes,
  presenceStatus: 'no' as const,
  numberOfSignedWaivers: 0,
  waiverRequired: false,
});

describe('the calendar address', () => {
  const today = '2026-11-26';
  const read = (query: string) => readCalendarAddress(new URLSearchParams(query), today);

  test('view and date open the calendar there', () => {
    expect(read('view=lanes&date=2026-12-24')).toEqual({ view: 'lanes', date: '2026-12-24' });
    expect(read('view=month&date=2027-01-01')).toEqual({ view: 'month', date: '2027-01-01' });
    expect(read('view=day&date=2026-11-30')).toEqual({ view: 'day', date: '2026-11-30' });
  });

  test('missing or bad values are the defaults: the week, the venue today', () => {
    expect(read('')).toEqual({ view: 'week', date: today });
    expect(read('view=year&date=2026-02-30')).toEqual({ view: 'week', date: today });
    expect(read('view=LANES&date=26-11-27')).toEqual({ view: 'week', date: today });
    expect(read('view=lanes&date=<script>')).toEqual({ view: 'lanes', date: today });
    expect(read('view=lanes&date=1899-12-31').date).toBe(today);
    expect(read('view=lanes&date=2201-01-01').date).toBe(today);
  });

  test('real dates only, leap days included', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
  });

  test('views map to the calendar library and back', () => {
    for (const view of ['week', 'day', 'month', 'lanes'] as const) expect(viewOfType(viewTypeOf(view))).toBe(view);
    expect(viewOfType('listWeek')).toBeNull();
  });

  test('the date kept while still shown, else the first day shown', () => {
    expect(shownDateAfter('2026-11-26', '2026-11-22', '2026-11-29')).toBe('2026-11-26');
    expect(shownDateAfter('2026-11-26', '2026-11-29', '2026-12-06')).toBe('2026-11-29');
    expect(shownDateAfter('2026-11-26', '2026-11-26', '2026-11-27')).toBe('2026-11-26');
    expect(shownDateAfter('2026-11-26', '2026-11-27', '2026-11-28')).toBe('2026-11-27');
  });
});

describe('the lane day view', () => {
  test('a booking holding consecutive slots is one block from the first start to the last end', () => {
    const slots = [
      slot('s1', 'p1', '18:00', '19:00', [booking('b1', ['L1'])]),
      slot('s2', 'p1', '19:00', '20:00', [booking('b1', ['L1']), booking('b2', ['L2'])]),
      slot('s0', 'p1', '10:00', '11:00'),
    ];
    expect(laneBookings(slots)).toEqual([
      { ...booking('b1', ['L1']), productId: 'p1', date: DAY, from: '18:00', to: '20:00', slotIds: ['s1', 's2'] },
      { ...booking('b2', ['L2']), productId: 'p1', date: DAY, from: '19:00', to: '20:00', slotIds: ['s2'] },
    ]);
  });

  test('a block ending at midnight ends after every other end', () => {
    const slots = [
      slot('s1', 'p1', '22:00', '23:00', [booking('b1', ['L1'])]),
      slot('s2', 'p1', '23:00', '00:00', [booking('b1', ['L1'])]),
    ];
    expect(laneBookings(slots)[0]).toMatchObject({ from: '22:00', to: '00:00' });
  });

  test('today opens an hour before now, on the hour', () => {
    expect(
      laneScrollTime({ date: DAY, today: DAY, now: '19:40', slots: [slot('s', 'p1', '10:00', '11:00', [booking('b', ['L1'])])] }),
    ).toBe('18:00:00');
    expect(laneScrollTime({ date: DAY, today: DAY, now: '00:20', slots: [] })).toBe('00:00:00');
  });

  test('another day opens an hour before its first booking, or its first slot, or 08:00', () => {
    const evening = [slot('s1', 'p1', '10:00', '11:00'), slot('s2', 'p1', '20:00', '21:00', [booking('b', ['L1'])])];
    expect(laneScrollTime({ date: DAY, today: '2026-11-26', now: '09:00', slots: evening })).toBe('19:00:00');
    expect(laneScrollTime({ date: DAY, today: '2026-11-26', now: '09:00', slots: [slot('s1', 'p1', '14:30', '15:30')] })).toBe('13:00:00');
    expect(laneScrollTime({ date: DAY, today: '2026-11-26', now: '09:00', slots: [] })).toBe('08:00:00');
    // Another day's slots do not count.
    expect(
      laneScrollTime({ date: DAY, today: '2026-11-26', now: '09:00', slots: [slot('x', 'p1', '12:00', '13:00', [], '2026-11-28')] }),
    ).toBe('08:00:00');
  });

  test('free lane time books its product, slot and lane; held lanes, other lanes, closed days and times outside slots do not', () => {
    const lanes = new Map([
      ['p1', ['L1', 'L2']],
      ['p2', ['L2', 'L3']],
    ]);
    const slots = [slot('s1', 'p1', '18:00', '19:00', [booking('b1', ['L1'])]), slot('s2', 'p2', '18:00', '19:00')];
    expect(freeCellAt(slots, lanes, 'L2', DAY, '18:30')).toEqual({ productId: 'p1', slotId: 's1', laneId: 'L2' });
    expect(freeCellAt(slots, lanes, 'L3', DAY, '18:00')).toEqual({ productId: 'p2', slotId: 's2', laneId: 'L3' });
    expect(freeCellAt(slots, lanes, 'L1', DAY, '18:30')).toBeNull();
    expect(freeCellAt(slots, lanes, 'L2', DAY, '19:00')).toBeNull();
    expect(freeCellAt(slots, lanes, 'L4', DAY, '18:30')).toBeNull();
    expect(freeCellAt(slots, lanes, 'L2', '2026-11-28', '18:30')).toBeNull();
    const closed = [{ ...slot('s3', 'p1', '18:00', '19:00'), unavailableReason: 'The venue is closed on this day' }];
    expect(freeCellAt(closed, lanes, 'L2', DAY, '18:30')).toBeNull();
    // The product filter's order decides between two products sharing the lane.
    const p2First = new Map([
      ['p2', ['L2', 'L3']],
      ['p1', ['L1', 'L2']],
    ]);
    expect(freeCellAt(slots, p2First, 'L2', DAY, '18:30')?.productId).toBe('p2');
  });

  test('the new-booking link carries the three ids, encoded', () => {
    expect(newBookingPath({ productId: 'p 1', slotId: 's&1', laneId: 'Lane #2' })).toBe(
      '/bookings/create?productId=p+1&slotId=s%261&laneId=Lane+%232',
    );
  });
});

describe('a booking block dropped elsewhere (decision 028)', () => {
  const day = [
    slot('s1', 'p1', '18:00', '19:00', [booking('b1', ['L1'])]),
    slot('s2', 'p1', '19:00', '20:00', [booking('b1', ['L1'])]),
    slot('s3', 'p1', '20:00', '21:00'),
    slot('s4', 'p1', '21:00', '22:00'),
    slot('x1', 'p2', '20:00', '21:00'),
  ];
  const b1 = laneBookings(day)[0]!;
  const drop = (over: { time: string; fromLane?: string; toLane?: string }) =>
    laneMoveOf({ booking: b1, slots: day, productLanes: ['L1', 'L2'], date: DAY, timeLabel: (t) => t, ...over });

  test('to another lane and time: as many slots in a row from the slot holding the drop, the dragged lane replaced', () => {
    expect(drop({ time: '20:00', fromLane: 'L1', toLane: 'L2' })).toEqual({ move: { slots: ['s3', 's4'], resourceIds: ['L2'] } });
    // Dropped half way into a slot: that slot's start.
    expect(drop({ time: '20:30' })).toEqual({ move: { slots: ['s3', 's4'], resourceIds: ['L1'] } });
    expect(drop({ time: '18:00', fromLane: 'L1', toLane: 'L2' })).toEqual({ move: { slots: ['s1', 's2'], resourceIds: ['L2'] } });
  });

  test('a drop that changes nothing asks nothing', () => {
    expect(drop({ time: '18:30', fromLane: 'L1', toLane: 'L1' })).toBeNull();
  });

  test('what cannot be a move says why', () => {
    expect(drop({ time: '12:00' })).toEqual({ refused: 'No slot of this product at 12:00.' });
    expect(drop({ time: '21:00' })).toEqual({ refused: "The booking's 2 slots in a row do not fit from 21:00." });
    expect(drop({ time: '18:00', fromLane: 'L1', toLane: 'L9' })).toEqual({ refused: 'L9 is not a lane of this product.' });
    const twoLanes = { ...b1, resourceIds: ['L1', 'L2'] };
    expect(
      laneMoveOf({
        booking: twoLanes,
        slots: day,
        productLanes: ['L1', 'L2'],
        date: DAY,
        time: '18:00',
        fromLane: 'L1',
        toLane: 'L2',
        timeLabel: (t) => t,
      }),
    ).toEqual({ refused: 'The booking already holds L2.' });
  });
});
