import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { COLOR_PRESETS, widgetTemplateDefaults } from '@lanebook/core/catalog';
import { productDefaults } from '@lanebook/core/products';
import { apiAs, baseUrl, drawSignature, payWithTestCard, screenshot, signIn, useBrowser, visible } from './support.js';
import { startVenueSite, venueSitePage } from './venue-site.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

interface Setup {
  stamp: string;
  productId: string;
  productTitle: string;
  lane: string;
  date: string;
  /** Two consecutive slots for the booking, and two more for the slot taken meanwhile. */
  slots: string[];
  laterSlots: string[];
  upsell: string;
  promocode: string;
  terms: string;
  templateId: string;
  floatingTemplateId: string;
}

/**
 * What a venue sets up before it embeds its widget, through the staff API: a lane of 8, a product
 * of its own ($20 a player an hour) with an upsell, terms and a waiver, two slots in three days, a
 * promocode, an embedded and a floating template, and the venue's site as an allowed origin.
 */
async function setUpVenue(page: Page, siteOrigin: string): Promise<Setup> {
  const stamp = Date.now().toString(36);
  const call = async (method: string, path: string, body?: unknown) => {
    const answer = await apiAs(page, method, path, body, VENUE);
    expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
    return answer.body;
  };
  const lane = `Widget lane ${stamp}`;
  await call('POST', '/api/private/resources', { id: lane, capacity: 8 });
  const upsell = `Axe sharpening ${stamp}`;
  const upsellId = (await call('POST', '/api/private/upsell-items', { name: upsell, description: 'A keen edge', price: 1000 })).id;
  const terms = `House rules ${stamp}`;
  const termsId = (await call('POST', '/api/private/terms', { name: terms, text: 'Closed-toe shoes.\nNo drinks on the lanes.' })).id;
  const waiverId = (
    await call('POST', '/api/private/waivers', {
      title: `Axe safety ${stamp}`,
      intro: 'Read this first.',
      text: '<p>I accept the <b>risks</b>.</p>',
    })
  ).id;
  const promocode = `WG${stamp}`.toUpperCase().slice(0, 20);
  await call('POST', '/api/private/promocodes', { code: promocode, discount: 10, maxUseNumber: 100 });
  const productTitle = `Widget axes ${stamp}`;
  const productId = (
    await call('POST', '/api/private/products', {
      ...productDefaults,
      name: productTitle,
      title: productTitle,
      price: 2000,
      maxPlayers: 8,
      resources: [lane],
      upsellItemIds: [upsellId],
      termsId,
      activeWaiverId: waiverId,
      isPaused: undefined,
    })
  ).id;
  await call('POST', `/api/private/products/${productId}/resume`);
  const venue = await call('GET', '/api/private/venues/current');
  const date = addDays(venueToday(venue.timezone), 3);
  const slots = [];
  for (const [from, to] of [
    ['14:00', '15:00'],
    ['15:00', '16:00'],
    ['16:00', '17:00'],
    ['17:00', '18:00'],
  ])
    slots.push((await call('POST', `/api/private/product/${productId}/slot`, { date, from, to })).id as string);
  const template = (name: string, extra: Record<string, unknown>) =>
    call('POST', '/api/private/widget-templates', {
      ...widgetTemplateDefaults,
      name,
      view: { ...widgetTemplateDefaults.view, fontFamily: 'Georgia', colors: COLOR_PRESETS.C },
      ...extra,
    });
  const templateId = (await template(`Site ${stamp}`, {})).id;
  const floatingTemplateId = (await template(`Floating ${stamp}`, { position: 'floating', productId })).id;
  await call('PATCH', '/api/private/venues/current', { widgetOrigins: [siteOrigin] });
  return {
    stamp,
    productId,
    productTitle,
    lane,
    date,
    slots: slots.slice(0, 2),
    laterSlots: slots.slice(2),
    upsell,
    promocode,
    terms,
    templateId,
    floatingTemplateId,
  };
}

const snippet = (templateId: string) =>
  `<script src="${baseUrl()}/widget.js" data-venue="${VENUE}" data-template="${templateId}"></script>`;

/** The widget's iframe on the venue's page. */
const widgetFrame = (page: Page): FrameLocator => page.frameLocator('iframe[src*="/widget/"]');

/** Product, players, date and both slots, as a customer clicks through them. */
async function chooseTwoSlots(frame: FrameLocator, setup: Setup, slots: string[], players: number) {
  await visible(frame.getByRole('heading', { name: 'Choose a product' }));
  await frame.getByRole('button', { name: new RegExp(setup.productTitle) }).click();
  await visible(frame.getByRole('heading', { name: 'How many players?' }));
  await frame.getByLabel('Players', { exact: true }).fill(String(players));
  await frame.getByRole('button', { name: 'Continue' }).click();
  await visible(frame.getByRole('heading', { name: 'Choose a date' }));
  const day = frame.locator(`button[data-date="${setup.date}"]`);
  if (!(await day.isVisible())) await frame.getByRole('button', { name: 'Next month' }).click();
  await frame.locator(`button[data-date="${setup.date}"][aria-disabled="false"]`).click();
  await visible(frame.getByRole('heading', { name: 'Choose a time' }));
  for (const slot of slots) await frame.locator(`button[data-slot="${slot}"]`).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
}

async function fillDetails(frame: FrameLocator, setup: Setup, first: string) {
  await visible(frame.getByRole('heading', { name: 'Your details' }));
  await frame.getByLabel(/^First name/).fill(first);
  await frame.getByLabel(/^Last name/).fill(`Guest${setup.stamp}`);
  await frame.getByRole('textbox', { name: /^Email/ }).fill(`${first.toLowerCase()}-${setup.stamp}@example.test`);
  await frame.getByLabel(`I accept the ${setup.terms}`).check();
}

describe('the embeddable widget on a venue web site (issue 13)', () => {
  let site: Awaited<ReturnType<typeof startVenueSite>>;
  let setup: Setup;
  const pages: Record<string, string> = {};

  beforeAll(async () => {
    site = await startVenueSite(pages);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    setup = await setUpVenue(page, site.origin);
    await context.close();
    pages['/'] = venueSitePage('Demo Axe House', [snippet(setup.templateId)]);
    pages['/floating'] = venueSitePage('Demo Axe House', [
      snippet(setup.floatingTemplateId),
      '<button type="button" data-lanebook-open>Book a lane</button>',
    ]);
  });

  afterAll(async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await apiAs(page, 'PATCH', '/api/private/venues/current', { widgetOrigins: [] }, VENUE);
    await context.close();
    await site?.close();
  });

  test('a customer books 4 players on two slots with an upsell and a promocode, signs, pays by card, and staff see it paid', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${site.origin}/`);
    const frame = widgetFrame(page);
    await chooseTwoSlots(frame, setup, setup.slots, 4);

    // Extras: one upsell, a wrong promocode (the server's message), then the right one.
    await visible(frame.getByRole('heading', { name: 'Extras' }));
    await frame.getByRole('button', { name: `Add one ${setup.upsell}` }).click();
    await frame.getByLabel('Promo code').fill('NOSUCHCODE');
    await frame.getByRole('button', { name: 'Apply' }).click();
    await visible(frame.getByRole('alert').or(frame.locator('.lb-field-error')));
    await frame.getByLabel('Promo code').fill(setup.promocode);
    await frame.getByRole('button', { name: 'Apply' }).click();
    await visible(frame.getByText(`Promo code ${setup.promocode} applied.`));
    // 4 players × 2 hours × $20 = $160, less 10 %, and the $10 upsell (the code is not for upsells): $154.00.
    const price = frame.getByRole('region', { name: 'Price' });
    await expect.poll(() => price.locator('.lb-total').textContent()).toContain('$154.00');
    await visible(price.getByText('Discount'));
    await frame.getByRole('button', { name: 'Continue' }).click();

    await fillDetails(frame, setup, 'Wendy');
    const accessibility = await new AxeBuilder({ page }).include('iframe').analyze();
    const serious = accessibility.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await screenshot(page, 'widget-details');
    await frame.getByRole('button', { name: /^Book/ }).click();

    // The waiver, signed in the widget.
    await visible(frame.getByRole('heading', { name: 'Sign Waiver' }));
    await frame.getByRole('textbox', { name: /^First name/ }).fill('Wendy');
    await frame.getByRole('textbox', { name: /^Last name/ }).fill(`Guest${setup.stamp}`);
    await frame.getByRole('textbox', { name: /^Email/ }).fill(`wendy-${setup.stamp}@example.test`);
    await drawSignature(page, frame.locator('canvas.lb-signature'));
    await frame.getByRole('button', { name: 'Sign Waiver', exact: true }).click();
    await visible(frame.getByText('Waiver successfully signed'));
    await frame.getByRole('button', { name: 'Continue' }).click();

    // Pay with the sandbox's test card, inside the widget.
    await payWithTestCard(page, frame, 'Pay · $154.00');
    await visible(frame.getByText('Booked and paid'), 30_000);
    await visible(frame.getByText('Friend joining you? Have them sign as well'));
    await visible(frame.getByText(/^You can cancel your booking online up to 24 hours before it starts: until /));
    const reference = (await frame.locator('dt:has-text("Booking reference") + dd').textContent())!.trim();
    expect(reference).toMatch(/^[2-9A-Z]{10}$/);
    // The link to share is the sign-only token's page, never the reference (decision 023).
    const signingLink = await frame.getByLabel('Waiver signing link').inputValue();
    expect(signingLink).toMatch(new RegExp(`^${baseUrl()}/widget/sign/[0-9a-f]{32}$`));
    expect(signingLink).not.toContain(reference);
    await screenshot(page, 'widget-success');

    // A friend signs through it: the form alone, nothing of Wendy's filled in, then counted.
    const friend = await browser.newPage();
    await friend.page.goto(signingLink);
    await visible(friend.page.getByRole('heading', { name: 'Sign Waiver' }));
    await visible(friend.page.getByText('1 of 4 signed'));
    expect(await friend.page.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('');
    expect(await friend.page.content()).not.toContain(reference);
    await friend.page.getByRole('textbox', { name: /^First name/ }).fill('Fred');
    await friend.page.getByRole('textbox', { name: /^Last name/ }).fill(`Friend${setup.stamp}`);
    await friend.page.getByRole('textbox', { name: /^Email/ }).fill(`fred-${setup.stamp}@example.test`);
    await drawSignature(friend.page, friend.page.locator('canvas.lb-signature'));
    await friend.page.getByRole('button', { name: 'Sign Waiver', exact: true }).click();
    await visible(friend.page.getByText('Waiver successfully signed'));
    await visible(friend.page.getByText('2 of 4 signed'));
    await screenshot(friend.page, 'widget-friend-signed');
    await friend.context.close();

    // The calendar file.
    const ics = await page.request.get(`${baseUrl()}/api/public/booking/${reference}/calendar.ics`);
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain('BEGIN:VEVENT');
    await context.close();

    // Staff see it in the console: paid, 4 players, two hours, the upsell and the signature.
    const staff = await browser.newPage();
    await signIn(staff.page, 'owner@demo.test');
    const own = await apiAs(staff.page, 'GET', `/api/public/booking/${reference}`);
    const booking = (await apiAs(staff.page, 'GET', `/api/private/booking/${own.body.id}`, undefined, VENUE)).body;
    expect(booking).toMatchObject({
      status: 'paid',
      playersCount: 4,
      slotIds: setup.slots,
      total: 15400,
      paid: 15400,
      numberOfSignedWaivers: 2,
    });
    expect(booking.upsellItems).toHaveLength(1);
    await staff.page.goto(`/bookings/${own.body.id}/view`);
    await staff.page.waitForFunction(() => document.querySelector('[data-testid="booking-status"]')?.textContent === 'Paid', undefined, {
      timeout: 15_000,
    });
    await visible(staff.page.getByText(`Guest${setup.stamp}`));
    await staff.context.close();
  });

  test('a taxed extra: the price lines add up to the total; the one lane free says Available (issue 34)', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await apiAs(page, method, path, body, VENUE);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return answer.body;
    };
    // A product of its own on one lane, taxed at 8.875 %, with a $6.00 drink: $100 + $6 + $9.41 of tax = $115.41.
    const stamp = `${setup.stamp}t`;
    const lane = `Tax lane ${stamp}`;
    await call('POST', '/api/private/resources', { id: lane, capacity: 8 });
    const taxId = (await call('POST', '/api/private/taxes', { name: `City tax ${stamp}`, rate: 8.875 })).id;
    const drink = `Drink ${stamp}`;
    const drinkId = (await call('POST', '/api/private/upsell-items', { name: drink, description: 'Cold', price: 600 })).id;
    const title = `Taxed axes ${stamp}`;
    const productId = (
      await call('POST', '/api/private/products', {
        ...productDefaults,
        name: title,
        title,
        price: 10000,
        maxPlayers: 8,
        resources: [lane],
        taxes: [taxId],
        upsellItemIds: [drinkId],
        isPaused: undefined,
      })
    ).id;
    await call('POST', `/api/private/products/${productId}/resume`);
    const slotId = (await call('POST', `/api/private/product/${productId}/slot`, { date: setup.date, from: '10:00', to: '11:00' })).id;

    await page.goto(`/widget/?venue=${VENUE}&template=${setup.templateId}`);
    await visible(page.getByRole('heading', { name: 'Choose a product' }));
    await page.getByRole('button', { name: new RegExp(title) }).click();
    await page.getByLabel('Players', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByRole('heading', { name: 'Choose a date' }));
    if (!(await page.locator(`button[data-date="${setup.date}"]`).isVisible()))
      await page.getByRole('button', { name: 'Next month' }).click();
    await page.locator(`button[data-date="${setup.date}"][aria-disabled="false"]`).click();
    const slot = await visible(page.locator(`button[data-slot="${slotId}"]`));
    // Its only lane is free: Available, in the primary colour, never a red "Almost full".
    expect(await slot.getAttribute('aria-label')).toContain('Available');
    expect(await slot.getAttribute('class')).toContain('lb-avail-high');
    await slot.click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByRole('heading', { name: 'Extras' }));
    await page.getByRole('button', { name: `Add one ${drink}` }).click();

    const price = page.getByRole('region', { name: 'Price' });
    await expect.poll(() => price.locator('.lb-total').textContent()).toContain('$115.41');
    const rows = await price
      .locator('dl > div:not(.lb-total)')
      .evaluateAll((divs) => divs.map((div) => [div.querySelector('dt')!.textContent!, div.querySelector('dd')!.textContent!]));
    expect(rows).toEqual([
      ['Slot', '$100.00'],
      [drink, '$6.00'],
      [`City tax ${stamp} (8.875%)`, '$9.41'],
    ]);
    const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100) * (text.includes('−') ? -1 : 1);
    const total = cents((await price.locator('.lb-total dd').textContent())!);
    expect(rows.reduce((sum, [, amount]) => sum + cents(amount), 0)).toBe(total);
    await screenshot(page, 'widget-price-taxed-extra');
    await context.close();
  });

  test('floating: the beacon and the venue’s own button open the widget in a panel, Escape and Close close it', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${site.origin}/floating`);
    const beacon = await visible(page.getByRole('button', { name: 'Book now' }));
    const iframe = page.locator('iframe[src*="/widget/"]');
    expect(await iframe.isVisible()).toBe(false);
    await beacon.click();
    const frame = widgetFrame(page);
    // The template opens on its product: straight to the players.
    await visible(frame.getByRole('heading', { name: 'How many players?' }));
    await screenshot(page, 'widget-floating-open');
    await frame.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => iframe.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Book a lane' }).click();
    await visible(frame.getByRole('heading', { name: 'How many players?' }));
    await frame.getByLabel('Players', { exact: true }).press('Escape');
    await expect.poll(() => iframe.isVisible()).toBe(false);
    await context.close();
  });

  test('a slot taken by someone else between choosing and booking: a clear message, and back to the times', async () => {
    const { page, context } = await browser.newPage();
    await page.goto(`${site.origin}/`);
    const frame = widgetFrame(page);
    await chooseTwoSlots(frame, setup, setup.laterSlots, 2);
    await frame.getByRole('button', { name: 'Continue' }).click();
    await fillDetails(frame, setup, 'Tina');

    // Meanwhile the desk books the whole lane for both hours.
    const staff = await browser.newPage();
    await signIn(staff.page, 'owner@demo.test');
    const taken = await apiAs(
      staff.page,
      'POST',
      '/api/private/booking',
      {
        productId: setup.productId,
        slots: setup.laterSlots,
        playersCount: 8,
        reservationInfo: { firstName: 'Desk', lastName: `Walkin${setup.stamp}`, email: `desk-${setup.stamp}@example.test`, phone: '' },
      },
      VENUE,
    );
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);
    await staff.context.close();

    await frame.getByRole('button', { name: /^Book/ }).click();
    await visible(frame.getByText('Sorry, that time was just taken by someone else. Please choose another time.'));
    await screenshot(page, 'widget-slot-taken');
    await frame.getByRole('button', { name: 'Choose another time' }).click();
    await visible(frame.getByRole('heading', { name: 'Choose a time' }));
    await visible(frame.getByText('No free times left on this day. Choose another date.'));
    await context.close();
  });

  test('the customer’s booking page: cancel in time; a booking inside its cancellation period cannot be cancelled', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    // A second product of the venue whose bookings can be cancelled only 96 hours ahead.
    const strict = await apiAs(
      page,
      'POST',
      '/api/private/products',
      {
        ...productDefaults,
        name: `Strict ${setup.stamp}`,
        price: 2000,
        maxPlayers: 8,
        resources: [setup.lane],
        cancellationPeriodAmount: 96,
        cancellationPeriodUnit: 'hours',
        isPaused: undefined,
      },
      VENUE,
    );
    expect(strict.status, JSON.stringify(strict.body)).toBe(201);
    await apiAs(page, 'POST', `/api/private/products/${strict.body.id}/resume`, undefined, VENUE);
    const strictSlot = await apiAs(
      page,
      'POST',
      `/api/private/product/${strict.body.id}/slot`,
      { date: setup.date, from: '18:00', to: '19:00' },
      VENUE,
    );
    expect(strictSlot.status, JSON.stringify(strictSlot.body)).toBe(201);
    const lenientSlot = await apiAs(
      page,
      'POST',
      `/api/private/product/${setup.productId}/slot`,
      { date: setup.date, from: '10:00', to: '11:00' },
      VENUE,
    );
    expect(lenientSlot.status, JSON.stringify(lenientSlot.body)).toBe(201);
    const book = async (productId: string, slot: string, first: string) => {
      const created = await page.request.post(`${baseUrl()}/api/public/booking`, {
        data: {
          productId,
          slots: [slot],
          playersCount: 2,
          reservationInfo: { firstName: first, lastName: `Guest${setup.stamp}`, email: `${first.toLowerCase()}@example.test`, phone: '' },
        },
      });
      expect(created.status(), await created.text()).toBe(201);
      return ((await created.json()) as { bookingReference: string }).bookingReference;
    };

    // Three days ahead, 24 hours' notice: cancellable.
    const inTime = await book(setup.productId, lenientSlot.body.id, 'Carla');
    await page.goto(`/widget/booking/${inTime}`);
    await visible(page.getByText(/^You can cancel your booking online up to 24 hours before it starts: until /));
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.getByRole('button', { name: 'Yes, cancel it' }).click();
    await visible(page.getByText('Canceled'));
    expect((await apiAs(page, 'GET', `/api/public/booking/${inTime}`)).body.status).toBe('canceled');

    // Three days ahead, 96 hours' notice: too late; the page says why and the server agrees.
    const late = await book(strict.body.id, strictSlot.body.id, 'Lars');
    await page.goto(`/widget/booking/${late}`);
    const cancel = await visible(page.getByRole('button', { name: 'Cancel booking' }));
    expect(await cancel.isDisabled()).toBe(true);
    await screenshot(page, 'widget-booking-page-locked');
    const refused = await page.request.post(`${baseUrl()}/api/public/booking/${late}/cancel`);
    expect(refused.status()).toBe(409);
    expect((await apiAs(page, 'GET', `/api/public/booking/${late}`)).body.status).toBe('wait_for_payment');
    await context.close();
  });
});
