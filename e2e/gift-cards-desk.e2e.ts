import { AxeBuilder } from '@axe-core/playwright';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@lanebook/core/calendar';
import { formatMoney } from '@lanebook/core/format';
import { apiAs, atPath, productOnOwnLane, screenshot, signIn, useBrowser, visible } from './support.js';

/**
 * The desk's gift cards in the console (issue 37): selling one for cash and seeing its code once,
 * finding it by its last four, taking it on a walk-in's Collect, refunding back to it, the card's
 * ledger, and the owner's summary. Its bookings: a lane of its own, six days ahead at noon.
 */
const browser = useBrowser();
const VENUE = 'demo-axe';
const money = (cents: number) => formatMoney(cents, '${{amount}}');

async function chooseOption(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Serious or critical WCAG 2.1 A/AA violations on what is on screen now (the route walk sees pages, not their dialogs). */
async function axeProblems(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} at ${n.target.join(' ')}`));
}

interface Summary {
  sold: number;
  soldCount: number;
  complimentary: number;
  redeemed: number;
  refunded: number;
  outstanding: number;
}

/** The owner's figures of the venue's today: the gift card summary and the dashboard's revenue, computed anew. */
async function ownerFigures(page: Page, today: string) {
  const summary = await apiAs(page, 'GET', `/api/private/gift-cards/summary?from=${today}&to=${today}`, undefined, VENUE);
  expect(summary.status, JSON.stringify(summary.body)).toBe(200);
  const statistics = await apiAs(page, 'GET', '/api/private/statistics?period=today&dateField=createdAt&refresh=1', undefined, VENUE);
  expect(statistics.status, JSON.stringify(statistics.body)).toBe(200);
  return {
    summary: summary.body as Summary,
    grossRevenue: statistics.body.stats.grossRevenue as number,
    refundedAmount: statistics.body.stats.refundedAmount as number,
  };
}

/** Sells (or gives away) a card in the open Sell dialog and answers the code the sale answered, as the dialog shows it. */
async function completeSale(page: Page, dialogName: string, submit: string) {
  const dialog = page.getByRole('dialog', { name: dialogName });
  const sale = page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/private/gift-cards');
  await dialog.getByRole('button', { name: submit, exact: true }).click();
  const answer = await sale;
  expect(answer.status(), await answer.text()).toBe(201);
  const sold = (await answer.json()) as { id: string; code: string; last4: string };
  const issued = page.getByRole('dialog', { name: 'Gift card issued' });
  expect(await (await visible(issued.getByTestId('sold-code'))).textContent()).toBe(sold.code);
  return { sold, issued };
}

describe('gift cards at the desk (issue 37)', () => {
  test('the desk sells a card for cash and sees its code once, finds it by its last four, takes it on a walk-in, a refund goes back to it; the ledger and the owner’s summary add up', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const owner = await browser.newPage();
    await signIn(owner.page, 'owner@demo.test');
    // A walk-in of three players at $20 on a lane of its own: $60.00.
    const product = await productOnOwnLane(owner.page, VENUE, { lane: `Desk gift lane ${stamp}`, name: `Desk gift ${stamp}`, price: 2000 });
    const slot = await product.addSlot(addDays(product.today, 6), '12:00', '13:00');
    const before = await ownerFigures(owner.page, product.today);

    // The desk sells a $50.00 card for cash.
    const desk = await browser.newPage();
    const page = desk.page;
    await signIn(page, 'staff@demo.test');
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gift cards', exact: true }).click();
    await atPath(page, '/gift-cards');
    // Giving a card away is for owners and managers.
    await visible(page.getByRole('button', { name: 'Sell gift card', exact: true }));
    expect(await page.getByRole('button', { name: 'Give away', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Sell gift card', exact: true }).click();
    const sell = await visible(page.getByRole('dialog', { name: 'Sell a gift card' }));
    await sell.getByRole('textbox', { name: /^Amount/ }).fill('50');
    await chooseOption(page, /^Payment method/, 'Cash');
    await sell.getByRole('textbox', { name: 'Recipient name' }).fill(`Grace Hopper${stamp}`);
    const problems = await axeProblems(page, 'sell dialog');
    const { sold, issued } = await completeSale(page, 'Sell a gift card', 'Sell for $50.00');
    expect(sold.code).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
    expect(await issued.getByTestId('sold-code-once').textContent()).toContain('will not be shown again');
    problems.push(...(await axeProblems(page, 'the code shown once')));
    // The printable card is made for the code just sold.
    const pdf = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/private/gift-cards/${sold.id}/pdf`);
    const printTab = page.context().waitForEvent('page');
    await issued.getByRole('button', { name: 'Print card (PDF)' }).click();
    const printed = await pdf;
    expect(printed.status()).toBe(200);
    expect(printed.headers()['content-type']).toContain('application/pdf');
    await (await printTab).close();
    await screenshot(page, 'gift-card-sold-code');
    await issued.getByRole('button', { name: 'I have the code', exact: true }).click();

    // The card's page: issued in cash, and the code is not shown again.
    await atPath(page, `/gift-cards/${sold.id}`);
    expect(await (await visible(page.getByTestId('gift-card-name'))).textContent()).toBe(`••••-${sold.last4}`);
    expect(await page.getByTestId('gift-card-balance').textContent()).toBe('$50.00');
    const issuedRow = page.getByTestId('ledger-row').and(page.locator('[data-kind="issued"]'));
    expect(await issuedRow.textContent()).toContain('Cash');
    expect(await issuedRow.getByTestId('ledger-amount').textContent()).toBe('+$50.00');
    expect(await page.locator('body').textContent()).not.toContain(sold.code);
    // Printing it again takes the code from the card: another code is refused at the field.
    await page.getByRole('button', { name: 'Print card', exact: true }).click();
    const reprint = await visible(page.getByRole('dialog', { name: `Print ••••-${sold.last4}` }));
    await reprint.getByRole('textbox', { name: /^Gift card code/ }).fill('2222-3333-4444-5555-6666');
    await reprint.getByRole('button', { name: 'Print card (PDF)' }).click();
    await visible(reprint.getByText('This is not the code of this card. Check it and try again.'));
    await reprint.getByRole('textbox', { name: /^Gift card code/ }).fill(sold.code);
    const reprinted = page.waitForResponse(
      (r) => new URL(r.url()).pathname === `/api/private/gift-cards/${sold.id}/pdf` && r.status() === 200,
    );
    const reprintTab = page.context().waitForEvent('page');
    await reprint.getByRole('button', { name: 'Print card (PDF)' }).click();
    await reprinted;
    await (await reprintTab).close();
    await reprint.waitFor({ state: 'detached' });

    // Found by its last four.
    await page.goto('/gift-cards');
    await page.getByRole('searchbox', { name: 'Search' }).fill(sold.last4);
    await page.waitForURL((url) => url.searchParams.get('q') === sold.last4);
    const row = page.getByTestId('gift-card-row').filter({ hasText: `••••-${sold.last4}` });
    await visible(row);
    expect(await row.getByTestId('gift-card-balance').textContent()).toBe('$50.00');
    expect(await row.textContent()).toContain(`Grace Hopper${stamp}`);

    // An owner gives one away and disables it: a card that can no longer pay.
    await owner.page.goto('/gift-cards');
    await owner.page.getByRole('button', { name: 'Give away', exact: true }).click();
    const giveAway = await visible(owner.page.getByRole('dialog', { name: 'Give away a gift card' }));
    await giveAway.getByRole('textbox', { name: /^Amount/ }).fill('25');
    await giveAway.getByRole('textbox', { name: /^Reason/ }).fill('Raffle prize');
    const gift = await completeSale(owner.page, 'Give away a gift card', 'Give away $25.00');
    await gift.issued.getByRole('button', { name: 'I have the code', exact: true }).click();
    await atPath(owner.page, `/gift-cards/${gift.sold.id}`);
    expect(await (await visible(owner.page.getByTestId('ledger-row'))).textContent()).toContain('Raffle prize');
    await owner.page.getByRole('button', { name: 'Disable', exact: true }).click();
    const disable = await visible(owner.page.getByRole('dialog', { name: `Disable ••••-${gift.sold.last4}` }));
    await disable.getByRole('textbox', { name: /^Reason/ }).fill('Prize withdrawn');
    await disable.getByRole('button', { name: 'Disable card', exact: true }).click();
    await visible(owner.page.getByTestId('gift-card-status').getByText('Disabled'));

    // A walk-in of three players: $60.00 due.
    const created = await apiAs(
      owner.page,
      'POST',
      '/api/private/booking',
      {
        productId: product.productId,
        slots: [slot],
        playersCount: 3,
        isWalkIn: true,
        reservationInfo: { firstName: 'Alan', lastName: `Turing${stamp}`, email: '', phone: '' },
        isConfirmationEmail: false,
      },
      VENUE,
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bookingId = created.body.id as string;
    expect(created.body.due).toBe(6000);

    // Collect by gift card: a wrong code and a disabled card are refused in the server's words.
    await page.goto(`/bookings/${bookingId}/view`);
    await page.getByRole('link', { name: 'Collect', exact: true }).click();
    await atPath(page, `/bookings/${bookingId}/checkout`);
    await page.getByRole('button', { name: 'All due ($60.00)' }).click();
    await chooseOption(page, /^Payment method/, 'Gift card');
    const code = page.getByRole('textbox', { name: /^Gift card code/ });
    const pay = page.getByRole('button', { name: 'Pay up to $60.00 by gift card', exact: true });
    await code.fill('2222-3333-4444-5555-6666');
    await pay.click();
    await visible(page.getByText("We don't know this gift card code. Check it and try again."));
    await code.fill(gift.sold.code);
    await pay.click();
    await visible(page.getByText('This gift card can no longer be used. Please contact the venue.'));

    // The $50.00 card pays what it holds: part of the due; the rest is collected in cash on the same page.
    await code.fill(sold.code.toLowerCase());
    await pay.click();
    const applied = await visible(page.getByTestId('gift-card-applied'));
    expect(await applied.textContent()).toContain(`Gift card ••••-${sold.last4} paid $50.00`);
    expect(await applied.textContent()).toContain('It holds $0.00 now. Still due: $10.00.');
    await screenshot(page, 'gift-card-collect');
    problems.push(...(await axeProblems(page, 'checkout with a gift card')));
    expect(problems).toEqual([]);
    // Now it is empty.
    await chooseOption(page, /^Payment method/, 'Gift card');
    await code.fill(sold.code);
    await page.getByRole('button', { name: 'Pay up to $10.00 by gift card', exact: true }).click();
    await visible(page.getByText('This gift card has no balance left.'));
    await chooseOption(page, /^Payment method/, 'Cash');
    await page.getByRole('button', { name: 'Collect $10.00', exact: true }).click();
    await atPath(page, `/bookings/${bookingId}/view`);
    await visible(page.getByTestId('booking-status').getByText('Paid'));
    await visible(page.getByTestId('payment-row').filter({ hasText: 'Gift card' }).filter({ hasText: '$50.00' }));

    // A refund of $20.00 by the owner: the newest payment ($10.00 cash) in cash, the rest back to the card, by default.
    await owner.page.goto(`/bookings/${bookingId}/refund`);
    await owner.page.getByRole('textbox', { name: /^Amount to refund/ }).fill('20');
    expect(await (await visible(owner.page.getByRole('radio', { name: 'To the gift card' }))).isChecked()).toBe(true);
    await owner.page.getByRole('radio', { name: /^Keep the price/ }).check();
    await owner.page.getByRole('button', { name: 'Refund $20.00', exact: true }).click();
    const done = await visible(owner.page.getByRole('dialog', { name: 'Done!' }));
    const lines = await done.getByTestId('refund-line').allTextContents();
    expect(lines.some((line) => line.startsWith('$10.00Gift card'))).toBe(true);
    expect(lines.some((line) => line.startsWith('$10.00Cash'))).toBe(true);
    // Only the cash goes back by hand: the card's part is on the card already.
    expect(await done.getByTestId('hand-back').allTextContents()).toEqual(['Hand back $10.00 in cash']);
    await visible(done.getByTestId('back-on-gift-card'));

    // The card's ledger: issued, redeemed on the booking, refunded from it; $10.00 left.
    await page.goto(`/gift-cards/${sold.id}`);
    await visible(page.getByTestId('ledger-row').nth(2));
    const kinds = await page.getByTestId('ledger-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-kind')));
    expect(kinds).toEqual(['issued', 'redeemed', 'refunded']);
    const redeemed = page.getByTestId('ledger-row').nth(1);
    expect(await redeemed.getByTestId('ledger-amount').textContent()).toBe('−$50.00');
    expect(await redeemed.getByTestId('ledger-booking').getAttribute('href')).toBe(`/bookings/${bookingId}/view`);
    expect(await redeemed.textContent()).toContain('Sam Staff');
    expect(await page.getByTestId('ledger-row').nth(2).getByTestId('ledger-amount').textContent()).toBe('+$10.00');
    expect(await page.getByTestId('gift-card-balance').textContent()).toBe('$10.00');
    await screenshot(page, 'gift-card-ledger');

    // The owner's figures: the sale and the card given away are in the summary, never in the revenue.
    const after = await ownerFigures(owner.page, product.today);
    expect(after.summary.sold - before.summary.sold).toBe(5000);
    expect(after.summary.soldCount - before.summary.soldCount).toBe(1);
    expect(after.summary.complimentary - before.summary.complimentary).toBe(2500);
    expect(after.summary.redeemed - before.summary.redeemed).toBe(5000);
    expect(after.summary.refunded - before.summary.refunded).toBe(1000);
    // The disabled card owes nothing; the sold one holds $10.00.
    expect(after.summary.outstanding - before.summary.outstanding).toBe(1000);
    expect(after.grossRevenue - before.grossRevenue).toBe(6000);
    expect(after.refundedAmount - before.refundedAmount).toBe(2000);

    // The dashboard's panel shows the same figures, and exports them.
    await owner.page.goto('/dashboard');
    const panel = await visible(owner.page.getByTestId('gift-card-summary'));
    const shows = async (testId: string, cents: number) =>
      owner.page.waitForFunction(([id, text]) => document.querySelector(`[data-testid="${id}"]`)?.textContent === text, [
        testId,
        money(cents),
      ] as const);
    await shows('gift-cards-sold', after.summary.sold);
    await shows('gift-cards-redeemed', after.summary.redeemed);
    await shows('gift-cards-refunded', after.summary.refunded);
    await shows('gift-cards-outstanding', after.summary.outstanding);
    await shows('gift-cards-complimentary', after.summary.complimentary);
    const download = owner.page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Export CSV' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text).toContain(`Total,,sold,,${(after.summary.sold / 100).toFixed(2)}`);
    expect(text).toContain(`Total,,outstanding,,${(after.summary.outstanding / 100).toFixed(2)}`);
    expect(text).toContain(`••••${sold.last4}`);
    await screenshot(owner.page, 'gift-card-dashboard');
    await desk.context.close();
    await owner.context.close();
  }, 180_000);

  test('the owner sets the venue’s gift cards in Settings: presets, the custom range, expiry or never; the sale offers them', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const saved = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body.giftCards;
    try {
      await page.goto('/settings');
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Gift card settings', exact: true }).click();
      await atPath(page, '/settings/gift-cards');
      const form = await visible(page.getByRole('form', { name: 'Gift card settings' }));
      await form.getByRole('button', { name: 'Add amount' }).click();
      const presets = saved.presetAmounts.length;
      await form.getByRole('textbox', { name: `Preset ${presets + 1}` }).fill('75');
      await form.getByRole('textbox', { name: /^Custom amount maximum/ }).fill('300');
      await form.getByRole('checkbox', { name: 'Cards never expire' }).check();
      await form.getByRole('button', { name: 'Save changes' }).click();
      await visible(page.getByText('Gift card settings saved'));
      const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;
      expect(venue.giftCards.presetAmounts).toEqual([...saved.presetAmounts, 7500]);
      expect(venue.giftCards.customAmountMax).toBe(30000);
      expect(venue.giftCards.expiryMonths).toBeNull();

      // A custom maximum below the minimum is refused at the field, before anything is sent.
      await form.getByRole('textbox', { name: /^Custom amount maximum/ }).fill('1');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await visible(form.getByText('The custom amount maximum must be at least the minimum'));
      await form.getByRole('button', { name: 'Discard changes' }).click();

      // The desk's sale offers the new preset, and says the range.
      await page.goto('/gift-cards');
      await page.getByRole('button', { name: 'Sell gift card', exact: true }).click();
      const sell = await visible(page.getByRole('dialog', { name: 'Sell a gift card' }));
      await sell.getByText('$75.00', { exact: true }).click();
      expect(await sell.getByRole('textbox', { name: /^Amount/ }).inputValue()).toBe('$75.00');
      await visible(sell.getByText(`any amount from ${money(saved.customAmountMin)} to $300.00`, { exact: false }));
      await sell.getByRole('button', { name: 'Cancel', exact: true }).click();
    } finally {
      const restored = await apiAs(page, 'PATCH', '/api/private/venues/current', { giftCards: saved }, VENUE);
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      await context.close();
    }
  }, 120_000);

  test('a role without giftCards.sell sees no Sell and gets 403 from the API', async () => {
    const owner = await browser.newPage();
    await signIn(owner.page, 'owner@demo.test');
    const venue = await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, VENUE);
    const saved = venue.body.permissions;
    const withoutSell = { ...saved, giftCards: { ...saved.giftCards, sell: ['owner', 'manager'] } };
    expect((await apiAs(owner.page, 'PUT', '/api/private/venues/current/permissions', withoutSell, VENUE)).status).toBe(200);
    try {
      const { page, context } = await browser.newPage();
      await signIn(page, 'staff@demo.test');
      await page.goto('/gift-cards');
      await visible(page.getByRole('heading', { name: 'Gift cards', level: 1 }));
      await visible(page.getByRole('table', { name: 'Gift cards' }).or(page.getByTestId('gift-cards-empty')));
      expect(await page.getByRole('button', { name: 'Sell gift card' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Give away' }).count()).toBe(0);
      const refused = await apiAs(page, 'POST', '/api/private/gift-cards', { amount: 5000, paymentMethod: 'Cash' }, VENUE);
      expect(refused.status, JSON.stringify(refused.body)).toBe(403);
      await context.close();
    } finally {
      expect((await apiAs(owner.page, 'PUT', '/api/private/venues/current/permissions', saved, VENUE)).status).toBe(200);
      await owner.context.close();
    }
  }, 120_000);
});
