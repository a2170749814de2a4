import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import type { Slot } from '@lanebook/core/calendar-schemas';
import type { Product } from '@lanebook/core';
import type { Signature } from '@lanebook/core/waiver-schemas';
import { addDays } from '@lanebook/core';
import { products } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import { signer, waiverOnProduct } from '../../../test/signatures.js';

type List = { items: Booking[]; total: number };

describeEachDatabase("bookings: the spec's names", (t) => {
  it('the record answers dateIso (the venue date), depositPrice and the quote’s subtotal, taxes, upsellTaxes and discounts', async () => {
    const { venue, productId, date } = await setUpBookings(t);
    const tax = await venue.owner.post('/api/private/taxes', { name: 'Sales tax', rate: 10, description: '' });
    expect(tax.statusCode, tax.body).toBe(201);
    await t.db
      .update(products)
      .set({ isDeposit: true, deposit: 2500, taxes: [tax.json<{ id: string }>().id] })
      .where(eq(products.id, productId));
    // 21:00 in New York is already the next day in UTC: dateIso is the venue's date, not UTC's.
    const late = (await venue.manager.post(`/api/private/product/${productId}/slot`, { date, from: '21:00', to: '22:00' })).json<Slot>();
    expect(late.startsAt.slice(0, 10)).toBe(addDays(date, 1));
    const created = await venue.staff.post('/api/private/booking', { productId, slots: [late.id], playersCount: 3, reservationInfo: info });
    expect(created.statusCode, created.body).toBe(201);
    const booking = (await venue.staff.get(`/api/private/booking/${created.json<Booking>().id}`)).json<BookingDetail>();
    expect(booking).toMatchObject({
      date,
      dateIso: date,
      subtotal: 3000,
      taxes: 300,
      upsellTaxes: 0,
      discounts: 0,
      total: 3300,
      deposit: 2500,
      depositPrice: 2500,
    });
    expect(booking.quote).toMatchObject({ subtotal: 3000, taxes: 300, upsellTaxes: 0, discounts: 0, deposit: 2500 });
    // The list's items carry them too.
    const list = (await venue.staff.get('/api/private/booking/detailed')).json<List>();
    expect(list.items[0]).toMatchObject({ dateIso: date, depositPrice: 2500, subtotal: 3000, taxes: 300 });
    // The customer's answer (by reference) names them the same way.
    const own = await t.request('GET', `/api/public/booking/${booking.bookingReference}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<Booking>()).toMatchObject({ date, dateIso: date, deposit: 2500, depositPrice: 2500 });
  });

  it('a signature answers the waiverId it signed; a product answers isDeleted', async () => {
    const { venue, productId, form } = await setUpBookings(t);
    const waiver = await waiverOnProduct(t, venue.manager, productId);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const signed = await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer());
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json<Signature>()).toMatchObject({ waiverId: waiver.id, waiver: { waiverId: waiver.id } });
    const read = (await venue.staff.get(`/api/private/signatures/${signed.json<Signature>().id}`)).json<Signature>();
    expect(read.waiverId).toBe(waiver.id);
    const listed = (await venue.staff.get('/api/private/signatures')).json<{ items: Signature[] }>();
    expect(listed.items.map((s) => s.waiverId)).toEqual([waiver.id]);

    // Live products only: isDeleted is false on each, the record and the list (cached) alike.
    const product = (await venue.staff.get(`/api/private/products/${productId}`)).json<Product>();
    expect(product.isDeleted).toBe(false);
    for (let i = 0; i < 2; i++) {
      const list = (await venue.staff.get('/api/private/products')).json<{ items: Product[] }>();
      expect(list.items.map((p) => [p.id, p.isDeleted])).toEqual([[productId, false]]);
    }
  });

  it('the list reads dateRangeFilter[from] and dateRangeFilter[to] as from and to', async () => {
    const { venue, productId, date, first } = await setUpBookings(t);
    const later = addDays(date, 3);
    const slot = (
      await venue.manager.post(`/api/private/product/${productId}/slot`, { date: later, from: '10:00', to: '11:00' })
    ).json<Slot>();
    const early = (
      await venue.staff.post('/api/private/booking', { productId, slots: [first.id], playersCount: 2, reservationInfo: info })
    ).json<Booking>();
    const late = (
      await venue.staff.post('/api/private/booking', { productId, slots: [slot.id], playersCount: 2, reservationInfo: info })
    ).json<Booking>();
    const ids = async (query: Record<string, string>) => {
      const response = await venue.staff.get('/api/private/booking/detailed', { query: { dateField: 'date', ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<List>().items.map((b) => b.id);
    };
    expect(await ids({ 'dateRangeFilter[from]': later, 'dateRangeFilter[to]': later })).toEqual([late.id]);
    expect(await ids({ 'dateRangeFilter[from]': date, 'dateRangeFilter[to]': date })).toEqual([early.id]);
    expect(await ids({ 'dateRangeFilter[from]': later })).toEqual([late.id]);
    expect(await ids({ 'dateRangeFilter[to]': date })).toEqual([early.id]);
    // A custom range takes them as its from and to; the same value in both forms is one range.
    expect(await ids({ dateRange: 'custom', 'dateRangeFilter[from]': later, 'dateRangeFilter[to]': later })).toEqual([late.id]);
    expect(await ids({ from: later, 'dateRangeFilter[from]': later })).toEqual([late.id]);

    const list = (query: Record<string, string>) => venue.staff.get('/api/private/booking/detailed', { query });
    expectFieldError(await list({ 'dateRangeFilter[from]': '2026-02-30' }), 'dateRangeFilter[from]');
    expectFieldError(await list({ 'dateRangeFilter[to]': 'tomorrow' }), 'dateRangeFilter[to]');
    expectFieldError(await list({ from: date, 'dateRangeFilter[from]': later }), 'dateRangeFilter[from]', 'Send the start once');
    expectFieldError(await list({ to: date, 'dateRangeFilter[to]': later }), 'dateRangeFilter[to]', 'Send the end once');
    expectFieldError(await list({ 'dateRangeFilter[from]': later, 'dateRangeFilter[to]': date }), 'to', 'end on or after');
  });

  it('the list sorts by email, phone, lanes and duration, each way, on the server across pages', async () => {
    const { venue, productId, first, second } = await setUpBookings(t, { lanes: ['L1', 'L2', 'L3', 'L4'] });
    const book = async (email: string, phone: string, slots: string[], resourceIds: string[]) => {
      const created = await venue.staff.post('/api/private/booking', {
        productId,
        slots,
        playersCount: 2,
        resourceIds,
        reservationInfo: { ...info, email, phone },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<Booking>().id;
    };
    // Made in this order: ties would come newest first.
    const b = await book('Bea@example.test', '(555) 300-0000', [first.id], ['L3']);
    const c = await book('cy@example.test', '555 100 0000', [first.id, second.id], ['L1', 'L2']);
    const a = await book('amy@example.test', '+44 20 7946 0958', [second.id], ['L4']);
    const d = await book('dan@example.test', '', [first.id], ['L4']);
    const sorted = async (sort: string) => {
      // Pages of two: the order holds across pages, so the database sorts, not the page.
      const pages = await Promise.all(
        [0, 2].map((offset) => venue.staff.get('/api/private/booking/detailed', { query: { sort, limit: '2', offset: String(offset) } })),
      );
      return pages.flatMap((page) => {
        expect(page.statusCode, page.body).toBe(200);
        return page.json<List>().items.map((item) => item.id);
      });
    };
    // Emails are stored lower-case: Bea sorts as bea.
    expect(await sorted('email_asc')).toEqual([a, b, c, d]);
    expect(await sorted('email_desc')).toEqual([d, c, b, a]);
    // Phones as stored (E.164); no phone sorts first.
    expect(await sorted('phone_asc')).toEqual([d, c, b, a]);
    expect(await sorted('phone_desc')).toEqual([a, b, c, d]);
    // The first lane, then how many; a and d both hold L4 alone, newest first.
    expect(await sorted('lanes_asc')).toEqual([c, b, d, a]);
    expect(await sorted('lanes_desc')).toEqual([d, a, b, c]);
    // c holds two hours; the others one, newest first among them.
    expect(await sorted('duration_asc')).toEqual([d, a, b, c]);
    expect(await sorted('duration_desc')).toEqual([c, d, a, b]);
    await expectNoWrites(t, async () => {
      expectFieldError(await venue.staff.get('/api/private/booking/detailed', { query: { sort: 'email' } }), 'sort');
    });
  });
});
