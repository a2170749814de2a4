import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { addDays, addMonths, venueToday, wallClockOf } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { GiftCardDetail, GiftCardSold, GiftCardSummary } from '@lanebook/core/gift-card-schemas';
import { startOfDay } from '@lanebook/core/statistics-schemas';
import { giftCards, integrations, mailOutbox, webhookDeliveries } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings, ZONE } from '../../../test/bookings.js';
import { decodeBody, startSmtp } from '../../../test/smtp.js';
import { BASE_URL, TEST_AUTH_SECRET, type Caller, type TestServer } from '../../../test/server.js';
import { giftCardKeys } from './codes.js';
import { deliverDueGiftCards, expireDueGiftCards } from './jobs.js';
import type { GiftCardMailer } from './mail.js';

/**
 * A gift card's life after the sale (issue 37): the recipient's mail on its day in the venue's zone
 * through a real SMTP server, once; hostile text stays text; resends; expiry at the venue's
 * midnight; the webhook events; a redemption is revenue, the sale is not.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());
const quiet = { warn: () => undefined };

const mailerOf = (t: TestServer): GiftCardMailer => ({
  db: t.db,
  mailer: t.mailer,
  jobs: t.jobs,
  baseUrl: BASE_URL,
  keys: giftCardKeys(TEST_AUTH_SECRET),
});

async function sell(caller: Caller, body: Record<string, unknown>): Promise<GiftCardSold> {
  const sold = await caller.post('/api/private/gift-cards', { amount: 5000, paymentMethod: 'Cash', ...body });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<GiftCardSold>();
}

/** The messages the SMTP server took for an address, as readers see them. */
const receivedBy = (address: string) => smtp.received.filter((m) => m.to.includes(address));

describeEachDatabase(
  "gift cards' mail and sweeps (issue 37)",
  (t) => {
    it("the recipient's mail goes on its day in the venue's zone, once, with the code and the printable card; the outbox keeps no code", async () => {
      const { venue } = await setUpBookings(t);
      const tomorrow = addDays(venueToday(ZONE), 1);
      const to = `grace-${randomUUID().slice(0, 6)}@example.test`;
      const card = await sell(venue.staff, { recipientName: 'Grace', recipientEmail: to, deliverAt: tomorrow, buyerName: 'Ada' });
      const midnight = startOfDay(tomorrow, ZONE);
      expect(await deliverDueGiftCards(mailerOf(t), quiet, new Date(midnight.getTime() - 60_000))).toBe(0);
      const sweeps = await Promise.all([0, 1, 2].map(() => deliverDueGiftCards(mailerOf(t), quiet, new Date(midnight.getTime() + 1000))));
      expect(sweeps.reduce((a, b) => a + b, 0)).toBe(1);
      expect(await deliverDueGiftCards(mailerOf(t), quiet, new Date(midnight.getTime() + 120_000))).toBe(0);
      await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), { timeout: 15_000, interval: 50 });
      const raw = receivedBy(to)[0].raw;
      const body = decodeBody(raw);
      expect(raw).toContain('Subject: Ada sent you a gift card for Venue');
      expect(body).toContain(`Your gift card code: ${card.code}`);
      expect(raw).toMatch(/Content-Type: application\/pdf; name=gift-card\.pdf/);
      // The copy kept (the venue's log, the superadmins' outbox) hides the code: the recipient has it.
      await vi.waitFor(async () => {
        const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gift-card-delivery'));
        expect(row?.status).toBe('sent');
      });
      const kept = (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'gift-card-delivery'))).filter((m) => m.to.includes(to));
      expect(kept).toHaveLength(1);
      expect(kept[0].text).toContain('Your gift card code: ••••');
      expect(JSON.stringify(kept)).not.toContain(card.code);
      expect((await venue.staff.get(`/api/private/gift-cards/${card.id}`)).json<GiftCardDetail>().deliveredAt).not.toBeNull();

      // Resend: to a corrected address, a mail of its own; a disabled card is not sent.
      const corrected = `grace2-${randomUUID().slice(0, 6)}@example.test`;
      const resent = await venue.staff.post(`/api/private/gift-cards/${card.id}/resend`, { recipientEmail: corrected });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(resent.json()).toMatchObject({ recipientEmail: corrected });
      await vi.waitFor(() => expect(receivedBy(corrected)).toHaveLength(1), { timeout: 15_000, interval: 50 });
      expect(decodeBody(receivedBy(corrected)[0].raw)).toContain(card.code);
      await venue.manager.post(`/api/private/gift-cards/${card.id}/disable`, {});
      expect((await venue.staff.post(`/api/private/gift-cards/${card.id}/resend`, {})).statusCode).toBe(409);
    });

    it("what people type stays text: the recipient's name and the message are never run as template code, and never become markup or links", async () => {
      const { venue } = await setUpBookings(t);
      const to = `hostile-${randomUUID().slice(0, 6)}@example.test`;
      const message = '{{ giftCard.code }} {% for i in (1..3) %}x{% endfor %} <script>alert(1)</script> see http://evil.example';
      const card = await sell(venue.staff, {
        recipientName: '<b>{{ venue.name }}</b>',
        recipientEmail: to,
        message,
        buyerName: '{% raw %}',
      });
      await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), { timeout: 15_000, interval: 50 });
      const raw = receivedBy(to)[0].raw;
      const text = decodeBody(raw);
      // Printed as typed, only defanged (no mail client makes a link of a dot or ://).
      expect(text).toContain('Hello <b>{{ venue[.]name }}</b>,');
      expect(text).toContain(
        '{{ giftCard[.]code }} {% for i in (1..3) %}x{% endfor %} <script>alert(1)</script> see http[:]//evil[.]example',
      );
      // The code once in the text part and once in the HTML part: the message's placeholder added none.
      expect(text.split(card.code)).toHaveLength(3);
      // The HTML part escapes it: no markup of theirs.
      const html = text.slice(text.indexOf('<!doctype html>'));
      expect(html).toContain('Hello &lt;b&gt;{{ venue[.]name }}&lt;/b&gt;,');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(html).not.toContain('<script>');
      expect(raw).toContain('{% raw %} sent you a gift card');
    });

    it("a card expires at the venue's midnight: its balance goes out with an expired entry; the summary says so", async () => {
      const { venue } = await setUpBookings(t);
      const card = await sell(venue.staff, { amount: 2500 });
      const expiresAt = new Date(card.expiresAt!);
      // Five years from today's venue date, at the midnight ending that day.
      expect(wallClockOf(expiresAt, ZONE)).toEqual({ date: addDays(addMonths(venueToday(ZONE), 60), 1), time: '00:00' });
      expect(card.expiresOn).toBe(addMonths(venueToday(ZONE), 60));
      expect(await expireDueGiftCards(mailerOf(t), new Date(expiresAt.getTime() - 1))).toBe(0);
      // Two sweeps at once (other tests' cards of the same day expire with it): this card once.
      await Promise.all([0, 1].map(() => expireDueGiftCards(mailerOf(t), expiresAt)));
      const detail = (await venue.staff.get(`/api/private/gift-cards/${card.id}`)).json<GiftCardDetail>();
      expect(detail).toMatchObject({ status: 'expired', balance: 0 });
      expect(detail.ledger.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
        ['issued', 2500, 2500],
        ['expired', -2500, 0],
      ]);
      expect(detail.ledger[1].userName).toBe('Lanebook');
      const expiryDay = wallClockOf(expiresAt, ZONE).date;
      const summary = (
        await venue.owner.get('/api/private/gift-cards/summary', { query: { from: addDays(expiryDay, -1), to: expiryDay } })
      ).json<GiftCardSummary>();
      expect(summary).toMatchObject({ sold: 0, expired: 2500, outstanding: 0 });
      const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, card.id));
      expect(row.status).toBe('expired');
    });

    it('tells the webhooks giftCard.issued, .redeemed and .refunded; a redemption is revenue, the sale is not', async () => {
      const { venue, form } = await setUpBookings(t);
      const integrationId = randomUUID();
      await t.db.insert(integrations).values({
        venueId: venue.id,
        id: integrationId,
        type: 'webhook',
        name: 'Books',
        isActive: true,
        settings: { url: 'https://hooks.invalid/lanebook', events: ['giftCard.issued', 'giftCard.redeemed', 'giftCard.refunded'] },
        secret: 'whsec_test',
      });
      const card = await sell(venue.staff, { amount: 5000 });
      const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
      const paid = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, {
        amount: 5000,
        paymentMethod: 'giftCard',
        giftCardCode: card.code,
      });
      expect(paid.statusCode, paid.body).toBe(200);
      expect((await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 1000 })).statusCode).toBe(200);
      const events = (await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, integrationId))).sort(
        (a, b) => a.createdAt.getTime() - b.createdAt.getTime(),
      );
      expect(events.map((e) => e.eventType)).toEqual(['giftCard.issued', 'giftCard.redeemed', 'giftCard.refunded']);
      expect(events[1].payload).toMatchObject({
        type: 'giftCard.redeemed',
        data: {
          giftCard: { id: card.id, last4: card.last4, balance: 0 },
          entry: { kind: 'redeemed', amount: -5000, bookingId: booking.id },
        },
      });
      expect(JSON.stringify(events)).not.toContain(card.code);
      // The dashboard: the card's redemption is the booking's payment; the sale itself is not revenue.
      const stats = (await venue.owner.get('/api/private/statistics')).json();
      expect(stats.stats.grossRevenue).toBe(5000);
      expect(stats.stats.refundedAmount).toBe(1000);
      // By how it was paid: a gift card, a kind of its own.
      const breakdown = (await venue.owner.get('/api/private/statistics/breakdown')).json();
      expect(breakdown.byPaymentMethod).toContainEqual({
        method: 'Gift card',
        kind: 'giftCard',
        grossRevenue: 5000,
        refundedAmount: 1000,
        netRevenue: 4000,
      });
    });
  },
  { config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } },
);
