import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail, BookingLog } from '@lanebook/core/booking-schemas';
import { bookingCounters, bookingLogs, bookingPayments, bookings, products } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';

const setUp = setUpBookings;

describeEachDatabase('bookings', (t) => {
  it('staff book by phone: lanes chosen, priced, numbered, referenced, logged, and the lanes are busy for the widget', async () => {
    const { venue, form, first, freeLanes } = await setUp(t);
    const created = await venue.staff.post('/api/private/booking', form());
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<Booking>();
    expect(booking).toMatchObject({
      status: 'wait_for_payment',
      source: 'phone',
      resourceIds: ['L1'],
      playersCount: 4,
      registrationCode: 'AXE0001',
      total: 8000,
      paid: 0,
      due: 8000,
      reservationInfo: { firstName: 'Ada', email: 'Ada@Example.test', phone: '+15551234567' },
    });
    expect(booking.bookingReference).toMatch(/^[2-9A-Z]{10}$/);
    expect(await freeLanes(first.id)).toBe(2);
    const second = (await venue.staff.post('/api/private/booking', form({ isWalkIn: true, playersCount: 8 }))).json<Booking>();
    expect(second).toMatchObject({ source: 'walk_in', registrationCode: 'AXE0002', resourceIds: ['L2', 'L3'] });
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.logs).toEqual([expect.objectContaining({ type: 'create', userName: expect.any(String) })]);
    // Every lane is held now: the next one is refused, and writes nothing.
    await expectNoWrites(t, async () => {
      const refused = await venue.staff.post('/api/private/booking', form({ playersCount: 1 }));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('slot_unavailable');
    });
  });

  it('registration numbers have at least four digits and go on past 9999', async () => {
    const { venue, form } = await setUp(t);
    await t.db.execute(sql`insert into ${bookingCounters} (venue_id, last_number) values (${venue.id}, 9998)
      on conflict (venue_id) do update set last_number = 9998`);
    const codes = [];
    for (let i = 0; i < 2; i++) {
      const created = await venue.staff.post('/api/private/booking', form({ playersCount: 1 }));
      expect(created.statusCode, created.body).toBe(201);
      codes.push(created.json<Booking>().registrationCode);
    }
    expect(codes).toEqual(['AXE9999', 'AXE10000']);
  });

  it('bad input is a 400 naming the field, and nothing is written', async () => {
    const { venue, form, first, second } = await setUp(t);
    const other = await setUp(t);
    await expectNoWrites(t, async () => {
      expectFieldError(
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, firstName: ' ', lastName: '' } })),
        'reservationInfo.firstName',
      );
      expectFieldError(
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: 'nope' } })),
        'reservationInfo.email',
      );
      expectFieldError(
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, phone: '12' } })),
        'reservationInfo.phone',
      );
      expectFieldError(await venue.staff.post('/api/private/booking', form({ playersCount: 13 })), 'playersCount');
      expectFieldError(await venue.staff.post('/api/private/booking', form({ slots: [second.id, other.first.id] })), 'slots');
      expectFieldError(await venue.staff.post('/api/private/booking', form({ resourceIds: ['L9'] })), 'resourceIds');
      expectFieldError(await venue.staff.post('/api/private/booking', form({ playersCount: 7, resourceIds: ['L1'] })), 'resourceIds');
      expectFieldError(await venue.staff.post('/api/private/booking', form({ promocode: 'NOPE' })), 'promocode');
      expect((await venue.staff.post('/api/private/booking', form({ productId: other.productId }))).statusCode).toBe(404);
      // A custom price needs bookings.setCustomPrice, which staff lack by default.
      expect((await venue.staff.post('/api/private/booking', form({ customPrice: 100 }))).statusCode).toBe(403);
    });
    expect((await venue.manager.post('/api/private/booking', form({ customPrice: 100, slots: [first.id] }))).json<Booking>().total).toBe(
      100,
    );
  });

  it('collects cash and card-terminal payments, refunds newest first and never more than paid, cancels and frees the lanes', async () => {
    const { venue, form, first, freeLanes } = await setUp(t);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = `/api/private/booking/${booking.id}`;
    expectFieldError(await venue.staff.post(`${url}/checkout`, { amount: 1000, paymentMethod: 'Bitcoin' }), 'paymentMethod');
    expectFieldError(await venue.staff.post(`${url}/checkout`, { amount: 9000, paymentMethod: 'Cash' }), 'amount');
    const half = (await venue.staff.post(`${url}/checkout`, { amount: 5000, paymentMethod: 'cash' })).json<Booking>();
    expect(half).toMatchObject({ status: 'wait_for_payment', paid: 5000, due: 3000 });
    const full = (await venue.staff.post(`${url}/checkout`, { amount: 3000, paymentMethod: 'POS' })).json<Booking>();
    expect(full).toMatchObject({ status: 'paid', paid: 8000, due: 0 });
    expect(full.checkoutInfo.payments.map((p) => [p.paid, p.paymentMethodAlias])).toEqual([
      [5000, 'Cash'],
      [3000, 'POS'],
    ]);
    // Staff may not refund by default.
    expect((await venue.staff.post(`${url}/refund`, { amount: 100 })).statusCode).toBe(403);
    const refund = await venue.manager.post(`${url}/refund`, { amount: 4000 });
    expect(refund.statusCode, refund.body).toBe(200);
    const done = refund.json<{ booking: Booking; refunds: { amount: number; paymentMethodAlias: string }[] }>();
    expect(done.refunds.map((r) => [r.amount, r.paymentMethodAlias])).toEqual([
      [3000, 'POS'],
      [1000, 'Cash'],
    ]);
    expect(done.booking).toMatchObject({ isRefunded: true, refunded: 4000, paid: 8000 });
    expectFieldError(await venue.manager.post(`${url}/refund`, { amount: 4001 }), 'amount');

    expect((await venue.staff.post(`${url}/presence`, { presenceStatus: 'fully' })).json<Booking>().presenceStatus).toBe('fully');
    expect((await venue.staff.post(`${url}/save`)).json<Booking>().isSaved).toBe(true);
    expect((await venue.staff.post(`${url}/notes`, { text: 'Birthday party' })).statusCode).toBe(200);
    expect(await freeLanes(first.id)).toBe(2);
    const canceled = await venue.staff.post(`${url}/cancel`);
    expect(canceled.json<Booking>().status).toBe('canceled');
    expect(await freeLanes(first.id)).toBe(3);
    expect((await venue.staff.post(`${url}/cancel`)).statusCode).toBe(409);
    const logs = (await venue.staff.get(url)).json<BookingDetail>().logs.map((l) => l.type);
    expect(logs).toEqual(['cancel', 'custom', 'update', 'update', 'refund', 'paid', 'paid', 'create']);
    // The log on its own, paged, newest first.
    const page = (await venue.staff.get(`${url}/logs`, { query: { limit: '3', offset: '1' } })).json<{
      items: BookingLog[];
      total: number;
    }>();
    expect(page.total).toBe(8);
    expect(page.items.map((l) => l.type)).toEqual(['custom', 'update', 'update']);
    expect(page.items[0]).toMatchObject({ text: 'Birthday party', userName: expect.any(String), timestamp: expect.any(String) });
  });

  it('another venue never sees a booking: every call with its id is 404', async () => {
    const mine = await setUp(t);
    const theirs = await setUp(t);
    const booking = (await theirs.venue.staff.post('/api/private/booking', theirs.form())).json<Booking>();
    await expectNoWrites(t, async () => {
      expect((await mine.venue.owner.get(`/api/private/booking/${booking.id}`)).statusCode).toBe(404);
      expect((await mine.venue.owner.get(`/api/private/booking/${booking.id}/logs`)).statusCode).toBe(404);
      const bodies: Record<string, object | undefined> = {
        cancel: undefined,
        save: undefined,
        refund: { amount: 100 },
        checkout: { amount: 100, paymentMethod: 'Cash' },
        presence: { presenceStatus: 'fully' },
        notes: { text: 'x' },
      };
      for (const [path, body] of Object.entries(bodies)) {
        expect((await mine.venue.owner.post(`/api/private/booking/${booking.id}/${path}`, body)).statusCode, path).toBe(404);
      }
      expect((await mine.venue.owner.delete(`/api/private/booking/${booking.id}`)).statusCode).toBe(404);
    });
    const listed = (await mine.venue.owner.get('/api/private/booking/detailed')).json<{ total: number }>();
    expect(listed.total).toBe(0);
  });

  it('the list searches, filters, sorts and pages; a search below its minimum is a 400', async () => {
    const { venue, form } = await setUp(t);
    const ada = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    const bob = (
      await venue.staff.post(
        '/api/private/booking',
        form({
          playersCount: 2,
          reservationInfo: { ...info, firstName: 'Bob', lastName: 'Babbage', email: 'bob@example.test', phone: '5550001111' },
        }),
      )
    ).json<Booking>();
    await venue.staff.post(`/api/private/booking/${bob.id}/save`);
    const list = (query: Record<string, string>) =>
      venue.staff.get('/api/private/booking/detailed', { query }).then((r) => {
        expect(r.statusCode, r.body).toBe(200);
        return r.json<{ items: Booking[]; total: number }>();
      });
    expect((await list({})).items.map((b) => b.id)).toEqual([bob.id, ada.id]);
    expect((await list({ sort: 'az' })).items.map((b) => b.id)).toEqual([bob.id, ada.id]);
    expect((await list({ search: 'email:ada@' })).items.map((b) => b.id)).toEqual([ada.id]);
    expect((await list({ search: 'phone:(555) 123-4567' })).items.map((b) => b.id)).toEqual([ada.id]);
    expect((await list({ search: 'lastName:bab' })).items.map((b) => b.id)).toEqual([bob.id]);
    expect((await list({ search: `registrationCode:${ada.registrationCode}` })).items.map((b) => b.id)).toEqual([ada.id]);
    expect((await list({ search: `bookingReference:${bob.bookingReference!.slice(0, 4).toLowerCase()}` })).items.map((b) => b.id)).toEqual([
      bob.id,
    ]);
    expect((await list({ activeFilter: 'saved' })).items.map((b) => b.id)).toEqual([bob.id]);
    expect((await list({ activeFilter: 'upcoming' })).total).toBe(2);
    expect((await list({ activeFilter: 'canceled' })).total).toBe(0);
    expect((await list({ dateRange: 'today' })).total).toBe(2);
    expect((await list({ dateRange: 'yesterday' })).total).toBe(0);
    expect((await list({ dateField: 'date', dateRange: 'today' })).total).toBe(0);
    expect((await list({ limit: '1', offset: '1' })).items.map((b) => b.id)).toEqual([ada.id]);
    expectFieldError(await venue.staff.get('/api/private/booking/detailed', { query: { search: 'email:ad' } }), 'search');
    expectFieldError(await venue.staff.get('/api/private/booking/detailed', { query: { activeFilter: 'lost' } }), 'activeFilter');
  });

  it('online: the widget books by the form, the customer reads, corrects and cancels by reference only', async () => {
    const { form, productId } = await setUp(t, { daysAhead: 5 });
    const created = await t.request('POST', '/api/public/booking', { body: form() });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<Booking>();
    expect(booking).toMatchObject({ status: 'wait_for_payment', total: 8000, due: 8000 });
    expect(Object.keys(booking)).not.toContain('checkoutInfo');
    const ref = booking.bookingReference!;
    expect((await t.request('GET', `/api/public/booking/${ref}`)).json<Booking>().id).toBe(booking.id);
    expect((await t.request('GET', '/api/public/booking/NOSUCHREF9')).statusCode).toBe(404);
    const patched = await t.request('PATCH', `/api/public/booking/${ref.toLowerCase()}/reservationInfo`, {
      body: { ...info, note: 'Left-handed' },
    });
    expect(patched.json<Booking>().reservationInfo.note).toBe('Left-handed');
    expect((await t.request('POST', `/api/public/booking/${ref}/cancel`)).json<Booking>().status).toBe('canceled');
    // A product of no venue, or a paused one: 404.
    expect((await t.request('POST', '/api/public/booking', { body: form({ productId: 'nope' }) })).statusCode).toBe(404);
    await t.db.update(products).set({ isPaused: true }).where(eq(products.id, productId));
    expect((await t.request('POST', '/api/public/booking', { body: form() })).statusCode).toBe(404);
  });

  it('a customer cannot cancel online within 24 hours of the start; staff can', async () => {
    const { venue, form, second } = await setUp(t);
    const booking = (
      await t.request('POST', '/api/public/booking', { body: form({ slots: [second.id], playersCount: 1 }) })
    ).json<Booking>();
    // The booking moved to an hour from now (as staff may do): inside the 24 hours.
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(bookings.id, booking.id));
    const late = await t.request('POST', `/api/public/booking/${booking.bookingReference}/cancel`);
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'cancellation_closed', message: expect.stringContaining('24 hours') });
    expect((await venue.staff.post(`/api/private/booking/${booking.id}/cancel`)).statusCode).toBe(200);
  });

  it('64 customers race for the last free lane: exactly one booking, the others 409 slot_unavailable, nothing else written', async () => {
    const { venue, form } = await setUp(t, { lanes: ['L1'] });
    const count = async () => {
      const [row] = (
        (await t.db.execute(sql`select
          (select count(*) from ${bookings} where venue_id = ${venue.id})::int as bookings,
          (select count(*) from ${bookingLogs} where venue_id = ${venue.id})::int as logs,
          (select count(*) from ${bookingPayments} where venue_id = ${venue.id})::int as payments,
          (select coalesce(max(last_number), 0) from ${bookingCounters} where venue_id = ${venue.id})::int as numbers`)) as unknown as {
          rows: unknown[];
        }
      ).rows as { bookings: number; logs: number; payments: number; numbers: number }[];
      return row;
    };
    const answers = await Promise.all(
      Array.from({ length: 64 }, () => t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(63);
    for (const refused of answers.filter((a) => a.statusCode === 409)) expect(refused.json().code).toBe('slot_unavailable');
    expect(await count()).toEqual({ bookings: 1, logs: 1, payments: 0, numbers: 1 });
  });

  it('20 refunds at once never give back more than was paid', async () => {
    const { venue, form } = await setUp(t);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 5000, paymentMethod: 'Cash' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 1000 })),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(15);
    const after = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>();
    expect(after).toMatchObject({ paid: 5000, refunded: 5000 });
  });

  it('staff move a booking and change its players: lanes checked without itself, priced again, what to collect or give back', async () => {
    const { venue, form, first, second, freeLanes } = await setUp(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ slots: [first.id], playersCount: 4 }))).json<Booking>();
    await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 4000, paymentMethod: 'Cash' });
    const url = `/api/private/booking/${booking.id}`;
    // Its own lane counts as free for itself: moving to both slots keeps L1.
    const longer = await venue.staff.put(url, { slots: [first.id, second.id] });
    expect(longer.statusCode, longer.body).toBe(200);
    expect(longer.json<Booking>()).toMatchObject({ resourceIds: ['L1'], total: 8000, paid: 4000, due: 4000, status: 'wait_for_payment' });
    expect(await freeLanes(second.id)).toBe(2);
    // Fewer players and one slot: cheaper than paid, so something to give back.
    const cheaper = (await venue.staff.put(url, { slots: [second.id], playersCount: 2 })).json<Booking>();
    expect(cheaper).toMatchObject({ total: 2000, due: 0, overpaid: 2000, status: 'paid', slotIds: [second.id] });
    expect(await freeLanes(first.id)).toBe(3);
    // Eight players need two lanes: chosen again.
    expect((await venue.staff.put(url, { playersCount: 8 })).json<Booking>().resourceIds).toEqual(['L1', 'L2']);
    // Another booking on L3; asking for L3 is refused and writes nothing.
    await venue.staff.post('/api/private/booking', form({ slots: [second.id], playersCount: 1, resourceIds: ['L3'] }));
    await expectNoWrites(t, async () => {
      expect((await venue.staff.put(url, { resourceIds: ['L2', 'L3'] })).json().code).toBe('slot_unavailable');
      expectFieldError(await venue.staff.put(url, { resourceIds: ['L2'] }), 'resourceIds');
      expectFieldError(await venue.staff.put(url, { playersCount: 99 }), 'playersCount');
      expectFieldError(await venue.staff.put(url, { reservationInfo: { ...info, email: 'x' } }), 'reservationInfo.email');
      expect((await venue.staff.put(url, { customPrice: 1 })).statusCode).toBe(403);
    });
    const renamed = (await venue.staff.put(url, { reservationInfo: { ...info, firstName: 'Augusta' } })).json<Booking>();
    expect(renamed.reservationInfo.firstName).toBe('Augusta');
    const logs = (await venue.staff.get(url)).json<BookingDetail>().logs;
    expect(logs[0]).toMatchObject({ type: 'update', text: 'Personal info changed: first name' });
  });
});
