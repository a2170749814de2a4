import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, PublicBooking } from '@lanebook/core/booking-schemas';
import type { GiftCardDetail, GiftCardSold } from '@lanebook/core/gift-card-schemas';
import { bookingLogs, giftCardLedger, giftCards } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { nothingWritten } from '../../../test/gift-cards.js';
import type { Caller, TestServer } from '../../../test/server.js';

/** Spending gift cards (issue 37): a payment like any other, refunds back to the card, and the races of decision 026. */

async function sell(caller: Caller, amount = 5000): Promise<GiftCardSold> {
  const sold = await caller.post('/api/private/gift-cards', { amount, paymentMethod: 'Cash' });
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<GiftCardSold>();
}

const payByCard = (staff: Caller, bookingId: string, amount: number, code: string) =>
  staff.post(`/api/private/booking/${bookingId}/checkout`, { amount, paymentMethod: 'giftCard', giftCardCode: code });

const cardOf = async (staff: Caller, id: string) => (await staff.get(`/api/private/gift-cards/${id}`)).json<GiftCardDetail>();
const bookingOf = async (staff: Caller, id: string) => (await staff.get(`/api/private/booking/${id}`)).json<Booking>();

/** The card's balance is its ledger's sum, never below zero. */
async function expectLedgerTrue(t: TestServer, cardId: string) {
  const [card] = await t.db.select().from(giftCards).where(eq(giftCards.id, cardId));
  const [{ sum }] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${giftCardLedger.amount}), 0)::int` })
    .from(giftCardLedger)
    .where(eq(giftCardLedger.giftCardId, cardId));
  expect(card.balance).toBe(Number(sum));
  expect(card.balance).toBeGreaterThanOrEqual(0);
  return card.balance;
}

describeEachDatabase('spending gift cards (issue 37)', (t) => {
  it("the desk takes a card for what it holds; the rest is due; every refusal in a customer's words, nothing written", async () => {
    const { venue, form } = await setUpBookings(t);
    const card = await sell(venue.staff);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    expect(booking.total).toBe(8000);
    // Lower case, spaces for dashes: the code as someone types it.
    const paid = await payByCard(venue.staff, booking.id, 8000, card.code.toLowerCase().replaceAll('-', ' '));
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: 'wait_for_payment',
      paid: 5000,
      due: 3000,
      change: 0,
      appliedGiftCard: { last4: card.last4, amount: 5000, balance: 0 },
    });
    expect(paid.json<Booking>().checkoutInfo.payments).toMatchObject([{ paid: 5000, paymentMethodAlias: 'Gift card' }]);
    const detail = await cardOf(venue.staff, card.id);
    expect(detail.ledger.map((e) => [e.kind, e.amount, e.balanceAfter, e.bookingId])).toEqual([
      ['issued', 5000, 5000, null],
      ['redeemed', -5000, 0, booking.id],
    ]);
    const logs = await t.db.select().from(bookingLogs).where(eq(bookingLogs.bookingId, booking.id));
    expect(logs.map((l) => l.event)).toContainEqual({ type: 'giftCardPaid', amount: 5000, last4: card.last4 });

    const refusal = async (code: string, amount = 1000) => {
      const answer = await nothingWritten(t, () => payByCard(venue.staff, booking.id, amount, code));
      return { status: answer.statusCode, ...answer.json<{ code: string; message: string }>() };
    };
    expect(await refusal(card.code)).toEqual({ status: 409, code: 'gift_card_empty', message: 'This gift card has no balance left.' });
    expect(await refusal('7KQM-X4TR-ZP9C-WH2N-B6DF')).toEqual({
      status: 404,
      code: 'gift_card_not_found',
      message: "We don't know this gift card code. Check it and try again.",
    });
    const other = await t.addVenue();
    expect((await refusal((await sell(other.staff)).code)).code).toBe('gift_card_not_found');
    const disabled = await sell(venue.staff);
    await venue.manager.post(`/api/private/gift-cards/${disabled.id}/disable`, {});
    expect(await refusal(disabled.code)).toEqual({
      status: 409,
      code: 'gift_card_disabled',
      message: 'This gift card can no longer be used. Please contact the venue.',
    });
    // Past its expiry (the sweep has not run yet): the venue's last day in its own format.
    const expired = await sell(venue.staff);
    await t.db
      .update(giftCards)
      .set({ expiresAt: new Date('2026-03-02T05:00:00Z') })
      .where(eq(giftCards.id, expired.id));
    expect(await refusal(expired.code)).toEqual({ status: 409, code: 'gift_card_expired', message: 'This gift card expired on 03/01/26.' });
    const fresh = await sell(venue.staff);
    expect((await refusal(fresh.code, 3001)).status).toBe(400);
    const noCode = await payByCard(venue.staff, booking.id, 1000, '');
    expect(noCode.statusCode).toBe(400);
    const wrongShape = await payByCard(venue.staff, booking.id, 1000, 'ABCD');
    expect(wrongShape.json().details.fields[0]).toMatchObject({ path: 'giftCardCode' });
    expect(
      (
        await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, {
          amount: 100,
          paymentMethod: 'Cash',
          giftCardCode: fresh.code,
        })
      ).statusCode,
    ).toBe(400);
  });

  it('refunds go back to the card by default, in cash when staff choose; a cancel with refund restores the card', async () => {
    const { venue, form, second } = await setUpBookings(t);
    const card = await sell(venue.staff, 10000);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    expect((await payByCard(venue.staff, booking.id, 8000, card.code)).statusCode).toBe(200);
    expect((await cardOf(venue.staff, card.id)).balance).toBe(2000);

    const back = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 3000 });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().refunds).toMatchObject([{ amount: 3000, paymentMethodAlias: 'Gift card', status: 'succeeded' }]);
    expect((await cardOf(venue.staff, card.id)).balance).toBe(5000);
    const cash = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 1000, giftCardRefundTo: 'cash' });
    expect(cash.json().refunds).toMatchObject([{ amount: 1000, paymentMethodAlias: 'Cash' }]);
    expect((await cardOf(venue.staff, card.id)).balance).toBe(5000);

    // The cancel gives the rest back to the card in its own transaction.
    const canceled = await venue.manager.post(`/api/private/booking/${booking.id}/cancel`, { refundAmount: 4000 });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Booking>()).toMatchObject({ status: 'canceled', paid: 8000, refunded: 8000, kept: 0 });
    const after = await cardOf(venue.staff, card.id);
    expect(after.balance).toBe(9000);
    expect(after.ledger.map((e) => [e.kind, e.amount])).toEqual([
      ['issued', 10000],
      ['redeemed', -8000],
      ['refunded', 3000],
      ['refunded', 4000],
    ]);
    await expectLedgerTrue(t, card.id);

    // A card disabled since it paid takes nothing back: the refund is refused whole, nothing written; cash works.
    const two = (await venue.staff.post('/api/private/booking', form({ slots: [second.id] }))).json<Booking>();
    expect((await payByCard(venue.staff, two.id, 4000, card.code)).statusCode).toBe(200);
    await venue.manager.post(`/api/private/gift-cards/${card.id}/disable`, {});
    const refused = await nothingWritten(t, () => venue.manager.post(`/api/private/booking/${two.id}/refund`, { amount: 1000 }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'gift_card_not_active' });
    expect(refused.json().message).toBe(`The gift card ••••${card.last4} is disabled: refund this part in cash instead.`);
    expect((await venue.manager.post(`/api/private/booking/${two.id}/refund`, { amount: 1000, giftCardRefundTo: 'cash' })).statusCode).toBe(
      200,
    );
  });

  it('the customer pays part with a card online and sees the new due; a wrong code is refused in words they understand', async () => {
    const { venue, form } = await setUpBookings(t);
    const card = await sell(venue.staff, 2500);
    const created = await t.request('POST', '/api/public/booking', { body: form() });
    expect(created.statusCode, created.body).toBe(201);
    const booking = created.json<PublicBooking>();
    const url = `/api/public/booking/${booking.bookingReference}/gift-card`;
    const applied = await t.request('POST', url, { body: { code: card.code } });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({
      bookingReference: booking.bookingReference,
      paid: 2500,
      due: 5500,
      paymentLabel: 'Part paid',
      appliedGiftCard: { last4: card.last4, amount: 2500, balance: 0 },
    });
    const again = await nothingWritten(t, () => t.request('POST', url, { body: { code: card.code } }));
    expect(again.json()).toEqual({ message: 'This gift card has no balance left.', code: 'gift_card_empty' });
    const unknown = await t.request('POST', url, { body: { code: '2222-2222-2222-2222-2222' } });
    expect(unknown.statusCode).toBe(404);
    expect((await t.request('POST', url, { body: { code: 'x' } })).statusCode).toBe(400);
    // A card bigger than what is due pays what is due and keeps the rest.
    const big = await sell(venue.staff, 10000);
    const rest = (await t.request('POST', url, { body: { code: big.code } })).json();
    expect(rest).toMatchObject({ due: 0, status: 'paid', appliedGiftCard: { amount: 5500, balance: 4500 } });
    expect((await t.request('POST', url, { body: { code: big.code } })).json().code).toBe('nothing_due');
    // Customer cancels in time: both cards get back what they paid.
    const canceled = await t.request('POST', `/api/public/booking/${booking.bookingReference}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await cardOf(venue.staff, card.id)).balance).toBe(2500);
    expect((await cardOf(venue.staff, big.id)).balance).toBe(10000);
  });

  it("the day's cash-up counts a card sold for cash as money taken, and its redemption not again", async () => {
    const { venue, form } = await setUpBookings(t);
    const card = await sell(venue.staff, 5000);
    await venue.staff.post('/api/private/gift-cards', { amount: 2500, paymentMethod: 'POS' });
    await venue.owner.post('/api/private/gift-cards', { amount: 1000, paymentMethod: 'complimentary', reason: 'Prize' });
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    expect((await payByCard(venue.staff, booking.id, 5000, card.code)).statusCode).toBe(200);
    const cashUp = (await venue.owner.get('/api/private/cash-up')).json();
    expect(cashUp.byMethod).toEqual([
      { method: 'Cash', payments: 5000, refunds: 0, net: 5000 },
      { method: 'POS', payments: 2500, refunds: 0, net: 2500 },
    ]);
    expect(cashUp.expectedCash).toBe(5000);
  });

  it('20 redemptions at once of one $50 card on 20 bookings of $25 spend exactly $50 and leave 0', async () => {
    const lanes = Array.from({ length: 20 }, (_, i) => `L${i + 1}`);
    const { venue, form, first } = await setUpBookings(t, { lanes });
    const card = await sell(venue.staff, 5000);
    const bookings: Booking[] = [];
    for (const lane of lanes) {
      const made = await venue.manager.post(
        '/api/private/booking',
        form({ slots: [first.id], playersCount: 1, resourceIds: [lane], customPrice: 2500 }),
      );
      expect(made.statusCode, made.body).toBe(201);
      bookings.push(made.json<Booking>());
    }
    const answers = await Promise.all(bookings.map((booking) => payByCard(venue.staff, booking.id, 2500, card.code)));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expect(answer.json()).toMatchObject({ code: expect.stringMatching(/^(gift_card_empty|lock_timeout)$/) });
    const taken = answers.filter((a) => a.statusCode === 200).reduce((sum, a) => sum + a.json().appliedGiftCard.amount, 0);
    expect(taken).toBe(5000);
    expect(await expectLedgerTrue(t, card.id)).toBe(0);
    const paid = await Promise.all(bookings.map((b) => bookingOf(venue.staff, b.id)));
    expect(paid.reduce((sum, b) => sum + b.paid, 0)).toBe(5000);
  });

  it('a refund racing a redemption leaves the ledger true', async () => {
    const { venue, form, first, second } = await setUpBookings(t);
    const card = await sell(venue.staff, 5000);
    const a = (await venue.staff.post('/api/private/booking', form({ slots: [first.id] }))).json<Booking>();
    const b = (await venue.staff.post('/api/private/booking', form({ slots: [second.id] }))).json<Booking>();
    expect((await payByCard(venue.staff, a.id, 3000, card.code)).statusCode).toBe(200);
    const [refund, redeem] = await Promise.all([
      venue.manager.post(`/api/private/booking/${a.id}/refund`, { amount: 3000 }),
      payByCard(venue.staff, b.id, 4000, card.code),
    ]);
    expect(refund.statusCode, refund.body).toBe(200);
    expect(redeem.statusCode, redeem.body).toBe(200);
    const takenByB = redeem.json().appliedGiftCard.amount;
    // Refund first: 50 back, B takes 40; redemption first: B takes the 20 left, the refund brings 30.
    expect([2000, 4000]).toContain(takenByB);
    expect(await expectLedgerTrue(t, card.id)).toBe(5000 - takenByB);
    expect((await bookingOf(venue.staff, b.id)).paid).toBe(takenByB);
  });
});
