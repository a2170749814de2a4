import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays, productDefaults, venueToday } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { bookings, products, promocodes } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings, ZONE } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';
import { abandonOverdueBookings } from '../bookings/abandon.js';

/**
 * A promocode's use is counted only when the code lowered the booking's price, and given back
 * when the booking is canceled, abandoned or deleted while live (decision 025).
 */

type Setup = Awaited<ReturnType<typeof setUpBookings>>;

/** A 50% code of the venue for the setup's product only (or the products named). */
async function addCode(t: TestServer, s: Setup, code: string, maxUseNumber: number, forProducts = [s.productId]) {
  await t.db.insert(promocodes).values({
    venueId: s.venue.id,
    id: randomUUID(),
    code,
    maxUseNumber,
    discount: 50,
    discountType: 'percent',
    taxBehaviour: 'before',
    products: forProducts,
  });
}

async function usesOf(t: TestServer, s: Setup, code: string) {
  const [row] = await t.db
    .select({ useCount: promocodes.useCount })
    .from(promocodes)
    .where(and(eq(promocodes.venueId, s.venue.id), eq(promocodes.code, code)));
  return row.useCount;
}

/** Another product of the venue on the same lanes; the setup's codes give it nothing. */
async function otherProduct(t: TestServer, s: Setup) {
  const id = randomUUID();
  await t.db.insert(products).values({
    ...productDefaults,
    venueId: s.venue.id,
    id,
    name: 'Archery',
    isPaused: false,
    price: 1500,
    maxPlayers: 12,
    resources: ['L1', 'L2', 'L3'],
  });
  return id;
}

/** The code a booking took (the public answer does not show it). */
async function appliedCodeOf(t: TestServer, bookingId: string) {
  const [row] = await t.db.select({ code: bookings.appliedPromocode }).from(bookings).where(eq(bookings.id, bookingId));
  return row.code;
}

const bookOnline = (t: TestServer, body: object) => t.request('POST', '/api/public/booking', { body });

describeEachDatabase('promocode uses', (t) => {
  it('a code that does not lower the price is not counted nor kept on the booking; one that does is', async () => {
    const s = await setUpBookings(t);
    await addCode(t, s, 'HALF', 1);
    const archery = await otherProduct(t, s);
    const archerySlot = (
      await s.venue.manager.post(`/api/private/product/${archery}/slot`, { date: s.date, from: '14:00', to: '15:00' })
    ).json<Slot>();
    const online = await bookOnline(t, s.form({ productId: archery, slots: [archerySlot.id], playersCount: 2, promocode: 'half' }));
    expect(online.statusCode, online.body).toBe(201);
    expect(online.json<Booking>().total).toBe(3000);
    expect(await appliedCodeOf(t, online.json<Booking>().id)).toBeNull();
    const byStaff = await s.venue.staff.post(
      '/api/private/booking',
      s.form({ productId: archery, slots: [archerySlot.id], playersCount: 1, promocode: 'HALF' }),
    );
    expect(byStaff.statusCode, byStaff.body).toBe(201);
    expect(byStaff.json<Booking>().appliedPromocode).toBeNull();
    expect(await usesOf(t, s, 'HALF')).toBe(0);

    // Its one use goes to the booking it halves.
    const halved = await bookOnline(t, s.form({ promocode: 'half' }));
    expect(halved.statusCode, halved.body).toBe(201);
    expect(halved.json<Booking>().total).toBe(4000);
    expect(await appliedCodeOf(t, halved.json<Booking>().id)).toBe('HALF');
    expect(await usesOf(t, s, 'HALF')).toBe(1);
  });

  it('cancelling gives the use back, by staff and by the customer; a second cancel gives nothing more', async () => {
    const s = await setUpBookings(t);
    await addCode(t, s, 'ONCE', 1);
    const first = await bookOnline(t, s.form({ promocode: 'ONCE' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(await usesOf(t, s, 'ONCE')).toBe(1);
    await expectNoWrites(t, async () => expectFieldError(await bookOnline(t, s.form({ promocode: 'ONCE' })), 'promocode'));

    const canceled = await s.venue.staff.post(`/api/private/booking/${first.json<Booking>().id}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(await usesOf(t, s, 'ONCE')).toBe(0);
    expect((await s.venue.staff.post(`/api/private/booking/${first.json<Booking>().id}/cancel`)).statusCode).toBe(409);
    expect(await usesOf(t, s, 'ONCE')).toBe(0);

    // The customer's own cancel, by reference, gives it back too.
    const second = await bookOnline(t, s.form({ promocode: 'once' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(await usesOf(t, s, 'ONCE')).toBe(1);
    const byCustomer = await t.request('POST', `/api/public/booking/${second.json<Booking>().bookingReference}/cancel`);
    expect(byCustomer.statusCode, byCustomer.body).toBe(200);
    expect(await usesOf(t, s, 'ONCE')).toBe(0);
  });

  it('an abandoned booking gives the use back, once; deleting a live booking does too', async () => {
    const s = await setUpBookings(t, { cardPayments: true });
    await addCode(t, s, 'LATE', 1);
    const booked = await bookOnline(t, s.form({ promocode: 'LATE' }));
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<Booking>().id;
    expect(await usesOf(t, s, 'LATE')).toBe(1);
    await t.db
      .update(bookings)
      .set({ abandonAt: sql`now() - interval '1 minute'` })
      .where(and(eq(bookings.id, id), isNotNull(bookings.abandonAt)));
    await Promise.all([abandonOverdueBookings(t.db), abandonOverdueBookings(t.db)]);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id));
    expect(row.status).toBe('abandoned');
    expect(await usesOf(t, s, 'LATE')).toBe(0);

    const again = await s.venue.staff.post('/api/private/booking', s.form({ promocode: 'LATE' }));
    expect(again.statusCode, again.body).toBe(201);
    expect(await usesOf(t, s, 'LATE')).toBe(1);
    expect((await s.venue.owner.delete(`/api/private/booking/${again.json<Booking>().id}`)).statusCode).toBe(204);
    expect(await usesOf(t, s, 'LATE')).toBe(0);
  });

  it('racing for the last uses: exactly maxUseNumber bookings take the code, and bookings it gives nothing take none', async () => {
    const s = await setUpBookings(t);
    await addCode(t, s, 'RACE', 3);
    const archery = await otherProduct(t, s);
    const date = addDays(venueToday(ZONE), 6);
    const slotOf = async (productId: string, hour: number) => {
      const from = `${String(hour).padStart(2, '0')}:00`;
      const to = `${String(hour + 1).padStart(2, '0')}:00`;
      return (await s.venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to })).json<Slot>();
    };
    // One slot per booking, so lanes never decide the race: 6 for the code's product, 6 for another.
    const halved = await Promise.all([6, 7, 8, 9, 10, 11].map((hour) => slotOf(s.productId, hour)));
    const plain = await Promise.all([12, 13, 14, 15, 16, 17].map((hour) => slotOf(archery, hour)));
    const race = [...plain.map((slot) => ({ productId: archery, slot })), ...halved.map((slot) => ({ productId: s.productId, slot }))].map(
      // By staff: the public's limit on unpaid bookings per address would refuse some first.
      ({ productId, slot }) =>
        s.venue.staff.post('/api/private/booking', s.form({ productId, slots: [slot.id], playersCount: 1, promocode: 'RACE' })),
    );
    const answers = await Promise.all(race);
    const [plainAnswers, halvedAnswers] = [answers.slice(0, 6), answers.slice(6)];
    expect(plainAnswers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(halvedAnswers.filter((r) => r.statusCode === 201)).toHaveLength(3);
    for (const refused of halvedAnswers.filter((r) => r.statusCode !== 201)) expectFieldError(refused, 'promocode');
    expect(await usesOf(t, s, 'RACE')).toBe(3);
    const taken = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venueId, s.venue.id), eq(bookings.appliedPromocode, 'RACE')));
    expect(taken).toHaveLength(3);
  });
});
