import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays } from '@lanebook/core/calendar';
import { widgetTemplateDefaults } from '@lanebook/core/catalog';
import { formatVenueDate } from '@lanebook/core/format';
import { apiAs, baseUrl, drawSignature, productOnOwnLane, screenshot, signIn, useBrowser, visible } from './support.js';

/**
 * Guests in the customer's widget (issue 38): the venue's marketing question, unchecked until the
 * customer says yes and kept on their guest record; a returning guest whose waiver is on file is
 * not asked to sign again; a banned guest's online booking refused in the server's words. On a
 * phone's width, as customers mostly book.
 */

const browser = useBrowser();
const VENUE = 'demo-axe';
const PHONE = { width: 390, height: 844 };
/** The success step's title: a free booking counts as paid. */
const BOOKED = /^(Your booking is confirmed|Booked and paid)$/;

interface Person {
  firstName: string;
  lastName: string;
  email: string;
}

interface Setup {
  stamp: string;
  templateId: string;
  consentText: string;
  venue: { timezone: string; dateFormat: string };
  /** Free products (nothing to pay, so no pay step): one without a waiver, one whose waiver counts 12 months. */
  plain: { name: string; date: string; slots: string[] };
  waivered: { name: string; date: string; slots: string[]; productId: string };
}

/** Product, players, date and time in the widget opened on its own page, up to the details step. */
async function toDetails(page: Page, setup: Setup, product: { name: string; date: string }, slot: string, players: number) {
  await page.goto(`/widget/?venue=${VENUE}&template=${setup.templateId}`);
  await visible(page.getByRole('heading', { name: 'Choose a product' }));
  await page.getByRole('button', { name: new RegExp(product.name) }).click();
  await visible(page.getByRole('heading', { name: 'How many players?' }));
  await page.getByLabel('Players', { exact: true }).fill(String(players));
  await page.getByRole('button', { name: 'Continue' }).click();
  await visible(page.getByRole('heading', { name: 'Choose a date' }));
  if (!(await page.locator(`button[data-date="${product.date}"]`).isVisible()))
    await page.getByRole('button', { name: 'Next month' }).click();
  await page.locator(`button[data-date="${product.date}"][aria-disabled="false"]`).click();
  await page.locator(`button[data-slot="${slot}"]`).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await visible(page.getByRole('heading', { name: 'Your details' }));
}

async function fillPerson(page: Page, person: Person) {
  await page.getByLabel(/^First name/).fill(person.firstName);
  await page.getByLabel(/^Last name/).fill(person.lastName);
  await page.getByRole('textbox', { name: /^Email/ }).fill(person.email);
}

/** Presses Book and answers the body the widget sent and the server's answer. */
async function book(page: Page): Promise<{ sent: Record<string, unknown>; status: number; answer: Record<string, unknown> }> {
  const [response] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/public/booking'),
    page.getByRole('button', { name: /^Book/ }).click(),
  ]);
  return { sent: response.request().postDataJSON(), status: response.status(), answer: await response.json() };
}

/** The guest of an email, as the desk finds them. */
async function guestOf(page: Page, email: string) {
  const found = await apiAs(page, 'GET', `/api/private/guests?search=${encodeURIComponent(email)}`, undefined, VENUE);
  expect(found.status, JSON.stringify(found.body)).toBe(200);
  const guests = found.body.items as { id: string; email: string; marketingConsent: boolean; marketingConsentAt: string | null }[];
  const guest = guests.find((g) => g.email.toLowerCase() === email.toLowerCase());
  expect(guest, `a guest ${email} in ${JSON.stringify(guests)}`).toBeDefined();
  return guest!;
}

describe('guests in the widget (issue 38)', () => {
  let setup: Setup;
  let saved: { marketingConsentText: string; bannedGuestsOnline: string } | null = null;

  beforeAll(async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const stamp = Date.now().toString(36);
    const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;
    saved = { marketingConsentText: venue.marketingConsentText, bannedGuestsOnline: venue.bannedGuestsOnline };
    // The venue's own words for the question, and banned guests refused online; put back afterwards.
    const consentText = `Send me league dates and offers from Demo Axe House ${stamp}`;
    const changed = await apiAs(
      page,
      'PATCH',
      '/api/private/venues/current',
      { marketingConsentText: consentText, bannedGuestsOnline: 'refuse' },
      VENUE,
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);

    const plain = await productOnOwnLane(page, VENUE, { lane: `Guest lane ${stamp}`, name: `Guest axes ${stamp}`, price: 0 });
    const waivered = await productOnOwnLane(page, VENUE, {
      lane: `Regular lane ${stamp}`,
      name: `Regular axes ${stamp}`,
      price: 0,
      waiverTitle: `Yearly waiver ${stamp}`,
    });
    const waiverId = (await apiAs(page, 'GET', `/api/private/products/${waivered.productId}`, undefined, VENUE)).body.activeWaiverId;
    const yearly = await apiAs(page, 'PATCH', `/api/private/waivers/${waiverId}`, { validForMonths: 12 }, VENUE);
    expect(yearly.status, JSON.stringify(yearly.body)).toBe(200);
    expect(yearly.body.validForMonths).toBe(12);

    const date = addDays(plain.today, 4);
    const hours = [
      ['10:00', '11:00'],
      ['11:00', '12:00'],
      ['12:00', '13:00'],
    ];
    const plainSlots = [];
    const waiveredSlots = [];
    for (const [from, to] of hours) plainSlots.push(await plain.addSlot(date, from, to));
    for (const [from, to] of hours) waiveredSlots.push(await waivered.addSlot(date, from, to));
    // Without promocodes or extras the flow goes from the time straight to the details.
    const template = await apiAs(
      page,
      'POST',
      '/api/private/widget-templates',
      { ...widgetTemplateDefaults, name: `Guests ${stamp}`, isPromocodesAvailable: false },
      VENUE,
    );
    expect(template.status, JSON.stringify(template.body)).toBe(201);
    await context.close();
    setup = {
      stamp,
      templateId: template.body.id,
      consentText,
      venue: { timezone: venue.timezone, dateFormat: venue.dateFormat },
      plain: { name: plain.name, date, slots: plainSlots },
      waivered: { name: waivered.name, date, slots: waiveredSlots, productId: waivered.productId },
    };
  });

  afterAll(async () => {
    if (!saved) return;
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await apiAs(page, 'PATCH', '/api/private/venues/current', saved, VENUE);
    await context.close();
  });

  test("the marketing question in the venue's words, unchecked, its yes kept on the guest; not asked, nothing sent; a banned guest refused in the server's words", async () => {
    const connie: Person = { firstName: 'Connie', lastName: `Consent${setup.stamp}`, email: `connie-${setup.stamp}@example.test` };
    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.81' });
    await toDetails(page, setup, setup.plain, setup.plain.slots[0], 2);
    const consent = await visible(page.getByRole('checkbox', { name: setup.consentText }));
    expect(await consent.isChecked()).toBe(false);
    await fillPerson(page, connie);
    await consent.check();
    await screenshot(page, 'guests-widget-consent');
    const yes = await book(page);
    expect(yes.status, JSON.stringify(yes.answer)).toBe(201);
    expect(yes.sent.marketingConsent).toBe(true);
    await visible(page.getByRole('heading', { name: BOOKED }));
    await context.close();

    const { page: desk, context: deskContext } = await browser.newPage();
    await signIn(desk, 'owner@demo.test');
    const guest = await guestOf(desk, connie.email);
    expect(guest.marketingConsent).toBe(true);
    expect(guest.marketingConsentAt).not.toBeNull();

    // A venue that asks nothing: no question, and no answer sent (the guest's stays as it was).
    const off = await apiAs(desk, 'PATCH', '/api/private/venues/current', { marketingConsentText: '' }, VENUE);
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const nora: Person = { firstName: 'Nora', lastName: `Noask${setup.stamp}`, email: `nora-${setup.stamp}@example.test` };
    const second = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.82' });
    await toDetails(second.page, setup, setup.plain, setup.plain.slots[1], 1);
    await fillPerson(second.page, nora);
    expect(await second.page.getByRole('checkbox').count()).toBe(0);
    const unasked = await book(second.page);
    expect(unasked.status, JSON.stringify(unasked.answer)).toBe(201);
    expect('marketingConsent' in unasked.sent).toBe(false);
    await visible(second.page.getByRole('heading', { name: BOOKED }));
    await second.context.close();
    const noraGuest = await guestOf(desk, nora.email);
    expect(noraGuest).toMatchObject({ marketingConsent: false, marketingConsentAt: null });

    // Connie is banned at the desk; the venue refuses banned guests online: her next booking is refused, in the server's words.
    const banned = await apiAs(
      desk,
      'PATCH',
      `/api/private/guests/${guest.id}`,
      { flags: [{ type: 'ban', note: 'Threw after drinks' }] },
      VENUE,
    );
    expect(banned.status, JSON.stringify(banned.body)).toBe(200);
    await deskContext.close();
    const third = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.83' });
    await toDetails(third.page, setup, setup.plain, setup.plain.slots[2], 2);
    await fillPerson(third.page, connie);
    const refused = await book(third.page);
    expect(refused.status).toBe(409);
    expect(refused.answer.code).toBe('booking_refused');
    expect(String(refused.answer.message)).not.toMatch(/ban/i);
    await visible(third.page.getByRole('alert').filter({ hasText: String(refused.answer.message) }));
    await visible(third.page.getByRole('heading', { name: 'Your details' }));
    await screenshot(third.page, 'guests-widget-refused');
    await third.context.close();
  });

  test('a returning guest whose waiver is on file books alone and in a group, and is not asked to sign again', async () => {
    const rosa: Person = { firstName: 'Rosa', lastName: `Regular${setup.stamp}`, email: `rosa-${setup.stamp}@example.test` };
    // The first visit: booked and signed (on the booking's own page, as the confirmation mail links it).
    const first = await fetch(`${baseUrl()}/api/public/booking`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.84' },
      body: JSON.stringify({
        productId: setup.waivered.productId,
        slots: [setup.waivered.slots[0]],
        playersCount: 1,
        reservationInfo: { ...rosa, phone: '' },
      }),
    });
    expect(first.status, await first.clone().text()).toBe(201);
    const firstReference = ((await first.json()) as { bookingReference: string }).bookingReference;
    const { page, context } = await browser.newPage({ viewport: PHONE, clientAddress: '198.51.100.84' });
    await page.goto(`/widget/booking/${firstReference}`);
    await page.getByRole('button', { name: 'Sign Waiver' }).click();
    await expect.poll(() => page.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe(rosa.firstName);
    await drawSignature(page, page.locator('canvas.lb-signature'));
    await page.locator('form.lb-sign').getByRole('button', { name: 'Sign Waiver' }).click();
    await visible(page.getByText('Waiver successfully signed'));

    // Back for a second visit, alone, her email typed in other capitals: booked without a waiver step.
    await toDetails(page, setup, setup.waivered, setup.waivered.slots[1], 1);
    await fillPerson(page, { ...rosa, email: rosa.email.replace('rosa', 'Rosa') });
    const alone = await book(page);
    expect(alone.status, JSON.stringify(alone.answer)).toBe(201);
    const reference = String(alone.answer.bookingReference);
    await visible(page.getByRole('heading', { name: BOOKED }));
    const onFile = (await (await page.request.get(`/api/public/booking/${reference}/waiver`)).json()) as {
      signedCount: number;
      bookerOnFile: { validUntil: string } | null;
    };
    expect(onFile.bookerOnFile, 'her waiver is on file for the second booking').not.toBeNull();
    expect(onFile.signedCount).toBe(1);
    const until = formatVenueDate(new Date(onFile.bookerOnFile!.validUntil), setup.venue.timezone, setup.venue.dateFormat);
    await visible(page.getByText(`Your waiver is on file until ${until}.`));
    expect(await page.getByRole('heading', { name: 'Sign Waiver' }).count()).toBe(0);
    expect(await page.locator('canvas.lb-signature').count()).toBe(0);
    await screenshot(page, 'guests-widget-on-file-alone');

    // Her booking's page: counted as signed, and its waiver part says so instead of asking.
    await page.goto(`/widget/booking/${reference}`);
    const signedFact = await visible(page.locator('dt:text-is("Waivers signed") + dd'));
    expect(await signedFact.textContent()).toBe('1 of 1');
    await page.getByRole('button', { name: 'Sign Waiver' }).click();
    await visible(page.getByText(`Your waiver is on file until ${until}.`));
    expect(await page.locator('canvas.lb-signature').count()).toBe(0);

    // A third visit with a friend: she is counted, the friend is still asked, by the link or here.
    await toDetails(page, setup, setup.waivered, setup.waivered.slots[2], 2);
    await fillPerson(page, rosa);
    const group = await book(page);
    expect(group.status, JSON.stringify(group.answer)).toBe(201);
    await visible(page.getByRole('heading', { name: 'Sign Waiver' }));
    await visible(page.getByText(`Your waiver is on file until ${until}.`));
    await visible(page.getByText('1 of 2 signed'));
    await visible(page.getByRole('link', { name: /\/widget\/sign\/[0-9a-f]{32}$/ }));
    expect(await page.locator('canvas.lb-signature').count()).toBe(0);
    await screenshot(page, 'guests-widget-on-file-group');
    await page.getByRole('button', { name: 'Sign for someone else' }).click();
    // The friend's form: nothing of hers filled in.
    await visible(page.locator('canvas.lb-signature'));
    expect(await page.getByRole('textbox', { name: /^First name/ }).inputValue()).toBe('');
    await page.getByRole('button', { name: 'Sign later' }).click();
    await page.getByRole('button', { name: 'Continue' }).click();
    await visible(page.getByRole('heading', { name: BOOKED }));
    await visible(page.getByText(`Your waiver is on file until ${until}.`));
    await visible(page.getByText('Friend joining you? Have them sign as well'));
    await context.close();
  });
});
