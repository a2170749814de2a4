import { describe, expect, test } from 'vitest';
import { nextInDirection, type Box } from './calendar-a11y';
import {
  bookingBlockDetails,
  bookingBlockHint,
  bookingBlockMarks,
  bookingBlockName,
  dayLabel,
  freeLaneName,
  lanesLabel,
  slotRangeLines,
  slotRangeName,
  timeRangeLabel,
} from './calendar-labels';
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, readableBlock, STATUS_STYLE, TEXT_CONTRAST } from './lane-colors';

const US = { timeFormat: 12 as const };
const EU = { timeFormat: 24 as const, dateFormat: 'DD.MM.YYYY' };

describe("the calendar blocks' words", () => {
  test('times, dates and lanes in the venue formats', () => {
    expect(timeRangeLabel('19:00', '20:00', US)).toBe('7:00 PM–8:00 PM');
    expect(timeRangeLabel('00:00', '12:30', US)).toBe('12:00 AM–12:30 PM');
    expect(timeRangeLabel('19:00', '20:00', EU)).toBe('19:00–20:00');
    expect(dayLabel('2026-11-26', US)).toBe('Thu 11/26/26');
    expect(dayLabel('2026-11-26', EU)).toBe('Thu 26.11.2026');
    expect(lanesLabel(['Lane 2'])).toBe('Lane 2');
    expect(lanesLabel(['Lane 1', 'Lane 2'])).toBe('Lane 1 and Lane 2');
    expect(lanesLabel(['A', 'B', 'C'])).toBe('A, B and C');
    expect(lanesLabel([])).toBe('no lane');
  });

  test('a booking block says time, lane, customer, players, status and product', () => {
    const booking = {
      from: '19:00',
      to: '20:00',
      lanes: ['Lane 2'],
      name: 'Jane Smith',
      status: 'paid',
      playersCount: 4,
      productName: 'Axe 60',
    };
    expect(bookingBlockName(booking, US)).toBe('Booking 7:00 PM–8:00 PM, Lane 2, Jane Smith, 4 players, Paid, Axe 60');
    expect(bookingBlockDetails(booking)).toBe('4 players · Paid · Axe 60');
    // No name, one player, a status this version does not know, the product unknown: still words.
    const bare = { ...booking, name: '', playersCount: 1, status: 'on_hold', productName: '', lanes: ['Lane 1', 'Lane 2'] };
    expect(bookingBlockName(bare, EU)).toBe('Booking 19:00–20:00, Lane 1 and Lane 2, No name, 1 player, on_hold');
    expect(bookingBlockDetails({ ...bare, status: 'wait_for_payment' })).toBe('1 player · Wait For Payment');
    expect(bookingBlockHint(bare, EU)).toBe('No name · 1 player · on_hold · 19:00–20:00');
  });

  test('a booking block marks who is in and the waivers signed of the players, where the product asks for one', () => {
    const booking = {
      from: '19:00',
      to: '20:00',
      lanes: ['Lane 2'],
      name: 'Maximiliane Oberhollenzer-Featherstonehaugh',
      status: 'paid',
      playersCount: 4,
      productName: 'Axe 60',
    };
    // Nothing known, nothing said; not arrived is the ordinary state, so it carries no mark.
    expect(bookingBlockMarks(booking)).toEqual([]);
    expect(bookingBlockMarks({ ...booking, presenceStatus: 'no', numberOfSignedWaivers: 2, waiverRequired: false })).toEqual([]);
    const marked = { ...booking, presenceStatus: 'fully' as const, numberOfSignedWaivers: 2, waiverRequired: true };
    expect(bookingBlockMarks(marked).map((mark) => [mark.kind, mark.text])).toEqual([
      ['presence', 'Checked in'],
      ['waivers', '2/4 signed'],
    ]);
    expect(bookingBlockMarks({ ...marked, presenceStatus: 'partially' })[0]!.text).toBe('Partly in');
    // Signatures beyond the players (a re-sign) never read as more than all.
    expect(bookingBlockMarks({ ...marked, presenceStatus: 'no', numberOfSignedWaivers: 6 })).toEqual([
      { kind: 'waivers', text: '4/4 signed', spoken: '4 of 4 waivers signed' },
    ]);
    // The whole name on hover and focus, and in the name screen readers hear, with the marks in words.
    expect(bookingBlockHint(marked, US)).toBe(
      'Maximiliane Oberhollenzer-Featherstonehaugh · Checked in · 2/4 signed · 4 players · Paid · Axe 60 · 7:00 PM–8:00 PM',
    );
    expect(bookingBlockName(marked, US)).toBe(
      'Booking 7:00 PM–8:00 PM, Lane 2, Maximiliane Oberhollenzer-Featherstonehaugh, checked in, 2 of 4 waivers signed, 4 players, Paid, Axe 60',
    );
  });

  test('a slot says its availability in words as well as by its colour', () => {
    const slot = { date: '2026-11-26', from: '19:00', to: '20:00', productName: 'Axe 60', lanesFree: 1, lanesTotal: 8, slotCount: 1 };
    expect(slotRangeLines(slot)).toEqual(['Axe 60', '1 free / 7 taken · Almost full']);
    expect(slotRangeName(slot, US)).toBe('Slot Thu 11/26/26, 7:00 PM–8:00 PM, Axe 60, 1 of 8 lanes free, Almost full');
    const some = { ...slot, lanesFree: 4, slotCount: 3, to: '22:00' };
    expect(slotRangeLines(some)[1]).toBe('4 free / 4 taken · Filling up · 3 slots');
    expect(slotRangeName(some, US)).toBe('3 slots Thu 11/26/26, 7:00 PM–10:00 PM, Axe 60, 4 of 8 lanes free, Filling up');
    // A one-lane venue's free slot is Available, not "Almost full" (issue 34); nothing free is Full.
    expect(slotRangeName({ ...slot, lanesFree: 1, lanesTotal: 1 }, US)).toContain('1 of 1 lane free, Available');
    expect(slotRangeLines({ ...slot, lanesFree: 1, lanesTotal: 2 })[1]).toBe('1 free / 1 taken · Available');
    expect(slotRangeName({ ...slot, lanesFree: 0, lanesTotal: 1 }, US)).toContain('0 of 1 lane free, Full');
    expect(slotRangeName({ ...slot, lanesFree: 0, lanesTotal: 0 }, US)).toContain('0 of 0 lanes free, Full');
  });

  test('free lane time names its time, lane and product', () => {
    expect(freeLaneName({ from: '21:00', to: '22:00', lane: 'Lane 3', productName: 'Axe 60' }, US)).toBe(
      'Free lane time 9:00 PM–10:00 PM, Lane 3, Axe 60: book it',
    );
  });
});

describe('the colours under text', () => {
  test('contrast ratios are the WCAG ones', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The figure: white on Mantine's blue 6.
    expect(contrastRatio('#228be6', '#ffffff')).toBeCloseTo(3.56, 2);
    expect(contrastRatio('not a colour', '#ffffff')).toBe(1);
  });

  test('every block keeps 4.5:1: white or dark text, or a darker shade of a colour neither reads on', () => {
    const colours = [
      '#228be6',
      '#ff7171',
      '#d59d00',
      '#2b8a3e',
      '#fab005',
      '#1971c2',
      '#777777',
      '#808080',
      '#ff0000',
      '#00ff00',
      '#ffffff',
      '#000000',
    ];
    for (const colour of colours) {
      const block = readableBlock(colour);
      expect(contrastRatio(block.background, block.text), `${colour} → ${JSON.stringify(block)}`).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    // A colour that already reads keeps itself; dark text on light colours, white on dark ones.
    expect(readableBlock('#fab005')).toEqual({ background: '#fab005', text: DARK_TEXT });
    expect(readableBlock('#1971c2')).toEqual({ background: '#1971c2', text: LIGHT_TEXT });
    // Mid grey reads with neither at 4.5:1 (white 4.48, dark 4.2): a darker shade under white text.
    const grey = readableBlock('#777777');
    expect(grey.text).toBe(LIGHT_TEXT);
    expect(grey.background).not.toBe('#777777');
    for (const style of Object.values(STATUS_STYLE))
      expect(contrastRatio(style.background, style.text)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });
});

describe('arrow keys between blocks', () => {
  // The lane view: two lanes (rows 40px high); lane 1 has bookings at x 0 and 300, lane 2 one at x 100.
  const lanes: Box[] = [
    { x: 0, y: 0, width: 100, height: 40 },
    { x: 300, y: 0, width: 100, height: 40 },
    { x: 100, y: 40, width: 100, height: 40 },
  ];

  test('Right and Left stay on the lane; Down and Up go to the nearest block of the next lane', () => {
    expect(nextInDirection(lanes, 0, 'right')).toBe(1);
    expect(nextInDirection(lanes, 1, 'left')).toBe(0);
    expect(nextInDirection(lanes, 0, 'left')).toBeNull();
    expect(nextInDirection(lanes, 0, 'down')).toBe(2);
    expect(nextInDirection(lanes, 1, 'down')).toBe(2);
    expect(nextInDirection(lanes, 2, 'up')).toBe(0);
    // Nothing further right on lane 2: the nearest block right of it elsewhere.
    expect(nextInDirection(lanes, 2, 'right')).toBe(1);
    expect(nextInDirection(lanes, 2, 'down')).toBeNull();
    expect(nextInDirection(lanes, 7, 'down')).toBeNull();
  });

  test('in the week view Down is later the same day, Right the next day; blocks side by side go in page order', () => {
    const week: Box[] = [
      { x: 0, y: 0, width: 50, height: 100 },
      { x: 50, y: 0, width: 50, height: 100 },
      { x: 0, y: 200, width: 100, height: 50 },
      { x: 100, y: 220, width: 100, height: 50 },
    ];
    expect(nextInDirection(week, 0, 'down')).toBe(2);
    expect(nextInDirection(week, 0, 'right')).toBe(1);
    expect(nextInDirection(week, 2, 'right')).toBe(3);
    expect(nextInDirection(week, 3, 'left')).toBe(2);
    // Two blocks at the same place: the next one in the page's order, then back.
    const twins: Box[] = [
      { x: 0, y: 0, width: 50, height: 50 },
      { x: 0, y: 0, width: 50, height: 50 },
    ];
    expect(nextInDirection(twins, 0, 'right')).toBe(1);
    expect(nextInDirection(twins, 1, 'left')).toBe(0);
    expect(nextInDirection(twins, 1, 'right')).toBeNull();
  });
});
