import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, atPath, bookableProduct, drawSignature, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

/** Fails the test if anything in the page runs a dialog (a script that got through). */
function failOnDialogs(page: Page, seen: string[]) {
  page.on('dialog', (dialog) => {
    seen.push(dialog.message());
    void dialog.dismiss();
  });
}

describe('the waiver editor and the booker filled in (issue 25)', () => {
  test('an owner writes a waiver with bold, a list and a link; it reopens formatted; hostile text is stored harmlessly; the booker signs with their details filled in', async () => {
    const stamp = Date.now().toString(36);
    const dialogs: string[] = [];
    const { page, context } = await browser.newPage();
    failOnDialogs(page, dialogs);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, `wed${stamp}`);

    // Writing: bold, a bullet list typed as "- ", a link through the toolbar, a script typed as text.
    await page.goto('/waivers/create');
    const form = await visible(page.getByTestId('waiver-form'));
    await form.getByRole('textbox', { name: /^Title/ }).fill(`Lane rules ${stamp}`);
    const editor = await visible(form.getByRole('textbox', { name: 'Waiver text' }));
    await editor.click();
    await page.keyboard.press('Control+b');
    await page.keyboard.type('Throw only when told');
    await page.keyboard.press('Control+b');
    await page.keyboard.press('Enter');
    await page.keyboard.type('- Closed-toe shoes');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Stay behind the line');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('<script>alert("typed")</script> Read the rules below.');
    await page.keyboard.press('Enter');
    await page.keyboard.type('The house rules');
    // The last line made a link through the toolbar; a javascript: address is refused by the editor.
    const linkTo = async (href: string) => {
      await page.keyboard.press('Shift+Home');
      await form.getByRole('button', { name: 'Link', exact: true }).click();
      const address = await visible(page.getByRole('textbox', { name: 'Enter URL' }));
      await address.fill(href);
      await address.press('Enter');
      await expect.poll(() => address.isVisible()).toBe(false);
    };
    await linkTo('javascript:alert("link")');
    expect(await editor.locator('a').count()).toBe(0);
    await page.keyboard.press('End');
    await linkTo('https://example.test/rules');
    await visible(editor.locator('a', { hasText: 'The house rules' }));
    // The preview shows it as the signer will.
    const preview = await visible(page.getByTestId('waiver-preview'));
    await visible(preview.locator('strong', { hasText: 'Throw only when told' }));
    await visible(preview.locator('li', { hasText: 'Closed-toe shoes' }));
    await screenshot(page, 'waiver-editor');
    await form.getByRole('button', { name: 'Save' }).click();
    await atPath(page, /^\/waivers\/[0-9a-f-]{36}$/);
    const waiverId = new URL(page.url()).pathname.split('/').pop()!;

    const stored = (await apiAs(page, 'GET', `/api/private/waivers/${waiverId}`, undefined, VENUE)).body.text as string;
    expect(stored).toContain('<p><strong>Throw only when told</strong></p>');
    expect(stored).toContain('<ul><li><p>Closed-toe shoes</p></li><li><p>Stay behind the line</p></li></ul>');
    expect(stored).toContain(
      '<p>&lt;script&gt;alert("typed")&lt;/script&gt; Read the rules below.</p><p><a href="https://example.test/rules">The house rules</a></p>',
    );
    expect(stored).not.toMatch(/<script|javascript:/i);

    // Reopened: the formatting is back in the editor.
    await page.reload();
    const reopened = await visible(page.getByRole('textbox', { name: 'Waiver text' }));
    await visible(reopened.locator('strong', { hasText: 'Throw only when told' }));
    expect(await reopened.locator('ul > li').count()).toBe(2);
    await visible(reopened.locator('a[href="https://example.test/rules"]'));
    await visible(reopened.getByText('<script>alert("typed")</script> Read the rules below.'));

    // The product signs it.
    const patched = await apiAs(page, 'PATCH', `/api/private/products/${product.productId}`, { activeWaiverId: waiverId }, VENUE);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    await context.close();

    // A customer books through the widget: the waiver step starts with their name and email.
    const customer = await browser.newPage({ clientAddress: '198.51.100.21' });
    failOnDialogs(customer.page, dialogs);
    const widget = customer.page;
    await widget.goto(`/widget/?venue=${VENUE}`);
    await visible(widget.getByRole('heading', { name: 'Choose a product' }));
    await widget.getByRole('button', { name: new RegExp(product.name) }).click();
    await visible(widget.getByRole('heading', { name: 'How many players?' }));
    await widget.getByLabel('Players', { exact: true }).fill('2');
    await widget.getByRole('button', { name: 'Continue' }).click();
    await visible(widget.getByRole('heading', { name: 'Choose a date' }));
    if (!(await widget.locator(`button[data-date="${product.date}"]`).isVisible()))
      await widget.getByRole('button', { name: 'Next month' }).click();
    await widget.locator(`button[data-date="${product.date}"][aria-disabled="false"]`).click();
    await visible(widget.getByRole('heading', { name: 'Choose a time' }));
    for (const slot of product.slots) await widget.locator(`button[data-slot="${slot}"]`).click();
    await widget.getByRole('button', { name: 'Continue' }).click();
    await visible(widget.getByRole('heading', { name: 'Extras' }));
    await widget.getByRole('button', { name: 'Continue' }).click();
    await visible(widget.getByRole('heading', { name: 'Your details' }));
    const email = `nora-${stamp}@example.test`;
    await widget.getByLabel(/^First name/).fill('Nora');
    await widget.getByLabel(/^Last name/).fill(`Booker${stamp}`);
    await widget.getByRole('textbox', { name: /^Email/ }).fill(email);
    await widget.getByRole('button', { name: /^Book/ }).click();

    await visible(widget.getByRole('heading', { name: 'Sign Waiver' }));
    await visible(widget.locator('.lb-rich strong', { hasText: 'Throw only when told' }));
    await visible(widget.locator('.lb-rich a[href="https://example.test/rules"]'));
    await expect.poll(() => widget.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('Nora');
    expect(await widget.getByRole('textbox', { name: /^Last name/ }).inputValue()).toBe(`Booker${stamp}`);
    expect(await widget.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe(email);
    await screenshot(widget, 'waiver-booker-filled-in');
    await drawSignature(widget, widget.locator('canvas.lb-signature'));
    await widget.getByRole('button', { name: 'Sign Waiver', exact: true }).click();
    await visible(widget.getByText('Waiver successfully signed'));
    // The next signature is a friend's: nothing filled in.
    await widget.getByRole('button', { name: 'Sign for someone else' }).click();
    await visible(widget.getByRole('textbox', { name: /^First name/ }));
    expect(await widget.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('');
    expect(await widget.getByRole('textbox', { name: /^Email/ }).inputValue()).toBe('');
    await customer.context.close();

    expect(dialogs).toEqual([]);
    // A whole visit (writing, reopening, booking, signing) on a loaded 2-core machine.
  }, 240_000);
});
