import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { buildPermissionsMap, defaultRolesFor, wallClockOf, type Venue } from '@lanebook/core';
import type { GiftCard, GiftCardDetail, GiftCardSold, GiftCardSummary } from '@lanebook/core/gift-card-schemas';
import { normalizeGiftCardCode } from '@lanebook/core/gift-cards';
import { giftCardLedger, giftCards, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import type { Caller, TestServer } from '../../../test/server.js';
import { nothingWritten } from '../../../test/gift-cards.js';

/** Gift cards at the desk (issue 37): selling, the ledger's desk paths, the owner's figures, and what each role may do. */

type Venue4 = Awaited<ReturnType<TestServer['addVenue']>>;

const sale = (extra: Record<string, unknown> = {}) => ({
  amount: 5000,
  paymentMethod: 'Cash',
  recipientName: 'Grace Hopper',
  recipientEmail: '',
  message: 'Happy birthday',
  ...extra,
});

async function sell(caller: Caller, extra: Record<string, unknown> = {}): Promise<GiftCardSold> {
  const sold = await caller.post('/api/private/gift-cards', sale(extra));
  expect(sold.statusCode, sold.body).toBe(201);
  return sold.json<GiftCardSold>();
}

describeEachDatabase('gift cards at the desk (issue 37)', (t) => {
  let venue: Venue4;
  let other: Venue4;

  beforeAll(async () => {
    venue = await t.addVenue();
    other = await t.addVenue();
  });

  it('sells for cash and a terminal, gives away with a reason: the full code answered once, the ledger says how it was paid', async () => {
    const cash = await sell(venue.staff);
    expect(cash).toMatchObject({ amount: 5000, balance: 5000, status: 'active', expiresAt: expect.any(String) });
    expect(cash.code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    expect(cash.last4).toBe(cash.code.slice(-4));
    // Five years from today, at the venue's midnight after the last day.
    const expires = new Date(cash.expiresAt!);
    expect(expires.getUTCFullYear() - new Date().getUTCFullYear()).toBe(5);
    expect(wallClockOf(expires, 'America/New_York').time).toBe('00:00');

    const terminal = await sell(venue.staff, { paymentMethod: 'square', amount: 2500 });
    const given = await sell(venue.manager, { paymentMethod: 'complimentary', reason: 'Birthday party went wrong', amount: 1000 });
    const detail = async (id: string) => (await venue.staff.get(`/api/private/gift-cards/${id}`)).json<GiftCardDetail>();
    expect((await detail(cash.id)).ledger).toMatchObject([{ kind: 'issued', amount: 5000, balanceAfter: 5000, method: 'Cash' }]);
    expect((await detail(terminal.id)).ledger).toMatchObject([{ kind: 'issued', amount: 2500, method: 'Square' }]);
    expect((await detail(given.id)).ledger).toMatchObject([
      { kind: 'issued', amount: 1000, method: 'Complimentary', reason: 'Birthday party went wrong' },
    ]);
    // The card never shows its code again: not in its page, nor anywhere in the database.
    const page = await venue.staff.get(`/api/private/gift-cards/${cash.id}`);
    expect(page.body).not.toContain(cash.code);
    expect(page.body).not.toContain(normalizeGiftCardCode(cash.code));
    const everything = JSON.stringify(await t.snapshot()); // every table, once
    expect(everything).not.toContain(normalizeGiftCardCode(cash.code));
    expect(everything).not.toContain(cash.code);
  });

  it('refuses what it must, writing nothing: complimentary without the permission or a reason, an unknown method, amounts out of the limits', async () => {
    const refused = async (caller: Caller, body: Record<string, unknown>, status: number, field?: string) => {
      const answer = await nothingWritten(t, () => caller.post('/api/private/gift-cards', sale(body)));
      expect(answer.statusCode, answer.body).toBe(status);
      if (field) expect(answer.json().details.fields.map((f: { path: string }) => f.path)).toContain(field);
      return answer.json<{ message: string }>();
    };
    expect((await refused(venue.staff, { paymentMethod: 'complimentary', reason: 'Friend' }, 403)).message).toMatch(/giftCards\.issue/);
    await refused(venue.manager, { paymentMethod: 'complimentary' }, 400, 'reason');
    await refused(venue.staff, { paymentMethod: 'Bitcoin' }, 400, 'paymentMethod');
    for (const amount of [0, -500, 12.5, 999, 50_001]) expect((await refused(venue.staff, { amount }, 400, 'amount')).message).toBeTruthy();
    expect((await refused(venue.staff, { amount: 60_000 }, 400, 'amount')).message).toBe(
      'amount: Choose an amount from $10.00 to $500.00, or one of $25.00, $50.00, $100.00',
    );
    await refused(venue.staff, { recipientEmail: 'not an address' }, 400, 'recipientEmail');
    await refused(venue.staff, { deliverAt: '2026-02-30' }, 400, 'deliverAt');
    await refused(venue.staff, { deliverAt: '2020-01-01' }, 400, 'deliverAt');
    await refused(venue.staff, { deliverAt: '2199-01-01' }, 400, 'deliverAt');
    await refused(venue.staff, { unknown: true }, 400, 'unknown');
  });

  it('adjusts up and down with a reason, never below zero; disables; another venue gets 404 for every id', async () => {
    const card = await sell(venue.staff, { amount: 2500 });
    const url = `/api/private/gift-cards/${card.id}`;
    const up = await venue.manager.post(`${url}/adjust`, { amount: 500, reason: 'Goodwill' });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json<GiftCardDetail>()).toMatchObject({ balance: 3000 });
    const below = await nothingWritten(t, () => venue.manager.post(`${url}/adjust`, { amount: -3001, reason: 'Oops' }));
    expect(below.statusCode).toBe(400);
    expect(below.json().message).toBe('amount: At most $30.00 can be taken off: that is what the card holds');
    for (const body of [{ amount: 0, reason: 'x' }, { amount: 1.5, reason: 'x' }, { amount: 100 }, { amount: 100, reason: '  ' }])
      expect((await nothingWritten(t, () => venue.manager.post(`${url}/adjust`, body))).statusCode).toBe(400);
    const down = (await venue.manager.post(`${url}/adjust`, { amount: -3000, reason: 'Paid out in cash' })).json<GiftCardDetail>();
    expect(down.balance).toBe(0);
    expect(down.ledger.map((e) => [e.kind, e.amount, e.balanceAfter, e.reason])).toEqual([
      ['issued', 2500, 2500, null],
      ['adjusted', 500, 3000, 'Goodwill'],
      ['adjusted', -3000, 0, 'Paid out in cash'],
    ]);

    // The database itself refuses a balance below zero, whoever writes.
    await expect(
      t.db.insert(giftCardLedger).values({ venueId: venue.id, id: 'x', giftCardId: card.id, kind: 'adjusted', amount: -1, userName: 'x' }),
    ).rejects.toThrow();

    for (const [method, path, body] of [
      ['GET', '', undefined],
      ['POST', '/adjust', { amount: 100, reason: 'x' }],
      ['POST', '/disable', {}],
      ['POST', '/resend', {}],
      ['POST', '/pdf', { code: card.code }],
    ] as const) {
      const answer = await nothingWritten(t, () => other.owner.request(method, `${url}${path}`, { body }));
      expect(answer.statusCode, `${method} ${path}`).toBe(404);
    }
    expect((await other.owner.get('/api/private/gift-cards', { query: { search: card.last4 } })).json().total).toBe(0);

    const disabled = await venue.manager.post(`${url}/disable`, { reason: 'Lost' });
    expect(disabled.json<GiftCard>()).toMatchObject({ status: 'disabled', disabledReason: 'Lost' });
    expect((await venue.manager.post(`${url}/disable`, {})).statusCode).toBe(409);
    expect((await venue.manager.post(`${url}/adjust`, { amount: 100, reason: 'x' })).statusCode).toBe(409);
  });

  it('prints the card for the code the sale answered, and for no other code', async () => {
    const card = await sell(venue.staff, { recipientName: 'Grace' });
    const other = await sell(venue.staff);
    const pdf = await venue.staff.post(`/api/private/gift-cards/${card.id}/pdf`, { code: card.code.toLowerCase() });
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="gift-card-${card.last4}.pdf"`);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await venue.staff.post(`/api/private/gift-cards/${card.id}/pdf`, { code: other.code })).statusCode).toBe(404);
    expect((await venue.staff.post(`/api/private/gift-cards/${card.id}/pdf`, { code: 'nope' })).statusCode).toBe(400);
  });

  it('lists newest first and searches by the last four, a whole code, or the recipient', async () => {
    const own = await t.addVenue();
    const first = await sell(own.staff, { recipientName: 'Ada Lovelace', recipientEmail: 'ada@example.test' });
    const second = await sell(own.staff, { recipientName: 'Alan Turing', buyerEmail: 'buyer@example.test' });
    const list = async (query: Record<string, string> = {}) =>
      (await own.staff.get('/api/private/gift-cards', { query })).json<{ items: GiftCard[]; total: number }>();
    expect((await list()).items.map((c) => c.id)).toEqual([second.id, first.id]);
    expect((await list({ search: first.last4.toLowerCase() })).items.map((c) => c.id)).toContain(first.id);
    expect((await list({ search: first.code.toLowerCase().replaceAll('-', ' ') })).items.map((c) => c.id)).toContain(first.id);
    expect((await list({ search: 'lovelace' })).items.map((c) => c.id)).toEqual([first.id]);
    expect((await list({ search: 'ADA@EXAMPLE' })).items.map((c) => c.id)).toEqual([first.id]);
    expect((await list({ search: 'buyer@' })).items.map((c) => c.id)).toEqual([second.id]);
    expect((await list({ search: '%' })).total).toBe(0);
    expect((await list({ status: 'disabled' })).total).toBe(0);
    expect(JSON.stringify(await list())).not.toContain(first.code);
  });

  it("the owner's figures: sales are not revenue, outstanding is what active cards hold; as CSV too", async () => {
    const own = await t.addVenue();
    const a = await sell(own.staff, { amount: 5000 });
    await sell(own.staff, { amount: 2500, paymentMethod: 'Square' });
    await sell(own.owner, { amount: 1000, paymentMethod: 'complimentary', reason: 'Prize' });
    await own.manager.post(`/api/private/gift-cards/${a.id}/adjust`, { amount: -1000, reason: 'Correction' });
    const d = await sell(own.staff, { amount: 10000 });
    await own.manager.post(`/api/private/gift-cards/${d.id}/disable`, {});
    const summary = await own.owner.get('/api/private/gift-cards/summary');
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<GiftCardSummary>()).toMatchObject({
      sold: 17500,
      soldCount: 3,
      complimentary: 1000,
      redeemed: 0,
      refunded: 0,
      adjusted: -1000,
      expired: 0,
      outstanding: 4000 + 2500 + 1000,
    });
    // Sales do not reach the dashboard's revenue: no booking took money.
    const stats = await own.owner.get('/api/private/statistics');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().stats.grossRevenue).toBe(0);

    const csv = await own.owner.get('/api/private/gift-cards/summary.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(csv.body.startsWith('\uFEFFDate,Card,Kind,Method,Amount,Balance after,Booking,Reason,By\r\n')).toBe(true);
    expect(lines.filter((line) => line.includes(',issued,'))).toHaveLength(4);
    expect(lines).toContain('Total,,outstanding,,75.00,,,,');
    expect(csv.body).not.toContain(a.code);
    // Staff sell and look up cards; the figures are the owner's (statistics.view).
    expect((await own.staff.get('/api/private/gift-cards/summary')).statusCode).toBe(403);
    expect((await own.owner.get('/api/private/gift-cards/summary', { query: { from: '2026-03-02', to: '2026-03-01' } })).statusCode).toBe(
      400,
    );
  });

  it('each role without the permission gets 403 and nothing is written', async () => {
    const nobody = await t.addVenue({
      permissions: buildPermissionsMap((key) => (key.startsWith('giftCards.') ? ['owner'] : defaultRolesFor(key))),
    });
    const card = await sell(nobody.owner);
    for (const role of ['manager', 'staff'] as const) {
      const caller = nobody[role];
      for (const [method, path, body] of [
        ['POST', '', sale()],
        ['GET', '', undefined],
        ['GET', `/${card.id}`, undefined],
        ['POST', `/${card.id}/adjust`, { amount: 100, reason: 'x' }],
        ['POST', `/${card.id}/disable`, {}],
        ['POST', `/${card.id}/resend`, {}],
        ['POST', `/${card.id}/pdf`, { code: card.code }],
      ] as const) {
        const answer = await nothingWritten(t, () => caller.request(method, `/api/private/gift-cards${path}`, { body }));
        expect(answer.statusCode, `${role} ${method} ${path}`).toBe(403);
      }
    }
  });

  it("the venue's settings: merged, checked whole, on the venue's answer and the widget's", async () => {
    const own = await t.addVenue();
    const patch = (giftCards: Record<string, unknown>) => own.owner.patch('/api/private/venues/current', { giftCards });
    const saved = await patch({ isEnabled: true, presetAmounts: [2000, 4000], expiryMonths: null, image: '/uploads/card.png' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Venue>().giftCards).toEqual({
      isEnabled: true,
      presetAmounts: [2000, 4000],
      customAmountMin: 1000,
      customAmountMax: 50000,
      image: '/uploads/card.png',
      expiryMonths: null,
    });
    const crossed = await nothingWritten(t, () => patch({ customAmountMin: 60000 }));
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().details.fields[0].path).toBe('giftCards.customAmountMax');
    for (const bad of [
      { presetAmounts: [0] },
      { expiryMonths: 0 },
      { customAmountMax: 10.5 },
      { image: 'javascript:alert(1)' },
      { extra: 1 },
    ])
      expect((await nothingWritten(t, () => patch(bad))).statusCode, JSON.stringify(bad)).toBe(400);
    expect((await own.staff.patch('/api/private/venues/current', { giftCards: { isEnabled: false } })).statusCode).toBe(403);
    // A card of a venue whose cards never expire; a preset outside the custom range is allowed.
    const forever = await sell(own.staff, { amount: 2000 });
    expect(forever).toMatchObject({ expiresAt: null, expiresOn: null });
    await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, own.id));
    const widget = (await t.request('GET', `/api/public/widget/${own.id}`)).json();
    // Not on sale until the venue takes card payments.
    expect(widget.giftCards).toEqual({
      isOnSale: false,
      presetAmounts: [2000, 4000],
      customAmountMin: 1000,
      customAmountMax: 50000,
      image: '/uploads/card.png',
      expiryMonths: null,
    });
    const [row] = await t.db.select().from(giftCards).where(eq(giftCards.id, forever.id));
    expect(row.codeLast4).toBe(forever.last4);
  });
});
