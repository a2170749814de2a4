import { describe, expect, test } from 'vitest';
import { apiAs, atPath, bookableProduct, bookTwoPlayers, screenshot, signUpConfirmed, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('card payments through the sandbox provider (issue 11)', () => {
  test('a new venue adds its bank account and verifies, a booking is paid by card and half refunded, and the balance shows it', async () => {
    // The new venue takes the browser's zone.
    const { page, context } = await browser.newPage({ timezoneId: 'America/New_York' });
    const stamp = Date.now().toString(36);
    const venueId = `pay-${stamp}`;
    await signUpConfirmed(page, { name: 'Paula Pay', email: `paula-${stamp}@example.test`, password: 'paula-password' });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    await page.getByLabel('Venue name').fill('Paula Axes');
    await page.getByLabel('Venue ID').fill(venueId);
    await page.getByRole('button', { name: 'Create venue' }).click();

    // Onboarding: the bank account form, with the number checked on the server.
    expect(await atPath(page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    // The holder's name is user text: shown as typed, never run (docs/code-style.md, "User text").
    const holder = 'Paula Axes LLC <img src=x onerror="window.__xss=1">';
    await page.getByLabel('Account holder name').fill(holder);
    await page.getByLabel('Account number').fill('000123456789');
    await page.getByRole('textbox', { name: /routing/i }).fill('110000000');
    await page.getByRole('button', { name: 'Add bank account' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');

    // Verify: the sandbox's verification page, and back with card payments on.
    const banner = await visible(page.getByTestId('verify-banner'));
    await banner.getByRole('button', { name: 'Verify' }).click();
    expect(await atPath(page, /^\/sandbox-verify\//)).toMatch(/^\/sandbox-verify\//);
    await visible(page.getByText('Paula Axes asks to take card payments'));
    await page.getByRole('button', { name: 'Verify' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await visible(page.getByRole('link', { name: 'Bookings' }).first());
    expect(await page.getByTestId('verify-banner').count()).toBe(0);
    const info = await apiAs(page, 'GET', '/api/private/payments', undefined, venueId);
    expect(info.body).toMatchObject({ provider: 'sandbox', status: 'active', isPaymentsEnabled: true });

    await page.goto('/settings/bank-accounts');
    await visible(page.getByText('••••6789'));
    await visible(page.getByText(holder));
    expect(await page.content()).not.toContain('000123456789');
    expect(await page.evaluate(() => [(window as { __xss?: unknown }).__xss, document.querySelectorAll('img[src="x"]').length])).toEqual([
      undefined,
      0,
    ]);
    await screenshot(page, 'payments-bank-accounts');

    // A booking of $80 (two players, two hours at $20), paid by card on the sandbox's page.
    const product = await bookableProduct(page, venueId, stamp);
    const bookingId = await bookTwoPlayers(page, venueId, product, {
      firstName: 'Carl',
      lastName: `Card${stamp}`,
      email: `carl-${stamp}@example.test`,
    });
    await page.goto(`/bookings/${bookingId}/checkout`);
    await page.getByRole('combobox', { name: /^Payment method/ }).click();
    await page.getByRole('option', { name: 'Card', exact: true }).click();
    await page.getByRole('button', { name: 'Pay $80.00 by card' }).click();
    expect(await atPath(page, /^\/sandbox-pay\//)).toMatch(/^\/sandbox-pay\//);
    await visible(page.getByText('80.00 USD'));
    // A declined card first: the page says so and nothing is paid.
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('12/40');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await visible(page.getByText('Your card was declined.'));
    await screenshot(page, 'payments-sandbox-checkout-declined');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4000 0000 0000 0002');
    // An expiry in the past is refused and the card number stays as typed; "1240" (no slash) is taken.
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('01/20');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();
    await visible(page.getByText("Your card's expiration date is in the past."));
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    expect(await page.getByLabel('Expiry (MM/YY)').inputValue()).toBe('01/20');
    await page.getByLabel('Expiry (MM/YY)').fill('1240');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay' }).click();

    expect(await atPath(page, `/bookings/${bookingId}/view`)).toBe(`/bookings/${bookingId}/view`);
    await visible(page.getByText('Card payment received'));
    await page.waitForFunction(() => document.querySelector('[data-testid="booking-status"]')?.textContent === 'Paid', undefined, {
      timeout: 15_000,
    });

    // Half back through the provider, with the Done! dialog.
    await page.goto(`/bookings/${bookingId}/refund`);
    await page.getByRole('textbox', { name: /^Amount to refund/ }).fill('40');
    await page.getByRole('button', { name: 'Refund $40.00' }).click();
    const done = await visible(page.getByRole('dialog', { name: 'Done!' }));
    const line = await visible(done.getByTestId('refund-line'));
    // A card refund goes back through the provider (the card-refund job): pending until it answers.
    expect(await line.textContent()).toMatch(/^\$40\.00Card\d{1,2}\/\d{1,2}\/\d{4}(Pending)?$/);
    await screenshot(page, 'payments-refund-done');
    await page.goto(`/bookings/${bookingId}/view`);
    await visible(page.getByTestId('refund-row'));
    // The booking's page follows the provider's answer live, without a reload.
    await page.waitForFunction(() => !document.querySelector('[data-testid="refund-row"]')?.textContent?.includes('Pending'), undefined, {
      timeout: 15_000,
    });

    // The balance: $80 taken, $40 given back.
    await page.goto('/dashboard/sandbox-balance');
    const available = await visible(page.getByTestId('balance-available'));
    await visible(available.getByText('$40.00'));
    // A payout of $25 to the bank account, listed with its arrival.
    const payout = page.getByRole('region', { name: 'Pay out' });
    await payout.getByRole('textbox', { name: /^Amount/ }).fill('25');
    await payout.getByRole('button', { name: 'Pay out' }).click();
    await visible(page.getByRole('table', { name: 'Payouts' }).getByText('$25.00'));
    await visible(available.getByText('$15.00'));
    await screenshot(page, 'payments-balance');
    await context.close();
  });
});
