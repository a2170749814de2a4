import { describe, expect, it } from 'vitest';
import { keepSelection, toggleSlot } from './slots';

// Hourly slots 17:00–22:00 UTC, and one at 23:00 after a gap.
const at = (h: number) => `2026-03-14T${String(h).padStart(2, '0')}:00:00.000Z`;
const slot = (id: string, from: number, to: number) => ({ id, startsAt: at(from), endsAt: at(to) });
const day = [
  slot('a', 17, 18),
  slot('b', 18, 19),
  slot('c', 19, 20),
  slot('d', 20, 21),
  slot('e', 21, 22),
  { id: 'g', startsAt: at(23), endsAt: '2026-03-15T00:00:00.000Z' },
];

describe('choosing consecutive slots', () => {
  it('a first click chooses one slot', () => {
    expect(toggleSlot(day, [], 'b')).toEqual(['b']);
  });

  it('a slot right after or right before the range extends it', () => {
    expect(toggleSlot(day, ['b'], 'c')).toEqual(['b', 'c']);
    expect(toggleSlot(day, ['b', 'c'], 'a')).toEqual(['a', 'b', 'c']);
    expect(toggleSlot(day, ['a', 'b', 'c'], 'd')).toEqual(['a', 'b', 'c', 'd']);
  });

  it('a slot that does not touch the range starts again from it', () => {
    expect(toggleSlot(day, ['a', 'b'], 'd')).toEqual(['d']);
    // 22:00–23:00 is missing, so 23:00 does not follow 21:00–22:00.
    expect(toggleSlot(day, ['d', 'e'], 'g')).toEqual(['g']);
  });

  it("a click on the range's first or last slot takes it off; on a middle one starts again", () => {
    expect(toggleSlot(day, ['a', 'b', 'c'], 'a')).toEqual(['b', 'c']);
    expect(toggleSlot(day, ['a', 'b', 'c'], 'c')).toEqual(['a', 'b']);
    expect(toggleSlot(day, ['b'], 'b')).toEqual([]);
    expect(toggleSlot(day, ['a', 'b', 'c'], 'b')).toEqual(['b']);
  });

  it('ignores an id the day does not have', () => {
    expect(toggleSlot(day, ['a'], 'zzz')).toEqual(['a']);
  });

  it('keeps a selection after a reload only when every slot is still offered and they still follow each other', () => {
    expect(keepSelection(day, ['b', 'c'])).toEqual(['b', 'c']);
    expect(
      keepSelection(
        day.filter((s) => s.id !== 'c'),
        ['b', 'c'],
      ),
    ).toEqual([]);
    expect(keepSelection(day, ['c', 'e'])).toEqual([]);
    expect(keepSelection(day, [])).toEqual([]);
  });
});
