import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { AffiliateStatement, AffiliateSummary, Booking, BookingDetail, PublicBooking } from '@lanebook/core/booking-schemas';
import type { Quote } from '@lanebook/core';
import { bookings } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { create, expectFieldError, expectNoWrites, itemUrl, type Row } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { enableCardPayments, payWithCard, waitForCardRefunds } from '../../../test/payments.js';
import { waiverOnProduct } from '../../../test/signatures.js';
import { BASE_URL, type Caller, type TestServer } from '../../../test/server.js';

/** Affiliates that earn (issue 26, decision 031): the commission kept with the booking's money, the statement, the summary. */

type Setup = Awaited<ReturnType<typeof setUpBookings>>;

const RETURN_URL = `${BASE_URL}/widget/?venue=v&frame=1&booking=REF&paid=1`;
const detailOf = async (caller: Caller, id: string) => {
  const response = await caller.get(`/api/private/booking/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<BookingDetail>();
};
const statementUrl = (affiliateId: string, csv = false) => `/api/private/affiliates/${affiliateId}/statement${csv ? '.csv' : ''}`;

async function affiliate(caller: Caller, body: Row) {
  return (await create(caller, 'affiliates', { name: `Partner ${Math.random().toString(36).slice(2, 8)}`, discount: 0, ...body }))
    .id as string;
}

async function deskBooking(s: Setup, extra: Record<string, unknown> = {}) {
  const made = await s.venue.staff.post('/api/private/booking', s.form(extra));
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}

async function collect(s: Setup, bookingId: string, amount: number) {
  const paid = await s.venue.staff.post(`/api/private/booking/${bookingId}/checkout`, { amount, paymentMethod: 'Cash' });
  expect(paid.statusCode, paid.body).toBe(200);
  return paid.json<Booking>();
}

async function refund(s: Setup, bookingId: string, amount: number) {
  const refunded = await s.venue.manager.post(`/api/private/booking/${bookingId}/refund`, { amount });
  expect(refunded.statusCode, refunded.body).toBe(200);
  return refunded.json<{ booking: Booking }>().booking;
}

/** The commission on the booking, its checkoutInfo and its stored row agree. */
async function commissionOf(t: TestServer, s: Setup, bookingId: string) {
  const detail = await detailOf(s.venue.staff, bookingId);
  expect(detail.checkoutInfo.affiliateCommissionAmount).toBe(detail.affiliateCommissionAmount);
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  expect(row.affiliateCommissionAmount).toBe(detail.affiliateCommissionAmount);
  return detail.affiliateCommissionAmount;
}

describeEachDatabase('affiliates that earn (issue 26)', (t) => {
  let s: Setup;
  let percent: string;
  let fixed: string;

  beforeAll(async () => {
    // Lanes enough for every live booking the tests below make on the same two slots.
    s = await setUpBookings(t, { lanes: Array.from({ length: 16 }, (_, i) => `L${i + 1}`) });
    percent = await affiliate(s.venue.owner, { name: 'Grand Hotel', commission: 10 });
    fixed = await affiliate(s.venue.owner, { name: 'City Tours', commission: 1500, commissionType: 'fixed' });
  });

  it('an affiliate has a commission beside its discount, 0 percent unless said; bad values are 400s naming the field', async () => {
    const plain = await create(s.venue.owner, 'affiliates', { name: 'No commission', discount: 5 });
    expect(plain).toMatchObject({ commission: 0, commissionType: 'percent' });
    const made = await create(s.venue.owner, 'affiliates', { name: 'Fixed earner', discount: 0, commission: 250, commissionType: 'fixed' });
    expect(made).toMatchObject({ commission: 250, commissionType: 'fixed' });
    await expectNoWrites(t, async () => {
      expectFieldError(await s.venue.owner.patch(itemUrl('affiliates', made.id as string), { commissionType: 'percent' }), 'commission');
      expectFieldError(await s.venue.owner.post('/api/private/affiliates', { name: 'X', discount: 0, commission: 1e308 }), 'commission');
      expectFieldError(await s.venue.owner.post('/api/private/affiliates', { name: 'X', discount: 0, commission: -0.5 }), 'commission');
      expectFieldError(await s.venue.owner.post('/api/private/affiliates', { name: 'X', discount: 0, commission: null }), 'commission');
      expectFieldError(
        await s.venue.owner.post('/api/private/affiliates', { name: 'X', discount: 0, commissionType: 'per\u0000cent' }),
        'commissionType',
      );
    });
  });

  it('a percent commission is that share of the net paid, a fixed one its cents once paid, never more than paid; the booking names its affiliate', async () => {
    const booking = await deskBooking(s, { affiliateId: percent });
    expect(booking).toMatchObject({ affiliateId: percent, affiliateName: 'Grand Hotel', affiliateCommissionAmount: 0, total: 8000 });
    expect(booking.checkoutInfo.affiliateCommissionAmount).toBe(0);
    expect((await collect(s, booking.id, 3333)).affiliateCommissionAmount).toBe(333);
    expect((await collect(s, booking.id, 4667)).affiliateCommissionAmount).toBe(800);
    expect(await commissionOf(t, s, booking.id)).toBe(800);

    const flat = await deskBooking(s, { affiliateId: fixed, playersCount: 1 });
    expect(flat.affiliateCommissionAmount).toBe(0);
    expect((await collect(s, flat.id, 1000)).affiliateCommissionAmount).toBe(1000);
    expect((await collect(s, flat.id, 1000)).affiliateCommissionAmount).toBe(1500);
    expect(await commissionOf(t, s, flat.id)).toBe(1500);

    // The list shows it too; a booking without an affiliate earns nothing and names none.
    const list = (await s.venue.staff.get('/api/private/booking/detailed', { query: { affiliateId: percent } })).json<{
      items: Booking[];
    }>();
    expect(list.items.find((b) => b.id === booking.id)).toMatchObject({ affiliateCommissionAmount: 800, affiliateName: 'Grand Hotel' });
    const none = await deskBooking(s, { playersCount: 1 });
    await collect(s, none.id, 2000);
    expect(await detailOf(s.venue.staff, none.id)).toMatchObject({ affiliateId: null, affiliateName: null, affiliateCommissionAmount: 0 });
  });

  it('a partial refund lowers it; a cancel with a refund lowers it to what the venue kept; nothing paid earns nothing', async () => {
    const booking = await deskBooking(s, { affiliateId: percent });
    await collect(s, booking.id, 8000);
    expect((await refund(s, booking.id, 2500)).affiliateCommissionAmount).toBe(550);
    const canceled = await s.venue.manager.post(`/api/private/booking/${booking.id}/cancel`, { refundAmount: 5500, reason: 'Rain' });
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json<Booking>()).toMatchObject({ status: 'canceled', netPaid: 0, affiliateCommissionAmount: 0 });
    expect(await commissionOf(t, s, booking.id)).toBe(0);

    // Cancelled with the money kept (a late cancel): the affiliate earns on what the venue kept.
    const kept = await deskBooking(s, { affiliateId: percent, playersCount: 2 });
    await collect(s, kept.id, 4000);
    const keptCancel = await s.venue.staff.post(`/api/private/booking/${kept.id}/cancel`);
    expect(keptCancel.json<Booking>()).toMatchObject({ status: 'canceled', kept: 4000, affiliateCommissionAmount: 400 });

    const unpaid = await deskBooking(s, { affiliateId: fixed });
    expect(await commissionOf(t, s, unpaid.id)).toBe(0);
    // A fixed commission is not earned by a booking whose money all went back.
    await collect(s, unpaid.id, 8000);
    expect(await commissionOf(t, s, unpaid.id)).toBe(1500);
    expect((await refund(s, unpaid.id, 8000)).affiliateCommissionAmount).toBe(0);
  });

  it('a taxed booking earns on what was paid without its taxes; a booking made before the rule keeps earning on the taxed amount', async () => {
    const taxed = await setUpBookings(t);
    const tax = (await taxed.venue.owner.post('/api/private/taxes', { name: 'Sales tax', rate: 10 })).json<{ id: string }>();
    expect((await taxed.venue.owner.patch(`/api/private/products/${taxed.productId}`, { taxes: [tax.id] })).statusCode).toBe(200);
    const partner = await affiliate(taxed.venue.owner, { commission: 10 });
    const booking = await deskBooking(taxed, { affiliateId: partner });
    expect(booking.quote).toMatchObject({ subtotal: 8000, taxes: 800 });
    expect(booking.total).toBe(8800);
    // 10% of the 8,000.00 without taxes, not of the 8,800 paid.
    expect((await collect(taxed, booking.id, 8800)).affiliateCommissionAmount).toBe(800);
    expect((await refund(taxed, booking.id, 2200)).affiliateCommissionAmount).toBe(600);
    expect(await commissionOf(t, taxed, booking.id)).toBe(600);

    // Made before migration 0031: it keeps what it earned, on the taxed amount, through later money changes.
    const earlier = await deskBooking(taxed, { affiliateId: partner, playersCount: 2 });
    await t.db.update(bookings).set({ commissionIncludesTaxes: true }).where(eq(bookings.id, earlier.id));
    expect((await collect(taxed, earlier.id, 4400)).affiliateCommissionAmount).toBe(440);
  });

  it("a card refund pending at the provider counts as given back at once (the money rule's netPaid)", async () => {
    const own = await setUpBookings(t);
    await enableCardPayments(t, own.venue.owner);
    const partner = await affiliate(own.venue.owner, { commission: 20 });
    const made = await t.request('POST', '/api/public/booking', { body: own.form({ affiliateId: partner }) });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json<PublicBooking>();
    const opened = await t.request('POST', `/api/public/booking/${booking.bookingReference}/checkout`, { body: { returnUrl: RETURN_URL } });
    expect((await payWithCard(t, opened.json<{ url: string }>().url, '4242 4242 4242 4242')).statusCode).toBe(303);
    expect((await detailOf(own.venue.staff, booking.id)).affiliateCommissionAmount).toBe(1600);
    const refunded = await own.venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 3000 });
    expect(refunded.json<{ booking: Booking }>().booking).toMatchObject({
      refunds: [{ status: 'pending' }],
      affiliateCommissionAmount: 1000,
    });
    await waitForCardRefunds(t, booking.id);
    expect(await commissionOf(t, own, booking.id)).toBe(1000);
  });

  it("changing an affiliate's rate does not change what past bookings earn, even when their money changes later", async () => {
    const partner = await affiliate(s.venue.owner, { name: 'Rate changer', commission: 10 });
    const past = await deskBooking(s, { affiliateId: partner });
    await collect(s, past.id, 8000);
    const patched = await s.venue.owner.patch(itemUrl('affiliates', partner), { name: 'Renamed partner', commission: 50 });
    expect(patched.statusCode, patched.body).toBe(200);
    expect((await refund(s, past.id, 1000)).affiliateCommissionAmount).toBe(700);
    expect(await detailOf(s.venue.staff, past.id)).toMatchObject({ affiliateName: 'Rate changer', affiliateCommissionAmount: 700 });
    const later = await deskBooking(s, { affiliateId: partner, playersCount: 1 });
    expect((await collect(s, later.id, 2000)).affiliateCommissionAmount).toBe(1000);
    expect(later.affiliateName).toBe('Renamed partner');
  });

  it('a booking whose affiliate was paused or deleted since still moves, keeping the discount it was made with while the affiliate exists', async () => {
    const partner = await affiliate(s.venue.owner, { name: 'Paused partner', discount: 10, discountType: 'percent', commission: 10 });
    const booking = await deskBooking(s, { affiliateId: partner });
    const paused = await s.venue.owner.patch(itemUrl('affiliates', partner), { isActive: false });
    expect(paused.statusCode, paused.body).toBe(200);
    const moved = await s.venue.staff.put(`/api/private/booking/${booking.id}`, { playersCount: 1 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(booking.quote!.affiliateDiscount).toBeGreaterThan(0);
    expect(moved.json<Booking>().affiliateId).toBe(partner);
    expect(moved.json<Booking>().quote!.affiliateDiscount).toBeGreaterThan(0);
    const gone = await s.venue.owner.delete(itemUrl('affiliates', partner));
    expect(gone.statusCode, gone.body).toBe(204);
    const again = await s.venue.staff.put(`/api/private/booking/${booking.id}`, { playersCount: 2 });
    expect(again.statusCode, again.body).toBe(200);
  });

  it("another venue's affiliate: its statement is a 404, the desk refuses it, the widget's calls book as if none came", async () => {
    const other = await t.addVenue();
    const theirs = await affiliate(other.owner, { discount: 50, commission: 30 });
    const inactive = await affiliate(s.venue.owner, { discount: 50, commission: 30, isActive: false });
    const discounting = await affiliate(s.venue.owner, { name: 'Discounting partner', discount: 10, commission: 5 });

    for (const url of [statementUrl(theirs), statementUrl(theirs, true), statementUrl('no-such-affiliate')])
      expect((await s.venue.staff.get(url)).statusCode).toBe(404);
    expect((await other.staff.get(statementUrl(percent))).statusCode).toBe(404);
    expect((await t.request('GET', statementUrl(percent))).statusCode).toBe(401);

    await expectNoWrites(t, async () => {
      for (const id of [theirs, inactive, 'no-such-affiliate'])
        expectFieldError(await s.venue.staff.post('/api/private/booking', s.form({ affiliateId: id, playersCount: 1 })), 'affiliateId');
    });

    const query = (affiliateId: string) => ({ slots: `${s.first.id},${s.second.id}`, playersCount: '4', affiliateId });
    for (const id of [theirs, inactive, 'no-such-affiliate']) {
      const price = await t.request('GET', `/api/public/product/${s.productId}/price`, { query: query(id) });
      expect(price.statusCode, price.body).toBe(200);
      expect(price.json<Quote>()).toMatchObject({ total: 8000, affiliateDiscount: 0 });
      const made = await t.request('POST', '/api/public/booking', {
        body: s.form({
          affiliateId: id,
          playersCount: 1,
          reservationInfo: { ...s.form().reservationInfo, email: `${Math.random()}@example.test` },
        }),
      });
      expect(made.statusCode, made.body).toBe(201);
      const booking = await detailOf(s.venue.staff, made.json<PublicBooking>().id);
      expect(booking).toMatchObject({ affiliateId: null, affiliateName: null, total: 2000, quote: { affiliateDiscount: 0 } });
    }
    // A NUL byte is bad input, not an unknown affiliate: a 400 naming it, nothing booked.
    await expectNoWrites(t, async () => {
      expectFieldError(await t.request('GET', `/api/public/product/${s.productId}/price`, { query: query('x\u0000y') }), 'affiliateId');
      expectFieldError(await t.request('POST', '/api/public/booking', { body: s.form({ affiliateId: 'x\u0000y' }) }), 'affiliateId');
    });
    // The venue's own active affiliate through the widget: its discount, its name and, once paid, its commission.
    const price = await t.request('GET', `/api/public/product/${s.productId}/price`, { query: query(discounting) });
    expect(price.json<Quote>()).toMatchObject({ total: 7200, affiliateDiscount: 800 });
    const made = await t.request('POST', '/api/public/booking', { body: s.form({ affiliateId: discounting }) });
    expect(made.statusCode, made.body).toBe(201);
    const booking = made.json<PublicBooking>();
    expect(Object.keys(booking)).not.toContain('affiliateCommissionAmount');
    await collect(s, booking.id, 7200);
    expect(await detailOf(s.venue.staff, booking.id)).toMatchObject({
      affiliateId: discounting,
      affiliateName: 'Discounting partner',
      total: 7200,
      affiliateCommissionAmount: 360,
    });
  });

  it('the statement lists the period’s bookings by event date, abandoned ones left out, with totals that are the sums of its rows; the summary counts each affiliate', async () => {
    const own = await setUpBookings(t);
    const partner = await affiliate(own.venue.owner, { name: 'Statement partner', commission: 12.5 });
    const quiet = await affiliate(own.venue.owner, { name: 'Quiet partner', commission: 10 });
    const made: Booking[] = [];
    for (const players of [1, 2, 3]) {
      const booking = (
        await own.venue.staff.post('/api/private/booking', own.form({ affiliateId: partner, playersCount: players }))
      ).json<Booking>();
      made.push(booking);
    }
    await collect(own, made[0].id, 2000);
    await collect(own, made[1].id, 4000);
    await refund(own, made[1].id, 1000);
    await t.db.update(bookings).set({ status: 'abandoned' }).where(eq(bookings.id, made[2].id));

    const period = { from: own.date, to: own.date };
    const answer = await own.venue.staff.get(statementUrl(partner), { query: period });
    expect(answer.statusCode, answer.body).toBe(200);
    const statement = answer.json<AffiliateStatement>();
    expect(statement).toMatchObject({ affiliate: { id: partner, name: 'Statement partner' }, ...period });
    expect(statement.items.map((i) => i.bookingId).sort()).toEqual([made[0].id, made[1].id].sort());
    expect(statement.items.find((i) => i.bookingId === made[1].id)).toEqual({
      bookingId: made[1].id,
      bookingReference: made[1].bookingReference,
      registrationCode: made[1].registrationCode,
      date: made[1].startsAt,
      customerName: 'Ada Lovelace',
      status: 'wait_for_payment',
      total: 4000,
      netPaid: 3000,
      commission: 375,
    });
    const sum = (key: 'total' | 'netPaid' | 'commission') => statement.items.reduce((total, item) => total + item[key], 0);
    expect(statement.totals).toEqual({ bookings: 2, total: sum('total'), netPaid: sum('netPaid'), commission: sum('commission') });
    expect(statement.totals).toEqual({ bookings: 2, total: 6000, netPaid: 5000, commission: 250 + 375 });

    // Another period has none of them.
    const before = (
      await own.venue.staff.get(statementUrl(partner), { query: { from: '2000-01-01', to: '2000-12-31' } })
    ).json<AffiliateStatement>();
    expect(before).toMatchObject({ items: [], totals: { bookings: 0, total: 0, netPaid: 0, commission: 0 } });
    // Left out, the period is this month in the venue's zone.
    const month = (await own.venue.staff.get(statementUrl(partner))).json<AffiliateStatement>();
    expect(month.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(month.to.slice(0, 7)).toBe(month.from.slice(0, 7));

    const summary = await own.venue.staff.get('/api/private/affiliates/summary', { query: period });
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json<AffiliateSummary>().items).toEqual([
      { affiliateId: quiet, bookings: 0, commission: 0 },
      { affiliateId: partner, bookings: 2, commission: 625 },
    ]);
  });

  it('the CSV has the same rows, amounts as decimals, times in the venue’s zone, formulas neutralized, a file named after the affiliate', async () => {
    const own = await setUpBookings(t);
    const partner = await affiliate(own.venue.owner, { name: '=Hotel "Grand" / Spa', commission: 10 });
    const hostile = { ...own.form().reservationInfo, firstName: '=HYPERLINK("http://evil.test")', lastName: '+1' };
    const booking = (
      await own.venue.staff.post('/api/private/booking', own.form({ affiliateId: partner, reservationInfo: hostile }))
    ).json<Booking>();
    await collect(own, booking.id, 8000);
    const csv = await own.venue.staff.get(statementUrl(partner, true), { query: { from: own.date, to: own.date } });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="affiliate-hotel-grand-spa-${own.date}-${own.date}.csv"`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Registration code,Booking reference,Event date,Customer,Status,Total,Net paid,Commission');
    expect(lines[1]).toBe(
      `${booking.registrationCode},${booking.bookingReference},${own.date} 10:00,"'=HYPERLINK(""http://evil.test"") +1",paid,80.00,80.00,8.00`,
    );
    expect(lines.slice(2)).toEqual(['']);
  });

  it('a booking keeps the active waiver and version of when it was made', async () => {
    const own = await setUpBookings(t);
    const noWaiver = (await own.venue.staff.post('/api/private/booking', own.form({ playersCount: 1 }))).json<Booking>();
    expect(noWaiver.activeWaiver).toBeNull();
    await waiverOnProduct(t, own.venue.manager, own.productId);
    const first = (await own.venue.staff.post('/api/private/booking', own.form({ playersCount: 1 }))).json<Booking>();
    const waiverId = (await own.venue.staff.get(`/api/private/products/${own.productId}`)).json<{ activeWaiverId: string }>()
      .activeWaiverId;
    expect(first.activeWaiver).toEqual({ id: waiverId, version: expect.any(Number) });
    const version = first.activeWaiver!.version;
    expect((await own.venue.manager.patch(`/api/private/waivers/${waiverId}`, { text: '<p>New rules.</p>' })).statusCode).toBe(200);
    const second = (await own.venue.staff.post('/api/private/booking', own.form({ playersCount: 1 }))).json<Booking>();
    expect(second.activeWaiver).toEqual({ id: waiverId, version: version + 1 });
    expect((await detailOf(own.venue.staff, first.id)).activeWaiver).toEqual({ id: waiverId, version });
  });

  it('twenty partial refunds at once leave the commission equal to the rule on the final net paid', async () => {
    const own = await setUpBookings(t);
    const partner = await affiliate(own.venue.owner, { commission: 12.5 });
    const booking = await deskBooking(own, { affiliateId: partner });
    await collect(own, booking.id, 8000);
    const refunds = await Promise.all(
      Array.from({ length: 20 }, () => own.venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 700 })),
    );
    expect(refunds.filter((r) => r.statusCode === 200)).toHaveLength(11);
    const after = await detailOf(own.venue.staff, booking.id);
    expect(after.netPaid).toBe(300);
    expect(await commissionOf(t, own, booking.id)).toBe(Math.round((300 * 12.5) / 100));
  });

  it('bad periods are 400s naming the field: not a date, NUL bytes, far dates, backwards, longer than 366 days', async () => {
    const url = statementUrl(percent);
    await expectNoWrites(t, async () => {
      for (const [query, field] of [
        [{ from: '2026-13-01' }, 'from'],
        [{ from: '2026-01-01\u0000' }, 'from'],
        [{ to: '1800-01-01' }, 'to'],
        [{ from: '99999-01-01' }, 'from'],
        [{ from: '2026-03-01', to: '2026-02-28' }, 'to'],
        [{ from: '2025-01-01', to: '2026-01-02' }, 'to'],
      ] as const) {
        expectFieldError(await s.venue.staff.get(url, { query }), field);
        expectFieldError(await s.venue.staff.get('/api/private/affiliates/summary', { query }), field);
      }
      // A whole leap year is 366 days; the last day the API takes is fine.
      expect((await s.venue.staff.get(url, { query: { from: '2028-01-01', to: '2028-12-31' } })).statusCode).toBe(200);
      expect((await s.venue.staff.get(url, { query: { from: '2200-12-01' } })).json<AffiliateStatement>().to).toBe('2200-12-31');
      expectFieldError(await s.venue.staff.get(statementUrl('a\u0000b')), 'id');
    });
  });
});
