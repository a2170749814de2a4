import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { addDays } from '@lanebook/core/calendar';
import { widgetTemplateDefaults } from '@lanebook/core/catalog';
import { apiAs, apiToken, baseUrl, payWithTestCard, productOnOwnLane, screenshot, signIn, useBrowser, visible } from './support.js';
import { startVenueSite, venueSitePage } from './venue-site.js';

/**
 * Gift cards in the customer's widget (issue 37, decision 045): bought with the sandbox's test
 * card, the recipient's mail with the code, the code spent on a booking in part (the rest by
 * card) and in full (no card form), refusals in a customer's words, and the balance check. On a
 * phone's width, as customers mostly book.
 */

const browser = useBrowser();
const VENUE = 'demo-axe';
const PHONE = { width: 390, height: 844 };
const CODE = /\b[2-9A-HJKMNP-Z]{4}(?:-[2-9A-HJKMNP-Z]{4}){4}\b/;

interface Setup {
  stamp: string;
  today: string;
  productTitle: string;
  date: string;
  /** One-hour slots of the $80 product, one per booking. */
  slots: string[];
  templateId: string;
  paymentMethod: string;
}

const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/widget/"]');

/** The newest mail to an address whose text matches, read from the outbox as the demo superadmin (the e2e server has no SMTP). */
async function mailMatching(to: string, text: RegExp, timeoutMs = 20_000): Promise<{ subject: string; text: string }> {
  const token = await apiToken('admin@demo.test');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl()}/api/private/superadmin/outbox?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    const { items } = (await response.json()) as { items: { to: string[]; subject: string; text: string }[] };
    const mail = items.find((m) => m.to.includes(to) && text.test(m.text));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} matching ${text} in the outbox`);
}

async function mailsTo(to: string): Promise<{ subject: string; text: string }[]> {
  const token = await apiToken('admin@demo.test');
  const response = await fetch(`${baseUrl()}/api/private/superadmin/outbox?limit=100`, { headers: { authorization: `Bearer ${token}` } });
  const { items } = (await response.json()) as { items: { to: string[]; subject: string; text: string }[] };
  return items.filter((m) => m.to.includes(to));
}

/** A customer books one player on a slot of the $80 product through the widget, up to its pay step. */
async function bookUpToPayment(frame: Page | FrameLocator, setup: Setup, slot: string, first: string) {
  await visible(frame.getByRole('heading', { name: 'Choose a product' }));
  await frame.getByRole('button', { name: new RegExp(setup.productTitle) }).click();
  await visible(frame.getByRole('heading', { name: 'How many players?' }));
  await frame.getByLabel('Players', { exact: true }).fill('1');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await visible(frame.getByRole('heading', { name: 'Choose a date' }));
  if (!(await frame.locator(`button[data-date="${setup.date}"]`).isVisible()))
    await frame.getByRole('button', { name: 'Next month' }).click();
  await frame.locator(`button[data-date="${setup.date}"][aria-disabled="false"]`).click();
  await frame.locator(`button[data-slot="${slot}"]`).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await visible(frame.getByRole('heading', { name: 'Your details' }));
  await frame.getByLabel(/^First name/).fill(first);
  await frame.getByLabel(/^Last name/).fill(`Gift${setup.stamp}`);
  await frame.getByRole('textbox', { name: /^Email/ }).fill(`${first.toLowerCase()}-${setup.stamp}@example.test`);
  await frame.getByRole('button', { name: /^Book/ }).click();
  await visible(frame.getByRole('heading', { name: 'Payment' }));
}

/** Types a code in the pay step's gift card field and applies it. */
async function applyCode(frame: Page | FrameLocator, code: string) {
  const have = frame.getByRole('button', { name: /^(Have a gift card\?|Use another gift card)$/ });
  const field = frame.getByLabel(/^Gift card code/);
  // The pay step loads on demand: wait for it, then open the field if it is folded away.
  await visible(field.or(have));
  if (await have.isVisible()) await have.click();
  await field.fill(code);
  await frame.getByRole('button', { name: 'Apply' }).click();
}

describe('gift cards in the widget (issue 37)', () => {
  let site: Awaited<ReturnType<typeof startVenueSite>>;
  let setup: Setup;
  let savedSettings: unknown;
  const pages: Record<string, string> = {};
  /** The card the first test buys: its code from the recipient's mail, and its last four. */
  const bought = { code: '', last4: '' };

  beforeAll(async () => {
    site = await startVenueSite(pages);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const stamp = Date.now().toString(36);
    const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE);
    savedSettings = venue.body.giftCards;
    // On sale for this file: three presets and $10 to $500 typed; put back as they were afterwards.
    const on = await apiAs(
      page,
      'PATCH',
      '/api/private/venues/current',
      {
        giftCards: { isEnabled: true, presetAmounts: [2500, 5000, 10000], customAmountMin: 1000, customAmountMax: 50000, expiryMonths: 60 },
      },
      VENUE,
    );
    expect(on.status, JSON.stringify(on.body)).toBe(200);
    const productTitle = `Gift axes ${stamp}`;
    const product = await productOnOwnLane(page, VENUE, { lane: `Gift lane ${stamp}`, name: productTitle, price: 8000, maxPlayers: 4 });
    const date = addDays(product.today, 3);
    const slots = [await product.addSlot(date, '10:00', '11:00'), await product.addSlot(date, '11:00', '12:00')];
    // A template of its own without promocodes, so the flow goes from the time straight to the details.
    const template = await apiAs(
      page,
      'POST',
      '/api/private/widget-templates',
      { ...widgetTemplateDefaults, name: `Gift cards ${stamp}`, isPromocodesAvailable: false },
      VENUE,
    );
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    const floating = await apiAs(
      page,
      'POST',
      '/api/private/widget-templates',
      { ...widgetTemplateDefaults, name: `Gift cards floating ${stamp}`, position: 'floating' },
      VENUE,
    );
    expect(floating.status, JSON.stringify(floating.body)).toBe(201);
    await context.close();
    setup = {
      stamp,
      today: product.today,
      productTitle,
      date,
      slots,
      templateId: template.body.id,
      paymentMethod: (venue.body.paymentMethods as string[])[0],
    };
    const snippet = (extra: string) =>
      `<script src="${baseUrl()}/widget.js" data-venue="${VENUE}" data-template="${setup.templateId}"${extra}></script>`;
    pages['/gift-cards'] = venueSitePage('Demo Axe House gift cards', [snippet(' data-view="gift-cards"')]);
    pages['/book'] = venueSitePage('Demo Axe House', [snippet('')]);
    pages['/floating'] = venueSitePage('Demo Axe House', [
      `<script src="${baseUrl()}/widget.js" data-venue="${VENUE}" data-template="${floating.body.id}" data-view="gift-cards"></script>`,
    ]);
  });

  afterAll(async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    if (savedSettings) await apiAs(page, 'PATCH', '/api/private/venues/current', { giftCards: savedSettings }, VENUE);
    await context.close();
    await site?.close();
  });

  test('a customer buys a card on a phone with the sandbox card; the recipient gets the code by mail today, the buyer a receipt', async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.71' });
    await page.goto(`${site.origin}/gift-cards`);
    const frame = widgetFrame(page);
    await visible(frame.getByRole('heading', { name: 'Gift cards' }));
    expect(await page.locator('iframe[src*="/widget/"]').getAttribute('title')).toBe('Gift cards of Demo Axe House');

    // Another amount, first outside the venue's range (said by the field), then within it.
    await frame.getByRole('radio', { name: 'Other' }).check();
    await frame.getByLabel(/^Another amount/).fill('5');
    const recipient = { name: `Rita Recipient${setup.stamp}`, email: `rita-${setup.stamp}@example.test` };
    const buyer = { name: `Bob Buyer${setup.stamp}`, email: `bob-${setup.stamp}@example.test` };
    await frame.getByRole('button', { name: /^Continue/ }).click();
    await visible(frame.getByText('Choose an amount from $10.00 to $500.00'));
    await visible(frame.getByText("Enter the recipient's name"));
    // The first field to fix has the focus.
    expect(await frame.getByLabel(/^Another amount/).evaluate((input) => input === document.activeElement)).toBe(true);
    await frame.getByLabel(/^Another amount/).fill('60');
    await frame.getByLabel(/^Recipient's name/).fill(recipient.name);
    await frame.getByLabel(/^Recipient's email/).fill(recipient.email);
    await frame.getByLabel(/^Message/).fill('Happy birthday! Throw straight.');
    // The delivery day starts at the venue's today, and earlier days are not offered.
    const sendOn = frame.getByLabel(/^Send it on/);
    expect(await sendOn.inputValue()).toBe(setup.today);
    expect(await sendOn.getAttribute('min')).toBe(setup.today);
    await frame.getByLabel(/^Your name/).fill(buyer.name);
    await frame.getByLabel(/^Your email/).fill(buyer.email);
    const axe = await new AxeBuilder({ page }).include('iframe').analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, 'gift-card-widget-form');
    await frame.getByRole('button', { name: 'Continue · $60.00' }).click();

    await visible(frame.getByRole('heading', { name: 'Check and pay' }));
    await visible(frame.getByText(`${recipient.name} (${recipient.email})`));
    await screenshot(page, 'gift-card-widget-review');
    await payWithTestCard(page, frame, 'Pay · $60.00');

    // Back from the provider: thanks at once, then the card once the provider's confirmation has issued it.
    await visible(frame.getByRole('heading', { name: 'Thank you' }), 30_000);
    await visible(frame.getByText('Your gift card is issued. A receipt is on its way to your email.'), 30_000);
    const card = (await frame.locator('dt:text-is("Card") + dd').textContent())!.trim();
    expect(card).toMatch(/^••••-[2-9A-Z]{4}$/);
    bought.last4 = card.slice(-4);
    await screenshot(page, 'gift-card-widget-thanks');
    await context.close();

    // The recipient's mail went out with the card (its day is today), with the whole code; the buyer's receipt has the last four only.
    const delivery = await mailMatching(recipient.email, CODE);
    bought.code = delivery.text.match(CODE)![0];
    expect(bought.code.endsWith(bought.last4)).toBe(true);
    expect(delivery.text).toContain('Happy birthday! Throw straight.');
    expect(delivery.text).toContain('$60.00');
    const receipt = await mailMatching(buyer.email, new RegExp(bought.last4));
    expect(receipt.text).not.toMatch(CODE);
  });

  test('a second customer pays part of a booking with the card and the rest by card; wrong codes are refused in words', async () => {
    expect(bought.code, 'the first test bought the card').not.toBe('');
    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.72' });
    await page.goto(`${site.origin}/book`);
    const frame = widgetFrame(page);
    // The booking flow offers the gift cards on its first step.
    await visible(frame.getByRole('button', { name: 'Buy a gift card' }));
    await bookUpToPayment(frame, setup, setup.slots[0], 'Greta');
    await visible(frame.getByText('Total $80.00, due $80.00.'));

    await applyCode(frame, 'AAAA-BBBB-CCCC-DDDD-EEEE');
    await visible(frame.getByRole('alert').getByText("We don't know this gift card code. Check it and try again."));
    await applyCode(frame, '1234');
    await visible(frame.getByRole('alert').getByText(/^A gift card code has 20 letters and digits/));
    // Typed as people type it: lower case, spaces instead of dashes.
    await applyCode(frame, bought.code.toLowerCase().replaceAll('-', ' '));
    await visible(frame.getByText(`Gift card ••••-${bought.last4} paid $60.00; it holds $0.00 now.`));
    await visible(frame.getByText('Total $80.00, paid $60.00, due $20.00.'));
    await screenshot(page, 'gift-card-widget-applied');
    await payWithTestCard(page, frame, 'Pay · $20.00');
    await visible(frame.getByText('Booked and paid'), 30_000);
    const reference = (await frame.locator('dt:has-text("Booking reference") + dd').textContent())!.trim();
    await context.close();

    // The booking's money adds up: $60 by the gift card and $20 by card make its $80.
    const staff = await browser.newPage();
    await signIn(staff.page, 'owner@demo.test');
    const own = await apiAs(staff.page, 'GET', `/api/public/booking/${reference}`);
    const booking = (await apiAs(staff.page, 'GET', `/api/private/booking/${own.body.id}`, undefined, VENUE)).body;
    expect(booking).toMatchObject({ status: 'paid', total: 8000, paid: 8000, due: 0 });
    const payments = (booking.checkoutInfo.payments as { paid: number; paymentMethodAlias: string }[])
      .map((p) => [p.paymentMethodAlias, p.paid])
      .sort();
    expect(payments.find(([method]) => method === 'Gift card')).toEqual(['Gift card', 6000]);
    expect(payments.reduce((sum, [, paid]) => sum + Number(paid), 0)).toBe(8000);
    await staff.context.close();
  });

  test('a card that holds enough pays the whole booking with no card form; an empty or disabled card says why; the balance check', async () => {
    const { page: desk, context: deskContext } = await browser.newPage();
    await signIn(desk, 'owner@demo.test');
    const sell = async (amount: number) => {
      const sold = await apiAs(desk, 'POST', '/api/private/gift-cards', { amount, paymentMethod: setup.paymentMethod }, VENUE);
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
      return sold.body as { id: string; code: string };
    };
    const full = await sell(10000);
    const disabled = await sell(2500);
    expect((await apiAs(desk, 'POST', `/api/private/gift-cards/${disabled.id}/disable`, {}, VENUE)).status).toBe(200);
    await deskContext.close();

    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.73' });
    await page.goto(`/widget/?venue=${VENUE}&template=${setup.templateId}`);
    await bookUpToPayment(page, setup, setup.slots[1], 'Hugo');
    await applyCode(page, bought.code);
    await visible(page.getByRole('alert').getByText('This gift card has no balance left.'));
    await applyCode(page, disabled.code);
    await visible(page.getByRole('alert').getByText('This gift card can no longer be used. Please contact the venue.'));
    await applyCode(page, full.code);
    // Nothing is left to pay: booked without the card form.
    await visible(page.getByText('Booked and paid'), 30_000);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    await screenshot(page, 'gift-card-widget-paid-in-full');

    // The balance check, from the gift cards view.
    await page.goto(`/widget/?venue=${VENUE}&view=gift-cards`);
    await page.getByRole('button', { name: "Check a gift card's balance" }).click();
    await visible(page.getByRole('heading', { name: "Check a gift card's balance" }));
    await page.getByLabel(/^Gift card code/).fill(full.code);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await visible(page.getByRole('status').getByText(/holds \$20\.00, valid until /));
    await page.getByLabel(/^Gift card code/).fill(disabled.code);
    await page.getByRole('button', { name: 'Check balance' }).click();
    await visible(page.getByRole('alert').getByText("We don't know this gift card code. Check it and try again."));
    await screenshot(page, 'gift-card-widget-balance');
    await context.close();
  });

  test('a floating template with data-view="gift-cards": its button says Gift cards and opens them', async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE });
    await page.goto(`${site.origin}/floating`);
    await (await visible(page.getByRole('button', { name: 'Gift cards', exact: true }))).click();
    await visible(widgetFrame(page).getByRole('heading', { name: 'Gift cards' }));
    await visible(widgetFrame(page).getByRole('radio', { name: '$25.00' }));
    await context.close();
  });

  test('a card for a later day: giving up on the payment keeps the form; the receipt comes now, the recipient’s mail not before its day', async () => {
    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.74' });
    await page.goto(`/widget/?venue=${VENUE}&view=gift-cards`);
    await visible(page.getByRole('heading', { name: 'Gift cards' }));
    const tomorrow = addDays(setup.today, 1);
    const recipient = `later-${setup.stamp}@example.test`;
    const buyer = `early-${setup.stamp}@example.test`;
    await page.getByRole('radio', { name: '$25.00' }).check();
    await page.getByLabel(/^Recipient's name/).fill('Lena Later');
    await page.getByLabel(/^Recipient's email/).fill(recipient);
    await page.getByLabel(/^Send it on/).fill(tomorrow);
    await page.getByLabel(/^Your name/).fill('Earl Early');
    await page.getByLabel(/^Your email/).fill(buyer);
    await page.getByRole('button', { name: 'Continue · $25.00' }).click();
    await page.getByRole('button', { name: 'Pay · $25.00' }).click();
    await page.getByRole('link', { name: 'Cancel and go back' }).click();
    await visible(page.getByText('The payment was canceled: nothing was charged. You can try again.'));
    expect(await page.getByLabel(/^Recipient's name/).inputValue()).toBe('Lena Later');
    expect(await page.getByLabel(/^Send it on/).inputValue()).toBe(tomorrow);

    await page.getByRole('button', { name: 'Continue · $25.00' }).click();
    await payWithTestCard(page, page, 'Pay · $25.00');
    await visible(page.getByText('Your gift card is issued. A receipt is on its way to your email.'), 30_000);
    await visible(page.locator('dt:text-is("Sent by email") + dd').filter({ hasNotText: 'Today' }));
    await context.close();

    await mailMatching(buyer, /Lena Later/);
    // Not before its day (the delivery sweep sends it at the venue's midnight; this server's clock cannot get there).
    expect(await mailsTo(recipient)).toEqual([]);
  });
});
