import { describe, expect, it } from 'vitest';
import { busyLanesDuring, type LaneHold } from './service.js';

const at = (hour: number) => new Date(Date.UTC(2026, 5, 1, 0, hour * 60));
const hold = (resourceId: string, from: number, until: number): LaneHold => ({ resourceId, startsAt: at(from), blockedUntil: at(until) });
const interval = (from: number, until: number) => ({ from: at(from), until: at(until) });
const sets = (result: Set<string>[]) => result.map((lanes) => [...lanes].sort());

describe('busyLanesDuring: one sweep over holds sorted by start', () => {
  it('a hold makes its lane busy for every interval it overlaps, touching ends do not overlap', () => {
    const holds = [hold('L1', 10, 11), hold('L2', 10.5, 12), hold('L3', 12, 13)];
    expect(sets(busyLanesDuring(holds, [interval(9, 10), interval(10, 11), interval(11, 12), interval(12, 13), interval(13, 14)]))).toEqual(
      [[], ['L1', 'L2'], ['L2'], ['L3'], []],
    );
  });

  it('intervals of several products, a long one before short ones starting later, see the right holds', () => {
    // A 3-hour slot from 10:00 and 1-hour slots from 10:00, 11:00 and 12:00 (ordered by start).
    const holds = [hold('L1', 10, 11), hold('L2', 12.25, 12.5), hold('L3', 15, 16)];
    expect(sets(busyLanesDuring(holds, [interval(10, 13), interval(10, 11), interval(11, 12), interval(12, 13)]))).toEqual([
      ['L1', 'L2'],
      ['L1'],
      [],
      ['L2'],
    ]);
  });

  it('a break widens the hold: the lane stays busy until the break is over', () => {
    expect(sets(busyLanesDuring([hold('L1', 10, 11.25)], [interval(11, 12)]))).toEqual([['L1']]);
  });
});
