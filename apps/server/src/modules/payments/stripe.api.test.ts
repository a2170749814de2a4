import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, expect, it } from 'vitest';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { PaymentsInfo } from '@lanebook/core/payment-schemas';
import { bookingPayments, bookings, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { startFakeStripe, type StripeEventObject } from '../../../test/fake-stripe.js';
import { US_BANK, waitForCardRefunds } from '../../../test/payments.js';
import type { TestServer } from '../../../test/server.js';

/** The whole payments path with the Stripe provider: the real SDK against the fake Stripe server. */
const stripe = await startFakeStripe();
afterAll(() => stripe.close());
const api = new URL(stripe.url);
// Stripe's side of things done outside Lanebook (a refund from Stripe's dashboard).
const dashboard = new Stripe(stripe.secretKey, { host: api.hostname, port: api.port, protocol: 'http', telemetry: false });

const deliver = (t: TestServer, event: StripeEventObject, options?: { timestamp?: number; tamper?: boolean }) => {
  const { payload, header } = stripe.sign(event, { timestamp: options?.timestamp });
  return t.request('POST', '/api/public/stripe/webhook', {
    body: options?.tamper ? payload.replace('"type"', '"type" ') : payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
};

describeEachDatabase(
  'payments with the Stripe provider (fake Stripe server)',
  (t) => {
    it('a venue onboards, a booking is paid, and its events applied exactly once, however often and in whatever order they come', async () => {
      const { venue, form } = await setUpBookings(t);
      expect((await venue.owner.post('/api/private/bank-accounts', US_BANK)).statusCode).toBe(201);
      const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
      const account = row.paymentAccountId!;
      expect(account).toMatch(/^acct_/);
      expect(stripe.requests.findLast((r) => r.path === '/v1/accounts')?.idempotencyKey).toBe(`account:${venue.id}`);
      const link = (await venue.owner.post('/api/private/stripe/onboard-link', { returnUrl: 'http://localhost:3000/dashboard' })).json<{
        url: string;
      }>();
      expect(link.url).toMatch(/^https:\/\/connect\.stripe\.com\//);
      expect((await deliver(t, stripe.verifyAccount(account))).json()).toEqual({ received: true, outcome: 'applied' });
      const info = (await venue.owner.get('/api/private/payments')).json<PaymentsInfo>();
      expect(info).toMatchObject({ provider: 'stripe', testMode: true, status: 'active', isPaymentsEnabled: true });
      expect(info.dashboardUrl).toContain('dashboard.stripe.com/test/');

      const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
      const opened = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 8000, paymentMethod: 'card' });
      expect(opened.statusCode, opened.body).toBe(200);
      const sessionId = opened.json<{ url: string }>().url.split('/').pop()!;
      const sessionCall = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
      expect(sessionCall).toMatchObject({ stripeAccount: account });
      expect(sessionCall?.idempotencyKey).toMatch(new RegExp(`^checkout:${venue.id}:${booking.id}:0:0:8000:[0-9a-f-]{36}$`));

      // The customer pays; before Lanebook hears of it, the venue refunds $30 from Stripe's dashboard.
      const paid = stripe.completeCheckout(sessionId);
      const paymentIntent = (paid.data.object as { payment_intent: string }).payment_intent;
      await dashboard.refunds.create({ payment_intent: paymentIntent, amount: 3000 }, { stripeAccount: account });
      const refunded = stripe.events.findLast((e) => e.type === 'charge.refunded')!;
      // The refund's event first, then both, five times each, all at once.
      expect((await deliver(t, refunded)).json().outcome).toBe('applied');
      const storm = await Promise.all([...Array(5).fill(paid), ...Array(5).fill(refunded)].map((event) => deliver(t, event)));
      expect(storm.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
      expect(storm.filter((r) => r.json().outcome !== 'duplicate').length).toBe(1);
      const ledger = () => t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
      const refunds = async () =>
        (await ledger())
          .filter((r) => r.kind === 'refund')
          .map((r) => r.amount)
          .sort();
      expect((await ledger()).map((r) => [r.kind, r.amount, r.method]).sort()).toEqual([
        ['payment', 8000, 'Card'],
        ['refund', 3000, 'Card'],
      ]);
      // A refund made at the provider leaves the customer owing it: the status follows the ledger (issue 21).
      expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>()).toMatchObject({
        status: 'wait_for_payment',
        paid: 8000,
        refunded: 3000,
        due: 3000,
      });

      // Staff refund $20 through Lanebook: Stripe is called with a key of our ledger row, and its event changes nothing.
      const refund = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 2000 });
      expect(refund.statusCode, refund.body).toBe(200);
      await waitForCardRefunds(t, booking.id);
      const call = stripe.requests.findLast((r) => r.path === '/v1/refunds')!;
      expect(call).toMatchObject({ stripeAccount: account, body: { payment_intent: paymentIntent, amount: '2000' } });
      expect(call.idempotencyKey).toMatch(new RegExp(`^refund:${venue.id}:`));
      const second = stripe.events.findLast((e) => e.type === 'charge.refunded')!;
      const again = await Promise.all(Array.from({ length: 5 }, () => deliver(t, second)));
      expect(again.map((r) => r.json().outcome).sort()).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'ignored']);
      expect(await refunds()).toEqual([2000, 3000]);

      // Stripe refuses more than is left: the refund shows failed with its message, and counts for nothing.
      // (The ledger is made to think more was paid, so Lanebook's own check lets the refund through.)
      await t.db
        .update(bookingPayments)
        .set({ amount: 9000 })
        .where(and(eq(bookingPayments.bookingId, booking.id), eq(bookingPayments.kind, 'payment')));
      await t.db.update(bookings).set({ paidTotal: 9000 }).where(eq(bookings.id, booking.id));
      const refused = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 3500 });
      expect(refused.statusCode, refused.body).toBe(200);
      await waitForCardRefunds(t, booking.id);
      expect((await ledger()).find((r) => r.amount === 3500)).toMatchObject({
        status: 'failed',
        failure: expect.stringMatching(/greater than unrefunded amount/),
      });
      expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>().refunded).toBe(5000);
    });

    it("a booking's checkouts: a new one expires the open one; once one is paid, another is refused until its payment is in the ledger", async () => {
      const { venue, form } = await setUpBookings(t);
      expect((await venue.owner.post('/api/private/bank-accounts', US_BANK)).statusCode).toBe(201);
      const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
      expect((await deliver(t, stripe.verifyAccount(row.paymentAccountId!))).json().outcome).toBe('applied');
      const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
      const open = (amount: number) => venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount, paymentMethod: 'card' });
      const sessionOf = (answer: { statusCode: number; body: string; json: <T>() => T }) => {
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json<{ url: string }>().url.split('/').pop()!;
      };
      const first = sessionOf(await open(3000));
      const second = sessionOf(await open(5000));
      expect(() => stripe.completeCheckout(first)).toThrow(/expired/);

      // The customer pays the second; before its event reaches Lanebook, a third checkout is refused and closed.
      const paid = stripe.completeCheckout(second);
      const before = stripe.requests.length;
      const refused = await t.expectNoWrites(() => open(3000));
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        message: 'A card payment of this booking is already under way. Wait a minute and open the booking again to see what is still due.',
        code: 'payment_in_progress',
      });
      const expired = new Set(
        stripe.requests
          .slice(before)
          .filter((r) => r.path.endsWith('/expire'))
          .map((r) => r.path.split('/').at(-2)!),
      );
      const third = [...expired].filter((id) => id !== first && id !== second);
      expect(third).toHaveLength(1);
      expect(() => stripe.completeCheckout(third[0])).toThrow(/expired/);

      // Once the payment is in the ledger, the rest is paid on a new checkout.
      expect((await deliver(t, paid)).json().outcome).toBe('applied');
      const rest = sessionOf(await open(3000));
      expect((await deliver(t, stripe.completeCheckout(rest))).json().outcome).toBe('applied');
      const ledger = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
      expect(ledger.map((r) => [r.kind, r.amount]).sort()).toEqual([
        ['payment', 3000],
        ['payment', 5000],
      ]);
    });

    it('refuses events with a tampered body, a stale signature or none, storing nothing', async () => {
      const event = stripe.events[0];
      expect(event).toBeDefined();
      const tampered = await deliver(t, event, { tamper: true });
      expect(tampered.statusCode).toBe(400);
      expect(tampered.json().code).toBe('bad_signature');
      expect((await deliver(t, event, { timestamp: Math.floor(Date.now() / 1000) - 301 })).statusCode).toBe(400);
      const unsigned = await t.request('POST', '/api/public/stripe/webhook', {
        body: JSON.stringify(event),
        headers: { 'content-type': 'application/json' },
      });
      expect(unsigned.statusCode).toBe(400);
      expect(
        (await t.request('POST', '/api/public/sandbox/webhook', { body: '{}', headers: { 'content-type': 'application/json' } }))
          .statusCode,
      ).toBe(404);
    });
  },
  { config: { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url } } },
);
