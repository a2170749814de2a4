import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, atPath, bookableProduct, bookTwoPlayers, drawSignature, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

/** Fills the signing form: the mandatory fields, the custom select, the required box, and the pad. */
async function fillSigningForm(page: Page, first: string, last: string) {
  const form = await visible(page.getByTestId('signing-form'));
  await form.getByRole('textbox', { name: /^First name/ }).fill(first);
  await form.getByRole('textbox', { name: /^Last name/ }).fill(last);
  await form.getByRole('textbox', { name: /^Email/ }).fill(`${first.toLowerCase()}@example.test`);
  await form.getByRole('combobox', { name: /^Experience/ }).click();
  await page.getByRole('option', { name: 'Option 2', exact: true }).click();
  await form.getByRole('checkbox', { name: /I will follow the coach/ }).check();
  await drawSignature(page, page.getByTestId('signature-pad'));
}

describe('waivers and signatures (issue 12)', () => {
  test('build a waiver with a custom select, sign it at the desk and by the shared link, see the count, export CSV, delete one', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);

    // The builder: a custom select field and a required checkbox, with the live preview.
    await page.goto('/waivers/create');
    const form = await visible(page.getByTestId('waiver-form'));
    await form.getByRole('textbox', { name: /^Title/ }).fill(`Axe safety ${stamp}`);
    await form.getByRole('textbox', { name: /^Intro/ }).fill('Please read before you throw.');
    await form.getByRole('textbox', { name: /^Waiver text/ }).fill('I accept the risks of axe throwing.');
    await form.getByRole('button', { name: 'Add field' }).click();
    const custom = await visible(form.getByTestId('custom-field'));
    await custom.getByRole('textbox', { name: /^Label/ }).fill('Experience');
    await custom.getByRole('combobox', { name: /^Type/ }).click();
    await page.getByRole('option', { name: 'Select (one option)' }).click();
    await form.getByRole('button', { name: 'Add checkbox' }).click();
    await form.getByRole('textbox', { name: /^Checkbox 1/ }).fill('I will follow the coach.');
    const preview = await visible(page.getByTestId('waiver-preview'));
    await visible(preview.getByText('Experience'));
    await visible(preview.getByText('risks'));
    await form.getByRole('button', { name: 'Save' }).click();
    await atPath(page, /^\/waivers\/[0-9a-f-]{36}$/);
    const waiverId = new URL(page.url()).pathname.split('/').pop()!;
    // The product's active waiver, chosen on the product's page.
    await page.goto(`/products/${product.productId}`);
    await page
      .getByRole('group', { name: 'Active waiver' })
      .getByRole('button', { name: new RegExp(`Axe safety ${stamp}`) })
      .click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByText('Changes saved').first());
    expect((await apiAs(page, 'GET', `/api/private/products/${product.productId}`, undefined, VENUE)).body.activeWaiverId).toBe(waiverId);

    const bookingId = await bookTwoPlayers(page, VENUE, product, {
      firstName: 'Wanda',
      lastName: `Waiver${stamp}`,
      email: `wanda-${stamp}@example.test`,
    });

    // At the desk, with the signature pad.
    await page.goto(`/bookings/${bookingId}/signatures/sign`);
    await visible(page.getByTestId('signed-count').getByText('0 of 2 signed'));
    await fillSigningForm(page, 'Desk', `Signer${stamp}`);
    await screenshot(page, 'waivers-desk-signing');
    await page.getByRole('button', { name: 'Sign waiver', exact: true }).click();
    await visible(page.getByText('Waiver successfully signed'));
    await visible(page.getByTestId('signed-count-after').getByText('1 of 2 signed'));

    // A friend signs through the booking's shared link, the sign-only token's widget page (decision 023), signed in as nobody.
    await page.goto(`/bookings/${bookingId}/signatures`);
    const link = await (await visible(page.getByTestId('public-sign-url'))).inputValue();
    expect(link).toMatch(/\/widget\/sign\/[0-9a-f]{32}$/);
    await visible(page.getByRole('button', { name: /Copy/ }));
    const friend = await browser.newPage();
    await friend.page.goto(link);
    await visible(friend.page.getByText('1 of 2 signed'));
    await friend.page.getByRole('textbox', { name: /^First name/ }).fill('Friend');
    await friend.page.getByRole('textbox', { name: /^Last name/ }).fill(`Signer${stamp}`);
    await friend.page.getByRole('textbox', { name: /^Email/ }).fill('friend@example.test');
    await friend.page.getByRole('combobox', { name: /^Experience/ }).selectOption('Option 2');
    await friend.page.getByRole('checkbox', { name: /I will follow the coach/ }).check();
    await drawSignature(friend.page, friend.page.locator('canvas.lb-signature'));
    await friend.page.getByRole('button', { name: 'Sign Waiver', exact: true }).click();
    await visible(friend.page.getByText('Waiver successfully signed'));
    await friend.context.close();

    await page.reload();
    await visible(page.getByTestId('booking-signed-count').getByText('2 of 2 signed'));
    expect(await page.getByTestId('signature-row').count()).toBe(2);

    // The raw export holds both, with the custom field and the checkbox as columns.
    await page.goto(`/signatures?search=Signer${stamp}`);
    await visible(page.getByTestId('signature-row').first());
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv.split('\r\n')[0]).toContain('Experience');
    expect(csv.split('\r\n')[0]).toContain('I will follow the coach.');
    expect(csv).toContain(`Desk,Signer${stamp}`);
    expect(csv).toContain(`Friend,Signer${stamp}`);

    // One signature, viewed as signed, then deleted.
    await page.getByTestId('signature-row').filter({ hasText: 'Friend' }).click();
    await visible(page.getByTestId('signed-waiver-title').getByText(`Axe safety ${stamp}`));
    await visible(page.getByRole('img', { name: /Signature of Friend/ }));
    await screenshot(page, 'waivers-signature-view');
    await page.getByRole('button', { name: 'Delete Signature' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await atPath(page, '/signatures');
    await page.goto(`/bookings/${bookingId}/signatures`);
    await visible(page.getByTestId('booking-signed-count').getByText('1 of 2 signed'));
    await context.close();
  });
});
