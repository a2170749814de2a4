import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, expect, it } from 'vitest';
import type { GiftCardBalance, GiftCardDetail, GiftCardOrder, GiftCardSold } from '@lanebook/core/gift-card-schemas';
import { giftCardOrders, giftCards, sandboxEvents, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { startFakeStripe, type StripeEventObject } from '../../../test/fake-stripe.js';
import { nothingWritten } from '../../../test/gift-cards.js';
import { enableCardPayments, payWithCard, US_BANK } from '../../../test/payments.js';
import { BASE_URL, TEST_AUTH_SECRET, type Caller, type TestServer } from '../../../test/server.js';

/**
 * Gift cards bought online (issue 37): issued when the provider confirms the payment, once,
 * however often the confirmation comes (the sandbox and the fake Stripe server); the public
 * balance check and its budget of misses.
 */

const RETURN_URL = `${BASE_URL}/widget/?venue=v&view=gift-cards`;
const stripe = await startFakeStripe();
afterAll(() => stripe.close());
const MISSES_PER_MINUTE = 5;

const purchase = (extra: Record<string, unknown> = {}) => ({
  amount: 5000,
  recipientName: 'Grace Hopper',
  recipientEmail: 'grace@example.test',
  message: 'Happy birthday!',
  buyerName: 'Ada Lovelace',
  buyerEmail: 'Ada@Example.test',
  returnUrl: RETURN_URL,
  ...extra,
});

async function sellingVenue(t: TestServer, cardPayments: (owner: Caller) => Promise<void>) {
  const { venue } = await setUpBookings(t);
  await cardPayments(venue.owner);
  const on = await venue.owner.patch('/api/private/venues/current', { giftCards: { isEnabled: true } });
  expect(on.statusCode, on.body).toBe(200);
  return venue;
}

const orderOf = (t: TestServer, venueId: string, orderId: string) =>
  t.request('GET', `/api/public/gift-cards/orders/${orderId}`, { query: { venueId } }).then((r) => r.json<GiftCardOrder>());

describeEachDatabase(
  'gift cards online: the sandbox, the balance check (issue 37)',
  (t) => {
    it('a card bought online is issued when the sandbox confirms the payment, once however often it says so', async () => {
      const venue = await sellingVenue(t, (owner) => enableCardPayments(t, owner));
      expect((await t.request('GET', `/api/public/widget/${venue.id}`)).json().giftCards).toMatchObject({ isOnSale: true });
      const started = await t.request('POST', '/api/public/gift-cards/checkout', { query: { venueId: venue.id }, body: purchase() });
      expect(started.statusCode, started.body).toBe(200);
      const { orderId, url, embeddable } = started.json<{ orderId: string; url: string; embeddable: boolean }>();
      expect(embeddable).toBe(true);
      // The return page alone issues nothing: the order waits for the provider.
      expect(await orderOf(t, venue.id, orderId)).toMatchObject({ status: 'open', amount: 5000, giftCard: null });
      expect(await t.db.select().from(giftCards).where(eq(giftCards.venueId, venue.id))).toEqual([]);

      const paid = await payWithCard(t, url, '4242 4242 4242 4242');
      expect(paid.statusCode, paid.body).toBe(303);
      expect(paid.headers.location).toBe(`${RETURN_URL}&giftCardOrder=${orderId}`);
      const order = await orderOf(t, venue.id, orderId);
      expect(order).toMatchObject({ status: 'paid', recipientName: 'Grace Hopper', giftCard: { last4: expect.any(String) } });
      const [card] = await t.db.select().from(giftCards).where(eq(giftCards.venueId, venue.id));
      const detail = (await venue.staff.get(`/api/private/gift-cards/${card.id}`)).json<GiftCardDetail>();
      expect(detail).toMatchObject({
        source: 'online',
        amount: 5000,
        balance: 5000,
        buyerEmail: 'ada@example.test',
        last4: order.giftCard!.last4,
      });
      expect(detail.ledger).toMatchObject([{ kind: 'issued', amount: 5000, method: 'Card online', userName: 'Payment provider' }]);

      // The same confirmation five times at once: still one card.
      const [event] = await t.db.select().from(sandboxEvents).where(eq(sandboxEvents.type, 'checkout.session.completed'));
      const payload = JSON.stringify(event.payload);
      const secret = `whsec_${createHmac('sha256', TEST_AUTH_SECRET).update('sandbox-webhook').digest('hex')}`;
      const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
      const again = await Promise.all(
        Array.from({ length: 5 }, () =>
          t.request('POST', '/api/public/sandbox/webhook', {
            body: payload,
            headers: { 'content-type': 'application/json', 'stripe-signature': header },
          }),
        ),
      );
      expect(again.map((r) => r.json().outcome)).toEqual(Array(5).fill('duplicate'));
      expect(await t.db.select().from(giftCards).where(eq(giftCards.venueId, venue.id))).toHaveLength(1);
      // The buyer's receipt at once, with the last four only; the recipient's mail today, with the code.
      const receipt = await t.waitForMail('ada@example.test', 'gift-card-receipt');
      expect(receipt.text).toContain(`••••-${detail.last4}`);
      expect(receipt.text).toContain('It goes to Grace Hopper by mail on');
      const delivery = await t.waitForMail('grace@example.test', 'gift-card-delivery');
      expect(delivery.subject).toBe(`Ada Lovelace sent you a gift card for Venue ${venue.id}`);
      expect(delivery.text).toMatch(/Your gift card code: ([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}/);
      expect(delivery.text).toContain('Happy birthday!');
    });

    it('refuses a purchase the venue does not offer or that is wrong, writing nothing', async () => {
      const venue = await sellingVenue(t, (owner) => enableCardPayments(t, owner));
      const refused = async (body: Record<string, unknown>, status: number) => {
        const answer = await nothingWritten(t, () =>
          t.request('POST', '/api/public/gift-cards/checkout', {
            query: { venueId: (body.venueId as string) ?? venue.id },
            body: purchase({ ...body, venueId: undefined }),
          }),
        );
        expect(answer.statusCode, `${JSON.stringify(body)}: ${answer.body}`).toBe(status);
        return answer.json<{ code: string; message: string }>();
      };
      for (const amount of [0, -100, 25.5, 999, 60_000]) expect((await refused({ amount }, 400)).code).toBe('validation_failed');
      await refused({ recipientEmail: '' }, 400);
      await refused({ buyerName: '' }, 400);
      await refused({ deliverAt: '2020-01-01' }, 400);
      await refused({ returnUrl: 'https://evil.example/widget/' }, 400);
      await refused({ venueId: 'nowhere' }, 404);
      await venue.owner.patch('/api/private/venues/current', { giftCards: { isEnabled: false } });
      expect(await refused({}, 409)).toEqual({ code: 'gift_cards_not_on_sale', message: 'This venue does not sell gift cards online.' });
      expect(await t.db.select().from(giftCardOrders).where(eq(giftCardOrders.venueId, venue.id))).toEqual([]);
    });

    it("the balance check: the same 404 for an unknown, a disabled and another venue's code; an expired card says so", async () => {
      const { venue } = await setUpBookings(t);
      const sell = async (caller: Caller, amount = 2500) =>
        (await caller.post('/api/private/gift-cards', { amount, paymentMethod: 'Cash' })).json<GiftCardSold>();
      const card = await sell(venue.staff);
      const balance = (code: string, venueId = venue.id) =>
        t.request('POST', '/api/public/gift-cards/balance', { query: { venueId }, body: { code } });
      const found = await balance(card.code.toLowerCase());
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<GiftCardBalance>()).toMatchObject({
        last4: card.last4,
        balance: 2500,
        status: 'active',
        expiresAt: card.expiresAt,
        expiresOn: card.expiresOn,
      });
      const unknown = await balance('2345-6789-ABCD-EFGH-JKMN');
      const disabledCard = await sell(venue.staff);
      await venue.manager.post(`/api/private/gift-cards/${disabledCard.id}/disable`, {});
      const other = await t.addVenue();
      const theirs = await sell(other.staff);
      for (const answer of [unknown, await balance(disabledCard.code), await balance(theirs.code)]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({
          message: "We don't know this gift card code. Check it and try again.",
          code: 'gift_card_not_found',
        });
      }
      const expired = await sell(venue.staff);
      await t.db
        .update(giftCards)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(giftCards.id, expired.id));
      expect((await balance(expired.code)).json()).toMatchObject({ status: 'expired', balance: 0 });
      expect((await balance('short')).statusCode).toBe(400);
    });

    it('guessing codes meets a 429 after the miss budget, for every code, as booking references do', async () => {
      const { venue } = await setUpBookings(t);
      const card = (await venue.staff.post('/api/private/gift-cards', { amount: 2500, paymentMethod: 'Cash' })).json<GiftCardSold>();
      const remoteAddress = '203.0.113.77';
      const guess = (code: string) =>
        t.request('POST', '/api/public/gift-cards/balance', { query: { venueId: venue.id }, body: { code }, remoteAddress });
      for (let i = 0; i < MISSES_PER_MINUTE; i += 1)
        expect((await guess(`2345-6789-ABCD-EFGH-JKM${'NPQRSTUVWX'[i]}`)).statusCode).toBe(404);
      const limited = await guess(card.code);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().code).toBe('rate_limited');
      expect(limited.headers['retry-after']).toBeDefined();
      // The budget is the booking references' too.
      expect((await t.request('GET', '/api/public/booking/NOPE12345', { remoteAddress })).statusCode).toBe(429);
      // Another address is not held back.
      expect(
        (await t.request('POST', '/api/public/gift-cards/balance', { query: { venueId: venue.id }, body: { code: card.code } })).statusCode,
      ).toBe(200);
    });
  },
  { config: { publicMissesPerMinute: MISSES_PER_MINUTE } },
);

describeEachDatabase(
  'gift cards online with the Stripe provider (fake Stripe server, issue 37)',
  (t) => {
    const deliver = (event: StripeEventObject) => {
      const { payload, header } = stripe.sign(event);
      return t.request('POST', '/api/public/stripe/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': header },
      });
    };
    it("the card is issued on Stripe's confirmation, once under a storm of its events", async () => {
      const venue = await sellingVenue(t, async (owner) => {
        expect((await owner.post('/api/private/bank-accounts', US_BANK)).statusCode).toBe(201);
        const [row] = await t.db.select().from(venues).where(eq(venues.id, owner.venue!));
        expect((await deliver(stripe.verifyAccount(row.paymentAccountId!))).json().outcome).toBe('applied');
      });
      const started = await t.request('POST', '/api/public/gift-cards/checkout', {
        query: { venueId: venue.id },
        body: purchase({ amount: 2500 }),
      });
      expect(started.statusCode, started.body).toBe(200);
      const { orderId, url, embeddable } = started.json<{ orderId: string; url: string; embeddable: boolean }>();
      expect(embeddable).toBe(false);
      const call = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
      expect(call.idempotencyKey).toBe(`gift-card-order:${venue.id}:${orderId}`);
      expect(call.body).toMatchObject({ metadata: { venueId: venue.id, giftCardOrderId: orderId } });

      const completed = stripe.completeCheckout(url.split('/').pop()!);
      const succeeded = stripe.events.findLast((e) => e.type === 'payment_intent.succeeded')!;
      expect(await orderOf(t, venue.id, orderId)).toMatchObject({ status: 'open' });
      const storm = await Promise.all([...Array(4).fill(completed), ...Array(4).fill(succeeded)].map(deliver));
      expect(storm.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
      expect(storm.filter((r) => r.json().outcome === 'applied')).toHaveLength(1);
      const cards = await t.db.select().from(giftCards).where(eq(giftCards.venueId, venue.id));
      expect(cards).toHaveLength(1);
      expect(cards[0]).toMatchObject({ amount: 2500, balance: 2500, orderId, source: 'online' });
      expect(await orderOf(t, venue.id, orderId)).toMatchObject({ status: 'paid', giftCard: { last4: cards[0].codeLast4 } });
    });
  },
  { config: { stripe: { secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, apiUrl: stripe.url } } },
);
