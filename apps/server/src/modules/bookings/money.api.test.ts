import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail, PublicBooking } from '@lanebook/core/booking-schemas';
import { DEFAULT_MONEY_FORMAT } from '@lanebook/core';
import { renderBookingEvent } from '@lanebook/core/booking-events';
import { bookingLogs, bookingPayments, sandboxPayments, sandboxTransactions } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { enableCardPayments, openCardCheckout, payWithCard, US_BANK, waitForCardRefunds } from '../../../test/payments.js';
import { BASE_URL, type Caller, type TestServer } from '../../../test/server.js';

/** Money the desk can trust (issue 21): the money rule kept under races, on both databases. */

const RETURN_URL = `${BASE_URL}/widget/?venue=v&frame=1&booking=REF&paid=1`;
const publicUrl = (booking: { bookingReference: string | null }, path = '') => `/api/public/booking/${booking.bookingReference}${path}`;

async function bookOnline(t: TestServer, body: object): Promise<PublicBooking> {
  const created = await t.request('POST', '/api/public/booking', { body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<PublicBooking>();
}

async function customerCheckoutUrl(t: TestServer, booking: PublicBooking): Promise<string> {
  const opened = await t.request('POST', publicUrl(booking, '/checkout'), { body: { returnUrl: RETURN_URL } });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json<{ url: string }>().url;
}

async function payOnline(t: TestServer, booking: PublicBooking) {
  const paid = await payWithCard(t, await customerCheckoutUrl(t, booking), '4242 4242 4242 4242');
  expect(paid.statusCode, paid.body).toBe(303);
}

const detailOf = async (staff: Caller, id: string) => (await staff.get(`/api/private/booking/${id}`)).json<BookingDetail>();
/** The log's sentences, in the test venues' formats (the default money format). */
const logTexts = async (t: TestServer, bookingId: string) =>
  (await t.db.select().from(bookingLogs).where(eq(bookingLogs.bookingId, bookingId))).map((l) =>
    renderBookingEvent(l.event, { moneyFormat: DEFAULT_MONEY_FORMAT, timezone: 'UTC', timeFormat: 12, dateFormat: 'MM/DD/YY' }),
  );

/** The sandbox's payment behind the booking's (one) card payment. */
async function sandboxPaymentOf(t: TestServer, bookingId: string) {
  const [card] = await t.db
    .select()
    .from(bookingPayments)
    .where(and(eq(bookingPayments.bookingId, bookingId), eq(bookingPayments.kind, 'payment')));
  const [payment] = await t.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, card.providerPaymentId!));
  return payment;
}

/** What must hold after every race, once the card-refunds job has run. */
async function expectTheRule(t: TestServer, staff: Caller, bookingId: string) {
  await waitForCardRefunds(t, bookingId);
  const booking = await detailOf(staff, bookingId);
  expect(booking.refunded).toBeLessThanOrEqual(booking.paid);
  expect(booking.netPaid).toBe(booking.paid - booking.refunded);
  if (booking.status === 'canceled' || booking.status === 'abandoned') {
    expect(booking).toMatchObject({ due: 0, overpaid: 0, kept: booking.netPaid });
  } else {
    // Net paid never exceeds the total: the automatic refund ran.
    expect(booking.netPaid).toBeLessThanOrEqual(booking.total);
    expect(booking.due).toBe(booking.total - booking.netPaid);
    expect(booking.status).toBe(booking.due === 0 ? 'paid' : 'wait_for_payment');
  }
  // The ledger's rows add up to the booking's figures.
  const rows = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, bookingId));
  const sum = (kind: string) => rows.filter((r) => r.kind === kind && r.status !== 'failed').reduce((s, r) => s + r.amount, 0);
  expect({ paid: sum('payment'), refunded: sum('refund') }).toEqual({ paid: booking.paid, refunded: booking.refunded });
  return booking;
}

describeEachDatabase('booking money (issue 21)', (t) => {
  it('ten customer moves at once of a card-paid two-slot booking to one slot give back the difference once', async () => {
    const { venue, form, first, second } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const moves = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.request('POST', publicUrl(booking, '/move'), { body: { slots: [i % 2 === 0 ? first.id : second.id] } }),
      ),
    );
    for (const move of moves) expect([200, 409], move.body).toContain(move.statusCode);
    const after = await expectTheRule(t, venue.staff, booking.id);
    expect(after).toMatchObject({ total: 4000, paid: 8000, refunded: 4000, due: 0, status: 'paid', paymentLabel: 'Paid' });
    expect((await logTexts(t, booking.id)).filter((text) => text.startsWith('Refunded'))).toEqual(['Refunded $40.00 to Card']);
  });

  it('a move and a cancel at once end canceled with everything given back', async () => {
    const { venue, form, second } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const [moved, canceled] = await Promise.all([
      t.request('POST', publicUrl(booking, '/move'), { body: { slots: [second.id] } }),
      t.request('POST', publicUrl(booking, '/cancel')),
    ]);
    expect([200, 409]).toContain(moved.statusCode);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const after = await expectTheRule(t, venue.staff, booking.id);
    expect(after).toMatchObject({ status: 'canceled', paid: 8000, refunded: 8000, due: 0, kept: 0, paymentLabel: 'Refunded' });
    const refunds = (await logTexts(t, booking.id)).filter((text) => text.startsWith('Refunded'));
    expect(refunds).toEqual(
      moved.statusCode === 200 ? ['Refunded $40.00 to Card', 'Refunded $40.00 to Card'] : ['Refunded $80.00 to Card'],
    );
    // The customer's page says it: paid, refunded, nothing due, and where the venue is.
    const page = (await t.request('GET', publicUrl(booking))).json<PublicBooking>();
    expect(page).toMatchObject({ status: 'canceled', paid: 8000, refunded: 8000, due: 0, venueAddress: '', venuePhone: '' });
  });

  it('asking again answers the open checkout; opening another closes the first, so one booking is paid once', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    const customerUrl = await customerCheckoutUrl(t, booking);
    expect(await customerCheckoutUrl(t, booking)).toBe(customerUrl);
    const staffUrl = await openCardCheckout(venue.staff, booking.id, 8000);
    expect(await openCardCheckout(venue.staff, booking.id, 8000)).toBe(staffUrl);
    // The desk's checkout closed the customer's: its page refuses the card and says why.
    const refused = await payWithCard(t, customerUrl, '4242424242424242');
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain('This payment page is closed');
    expect((await payWithCard(t, staffUrl, '4242424242424242')).statusCode).toBe(303);
    const after = await expectTheRule(t, venue.staff, booking.id);
    expect(after).toMatchObject({ total: 8000, paid: 8000, refunded: 0, due: 0, overpaid: 0, status: 'paid' });
    expect(after.refunds).toEqual([]);
    // Once paid, the checkout is closed: nothing is due.
    const again = await t.request('POST', publicUrl(booking, '/checkout'), { body: { returnUrl: RETURN_URL } });
    expect(again.json()).toMatchObject({ code: 'nothing_due' });
  });

  it('twenty partial card refunds at once give back at most what was paid, each once at the provider', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const refunds = await Promise.all(
      Array.from({ length: 20 }, () => venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 500 })),
    );
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(16);
    for (const refused of refunds.filter((r) => r.statusCode !== 200)) expectFieldError(refused, 'amount');
    const after = await expectTheRule(t, venue.staff, booking.id);
    // The customer owes it again: the price was not lowered.
    expect(after).toMatchObject({ paid: 8000, refunded: 8000, due: 8000, status: 'wait_for_payment', paymentLabel: 'Refunded' });
    expect((await logTexts(t, booking.id)).filter((text) => text === 'Refunded $5.00 to Card')).toHaveLength(16);
    const payment = await sandboxPaymentOf(t, booking.id);
    const made = await t.db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.paymentId, payment.id), eq(sandboxTransactions.type, 'refund')));
    expect(made).toHaveLength(16);
  });

  it('a staff collect racing a customer card payment: whichever comes second is refused or refunded', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    const url = await customerCheckoutUrl(t, booking);
    const [collected, paid] = await Promise.all([
      venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 8000, paymentMethod: 'Cash' }),
      payWithCard(t, url, '4242424242424242'),
    ]);
    expect(paid.statusCode).toBe(303);
    const after = await expectTheRule(t, venue.staff, booking.id);
    expect(after).toMatchObject({ total: 8000, netPaid: 8000, due: 0, status: 'paid' });
    if (collected.statusCode === 200) {
      // The cash stays: the card payment that came on top goes back to the card.
      expect(after.refunds).toEqual([expect.objectContaining({ amount: 8000, paymentMethodAlias: 'Card' })]);
    } else {
      expectFieldError(collected, 'amount');
      expect(after).toMatchObject({ paid: 8000, refunded: 0 });
    }
  });

  it('a refund asks whether the price is lowered; a staff cancel refunds all, part or none with its reason; due 0 in the list and the page', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = `/api/private/booking/${booking.id}`;
    expect((await venue.staff.post(`${url}/checkout`, { amount: 8000, paymentMethod: 'Cash' })).json<Booking>().status).toBe('paid');

    // Without lowering the price, the customer owes it again.
    const owed = (await venue.manager.post(`${url}/refund`, { amount: 1000 })).json<{ booking: Booking }>().booking;
    expect(owed).toMatchObject({ total: 8000, refunded: 1000, due: 1000, status: 'wait_for_payment', paymentLabel: 'Part paid' });
    await venue.staff.post(`${url}/checkout`, { amount: 1000, paymentMethod: 'Cash' });
    // A goodwill discount: the price drops by the amount and the booking stays paid.
    const lowered = await venue.manager.post(`${url}/refund`, { amount: 2000, lowerPrice: true });
    expect(lowered.json()).toMatchObject({
      booking: { total: 6000, customPrice: 6000, paid: 9000, refunded: 3000, due: 0, status: 'paid' },
      // Newest payment first: the $10.00 collected last, then $10.00 of the first.
      refunds: [
        { amount: 1000, paymentMethodAlias: 'Cash', status: 'succeeded' },
        { amount: 1000, paymentMethodAlias: 'Cash', status: 'succeeded' },
      ],
    });

    // Too much refused, nothing written.
    await expectNoWrites(t, async () => expectFieldError(await venue.manager.post(`${url}/cancel`, { refundAmount: 6001 }), 'amount'));
    const canceled = await venue.manager.post(`${url}/cancel`, { refundAmount: 6000, reason: 'Storm closed the venue' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', refunded: 9000, due: 0, kept: 0, paymentLabel: 'Refunded' });
    const texts = await logTexts(t, booking.id);
    expect(texts).toContain('Booking canceled: Storm closed the venue');
    expect(texts).toContain('Price lowered by $20.00 to $60.00 with the refund');
    expect((await detailOf(venue.staff, booking.id)).due).toBe(0);
    const list = (await venue.staff.get('/api/private/booking/detailed', { query: { activeFilter: 'canceled' } })).json<{
      items: Booking[];
    }>();
    expect(list.items.find((b) => b.id === booking.id)).toMatchObject({ due: 0, kept: 0 });

    // Cancelling by itself refunds nothing: what was paid is kept and offered for refund.
    const other = (await venue.staff.post('/api/private/booking', form({ playersCount: 1 }))).json<Booking>();
    await venue.staff.post(`/api/private/booking/${other.id}/checkout`, { amount: other.total, paymentMethod: 'Cash' });
    const kept = (await venue.staff.post(`/api/private/booking/${other.id}/cancel`)).json<Booking>();
    expect(kept).toMatchObject({ status: 'canceled', due: 0, refunded: 0, kept: other.total, paymentLabel: 'Kept' });
  });

  it('a card refund the provider refuses shows failed and counts for nothing; Retry sends it again once', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const payment = await sandboxPaymentOf(t, booking.id);
    // The provider holds nothing more to refund of this payment (as if refunded in its dashboard without an event).
    await t.db.update(sandboxPayments).set({ amountRefunded: payment.amount }).where(eq(sandboxPayments.id, payment.id));
    const refund = (await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 3000 })).json<{
      refunds: { id: string; status: string }[];
    }>();
    expect(refund.refunds[0].status).toBe('pending');
    const failed = await expectTheRule(t, venue.staff, booking.id);
    expect(failed).toMatchObject({ refunded: 0, due: 0, status: 'paid' });
    expect(failed.refunds).toEqual([
      expect.objectContaining({ id: refund.refunds[0].id, status: 'failed', failure: expect.stringMatching(/^Refund amount/) }),
    ]);
    expect(failed.logs[0].text).toMatch(/^Card refund of \$30\.00 failed: Refund amount/);

    // Only a failed refund can be retried.
    await t.db.update(sandboxPayments).set({ amountRefunded: 0 }).where(eq(sandboxPayments.id, payment.id));
    const retryUrl = `/api/private/booking/${booking.id}/refunds/${refund.refunds[0].id}/retry`;
    const retried = await venue.manager.post(retryUrl);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ booking: { refunded: 3000, due: 3000 }, refunds: [{ status: 'pending', amount: 3000 }] });
    const done = await expectTheRule(t, venue.staff, booking.id);
    expect(done.refunds).toEqual([expect.objectContaining({ status: 'succeeded', failure: null })]);
    expect((await venue.manager.post(retryUrl)).json()).toMatchObject({ code: 'refund_not_failed' });
    const made = await t.db
      .select()
      .from(sandboxTransactions)
      .where(and(eq(sandboxTransactions.paymentId, payment.id), eq(sandboxTransactions.type, 'refund')));
    expect(made.map((m) => m.amount)).toEqual([-3000]);
  });

  it('adding a bank account that already exists is a 409 bank_account_exists with the provider words', async () => {
    const { venue } = await setUpBookings(t);
    expect((await venue.owner.post('/api/private/bank-accounts', US_BANK)).statusCode).toBe(201);
    // Same routing number and last four digits: the provider takes it for the same account.
    const again = await venue.owner.post('/api/private/bank-accounts', { ...US_BANK, accountNumber: '999123456789' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'bank_account_exists',
      message: 'A bank account with that routing number and account number already exists for this currency.',
    });
  });
});
