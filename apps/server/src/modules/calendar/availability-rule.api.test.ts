import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { addDays, venueToday, weekdayOf } from '@lanebook/core';
import type { PublicBooking } from '@lanebook/core/booking-schemas';
import type { CalendarAnswer, Slot } from '@lanebook/core/calendar-schemas';
import { products } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings, ZONE } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';

/**
 * One booking rule (`slotRefusal` in calendar/service.ts): a slot the public slots call hides is
 * refused, for the same reason, by the price calls, booking create, the customer's move and the
 * staff edit; staff may book what the front desk may (not a day the venue closed), and the
 * staff calendar says why not.
 */

type Case = {
  name: string;
  /** Makes the case's slot, returning it with the date it is on. */
  slot: (s: Awaited<ReturnType<typeof setUp>>) => Promise<Slot>;
  reason: RegExp;
  /** The front desk may book it. */
  staffMay: boolean;
};

async function setUp(t: TestServer) {
  const s = await setUpBookings(t);
  const today = venueToday(ZONE);
  const addSlot = async (date: string, extra: Record<string, unknown> = {}) => {
    const made = await s.venue.manager.post(`/api/private/product/${s.productId}/slot`, { date, from: '10:00', to: '11:00', ...extra });
    expect(made.statusCode, made.body).toBe(201);
    return made.json<Slot>();
  };
  const setProduct = (changes: Partial<typeof products.$inferInsert>) =>
    t.db.update(products).set(changes).where(eq(products.id, s.productId));
  return { ...s, t, today, addSlot, setProduct };
}

// Each case on a date of its own (days 6 to 12 ahead: seven different weekdays), or before the cutoff.
const CASES: Case[] = [
  {
    name: 'a day the venue closed',
    slot: async ({ venue, today, addSlot }) => {
      const slot = await addSlot(addDays(today, 6));
      expect((await venue.manager.put(`/api/private/calendar/non-working-days/${slot.date}`)).statusCode).toBe(200);
      return slot;
    },
    reason: /^The venue is closed on \d{4}-\d\d-\d\d\.$/,
    staffMay: false,
  },
  {
    name: "a product's holiday",
    slot: async ({ today, addSlot, setProduct }) => {
      const slot = await addSlot(addDays(today, 7));
      await setProduct({ holidays: [slot.date] });
      return slot;
    },
    reason: /^Axe throwing is not offered on \d{4}-\d\d-\d\d: choose another day or call the venue\.$/,
    staffMay: true,
  },
  {
    name: "a product's weekday off",
    slot: async ({ today, addSlot, setProduct }) => {
      const slot = await addSlot(addDays(today, 8));
      await setProduct({ nonWorkingDays: [weekdayOf(slot.date)] });
      return slot;
    },
    reason: /^Axe throwing is not offered on \d{4}-\d\d-\d\d: choose another day or call the venue\.$/,
    staffMay: true,
  },
  {
    name: 'a private slot',
    slot: ({ today, addSlot }) => addSlot(addDays(today, 9), { isPrivate: true }),
    reason: /^This time cannot be booked online: call the venue to book it\.$/,
    staffMay: true,
  },
  {
    name: 'a slot hidden online',
    slot: ({ today, addSlot }) => addSlot(addDays(today, 10), { isVisibleOnline: false }),
    reason: /^This time cannot be booked online: call the venue to book it\.$/,
    staffMay: true,
  },
  {
    name: "a slot inside the product's cutoff",
    slot: async ({ today, addSlot, setProduct }) => {
      // 48 hours: tomorrow's 10:00 is inside it whatever the time now, the booking 5 days out is not.
      await setProduct({ cutoffTime: 48 });
      return addSlot(addDays(today, 1));
    },
    reason: /^Online booking closes 48 hours before the start: choose a later time or call the venue\.$/,
    staffMay: true,
  },
  {
    name: 'a slot already started',
    slot: ({ today, addSlot }) => addSlot(addDays(today, -1)),
    reason: /^This time has already started: choose a later time\.$/,
    staffMay: true,
  },
];

function expectRefused(response: Response, reason: RegExp) {
  expect(response.statusCode, response.body).toBe(409);
  const body = response.json<{ code: string; message: string }>();
  expect(body.code).toBe('slot_unavailable');
  expect(body.message).toMatch(reason);
}

describeEachDatabase('one availability rule for slots, price, create, move and the staff form', (t) => {
  it.each(CASES)('$name: hidden by the slots call and refused the same way everywhere the public books', async (testCase) => {
    const s = await setUp(t);
    // A customer's booking 5 days out, to move.
    const created = await t.request('POST', '/api/public/booking', { body: s.form() });
    expect(created.statusCode, created.body).toBe(201);
    const customerBooking = created.json<PublicBooking>();
    const slot = await testCase.slot(s);
    const query = { playersCount: '2', slots: slot.id };

    const listed = await t.request('GET', `/api/public/product/${s.productId}/slots`, { query: { date: slot.date, playersCount: '2' } });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json<{ slots: { id: string }[] }>().slots.map((x) => x.id)).not.toContain(slot.id);
    const month = await t.request('GET', `/api/public/product/${s.productId}/dates`, {
      query: { month: slot.date.slice(0, 7), playersCount: '2' },
    });
    expect(month.json<{ dates: string[] }>().dates).not.toContain(slot.date);

    expectRefused(await t.request('GET', `/api/public/product/${s.productId}/price`, { query }), testCase.reason);
    await expectNoWrites(t, async () => {
      expectRefused(await t.request('POST', '/api/public/booking', { body: s.form({ slots: [slot.id] }) }), testCase.reason);
      const move = await t.request('POST', `/api/public/booking/${customerBooking.bookingReference}/move`, { body: { slots: [slot.id] } });
      expectRefused(move, testCase.reason);
    });

    // The staff form: its calendar says why, its quote, create and edit follow the same rule.
    const calendar = await s.venue.staff.get('/api/private/product/calendar', {
      query: { from: slot.date, to: slot.date, productIds: s.productId },
    });
    const shown = calendar
      .json<CalendarAnswer>()
      .days.flatMap((d) => d.slots)
      .find((x) => x.id === slot.id)!;
    const staffQuote = await s.venue.staff.get(`/api/private/product/${s.productId}/price`, { query });
    const staffEdit = () => s.venue.owner.put(`/api/private/booking/${customerBooking.id}`, { slots: [slot.id] });
    const staffCreate = () => s.venue.staff.post('/api/private/booking', s.form({ slots: [slot.id] }));
    if (testCase.staffMay) {
      expect(shown.unavailableReason).toBeNull();
      expect(staffQuote.statusCode, staffQuote.body).toBe(200);
      const booked = await staffCreate();
      expect(booked.statusCode, booked.body).toBe(201);
      const edited = await staffEdit();
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ slotIds: [slot.id] });
    } else {
      expect(shown.unavailableReason).toMatch(testCase.reason);
      expectRefused(staffQuote, testCase.reason);
      await expectNoWrites(t, async () => {
        expectRefused(await staffCreate(), testCase.reason);
        expectRefused(await staffEdit(), testCase.reason);
      });
    }
  });

  it('a booking keeps its slots when the venue closes that day: staff can still change its players; a move there is refused', async () => {
    const s = await setUp(t);
    const created = await t.request('POST', '/api/public/booking', { body: s.form() });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<PublicBooking>();
    expect((await s.venue.manager.put(`/api/private/calendar/non-working-days/${s.date}`)).statusCode).toBe(200);
    const edited = await s.venue.owner.put(`/api/private/booking/${booking.id}`, { playersCount: 3 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ playersCount: 3, slotIds: [s.first.id, s.second.id] });
    // Another booking cannot join it there, nor can this one take a slot of that day it did not hold.
    const third = await s.addSlot(s.date, { from: '12:00', to: '13:00' });
    await expectNoWrites(t, async () => {
      expectRefused(await s.venue.staff.post('/api/private/booking', s.form({ playersCount: 1 })), /^The venue is closed on/);
      expectRefused(
        await s.venue.owner.put(`/api/private/booking/${booking.id}`, { slots: [s.second.id, third.id] }),
        /^The venue is closed on/,
      );
    });
  });

  it('a paused product: the public calls answer 404 as the slots call does; the front desk still books and quotes it', async () => {
    const s = await setUp(t);
    await s.setProduct({ isPaused: true });
    const query = { playersCount: '2', slots: s.first.id };
    await expectNoWrites(t, async () => {
      expect(
        (await t.request('GET', `/api/public/product/${s.productId}/slots`, { query: { date: s.date, playersCount: '2' } })).statusCode,
      ).toBe(404);
      expect((await t.request('GET', `/api/public/product/${s.productId}/price`, { query })).statusCode).toBe(404);
      expect((await t.request('POST', '/api/public/booking', { body: s.form() })).statusCode).toBe(404);
    });
    expect((await s.venue.staff.get(`/api/private/product/${s.productId}/price`, { query })).statusCode).toBe(200);
    const booked = await s.venue.staff.post('/api/private/booking', s.form());
    expect(booked.statusCode, booked.body).toBe(201);
  });
});
