import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays } from '@lanebook/core';
import type { Booking, BookingChangeQuote, BookingDetail } from '@lanebook/core/booking-schemas';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { bookingLanes, bookingLogs } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';

/** 2026-11-27 as the venue's default date format writes it (MM/DD/YY). */
const venueDate = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;

async function setUp(t: TestServer, options: { lanes?: string[] } = {}) {
  const set = await setUpBookings(t, options);
  const addSlot = (date: string, from: string, to: string, extra: object = {}) =>
    set.venue.manager.post(`/api/private/product/${set.productId}/slot`, { date, from, to, ...extra }).then((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json<Slot>();
    });
  const book = async (extra: Record<string, unknown> = {}) => {
    const created = await set.venue.staff.post('/api/private/booking', set.form(extra));
    expect(created.statusCode, created.body).toBe(201);
    return created.json<Booking>();
  };
  const logsOf = async (bookingId: string) => (await set.venue.staff.get(`/api/private/booking/${bookingId}`)).json<BookingDetail>().logs;
  const quote = (bookingId: string, query: Record<string, string>) =>
    set.venue.staff.get(`/api/private/booking/${bookingId}/quote`, { query });
  return { ...set, addSlot, book, logsOf, quote };
}

describeEachDatabase('moving a booking', (t) => {
  it('a move replaces the slots and keeps the length; the price is quoted before and follows; the log names what changed and nothing else', async () => {
    const { venue, date, first, second, addSlot, book, logsOf, quote, freeLanes } = await setUp(t);
    const next = addDays(date, 1);
    const afternoon = await addSlot(next, '14:00', '15:00');
    const dearer = await addSlot(next, '15:00', '16:00', { price: 1500 });
    const booking = await book();
    expect(booking).toMatchObject({ slotIds: [first.id, second.id], resourceIds: ['L1'], total: 8000 });

    // The quote of the move is what the save makes, and it writes nothing.
    const quoted = await expectNoWrites(t, () => quote(booking.id, { slots: `${afternoon.id},${dearer.id}` }));
    expect(quoted.statusCode, quoted.body).toBe(200);
    expect(quoted.json<BookingChangeQuote>()).toMatchObject({
      slotIds: [afternoon.id, dearer.id],
      resourceIds: ['L1'],
      playersCount: 4,
      total: 10_000,
      previousTotal: 8000,
      due: 10_000,
      overpaid: 0,
    });

    const moved = await venue.staff.put(`/api/private/booking/${booking.id}`, { slots: [afternoon.id, dearer.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    const after = moved.json<Booking>();
    // The new slots replace the old ones: the same two hours, starting at the new time.
    expect(after).toMatchObject({ slotIds: [afternoon.id, dearer.id], resourceIds: ['L1'], date: next, total: 10_000 });
    expect(Date.parse(after.endsAt) - Date.parse(after.startsAt)).toBe(2 * 3600_000);
    expect(after.startsAt).toBe(afternoon.startsAt);
    expect(await freeLanes(first.id)).toBe(3);
    const holds = await t.db.select().from(bookingLanes).where(eq(bookingLanes.bookingId, booking.id));
    expect(holds.map((h) => [h.resourceId, h.startsAt.toISOString()])).toEqual([['L1', afternoon.startsAt]]);
    const [log] = await logsOf(booking.id);
    expect(log).toMatchObject({
      type: 'update',
      text: `Moved from ${venueDate(date)} 10:00 AM–12:00 PM, L1 to ${venueDate(next)} 2:00 PM–4:00 PM, L1; Total $80.00 → $100.00`,
    });

    // The form sends the customer's info and custom fields as they were: only the players are named.
    const more = await venue.staff.put(`/api/private/booking/${booking.id}`, { playersCount: 6, reservationInfo: info, customFields: {} });
    expect(more.statusCode, more.body).toBe(200);
    expect((await logsOf(booking.id))[0].text).toBe('Players 4 → 6; Total $100.00 → $150.00');

    // Nothing changed is said as such, never as personal info or custom fields.
    await venue.staff.put(`/api/private/booking/${booking.id}`, { reservationInfo: info, customFields: {} });
    expect((await logsOf(booking.id))[0].text).toBe('Saved without changes');

    // A phone typed otherwise is the same phone; a new email and note are named, not quoted.
    await venue.staff.put(`/api/private/booking/${booking.id}`, {
      reservationInfo: { ...info, phone: '+15551234567', email: 'grace@example.test', note: 'Birthday' },
    });
    expect((await logsOf(booking.id))[0].text).toBe('Personal info changed: email, note');

    // Lanes alone, and a longer time from the same start.
    await venue.staff.put(`/api/private/booking/${booking.id}`, { resourceIds: ['L2'] });
    expect((await logsOf(booking.id))[0].text).toBe('Lanes L1 → L2');
    const evening = await addSlot(next, '16:00', '17:00');
    await venue.staff.put(`/api/private/booking/${booking.id}`, { slots: [afternoon.id, dearer.id, evening.id] });
    expect((await logsOf(booking.id))[0].text).toBe(
      `Time ${venueDate(next)} 2:00 PM–4:00 PM, L2 → ${venueDate(next)} 2:00 PM–5:00 PM, L2; Total $150.00 → $210.00`,
    );
  });

  it('a quote and a move that pay or give back money say so, and a paid booking owes again when it gets dearer', async () => {
    const { venue, date, first, addSlot, book, logsOf, quote } = await setUp(t);
    const dear = await addSlot(date, '18:00', '19:00', { price: 3000 });
    const booking = await book({ slots: [first.id] });
    expect(booking.total).toBe(4000);
    const paid = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 4000, paymentMethod: 'Cash' });
    expect(paid.json<Booking>().status).toBe('paid');
    expect((await quote(booking.id, { slots: dear.id })).json<BookingChangeQuote>()).toMatchObject({
      total: 12_000,
      previousTotal: 4000,
      due: 8000,
      overpaid: 0,
    });
    expect((await quote(booking.id, { playersCount: '1' })).json<BookingChangeQuote>()).toMatchObject({
      total: 1000,
      due: 0,
      overpaid: 3000,
    });
    // Without a change, the quote is the booking as it stands.
    expect((await quote(booking.id, {})).json<BookingChangeQuote>()).toMatchObject({
      slotIds: [first.id],
      total: 4000,
      previousTotal: 4000,
      due: 0,
    });
    await venue.staff.put(`/api/private/booking/${booking.id}`, { slots: [dear.id] });
    expect((await logsOf(booking.id))[0].text).toBe(
      `Moved from ${venueDate(date)} 10:00 AM–11:00 AM, L1 to ${venueDate(date)} 6:00 PM–7:00 PM, L1; Total $40.00 → $120.00; Status Paid → Wait For Payment`,
    );
    // A custom price is the manager's: quoted for them, refused to staff (as the save is).
    expect((await venue.manager.get(`/api/private/booking/${booking.id}/quote`, { query: { customPrice: '5000' } })).json()).toMatchObject({
      total: 5000,
      customPrice: 5000,
      due: 1000,
    });
    expect((await quote(booking.id, { customPrice: '5000' })).statusCode).toBe(403);
  });

  it('presence before the start is logged as Not arrived, never as No show', async () => {
    const { venue, book, logsOf } = await setUp(t);
    const booking = await book();
    const presence = (presenceStatus: string) => venue.staff.post(`/api/private/booking/${booking.id}/presence`, { presenceStatus });
    expect((await presence('fully')).statusCode).toBe(200);
    expect((await presence('no')).json<Booking>().presenceStatus).toBe('no');
    expect((await logsOf(booking.id)).slice(0, 2).map((log) => log.text)).toEqual(['Presence: Not arrived', 'Presence: Checked In']);
  });

  it('a move onto a taken lane is a 409, quoted or saved, and writes nothing', async () => {
    const { venue, first, second, book, quote } = await setUp(t, { lanes: ['L1', 'L2'] });
    const mine = await book({ slots: [first.id], resourceIds: ['L1'] });
    await book({ slots: [second.id], resourceIds: ['L2'] });
    await book({ slots: [second.id], resourceIds: ['L1'] });
    await expectNoWrites(t, async () => {
      for (const body of [{ slots: [second.id] }, { slots: [second.id], resourceIds: ['L2'] }]) {
        const refused = await venue.staff.put(`/api/private/booking/${mine.id}`, body);
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().code).toBe('slot_unavailable');
      }
      const quoted = await quote(mine.id, { slots: second.id });
      expect(quoted.statusCode).toBe(409);
      expect(quoted.json().code).toBe('slot_unavailable');
    });
    const holds = await t.db
      .select()
      .from(bookingLanes)
      .where(and(eq(bookingLanes.bookingId, mine.id), eq(bookingLanes.resourceId, 'L1')));
    expect(holds).toHaveLength(1);
  });

  it("bad input names the field; another venue's booking is a 404 and its slots are unknown here; nothing is written", async () => {
    const mine = await setUp(t);
    const theirs = await setUp(t);
    const booking = await mine.book({ slots: [mine.first.id] });
    const other = await theirs.book({ slots: [theirs.first.id] });
    await expectNoWrites(t, async () => {
      for (const response of [
        await mine.venue.staff.put(`/api/private/booking/${other.id}`, { slots: [mine.second.id] }),
        await mine.quote(other.id, { slots: mine.second.id }),
        await mine.venue.staff.get(`/api/private/booking/does-not-exist/quote`),
        // The slot a prefill link names: another venue's is not found, under either product.
        await mine.venue.staff.get(`/api/private/product/${theirs.productId}/slot/${theirs.first.id}`),
        await mine.venue.staff.get(`/api/private/product/${mine.productId}/slot/${theirs.first.id}`),
      ]) {
        expect(response.statusCode, response.body).toBe(404);
        expect(response.json().code).toBe('not_found');
      }
      // Their slot is no slot of this booking's product, exactly as an id that does not exist.
      const foreign = expectFieldError(
        await mine.venue.staff.put(`/api/private/booking/${booking.id}`, { slots: [theirs.second.id] }),
        'slots',
      );
      const unknown = expectFieldError(await mine.venue.staff.put(`/api/private/booking/${booking.id}`, { slots: ['nope'] }), 'slots');
      expect(foreign.details).toEqual(unknown.details);
      expectFieldError(await mine.quote(booking.id, { slots: theirs.second.id }), 'slots');
      expectFieldError(await mine.quote(booking.id, { playersCount: '0' }), 'playersCount');
      expectFieldError(await mine.quote(booking.id, { playersCount: '99' }), 'playersCount');
      expectFieldError(await mine.quote(booking.id, { resourceIds: 'L9' }), 'resourceIds');
      expectFieldError(await mine.quote(booking.id, { customPrice: '1.5' }), 'customPrice');
      expectFieldError(await mine.quote(booking.id, { slots: 'nope' }), 'slots');
    });
    const slot = await mine.venue.staff.get(`/api/private/product/${mine.productId}/slot/${mine.second.id}`);
    expect(slot.json()).toMatchObject({ id: mine.second.id, date: mine.date, from: '11:00', to: '12:00' });
    // Their booking did not move.
    expect((await theirs.venue.staff.get(`/api/private/booking/${other.id}`)).json<Booking>().slotIds).toEqual([theirs.first.id]);
  });

  it('twenty moves at once onto the one free slot: exactly one wins, the others are told and keep their time', async () => {
    const { venue, date, addSlot, book } = await setUp(t, { lanes: ['L1'] });
    const day = addDays(date, 2);
    const hours = Array.from({ length: 21 }, (_, h) => h);
    const slots: Slot[] = [];
    for (const h of hours) slots.push(await addSlot(day, `${String(h).padStart(2, '0')}:00`, `${String(h + 1).padStart(2, '0')}:00`));
    const target = slots[20];
    const booked: Booking[] = [];
    for (const slot of slots.slice(0, 20)) booked.push(await book({ slots: [slot.id], playersCount: 2 }));

    const answers = await Promise.all(booked.map((b) => venue.staff.put(`/api/private/booking/${b.id}`, { slots: [target.id] })));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const refused of answers.filter((a) => a.statusCode !== 200)) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().code).toBe('slot_unavailable');
    }
    const winner = winners[0].json<Booking>();
    const onTarget = await t.db
      .select()
      .from(bookingLanes)
      .where(and(eq(bookingLanes.venueId, venue.id), eq(bookingLanes.startsAt, new Date(target.startsAt))));
    expect(onTarget.map((h) => h.bookingId)).toEqual([winner.id]);
    // Each loser still holds its own hour, and only the winner logged a move.
    for (const [i, b] of booked.entries()) {
      if (b.id === winner.id) continue;
      const holds = await t.db.select().from(bookingLanes).where(eq(bookingLanes.bookingId, b.id));
      expect(holds.map((h) => h.startsAt.toISOString())).toEqual([slots[i].startsAt]);
    }
    const updates = await t.db.select().from(bookingLogs).where(eq(bookingLogs.type, 'update'));
    expect(updates.filter((l) => booked.some((b) => b.id === l.bookingId))).toHaveLength(1);
  });
});
