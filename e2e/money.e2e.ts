import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, atPath, bookableProduct, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

async function chooseOption(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('money the desk can trust (issue 21)', () => {
  test('collect cash, refund part lowering the price, cancel refunding the rest: $0.00 due, the Done! dialog and the receipt', async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    // Two players on one slot at $20 a player: $40.00.
    const created = await apiAs(
      page,
      'POST',
      '/api/private/booking',
      {
        productId: product.productId,
        slots: [product.slots[0]],
        playersCount: 2,
        reservationInfo: { firstName: 'Edsger', lastName: `Dijkstra${stamp}`, email: `edsger.${stamp}@example.test`, phone: '' },
        isConfirmationEmail: false,
      },
      VENUE,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { id, registrationCode, bookingReference } = created.body as { id: string; registrationCode: string; bookingReference: string };
    const bookingPath = `/bookings/${id}/view`;

    // Collect it all in cash.
    await page.goto(bookingPath);
    expect(await (await visible(page.getByTestId('booking-due'))).textContent()).toBe('$40.00');
    await page.getByRole('link', { name: 'Collect', exact: true }).click();
    await atPath(page, /\/checkout$/);
    await chooseOption(page, /^Payment method/, 'Cash');
    await page.getByRole('button', { name: 'Collect $40.00', exact: true }).click();
    await atPath(page, bookingPath);
    await visible(page.getByTestId('booking-status').getByText('Paid'));

    // Refund $10 as a goodwill discount: the price drops to $30.00, nothing is due, still paid.
    await page.getByRole('link', { name: 'Issue refund', exact: true }).click();
    await atPath(page, /\/refund$/);
    await page.getByRole('textbox', { name: /^Amount to refund/ }).fill('10');
    await page.getByRole('radio', { name: /^Lower the price by \$10\.00/ }).check();
    await page.getByRole('button', { name: 'Refund $10.00', exact: true }).click();
    let done = page.getByRole('dialog', { name: 'Done!' });
    await visible(done);
    expect(await done.getByTestId('refund-line').first().textContent()).toMatch(/^\$10\.00Cash\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(await done.getByTestId('hand-back').textContent()).toBe('Hand back $10.00 in cash');
    await done.getByRole('button', { name: 'Back to the booking', exact: true }).click();
    await atPath(page, bookingPath);
    await visible(page.getByTestId('booking-refunded').getByText('$10.00'));
    expect(await page.getByTestId('booking-due').textContent()).toBe('$0.00');
    expect(await page.getByTestId('booking-status').first().textContent()).toBe('Paid');

    // Cancel, refunding the rest in the same step, with a reason for the log.
    await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel booking' });
    await visible(cancel);
    expect(await cancel.getByTestId('cancel-paid').textContent()).toBe('Paid $30.00 ($40.00 paid, $10.00 refunded).');
    await cancel.getByText('Refund all ($30.00)').click();
    await cancel.getByRole('textbox', { name: /^Reason/ }).fill('Customer is ill');
    await cancel.getByRole('button', { name: 'Cancel and refund $30.00', exact: true }).click();
    done = page.getByRole('dialog', { name: 'Done!' });
    await visible(done);
    expect(await done.getByTestId('refund-line').first().textContent()).toMatch(/^\$30\.00Cash\d{1,2}\/\d{1,2}\/\d{4}$/);
    expect(await done.getByTestId('hand-back').textContent()).toBe('Hand back $30.00 in cash');
    await screenshot(page, 'money-cancel-done');
    await visible(page.getByTestId('booking-status').getByText('Canceled'));
    expect(await page.getByTestId('booking-due').textContent()).toBe('$0.00');
    expect(await page.getByTestId('booking-kept').count()).toBe(0);
    await visible(page.getByTestId('booking-log').getByText('Customer is ill', { exact: false }));

    // The receipt, from the Done! dialog: the venue, the charges, the price lowered, both refunds, nothing due.
    await done.getByTestId('receipt-link').click();
    await atPath(page, `/bookings/${id}/receipt`);
    const receipt = await visible(page.getByTestId('receipt'));
    const text = (await receipt.textContent()) ?? '';
    for (const expected of ['Demo Axe House', '120 Timber Street', registrationCode, 'Price adjusted by the venue', '-$10.00', '-$30.00'])
      expect(text).toContain(expected);
    expect(text).toMatch(/Due\$0\.00/);
    await visible(page.getByRole('button', { name: 'Download PDF', exact: true }));
    await screenshot(page, 'money-receipt');

    // The list shows the canceled booking with $0.00 paid and $0.00 due.
    await page.goto(`/bookings?field=registrationCode&q=${encodeURIComponent(registrationCode)}`);
    const row = page.getByTestId('booking-row').filter({ hasText: `Dijkstra${stamp}` });
    await visible(row);
    expect(await row.getByTestId('row-due').textContent()).toBe('$0.00');
    expect(await row.getByTestId('row-paid').textContent()).toBe('$0.00');

    // The customer's booking page: paid, refunded, nothing due, the venue's address and phone, no calendar file.
    await page.goto(`/widget/booking/${bookingReference}`);
    const facts = await visible(page.locator('.lb-facts'));
    const fact = async (label: string) =>
      (await facts
        .locator('div', { has: page.locator('dt', { hasText: label }) })
        .locator('dd')
        .textContent()) ?? '';
    expect(await fact('Paid')).toBe('$40.00');
    expect(await fact('Refunded')).toBe('$40.00');
    expect(await fact('Due')).toBe('$0.00');
    expect(await fact('Address')).toBe('120 Timber Street, Brooklyn, NY 11201');
    // The venue's phone as its country writes it (issue 34).
    expect(await fact('Phone')).toBe('(212) 555-0100');
    expect(await page.getByText('Add to calendar').count()).toBe(0);
  });
});
