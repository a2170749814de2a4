import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import { bookings } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';
import { enableCardPayments } from '../../../test/payments.js';
import { ABANDON_QUEUE, abandonOverdueBookings } from './abandon.js';

/** Whether the widget's configuration says the venue takes card payments online. */
async function paymentsOn(t: TestServer, venueId: string) {
  const config = await t.request('GET', `/api/public/widget/${venueId}`);
  expect(config.statusCode, config.body).toBe(200);
  return config.json<{ venue: { paymentsOn: boolean } }>().venue.paymentsOn;
}

/** A moment hours from now: the sweep run then, as if the time had gone by. */
const later = (hours: number) => new Date(Date.now() + hours * 3_600_000);

/** Moves a booking's abandon time (an online booking's) into the past, as if its minutes had gone by. */
async function overdue(t: TestServer, bookingId: string) {
  await t.db
    .update(bookings)
    .set({ abandonAt: sql`now() - interval '1 minute'` })
    .where(and(eq(bookings.id, bookingId), isNotNull(bookings.abandonAt)));
}

async function statusOf(t: TestServer, bookingId: string) {
  const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return row.status;
}

describeEachDatabase('abandoned bookings', (t) => {
  it("an unpaid online booking is abandoned after the venue's minutes: its lanes are free again and the log says so, once", async () => {
    const { venue, form, first, freeLanes } = await setUpBookings(t, { lanes: ['L1'], cardPayments: true });
    const online = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })).json<Booking>();
    const detail = async () => (await venue.staff.get(`/api/private/booking/${online.id}`)).json<BookingDetail>();
    expect(await freeLanes(first.id)).toBe(0);
    // Not yet due: the sweep leaves it.
    expect(await abandonOverdueBookings(t.db)).toBe(0);
    expect(await statusOf(t, online.id)).toBe('wait_for_payment');

    await overdue(t, online.id);
    // Two sweeps at once (two server processes) abandon it once.
    const swept = await Promise.all([abandonOverdueBookings(t.db), abandonOverdueBookings(t.db)]);
    expect(swept[0] + swept[1]).toBe(1);
    expect((await detail()).status).toBe('abandoned');
    expect((await detail()).logs[0]).toMatchObject({ type: 'abandoned', userName: 'Lanebook' });
    expect((await detail()).logs.filter((l) => l.type === 'abandoned')).toHaveLength(1);
    expect(await freeLanes(first.id)).toBe(1);
    // The lane is bookable again.
    expect((await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).statusCode).toBe(201);
  });

  it('staff bookings, paid and part-paid online bookings are never abandoned', async () => {
    const { venue, form } = await setUpBookings(t, { cardPayments: true });
    const staff = (await venue.staff.post('/api/private/booking', form({ playersCount: 1 }))).json<Booking>();
    const paid = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 1 }) })).json<Booking>();
    await venue.staff.post(`/api/private/booking/${paid.id}/checkout`, { amount: paid.total, paymentMethod: 'Cash' });
    const deposit = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 1 }) })).json<Booking>();
    await venue.staff.post(`/api/private/booking/${deposit.id}/checkout`, { amount: 100, paymentMethod: 'Cash' });
    for (const booking of [staff, paid, deposit]) await overdue(t, booking.id);
    expect(await abandonOverdueBookings(t.db)).toBe(0);
    expect(await statusOf(t, staff.id)).toBe('wait_for_payment');
    expect(await statusOf(t, paid.id)).toBe('paid');
    expect(await statusOf(t, deposit.id)).toBe('wait_for_payment');
  });

  it('the pg-boss job does the sweep', async () => {
    const { form } = await setUpBookings(t, { cardPayments: true });
    const online = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })).json<Booking>();
    await overdue(t, online.id);
    await t.jobs.send(ABANDON_QUEUE, {});
    const started = Date.now();
    while ((await statusOf(t, online.id)) !== 'abandoned') {
      if (Date.now() - started > 10_000) throw new Error('the job never abandoned the booking');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  it("the venue's minutes set the abandon time; out of range is a 400 naming the field", async () => {
    const { venue, form } = await setUpBookings(t, { cardPayments: true });
    expectFieldError(await venue.owner.patch('/api/private/venues/current', { abandonAfterMinutes: 4 }), 'abandonAfterMinutes');
    expectFieldError(await venue.owner.patch('/api/private/venues/current', { abandonAfterMinutes: 1441 }), 'abandonAfterMinutes');
    const saved = await venue.owner.patch('/api/private/venues/current', { abandonAfterMinutes: 10 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<{ abandonAfterMinutes: number }>().abandonAfterMinutes).toBe(10);
    const online = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })).json<Booking>();
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, online.id));
    const minutes = (row.abandonAt!.getTime() - row.createdAt.getTime()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThan(10.1);
  });

  it('a venue that takes payment at the venue keeps its online bookings: no abandon time, the sweep leaves them, the lanes stay held', async () => {
    const { venue, form, first, freeLanes } = await setUpBookings(t, { lanes: ['L1'] });
    // The widget tells the customer they pay at the venue (it shows no card payment step).
    expect(await paymentsOn(t, venue.id)).toBe(false);
    const online = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })).json<Booking>();
    expect(online.status).toBe('wait_for_payment');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, online.id));
    expect(row.abandonAt).toBeNull();
    // Long after the venue's minutes, the sweep (the job's own function) leaves it, and the job too.
    await abandonOverdueBookings(t.db, later(3));
    expect(await statusOf(t, online.id)).toBe('wait_for_payment');
    await t.jobs.send(ABANDON_QUEUE, {});
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(await statusOf(t, online.id)).toBe('wait_for_payment');
    expect(await freeLanes(first.id)).toBe(0);
    const logs = (await venue.staff.get(`/api/private/booking/${online.id}`)).json<BookingDetail>().logs;
    expect(logs.filter((l) => l.type === 'abandoned')).toEqual([]);
  });

  it('a venue that turns card payments on later abandons only the online bookings made since', async () => {
    const { venue, form } = await setUpBookings(t);
    const before = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 1 }) })).json<Booking>();
    await enableCardPayments(t, venue.owner);
    expect(await paymentsOn(t, venue.id)).toBe(true);
    const since = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 1 }) })).json<Booking>();
    await abandonOverdueBookings(t.db, later(3));
    expect(await statusOf(t, before.id)).toBe('wait_for_payment');
    expect(await statusOf(t, since.id)).toBe('abandoned');
  });
});
