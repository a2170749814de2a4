import { describe, expect, test } from 'vitest';
import { apiAs, bookableProduct, bookTwoPlayers, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

describe('the smaller things a week at the venue found (issue 34)', () => {
  test('the list shows references and the same payment badge as the booking page; the receipt has the venue phone in its format', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const stamp = Date.now().toString(36);
    const product = await bookableProduct(page, VENUE, stamp);
    const id = await bookTwoPlayers(page, VENUE, product, {
      firstName: 'Parker',
      lastName: `Part${stamp}`,
      email: `parker-${stamp}@example.test`,
    });
    const booked = (await apiAs(page, 'GET', `/api/private/booking/${id}`, undefined, VENUE)).body as { due: number };
    const paid = await apiAs(page, 'POST', `/api/private/booking/${id}/checkout`, { amount: booked.due, paymentMethod: 'Cash' }, VENUE);
    expect(paid.status, JSON.stringify(paid.body)).toBeLessThan(300);
    // Canceled with part of the money given back.
    const canceled = await apiAs(page, 'POST', `/api/private/booking/${id}/cancel`, { refundAmount: Math.floor(booked.due / 2) }, VENUE);
    expect(canceled.status, JSON.stringify(canceled.body)).toBeLessThan(300);
    const booking = (await apiAs(page, 'GET', `/api/private/booking/${id}`, undefined, VENUE)).body as {
      bookingReference: string;
      paymentLabel: string;
    };

    await page.goto(`/bookings/${id}/view`);
    const onPage = (await (await visible(page.getByTestId('payment-label'))).textContent())!.trim();
    expect(onPage).toBe(booking.paymentLabel);

    await page.goto(`/bookings?product=${product.productId}`);
    const row = await visible(page.getByTestId('booking-row').filter({ hasText: `Part${stamp}` }));
    expect((await row.getByTestId('row-reference').textContent())!.trim()).toBe(booking.bookingReference);
    expect(await row.getByTestId('payment-label').allTextContents()).toEqual([onPage]);

    // The demo venue's phone (+12125550100) in its country's format.
    await page.goto(`/bookings/${id}/receipt`);
    await visible(page.getByText('(212) 555-0100', { exact: false }));
    expect(await page.content()).not.toContain('+12125550100');
    await context.close();
  });

  test('Closure percent says what it is where it is set', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const help = /It does not change what customers can book: to close a lane, pause it\./;
    await page.goto('/resources');
    await visible(page.getByTestId('closure-percent').getByText(help));
    await page.goto('/settings/venue');
    await visible(page.getByText(help));
    await context.close();
  });
});
