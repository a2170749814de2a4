import { expect, it } from 'vitest';
import type { Booking, BookingDetail, CheckoutAnswer } from '@lanebook/core/booking-schemas';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';

/** The desk's evening (issue 34): walk-ins without details, cash tendered and its change, one rule for refunds. */
describeEachDatabase('the desk’s evening', (t) => {
  it('a walk-in needs only a name, or nothing ("Walk-in"); a caller needs a name; email and phone stay required online', async () => {
    const { venue, form } = await setUpBookings(t);
    const nameOnly = await venue.staff.post(
      '/api/private/booking',
      form({ isWalkIn: true, playersCount: 1, reservationInfo: { firstName: 'Sam', lastName: '', email: '', phone: '' } }),
    );
    expect(nameOnly.statusCode, nameOnly.body).toBe(201);
    expect(nameOnly.json<Booking>()).toMatchObject({
      source: 'walk_in',
      reservationInfo: { firstName: 'Sam', lastName: '', email: '', phone: '' },
    });
    // Nothing at all: the fields may be left out too.
    const nothing = await venue.staff.post('/api/private/booking', form({ isWalkIn: true, playersCount: 1, reservationInfo: {} }));
    expect(nothing.statusCode, nothing.body).toBe(201);
    const walkIn = nothing.json<Booking>();
    expect(walkIn.reservationInfo).toMatchObject({ firstName: 'Walk-in', lastName: '', email: '', phone: '' });

    // A phone booking without email or phone, but with a name.
    const caller = await venue.staff.post('/api/private/booking', form({ playersCount: 1, reservationInfo: { lastName: 'Hopper' } }));
    expect(caller.statusCode, caller.body).toBe(201);
    expect(caller.json<Booking>()).toMatchObject({ source: 'phone', reservationInfo: { firstName: '', lastName: 'Hopper', email: '' } });
    await expectNoWrites(t, async () => {
      expectFieldError(
        await venue.staff.post('/api/private/booking', form({ playersCount: 1, reservationInfo: {} })),
        'reservationInfo.firstName',
      );
      // An email given must be one.
      expectFieldError(
        await venue.staff.post(
          '/api/private/booking',
          form({ isWalkIn: true, playersCount: 1, reservationInfo: { email: 'not-an-email' } }),
        ),
        'reservationInfo.email',
      );
      // Online, as before: name and email required.
      const online = (reservationInfo: object) =>
        t.request('POST', '/api/public/booking', { body: form({ playersCount: 1, reservationInfo }) });
      expectFieldError(await online({ ...info, email: '' }), 'reservationInfo.email');
      expectFieldError(await online({ ...info, firstName: '' }), 'reservationInfo.firstName');
    });

    // Lists and search cope with it; its detail reads as any other.
    const list = await venue.staff.get('/api/private/booking/detailed', { query: { search: 'all:Walk-in' } });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json<{ items: Booking[] }>().items.map((b) => b.id)).toContain(walkIn.id);
    const detail = await venue.staff.get(`/api/private/booking/${walkIn.id}`);
    expect(detail.json<BookingDetail>().logs[0].text).toBe('Booking created as a walk-in for 1 players');
    const receipt = await venue.staff.get(`/api/private/booking/${walkIn.id}/receipt.pdf`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toContain('application/pdf');
    // Staff correcting a walk-in may clear its name again; a caller's name stays required.
    const cleared = await venue.staff.put(`/api/private/booking/${nameOnly.json<Booking>().id}`, {
      reservationInfo: { firstName: '', lastName: '', email: '', phone: '' },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json<Booking>().reservationInfo.firstName).toBe('Walk-in');
    expectFieldError(
      await venue.staff.put(`/api/private/booking/${caller.json<Booking>().id}`, { reservationInfo: { firstName: '', lastName: '' } }),
      'reservationInfo.firstName',
    );
  });

  it('cash tendered answers the change; it must cover the amount and is for cash alone', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isWalkIn: true, reservationInfo: {} }))).json<Booking>();
    const url = `/api/private/booking/${booking.id}/checkout`;
    await expectNoWrites(t, async () => {
      expectFieldError(
        await venue.staff.post(url, { amount: 8000, paymentMethod: 'Cash', tendered: 7999 }),
        'tendered',
        'at least the amount ($80.00)',
      );
      expectFieldError(await venue.staff.post(url, { amount: 8000, paymentMethod: 'POS', tendered: 10000 }), 'tendered', 'Only cash');
      expectFieldError(await venue.staff.post(url, { amount: 8000, paymentMethod: 'Cash', tendered: 100.5 }), 'tendered');
      expectFieldError(await venue.staff.post(url, { amount: 8000, paymentMethod: 'Cash', tendered: -1 }), 'tendered');
    });
    // $81.66 is not due here, but $80.00 is: $100.00 handed over, $20.00 back.
    const paid = await venue.staff.post(url, { amount: 8000, paymentMethod: 'cash', tendered: 10000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json<CheckoutAnswer>()).toMatchObject({ status: 'paid', paid: 8000, due: 0, change: 2000 });

    // Exact money, and no tendered at all, give no change.
    const other = (await venue.staff.post('/api/private/booking', form({ playersCount: 1, reservationInfo: info }))).json<Booking>();
    const part = await venue.staff.post(`/api/private/booking/${other.id}/checkout`, { amount: 1000, paymentMethod: 'POS' });
    expect(part.json<CheckoutAnswer>()).toMatchObject({ change: 0 });
    const exact = await venue.staff.post(`/api/private/booking/${other.id}/checkout`, {
      amount: 1000,
      paymentMethod: 'Cash',
      tendered: 1000,
    });
    expect(exact.json<CheckoutAnswer>()).toMatchObject({ status: 'paid', change: 0 });
  });

  it('one rule for refunds: without "Issue refund" the cancel refunds nothing (403), and cancelling alone still works', async () => {
    const { venue, form } = await setUpBookings(t);
    const book = async () => {
      const made = (await venue.staff.post('/api/private/booking', form({ playersCount: 1 }))).json<Booking>();
      await venue.staff.post(`/api/private/booking/${made.id}/checkout`, { amount: made.total, paymentMethod: 'Cash' });
      return made;
    };
    const booking = await book();
    // Staff have bookings.cancel but not bookings.refund by default.
    await expectNoWrites(t, async () => {
      const refused = await venue.staff.post(`/api/private/booking/${booking.id}/cancel`, { refundAmount: 500 });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'forbidden' });
      expect((await venue.staff.post(`/api/private/booking/${booking.id}/refund`, { amount: 500 })).statusCode).toBe(403);
    });
    const kept = await venue.staff.post(`/api/private/booking/${booking.id}/cancel`, { refundAmount: 0, reason: 'Left early' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json<Booking>()).toMatchObject({ status: 'canceled', refunded: 0 });

    // A manager (who may issue refunds) cancels and refunds in one step.
    const other = await book();
    const refunded = await venue.manager.post(`/api/private/booking/${other.id}/cancel`, { refundAmount: 500 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json<Booking>()).toMatchObject({ status: 'canceled', refunded: 500 });
  });
});
