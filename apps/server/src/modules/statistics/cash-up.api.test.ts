import { readFileSync } from 'node:fs';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { addDays, venueToday } from '@lanebook/core';
import type { Booking, PublicBooking } from '@lanebook/core/booking-schemas';
import type { CashUp } from '@lanebook/core/statistics-schemas';
import { bookingPayments, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { enableCardPayments, payWithCard } from '../../../test/payments.js';
import { BASE_URL, type Caller } from '../../../test/server.js';

/** The day-end cash-up (issue 34, decision 038): money by when it was taken, by method and by who took it. */

type Setup = Awaited<ReturnType<typeof setUpBookings>>;
const ZONE = 'America/New_York';
const MIGRATION = new URL('../../db/migrations/0031_owners_morning.sql', import.meta.url);
const RETURN_URL = `${BASE_URL}/widget/?venue=v&frame=1&booking=REF&paid=1`;

async function deskBooking(s: Setup, playersCount: number) {
  const made = await s.venue.staff.post('/api/private/booking', s.form({ playersCount }));
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}

async function collect(caller: Caller, bookingId: string, amount: number, paymentMethod: string) {
  const paid = await caller.post(`/api/private/booking/${bookingId}/checkout`, { amount, paymentMethod });
  expect(paid.statusCode, paid.body).toBe(200);
}

async function refund(caller: Caller, bookingId: string, amount: number) {
  const refunded = await caller.post(`/api/private/booking/${bookingId}/refund`, { amount });
  expect(refunded.statusCode, refunded.body).toBe(200);
}

async function cashUpOf(caller: Caller, query: Record<string, string> = {}) {
  const response = await caller.get('/api/private/cash-up', { query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CashUp>();
}

describeEachDatabase('the day-end cash-up (issue 34)', (t) => {
  let s: Setup;
  let today: string;
  let yesterdayBooking: string;

  beforeAll(async () => {
    s = await setUpBookings(t, { lanes: Array.from({ length: 8 }, (_, i) => `L${i + 1}`) });
    today = venueToday(ZONE);
    await t.db
      .update(venues)
      .set({ paymentMethods: ['Cash', 'POS', '=HYPERLINK("http://x")'] })
      .where(eq(venues.id, s.venue.id));
    await enableCardPayments(t, s.venue.owner);

    // Two staff members of two roles take money today for a booking five days ahead.
    const first = await deskBooking(s, 4); // 8,000
    await collect(s.venue.staff, first.id, 3000, 'Cash');
    await collect(s.venue.manager, first.id, 5000, 'POS');
    await refund(s.venue.manager, first.id, 1000); // newest payment first: POS
    const second = await deskBooking(s, 1); // 2,000
    await collect(s.venue.staff, second.id, 2000, 'cash');
    await refund(s.venue.manager, second.id, 500); // Cash
    const third = await deskBooking(s, 1);
    await collect(s.venue.staff, third.id, 700, '=HYPERLINK("http://x")');

    // The customer pays online by card.
    const online = await t.request('POST', '/api/public/booking', { body: s.form({ playersCount: 2 }) });
    expect(online.statusCode, online.body).toBe(201);
    const reference = online.json<PublicBooking>().bookingReference;
    const opened = await t.request('POST', `/api/public/booking/${reference}/checkout`, { body: { returnUrl: RETURN_URL } });
    expect((await payWithCard(t, opened.json<{ url: string }>().url, '4242 4242 4242 4242')).statusCode).toBe(303);

    // Money taken yesterday (its rows moved back a day) is yesterday's, not today's.
    const earlier = await deskBooking(s, 1);
    yesterdayBooking = earlier.id;
    await collect(s.venue.staff, earlier.id, 1500, 'Cash');
    await t.db
      .update(bookingPayments)
      .set({ createdAt: new Date(Date.now() - 86_400_000) })
      .where(eq(bookingPayments.bookingId, earlier.id));

    // Another venue's money never counts.
    const other = await setUpBookings(t);
    const theirs = await other.venue.staff.post('/api/private/booking', other.form({ playersCount: 1 }));
    await collect(other.venue.staff, theirs.json<Booking>().id, 2000, 'Cash');
  });

  it('sums today’s payments and refunds by method and by who took them, with the expected cash', async () => {
    const cashUp = await cashUpOf(s.venue.owner);
    expect(cashUp).toMatchObject({ from: today, to: today, expectedCash: 4500 });
    expect(cashUp.byMethod).toEqual([
      { method: '=HYPERLINK("http://x")', payments: 700, refunds: 0, net: 700 },
      { method: 'Card', payments: 4000, refunds: 0, net: 4000 },
      { method: 'Cash', payments: 5000, refunds: 500, net: 4500 },
      { method: 'POS', payments: 5000, refunds: 1000, net: 4000 },
    ]);
    expect(cashUp.byStaff).toEqual([
      { userId: s.venue.manager.id, name: `manager-${s.venue.id}`, payments: 5000, refunds: 1500, net: 3500 },
      { userId: s.venue.staff.id, name: `staff-${s.venue.id}`, payments: 5700, refunds: 0, net: 5700 },
      { userId: null, name: 'Online', payments: 4000, refunds: 0, net: 4000 },
    ]);
    // Managers read it as owners do.
    expect(await cashUpOf(s.venue.manager)).toEqual(cashUp);
  });

  it('counts money by when it was taken, not by the booking’s dates', async () => {
    const yesterday = addDays(today, -1);
    const before = await cashUpOf(s.venue.owner, { from: yesterday, to: yesterday });
    expect(before.byMethod).toEqual([{ method: 'Cash', payments: 1500, refunds: 0, net: 1500 }]);
    expect(before).toMatchObject({ expectedCash: 1500, byStaff: [{ userId: s.venue.staff.id, payments: 1500 }] });
    expect(yesterdayBooking).toBeTruthy();
    // The bookings' own day took nothing.
    expect(await cashUpOf(s.venue.owner, { from: s.date, to: s.date })).toEqual({
      from: s.date,
      to: s.date,
      byMethod: [],
      byStaff: [],
      expectedCash: 0,
    });
    // Both days together; a named period as the dashboard's.
    expect((await cashUpOf(s.venue.owner, { from: yesterday, to: today })).expectedCash).toBe(6000);
    expect((await cashUpOf(s.venue.owner, { period: 'today' })).expectedCash).toBe(4500);
  });

  it('as CSV: a row per method and member, the expected cash, formulas neutralized', async () => {
    const response = await s.venue.owner.get('/api/private/cash-up.csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="cash-up-${today}-${today}.csv"`);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Group,Name,Payments,Refunds,Net',
      `Method,"'=HYPERLINK(""http://x"")",7.00,0.00,7.00`,
      'Method,Card,40.00,0.00,40.00',
      'Method,Cash,50.00,5.00,45.00',
      'Method,POS,50.00,10.00,40.00',
      `Staff,manager-${s.venue.id},50.00,15.00,35.00`,
      `Staff,staff-${s.venue.id},57.00,0.00,57.00`,
      'Staff,Online,40.00,0.00,40.00',
      'Expected cash,,,,45.00',
    ]);
  });

  it('needs statistics.view: staff are refused, signed-out callers too; another venue sees only its own', async () => {
    for (const url of ['/api/private/cash-up', '/api/private/cash-up.csv']) {
      expect((await s.venue.staff.get(url)).statusCode).toBe(403);
      expect((await t.request('GET', url)).statusCode).toBe(401);
    }
    const other = await t.addVenue();
    expect(await cashUpOf(other.owner)).toMatchObject({ byMethod: [], byStaff: [], expectedCash: 0 });
  });

  it('migration 0031 gives rows written before it their member when the name kept on them is exactly one member of the venue', async () => {
    const own = await setUpBookings(t);
    const booking = (await own.venue.staff.post('/api/private/booking', own.form({ playersCount: 1 }))).json<Booking>();
    await collect(own.venue.staff, booking.id, 1000, 'Cash');
    await refund(own.venue.manager, booking.id, 400);
    // A namesake: the manager's name is two members of this venue, so their rows cannot be told apart.
    await t.addUser({ name: `manager-${own.venue.id}`, memberships: [[own.venue.id, 'staff']] });
    await t.db.update(bookingPayments).set({ userId: null }).where(eq(bookingPayments.venueId, own.venue.id));
    const backfill = readFileSync(MIGRATION, 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE "booking_payments"'));
    expect(backfill).toHaveLength(1);
    await t.db.execute(sql.raw(backfill[0]));
    const rows = await t.db.select().from(bookingPayments).where(eq(bookingPayments.venueId, own.venue.id));
    expect(rows.map((row) => [row.kind, row.userName, row.userId]).sort()).toEqual([
      ['payment', `staff-${own.venue.id}`, own.venue.staff.id],
      ['refund', `manager-${own.venue.id}`, null],
    ]);
    // The one left unknown is a row of its own, under the name kept on it.
    const cashUp = await cashUpOf(own.venue.owner);
    expect(cashUp.byStaff).toEqual([
      { userId: null, name: `manager-${own.venue.id}`, payments: 0, refunds: 400, net: -400 },
      { userId: own.venue.staff.id, name: `staff-${own.venue.id}`, payments: 1000, refunds: 0, net: 1000 },
    ]);
    expect(
      await t.db
        .select()
        .from(bookingPayments)
        .where(and(eq(bookingPayments.venueId, s.venue.id), isNull(bookingPayments.userId))),
    ).toHaveLength(1);
  });

  it('a bounded period: bad or unbounded ones are 400s naming the parameter', async () => {
    const url = '/api/private/cash-up';
    expectFieldError(await s.venue.owner.get(url, { query: { from: today } }), 'to');
    expectFieldError(await s.venue.owner.get(url, { query: { from: 'yesterday', to: today } }), 'from');
    expectFieldError(await s.venue.owner.get(url, { query: { from: today, to: addDays(today, -1) } }), 'to');
    expectFieldError(await s.venue.owner.get(url, { query: { from: '2024-01-01', to: '2025-01-31' } }), 'to', '366');
    expectFieldError(await s.venue.owner.get(`${url}.csv`, { query: { period: 'forever' } }), 'period');
  });
});
