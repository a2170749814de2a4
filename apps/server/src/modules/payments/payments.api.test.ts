import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import { createSandboxProvider } from '../../platform/payments/sandbox.js';
import { retryPendingRefunds } from './service.js';
import type { Balance, BankAccount, PaymentsInfo, PayoutPage } from '@lanebook/core/payment-schemas';
import { bookingPayments, bookings, paymentEvents, products, sandboxEvents, sandboxTransactions, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import {
  authenticate,
  enableCardPayments,
  openCardCheckout,
  pathOf,
  payWithCard,
  US_BANK,
  waitForCardRefunds,
} from '../../../test/payments.js';
import { BASE_URL, TEST_AUTH_SECRET } from '../../../test/server.js';

describeEachDatabase('payments with the sandbox provider', (t) => {
  it('a venue adds a bank account (masked ever after) and verifies on the sandbox page: bank status inactive, pending, active', async () => {
    const { venue } = await setUpBookings(t);
    const info = () => venue.owner.get('/api/private/payments').then((r) => r.json<PaymentsInfo>());
    expect(await info()).toEqual({
      provider: 'sandbox',
      testMode: true,
      currency: 'usd',
      status: 'inactive',
      isPaymentsEnabled: false,
      dashboardUrl: null,
    });

    await expectNoWrites(t, async () => {
      await expectFieldError(
        await venue.owner.post('/api/private/bank-accounts', { ...US_BANK, routingNumber: '123456789' }),
        'routingNumber',
      );
      await expectFieldError(await venue.owner.post('/api/private/bank-accounts', { ...US_BANK, accountNumber: '12' }), 'accountNumber');
      await expectFieldError(await venue.owner.post('/api/private/bank-accounts', { ...US_BANK, country: 'FR' }), 'country');
      expect((await venue.staff.post('/api/private/bank-accounts', US_BANK)).statusCode).toBe(403);
    });
    const added = await venue.owner.post('/api/private/bank-accounts', US_BANK);
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<BankAccount>()).toMatchObject({
      accountNumber: '••••6789',
      last4: '6789',
      currency: 'usd',
      isDefaultForCurrency: true,
    });
    expect(added.body).not.toContain('000123456789');
    const canadian = (
      await venue.owner.post('/api/private/bank-accounts', {
        ...US_BANK,
        country: 'CA',
        accountNumber: '0001234567',
        routingNumber: '11000-000',
      })
    ).json<BankAccount>();
    expect(canadian).toMatchObject({ currency: 'cad', routingNumber: '11000000', isDefaultForCurrency: true });
    const listed = await venue.owner.get('/api/private/bank-accounts');
    expect(listed.json<{ items: BankAccount[] }>().items.map((b) => b.accountNumber)).toEqual(['••••6789', '••••4567']);
    expect(listed.body).not.toContain('000123456789');
    expect(await info()).toMatchObject({ status: 'pending', isPaymentsEnabled: false });

    // The link goes back only to this console.
    await expectFieldError(
      await venue.owner.post('/api/private/sandbox/onboard-link', { returnUrl: 'https://evil.example/' }),
      'returnUrl',
    );
    expect((await venue.owner.post('/api/private/stripe/onboard-link', { returnUrl: 'http://localhost:3000/' })).statusCode).toBe(404);
    const link = (await venue.owner.post('/api/private/sandbox/onboard-link', { returnUrl: 'http://localhost:3000/dashboard' })).json<{
      url: string;
    }>();
    expect(link.url).toMatch(/^http:\/\/localhost:3000\/sandbox-verify\//);
    const page = await t.request('GET', pathOf(link.url));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Venue ${venue.id}`);
    const verified = await t.request('POST', pathOf(link.url), {
      body: '',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe('http://localhost:3000/dashboard');
    // The account.updated event reached the webhook and set the venue's status.
    expect(await info()).toMatchObject({ status: 'active', isPaymentsEnabled: true });
    expect((await t.request('GET', pathOf(link.url))).statusCode).toBe(410);

    // The default of a currency goes last; another can be made the default first.
    const second = (
      await venue.owner.post('/api/private/bank-accounts', { ...US_BANK, accountNumber: '000999999999' })
    ).json<BankAccount>();
    expect(second.isDefaultForCurrency).toBe(false);
    const firstId = added.json<BankAccount>().id;
    const refused = await venue.owner.delete(`/api/private/bank-accounts/${firstId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/default/);
    expect(
      (await venue.owner.patch(`/api/private/bank-accounts/${second.id}`, { isDefaultForCurrency: true })).json<BankAccount>()
        .isDefaultForCurrency,
    ).toBe(true);
    expect((await venue.owner.delete(`/api/private/bank-accounts/${firstId}`)).statusCode).toBe(204);
    expect((await venue.owner.delete(`/api/private/bank-accounts/${firstId}`)).statusCode).toBe(404);
    // Another venue sees none of it.
    const other = await t.addVenue();
    expect((await other.owner.get('/api/private/bank-accounts')).json()).toEqual({ items: [] });
    expect((await other.owner.patch(`/api/private/bank-accounts/${second.id}`, { isDefaultForCurrency: true })).statusCode).toBe(404);
  });

  it('a booking is paid by card on the hosted page: declined cards change nothing, the webhook marks it paid, half is refunded through the provider', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const card = { amount: booking.due, paymentMethod: 'card' };
    const notYet = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, card);
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().code).toBe('payments_not_enabled');
    await enableCardPayments(t, venue.owner);

    await expectFieldError(
      await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { ...card, amount: booking.due + 1 }),
      'amount',
    );
    const opened = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, card);
    expect(opened.statusCode, opened.body).toBe(200);
    const { url } = opened.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/cs_sb_/);
    // A double click opens the same page.
    expect((await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, card)).json()).toEqual({ url });

    const page = await t.request('GET', pathOf(url));
    expect(page.body).toContain('Card number');
    expect(page.body).toContain('>Pay<');
    expect(page.body).toContain('80.00 USD');
    const declined = await payWithCard(t, url, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Your card was declined.');
    expect((await payWithCard(t, url, '4111 1111 1111 1111')).body).toContain('only test cards');
    const unpaid = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>();
    expect(unpaid).toMatchObject({ status: 'wait_for_payment', paid: 0 });

    const paid = await payWithCard(t, url, '4242 4242 4242 4242');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`http://localhost:3000/bookings/${booking.id}/view?payment=done`);
    const after = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking & { logs: { text: string }[] }>();
    expect(after).toMatchObject({ status: 'paid', paid: 8000, due: 0 });
    expect(after.checkoutInfo.payments).toEqual([
      expect.objectContaining({ paid: 8000, paymentMethodAlias: 'Card', paymentIntentId: expect.stringMatching(/^pi_sb_/) }),
    ]);
    expect(after.logs.map((l) => l.text)).toContain('Card payment of $80.00 received');
    // Paying the page again changes nothing.
    expect((await payWithCard(t, url, '4242424242424242')).statusCode).toBe(303);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>().paid).toBe(8000);

    // More than was paid is refused before the provider is called.
    await expectNoWrites(t, async () =>
      expectFieldError(await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 8001 }), 'amount'),
    );
    const refund = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 4000 });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json()).toMatchObject({
      booking: { paid: 8000, refunded: 4000, isRefunded: true },
      refunds: [{ amount: 4000, paymentMethodAlias: 'Card' }],
    });
    // The card refund is pending until the job has sent it and the provider answered.
    expect(refund.json().refunds[0].status).toBe('pending');
    await waitForCardRefunds(t, booking.id);
    const rows = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    expect(rows.find((r) => r.kind === 'refund')).toMatchObject({
      provider: 'sandbox',
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^re_sb_/),
    });
    // The provider's charge.refunded event arrives later and finds the refund recorded.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>().refunded).toBe(4000);

    const balance = (await venue.owner.get('/api/private/sandbox/balance')).json<Balance>();
    expect(balance.available).toEqual([{ amount: 4000, currency: 'usd' }]);
  });

  it("the sandbox's pages show the venue's and product's names as text", async () => {
    const { venue, form, productId } = await setUpBookings(t);
    const hostile = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await t.db
      .update(venues)
      .set({ name: `Axe ${hostile}` })
      .where(eq(venues.id, venue.id));
    await t.db
      .update(products)
      .set({ name: `Throw ${hostile}` })
      .where(eq(products.id, productId));
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = await openCardCheckout(venue.staff, booking.id, 100);
    for (const page of [await t.request('GET', pathOf(url)), await payWithCard(t, url, '4000000000000002')]) {
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).not.toContain('<script>');
      expect(page.body).not.toContain('<img');
      expect(page.body).toContain('Throw &lt;script&gt;alert(1)&lt;/script&gt;');
    }
  });

  it('the card that asks for an extra confirmation pays once confirmed, and not when failed', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = await openCardCheckout(venue.staff, booking.id, 3000);
    const confirm = await payWithCard(t, url, '4000 0025 0000 3155');
    expect(confirm.statusCode).toBe(200);
    expect(confirm.body).toContain('Confirm this payment');
    expect((await authenticate(t, url, 'fail', confirm)).statusCode).toBe(402);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>().paid).toBe(0);
    expect((await authenticate(t, url, 'complete', confirm)).statusCode).toBe(303);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({
      paid: 3000,
      due: 5000,
      status: 'wait_for_payment',
    });
  });

  it("a booking's second checkout closes the first: the first page refuses payment, even in its confirmation step; the booking is paid once", async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    // The customer opens the widget's checkout and, in another tab, the desk opens its own.
    const first = await openCardCheckout(venue.staff, booking.id, 3000);
    const confirm = await payWithCard(t, first, '4000 0025 0000 3155');
    expect(confirm.body).toContain('Confirm this payment');
    const second = await openCardCheckout(venue.staff, booking.id, 8000);
    const refused = await payWithCard(t, first, '4242 4242 4242 4242');
    expect(refused.statusCode).toBe(402);
    expect(refused.body).toContain('another payment of this booking was started');
    expect((await authenticate(t, first, 'complete', confirm)).statusCode).toBe(402);
    expect((await payWithCard(t, second, '4242 4242 4242 4242')).statusCode).toBe(303);
    const payments = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    expect(payments.map((p) => [p.kind, p.amount])).toEqual([['payment', 8000]]);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({ paid: 8000, status: 'paid' });
  });

  it('the confirmation step completes only a payment whose card went through the pay form', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = await openCardCheckout(venue.staff, booking.id, 3000);
    const confirmStep = (fields: Record<string, string>) =>
      t.request('POST', `${pathOf(url)}/authenticate`, {
        body: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    await expectNoWrites(t, async () => {
      expect((await confirmStep({ outcome: 'complete', last4: '3155' })).statusCode).toBe(400);
      expect((await confirmStep({ outcome: 'complete', last4: '3155', token: 'forged' })).statusCode).toBe(402);
      // A token of the card's page is good for that card's digits only.
      const confirm = await payWithCard(t, url, '4000 0025 0000 3155');
      const token = /name="token" value="([^"]*)"/.exec(confirm.body)![1];
      expect((await confirmStep({ outcome: 'complete', last4: '4242', token })).statusCode).toBe(402);
    });
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({ paid: 0 });
  });

  it('the webhook applies an event once however often it comes, and refuses a tampered, unsigned or stale one', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = await openCardCheckout(venue.staff, booking.id, 8000);
    await payWithCard(t, url, '4242424242424242');
    const [event] = await t.db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'checkout.session.completed'));
    const secret = `whsec_${createHmac('sha256', TEST_AUTH_SECRET).update('sandbox-webhook').digest('hex')}`;
    const post = (payload: string, signature?: string) =>
      t.request('POST', '/api/public/sandbox/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
      });
    const payload = JSON.stringify(event.payload);
    const sign = (timestamp?: number) => Stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });

    const answers = await Promise.all(Array.from({ length: 5 }, () => post(payload, sign())));
    expect(answers.map((a) => a.json().outcome)).toEqual(Array(5).fill('duplicate'));
    expect((await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id))).length).toBe(1);

    await expectNoWrites(t, async () => {
      const tampered = await post(payload.replace('"amount_total":8000', '"amount_total":1'), sign());
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json().code).toBe('bad_signature');
      expect((await post(payload)).statusCode).toBe(400);
      const stale = await post(payload, sign(Math.floor(Date.now() / 1000) - 301));
      expect(stale.statusCode).toBe(400);
      expect(stale.json().message).toMatch(/tolerance/i);
    });
    // An event of an account nobody has is stored and ignored.
    const stranger = JSON.stringify({ ...event.payload, id: 'evt_sb_stranger', account: 'acct_sb_nobody' });
    const ignored = await post(stranger, Stripe.webhooks.generateTestHeaderString({ payload: stranger, secret }));
    expect(ignored.json()).toEqual({ received: true, outcome: 'ignored' });
    expect((await t.db.select().from(paymentEvents).where(eq(paymentEvents.id, 'evt_sb_stranger'))).length).toBe(1);
  });

  it('a card refund still pending (the process stopped) is sent again with its own key, once; a refused one is failed and counts for nothing', async () => {
    const { venue, form } = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    await payWithCard(t, await openCardCheckout(venue.staff, booking.id, 8000), '4242424242424242');
    const [payment] = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    // What a refund leaves when the process stops before the provider answers: the row, without the provider's id.
    const unconfirmed = (id: string, amount: number) => ({
      venueId: venue.id,
      id,
      bookingId: booking.id,
      kind: 'refund' as const,
      amount,
      method: 'Card',
      refundOf: payment.id,
      provider: 'sandbox',
      status: 'pending' as const,
      userName: 'Manager',
      createdAt: new Date(Date.now() - 5 * 60_000),
    });
    await t.db.insert(bookingPayments).values([unconfirmed('lost-refund', 2000), unconfirmed('impossible-refund', 99_999)]);
    const sandbox = createSandboxProvider({ db: t.db, baseUrl: BASE_URL, webhookSecret: 'whsec_sweep' });
    await retryPendingRefunds(t.db, sandbox);
    await retryPendingRefunds(t.db, sandbox);
    const rows = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    expect(rows.find((r) => r.id === 'lost-refund')).toMatchObject({
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^re_sb_/),
    });
    expect(rows.find((r) => r.id === 'impossible-refund')).toMatchObject({
      status: 'failed',
      failure: expect.stringMatching(/^Refund amount/),
    });
    const refunds = (await t.db.select().from(sandboxTransactions)).filter(
      (r) => r.type === 'refund' && r.paymentId === payment.providerPaymentId,
    );
    expect(refunds.map((r) => r.amount)).toEqual([-2000]);
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.logs[0]).toMatchObject({
      type: 'warning',
      text: expect.stringMatching(/^Card refund of \$999\.99 failed: Refund amount/),
    });
    expect(detail.refunds.find((r) => r.id === 'impossible-refund')).toMatchObject({ status: 'failed', amount: 99_999 });
  });

  it("a no-show's deposit is kept: the refund offers only the rest and says why, unless staff override it", async () => {
    const { venue, form, productId } = await setUpBookings(t);
    await t.db.update(products).set({ isDeposit: true, deposit: 2000 }).where(eq(products.id, productId));
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    expect(booking.deposit).toBe(2000);
    await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: booking.total, paymentMethod: 'Cash' });
    // Before the start, nothing is kept.
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({
      keptDeposit: 0,
      refundable: 8000,
    });
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 3600_000) })
      .where(eq(bookings.id, booking.id));
    const noShow = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>();
    expect(noShow).toMatchObject({ presenceStatus: 'no', keptDeposit: 2000, refundable: 6000 });
    await expectNoWrites(t, async () =>
      expectFieldError(await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 8000 }), 'amount'),
    );
    const whole = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 8000 });
    expect(whole.json().message).toBe(
      'amount: At most $60.00 can be refunded: the deposit of $20.00 is kept because the group did not show up',
    );
    expect(
      (await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 6000 })).json<{ booking: Booking }>().booking,
    ).toMatchObject({
      refunded: 6000,
      keptDeposit: 2000,
      refundable: 0,
    });
    // Checked in after all: nothing is kept.
    await venue.manager.post(`/api/private/booking/${booking.id}/presence`, { presenceStatus: 'fully' });
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({
      keptDeposit: 0,
      refundable: 2000,
    });
    await venue.manager.post(`/api/private/booking/${booking.id}/presence`, { presenceStatus: 'no' });
    const overridden = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 2000, overrideDeposit: true });
    expect(overridden.statusCode, overridden.body).toBe(200);
    expect(overridden.json<{ booking: Booking }>().booking).toMatchObject({ refunded: 8000, keptDeposit: 0, refundable: 0 });
  });

  it('balance, deposits and payouts follow from the payments; provider refusals come back with their message', async () => {
    const { venue, form } = await setUpBookings(t);
    expect((await venue.owner.get('/api/private/sandbox/payouts')).json()).toEqual({ list: [], hasMore: false });
    expect((await venue.owner.post('/api/private/sandbox/balance/deposit', { amount: 1000 })).statusCode).toBe(409);
    await enableCardPayments(t, venue.owner);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const url = await openCardCheckout(venue.staff, booking.id, 8000);
    await payWithCard(t, url, '4242424242424242');
    const deposited = await venue.owner.post('/api/private/sandbox/balance/deposit', { amount: 500 });
    expect(deposited.json<Balance>().available).toEqual([{ amount: 8500, currency: 'usd' }]);
    await expectFieldError(await venue.owner.post('/api/private/sandbox/balance/deposit', { amount: 5 }), 'amount');

    const tooMuch = await venue.owner.post('/api/private/sandbox/payouts', { amount: 9000 });
    expect(tooMuch.statusCode).toBe(502);
    expect(tooMuch.json()).toMatchObject({ code: 'payment_provider_error', message: expect.stringMatching(/insufficient funds/) });
    for (const amount of [1000, 2000, 3000])
      expect((await venue.owner.post('/api/private/sandbox/payouts', { amount })).statusCode).toBe(201);
    const first = (await venue.owner.get('/api/private/sandbox/payouts', { query: { limit: '2' } })).json<PayoutPage>();
    expect(first.list.map((p) => p.amount)).toEqual([3000, 2000]);
    expect(first.hasMore).toBe(true);
    const next = (
      await venue.owner.get('/api/private/sandbox/payouts', { query: { limit: '2', startingAfter: first.list[1].id } })
    ).json<PayoutPage>();
    expect(next).toMatchObject({ list: [{ amount: 1000, status: 'in_transit' }], hasMore: false });
    expect((await venue.owner.get('/api/private/sandbox/balance')).json<Balance>().available).toEqual([{ amount: 2500, currency: 'usd' }]);
    expect((await venue.staff.get('/api/private/sandbox/balance')).statusCode).toBe(403);
    const rows = await t.db.select().from(sandboxTransactions);
    expect(rows.filter((r) => r.type === 'payout' && r.amount === -9000)).toEqual([]);
  });
});

describeEachDatabase(
  'payments off (production without Stripe keys nor PAYMENTS_PROVIDER=sandbox)',
  (t) => {
    it('a card checkout, staff or public, and a bank account answer 409 payments_unavailable and write nothing; other payments go on', async () => {
      const { venue, form } = await setUpBookings(t);
      const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
      await expectNoWrites(t, async () => {
        const refused = [
          await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 1000, paymentMethod: 'card' }),
          await t.request('POST', `/api/public/booking/${booking.bookingReference}/checkout`, {
            body: { returnUrl: `${BASE_URL}/widget/?venue=${venue.id}&frame=1` },
          }),
          await venue.owner.post('/api/private/bank-accounts', US_BANK),
        ];
        for (const response of refused) {
          expect(response.statusCode, response.body).toBe(409);
          expect(response.json()).toEqual({
            code: 'payments_unavailable',
            message: 'Card payments are not available: this server has no card-payment provider set up. Pay another way.',
          });
        }
        // No sandbox pages either (the path falls through to the console's files).
        expect((await t.request('POST', '/sandbox-pay/anything/authenticate')).statusCode).toBe(404);
      });
      expect((await venue.owner.get('/api/private/payments')).json<PaymentsInfo>()).toMatchObject({
        testMode: false,
        isPaymentsEnabled: false,
      });
      const cash = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 1000, paymentMethod: 'Cash' });
      expect(cash.statusCode, cash.body).toBe(200);
    });
  },
  { config: { cardPaymentsOff: true } },
);
