import { describe, expect, it } from 'vitest';
import {
  bookingChange,
  customerBookingRequest,
  customerDetailsProblems,
  keepSelection,
  playersRange,
  repricingOf,
  slotRun,
  slotsFrom,
  staffBookingRequest,
  startingGroup,
  startingPlayers,
  toggleSlot,
  upsellChoices,
  upsellQueryValue,
  type BookingBefore,
  type BookingDraft,
  type BookingEdit,
} from './booking-form.js';

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

describe('runs of slots (the desk: a start time and a length)', () => {
  it('runs from the start while each slot begins when the last one ends', () => {
    expect(slotRun(day, 'c').map((s) => s.id)).toEqual(['c', 'd', 'e']);
    expect(slotRun(day, 'g').map((s) => s.id)).toEqual(['g']);
    expect(slotRun(day, 'zzz')).toEqual([]);
  });

  it('takes up to the length from the start, fewer when fewer follow', () => {
    expect(slotsFrom(day, 'a', 2)).toEqual(['a', 'b']);
    expect(slotsFrom(day, 'd', 3)).toEqual(['d', 'e']);
    expect(slotsFrom(day, 'zzz', 2)).toEqual([]);
  });

  it('compares instants, not how they are written', () => {
    const written = [slot('a', 17, 18), { id: 'b', startsAt: '2026-03-14T14:00:00-04:00', endsAt: at(19) }];
    expect(slotsFrom(written, 'a', 2)).toEqual(['a', 'b']);
  });
});

const info = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '', note: '' };
const draft: BookingDraft = {
  productId: 'axe',
  date: '2026-03-14',
  slots: ['a', 'b'],
  playersCount: 4,
  reservationInfo: info,
  upsellQuantities: { drink: 2, hat: 0 },
  customFields: { Team: 'Red', Age: '', Notes: undefined },
  selectedGroupId: 'g1',
  promocode: '  SPRING ',
  affiliateId: null,
};

describe('the request a filled-in form sends', () => {
  it('extras: only those chosen at least once', () => {
    expect(upsellChoices({ drink: 2, hat: 0, pin: 1 })).toEqual([
      { id: 'drink', quantity: 2 },
      { id: 'pin', quantity: 1 },
    ]);
  });

  it("extras in the price calls' query: id:quantity pairs", () => {
    expect(upsellQueryValue(upsellChoices({ drink: 2, hat: 0, pin: 1 }))).toBe('drink:2,pin:1');
    expect(upsellQueryValue([])).toBe('');
  });

  it('the desk: custom fields as typed, lanes and a custom price only when given, no group size', () => {
    const staff = { resourceIds: [], isWalkIn: true, isFullFirstPayment: false, isConfirmationEmail: true };
    expect(staffBookingRequest(draft, staff)).toEqual({
      productId: 'axe',
      date: '2026-03-14',
      slots: ['a', 'b'],
      playersCount: 4,
      reservationInfo: info,
      upsellItems: [{ id: 'drink', quantity: 2 }],
      customFields: { Team: 'Red', Age: '' },
      promocode: 'SPRING',
      affiliateId: null,
      isWalkIn: true,
      isFullFirstPayment: false,
      isConfirmationEmail: true,
      isSpecifyGroupSize: false,
      selectedGroupId: 'g1',
    });
    const withLanes = staffBookingRequest({ ...draft, promocode: '  ' }, { ...staff, resourceIds: ['lane-1'], customPrice: null });
    expect(withLanes).toMatchObject({ resourceIds: ['lane-1'], customPrice: null, promocode: null });
  });

  it('the widget: an online booking that mails its confirmation, the group only under group pricing, empty fields left out', () => {
    const grouped = customerBookingRequest(draft, 'group-range');
    expect(grouped).toMatchObject({
      typeOfPricing: 'group-range',
      selectedGroupId: 'g1',
      isSpecifyGroupSize: true,
      isFullFirstPayment: false,
      isConfirmationEmail: true,
      isWalkIn: false,
      customFields: { Team: 'Red' },
      promocode: 'SPRING',
    });
    expect(customerBookingRequest({ ...draft, date: null }, 'person')).toMatchObject({
      date: undefined,
      selectedGroupId: null,
      isSpecifyGroupSize: false,
    });
  });

  it('copies the reservation info, so a later edit of the form does not change a request already sent', () => {
    expect(customerBookingRequest(draft, 'person').reservationInfo).not.toBe(draft.reservationInfo);
  });
});

describe("the widget's details check", () => {
  const product = {
    customFields: { team: { label: 'Team', isRequired: true }, shoe: { label: 'Shoe size', isRequired: false } },
    terms: { title: 'House rules' },
  };

  it('asks for the names, a valid email, each required field and the terms', () => {
    const blank = { firstName: ' ', lastName: '', email: 'ada@', phone: '', note: '' };
    expect(customerDetailsProblems({ reservationInfo: blank, customFields: { Team: [] }, termsAccepted: false }, product)).toEqual({
      'reservationInfo.firstName': 'First name is required',
      'reservationInfo.lastName': 'Last name is required',
      'reservationInfo.email': 'Enter a valid email address',
      'customFields.Team': 'Team is required',
      terms: 'Accept the House rules to book',
    });
  });

  it('finds nothing in a complete form; a product without terms asks none', () => {
    expect(customerDetailsProblems({ reservationInfo: info, customFields: { Team: 'Red' }, termsAccepted: true }, product)).toEqual({});
    expect(
      customerDetailsProblems({ reservationInfo: info, customFields: { Team: 0 }, termsAccepted: false }, { ...product, terms: null }),
    ).toEqual({});
  });
});

describe("the widget's players", () => {
  const groups = [
    { id: 'small', from: 2, to: 4, price: 4000 },
    { id: 'large', from: 5, to: 10, price: 8000 },
  ];
  const grouped = { typeOfPricing: 'group-range' as const, groups, minPlayers: 1, maxPlayers: 10 };
  const perPerson = { typeOfPricing: 'person' as const, groups, minPlayers: 3, maxPlayers: 8 };

  it('start at the minimum, or at the first group under group pricing', () => {
    expect(startingGroup(grouped)?.id).toBe('small');
    expect(startingPlayers(grouped)).toBe(2);
    expect(startingGroup(perPerson)).toBeUndefined();
    expect(startingPlayers(perPerson)).toBe(3);
  });

  it("range over the chosen group's bounds, else the product's", () => {
    expect(playersRange(grouped, 'large')).toEqual({ min: 5, max: 10 });
    expect(playersRange(perPerson, 'large')).toEqual({ min: 3, max: 8 });
    expect(playersRange(null, null)).toEqual({ min: 1, max: 1 });
  });
});

describe('an edit sends what changed', () => {
  const booking: BookingBefore = {
    slotIds: ['a', 'b'],
    playersCount: 4,
    resourceIds: ['lane-1'],
    upsellItems: [
      { id: 'drink', quantity: 2 },
      { id: 'pin', quantity: 1 },
    ],
    customPrice: null,
    reservationInfo: info,
    customFields: { Team: 'Red' },
  };
  const unchanged: BookingEdit = {
    slots: ['a', 'b'],
    playersCount: 4,
    resourceIds: ['lane-1'],
    lanesChosen: false,
    upsellItems: [
      { id: 'pin', quantity: 1 },
      { id: 'drink', quantity: 2 },
    ],
    customPrice: null,
    mayCustomPrice: true,
    reservationInfo: { ...info },
    customFields: { Team: 'Red' },
  };

  it('nothing when nothing differs (extras in any order)', () => {
    expect(bookingChange(booking, unchanged)).toEqual({});
  });

  it('a corrected name only: nothing to reprice', () => {
    const change = bookingChange(booking, { ...unchanged, reservationInfo: { ...info, lastName: 'Byron' } });
    expect(change).toEqual({ reservationInfo: { ...info, lastName: 'Byron' } });
    expect(repricingOf(change)).toBeNull();
  });

  it('a move, more players and other extras: each repriced', () => {
    const change = bookingChange(booking, { ...unchanged, slots: ['c'], playersCount: 6, upsellItems: [], customFields: { Team: 'Blue' } });
    expect(change).toEqual({ slots: ['c'], playersCount: 6, upsellItems: [], customFields: { Team: 'Blue' } });
    expect(repricingOf(change)).toEqual({ slots: ['c'], playersCount: 6, upsellItems: [] });
  });

  it('lanes only once chosen by hand, and not when cleared', () => {
    expect(bookingChange(booking, { ...unchanged, resourceIds: ['lane-2'] })).toEqual({});
    expect(bookingChange(booking, { ...unchanged, resourceIds: ['lane-2'], lanesChosen: true })).toEqual({ resourceIds: ['lane-2'] });
    expect(bookingChange(booking, { ...unchanged, resourceIds: [], lanesChosen: true })).toEqual({});
  });

  it('a custom price only from those who may set one', () => {
    expect(bookingChange(booking, { ...unchanged, customPrice: 5000 })).toEqual({ customPrice: 5000 });
    expect(bookingChange(booking, { ...unchanged, customPrice: 5000, mayCustomPrice: false })).toEqual({});
  });
});
