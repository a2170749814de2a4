import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Booking } from '@lanebook/core/booking-schemas';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { openStream } from '../../../test/live.js';
import { startSecondProcess, TestServer, type Caller } from '../../../test/server.js';

describeEachDatabase('live front desk', (t) => {
  let base = '';
  let close: () => Promise<void> = async () => {};
  beforeAll(async () => {
    const { app } = await t.extraApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    close = () => app.close();
  });
  afterAll(() => close());

  it("a public booking reaches the venue's open stream within 2 seconds; another venue's does not", async () => {
    const mine = await setUpBookings(t);
    const theirs = await setUpBookings(t);
    const stream = openStream(base, mine.venue.staff);
    try {
      await stream.ready();
      expect(stream.status()).toBe(200);
      // Their booking first: nothing comes; then ours does.
      const quiet = stream.change('bookings', 600).then(
        () => 'an event',
        () => 'nothing',
      );
      expect((await t.request('POST', '/api/public/booking', { body: theirs.form({ playersCount: 2 }) })).statusCode).toBe(201);
      expect(await quiet).toBe('nothing');
      const arrives = stream.change('bookings');
      const created = await t.request('POST', '/api/public/booking', { body: mine.form({ playersCount: 2 }) });
      expect(created.statusCode).toBe(201);
      expect(await arrives).toBeLessThan(2000);
      // A staff cancel and a new slot are announced too.
      const canceled = stream.change('bookings');
      const booking = (await mine.venue.staff.post('/api/private/booking', mine.form({ playersCount: 1 }))).json<Booking>();
      await mine.venue.staff.post(`/api/private/booking/${booking.id}/cancel`);
      await canceled;
      const slotChange = stream.change('slots');
      await mine.venue.manager.post(`/api/private/product/${mine.productId}/slot`, { date: mine.date, from: '14:00', to: '15:00' });
      await slotChange;
    } finally {
      stream.close();
    }
  });

  it('without a session the stream is refused, and another venue is a 404', async () => {
    const mine = await setUpBookings(t);
    const theirs = await setUpBookings(t);
    const anonymous = openStream(base, { token: 'nope', venue: mine.venue.id });
    await anonymous.end();
    expect(anonymous.status()).toBe(401);
    const stranger = openStream(base, { token: theirs.venue.staff.token, venue: mine.venue.id });
    await stranger.end();
    expect(stranger.status()).toBe(404);
  });

  it('the stream ends when its user leaves the venue', async () => {
    const mine = await setUpBookings(t);
    const stream = openStream(base, mine.venue.staff);
    await stream.ready();
    const staffId = await t.userId(mine.venue.staff.email);
    expect((await mine.venue.owner.delete(`/api/private/users/${staffId}`)).statusCode).toBeLessThan(300);
    expect(await stream.end()).toBeLessThan(2000);
  });

  it("a user keeps at most 10 open streams: the 11th closes the user's oldest, not another user's", async () => {
    const mine = await setUpBookings(t);
    const manager = openStream(base, mine.venue.manager);
    const staff = [];
    try {
      await manager.ready();
      for (let i = 0; i < 11; i++) {
        const stream = openStream(base, mine.venue.staff);
        staff.push(stream);
        await stream.ready();
      }
      expect(await staff[0].end()).toBeLessThan(2000);
      // The others are still open: a change reaches the newest and the second oldest.
      const arrives = Promise.all([staff[1].change('bookings'), staff[10].change('bookings'), manager.change('bookings')]);
      expect((await t.request('POST', '/api/public/booking', { body: mine.form({ playersCount: 2 }) })).statusCode).toBe(201);
      await arrives;
      expect(staff.slice(1).map((s) => s.ended())).toEqual(Array(10).fill(false));
      expect(manager.ended()).toBe(false);
    } finally {
      manager.close();
      staff.forEach((s) => s.close());
    }
  });
});

/** Two server processes on one PostgreSQL: a booking made through one reaches the other's streams. */
describe('live front desk across server processes [postgres]', () => {
  const postgres = inject('postgres');
  if (!postgres.available && !postgres.required) return;
  const t = new TestServer('postgres');
  let other: Awaited<ReturnType<typeof startSecondProcess>>;
  let base = '';
  let close: () => Promise<void> = async () => {};

  beforeAll(async () => {
    await t.start();
    const { app } = await t.extraApp({});
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
    close = () => app.close();
    other = await startSecondProcess(t);
  }, 60_000);

  afterAll(async () => {
    await other?.stop();
    await close();
    await t.stop();
  }, 60_000);

  it("a booking made through process B is announced on process A's stream within 2 seconds", async () => {
    const mine = await setUpBookings(t);
    const caller: Caller = mine.venue.staff;
    const stream = openStream(base, caller);
    try {
      await stream.ready();
      const arrives = stream.change('bookings');
      const response = await fetch(`${other.url}/api/public/booking`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(mine.form({ playersCount: 2 })),
      });
      expect(response.status, await response.text()).toBe(201);
      expect(await arrives).toBeLessThan(2000);
    } finally {
      stream.close();
    }
  });
});
