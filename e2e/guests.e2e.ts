import { describe, expect, test } from 'vitest';
import type { Download, Page } from 'playwright-core';
import { addDays } from '@lanebook/core/calendar';
import { formatPhone } from '@lanebook/core/phone';
import { apiAs, atPath, productOnOwnLane, screenshot, signIn, useBrowser, visible } from './support.js';

/**
 * Guests at the desk (issue 38): the booking form knows a regular by their phone and shows their
 * flags and history; the guest page adds a ban the list then shows; erasing a guest with an
 * upcoming booking is refused in the server's words; a banned guest's online booking, taken with a
 * warning, alerts the desk live. Each test's bookings: a lane of its own, days ahead.
 */
const browser = useBrowser();
const VENUE = 'demo-axe';

interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A phone of the test's own (a US number in the 555 exchange), stored as E.164. */
const uniquePhone = () => `+1555${String(Date.now()).slice(-7)}`;

/** Staff's booking of two players on one slot, through the API: its id. */
async function deskBooking(page: Page, productId: string, slot: string, person: Person): Promise<string> {
  const created = await apiAs(
    page,
    'POST',
    '/api/private/booking',
    { productId, slots: [slot], playersCount: 2, reservationInfo: { ...person, note: '' }, isConfirmationEmail: false },
    VENUE,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

/** The guest a booking is of, as the booking answers it. */
async function guestOfBooking(page: Page, bookingId: string): Promise<string> {
  const booking = await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE);
  expect(booking.body.guestId, JSON.stringify(booking.body)).toEqual(expect.any(String));
  return booking.body.guestId as string;
}

async function readDownload(download: Download): Promise<string> {
  let text = '';
  for await (const chunk of await download.createReadStream()) text += String(chunk);
  return text;
}

async function chooseOption(page: Page, label: string | RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('guests at the desk (issue 38)', () => {
  test("the desk types a regular's phone in the booking form and sees their flags and history, and takes their details", async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const owner = await browser.newPage();
    await signIn(owner.page, 'owner@demo.test');
    const product = await productOnOwnLane(owner.page, VENUE, { lane: `Regular lane ${stamp}`, name: `Regular ${stamp}`, price: 2000 });
    const date = addDays(product.today, 5);
    const slots = [await product.addSlot(date, '10:00', '11:00'), await product.addSlot(date, '12:00', '13:00')];
    const rita: Person = { firstName: 'Rita', lastName: `Regular${stamp}`, email: `rita-${stamp}@example.test`, phone: uniquePhone() };
    // Two bookings of hers, the same person: one guest. She came to the first.
    const first = await deskBooking(owner.page, product.productId, slots[0], rita);
    await deskBooking(owner.page, product.productId, slots[1], { ...rita, email: rita.email.toUpperCase() });
    const checkedIn = await apiAs(owner.page, 'POST', `/api/private/booking/${first}/presence`, { presenceStatus: 'fully' }, VENUE);
    expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
    const guestId = await guestOfBooking(owner.page, first);
    const flagged = await apiAs(
      owner.page,
      'PATCH',
      `/api/private/guests/${guestId}`,
      {
        flags: [
          { type: 'vip', note: 'League champion' },
          { type: 'medical', note: 'Carries an inhaler' },
        ],
      },
      VENUE,
    );
    expect(flagged.status, JSON.stringify(flagged.body)).toBe(200);
    await owner.context.close();

    // The desk starts a booking and types her phone as people say it, not as it is stored.
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test', { landOn: '/bookings/create' });
    const typedPhone = formatPhone(rita.phone, 'US');
    await (await visible(page.getByRole('textbox', { name: 'Phone', exact: true }))).fill(typedPhone);
    const card = await visible(page.getByRole('region', { name: 'Returning guest' }));
    expect(await card.getByTestId('guest-link').textContent()).toBe(`Rita Regular${stamp}`);
    expect(await card.getByTestId('guest-link').getAttribute('href')).toBe(`/guests/${guestId}`);
    const flags = card.getByTestId('guest-flag');
    expect(await flags.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')))).toEqual(['vip', 'medical']);
    expect(await flags.nth(0).textContent()).toContain('League champion');
    expect(await flags.nth(1).textContent()).toContain('Carries an inhaler');
    expect(await card.getByTestId('guest-history').textContent()).toMatch(/^2 bookings · 1 visit · 0 no-shows · last visit \d/);
    await screenshot(page, 'guests-booking-form-match');

    // Her details fill the customer's fields.
    await card.getByRole('button', { name: 'Use their details' }).click();
    expect(await page.getByRole('textbox', { name: 'First name', exact: true }).inputValue()).toBe('Rita');
    expect(await page.getByRole('textbox', { name: 'Last name', exact: true }).inputValue()).toBe(`Regular${stamp}`);
    expect((await page.getByRole('textbox', { name: 'Email', exact: true }).inputValue()).toLowerCase()).toBe(rita.email);
    await card.getByRole('button', { name: 'Use their details' }).waitFor({ state: 'detached' });

    // Her page, from the card: her bookings, each linking to the booking's page.
    await card.getByTestId('guest-link').click();
    await atPath(page, `/guests/${guestId}`);
    await visible(page.getByTestId('guest-booking-row').nth(1));
    expect(await page.getByTestId('guest-booking-link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toContain(
      `/bookings/${first}/view`,
    );
    // Staff may not export or erase a guest (owners' and managers' by default).
    expect(await page.getByRole('button', { name: 'Export data' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Erase' }).count()).toBe(0);
    await context.close();
  }, 120_000);

  test('the guest page: a ban added shows in the list and on their booking; erasing them is refused while a booking is upcoming', async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const product = await productOnOwnLane(page, VENUE, { lane: `Ban lane ${stamp}`, name: `Ban ${stamp}`, price: 2000 });
    const slot = await product.addSlot(addDays(product.today, 6), '14:00', '15:00');
    const bob: Person = { firstName: 'Bob', lastName: `Rowdy${stamp}`, email: `bob-${stamp}@example.test`, phone: uniquePhone() };
    const bookingId = await deskBooking(page, product.productId, slot, bob);
    const guestId = await guestOfBooking(page, bookingId);

    // Found in the list by his last name; his row opens his page.
    await page.goto('/guests');
    await page.getByRole('searchbox', { name: 'Search' }).fill(bob.lastName);
    await page.waitForURL((url) => url.searchParams.get('q') === bob.lastName);
    const row = await visible(page.getByTestId('guest-row').filter({ hasText: bob.lastName }));
    expect(await row.getByTestId('guest-phone').textContent()).toBe(formatPhone(bob.phone, 'US'));
    await row.getByRole('link', { name: `Bob ${bob.lastName}` }).click();
    await atPath(page, `/guests/${guestId}`);

    // A ban with its note: the page says it first, in red.
    const addFlag = await visible(page.getByRole('form', { name: 'Add a flag' }));
    await chooseOption(page, 'Flag', 'Banned');
    await addFlag.getByRole('textbox', { name: 'Note' }).fill('Threw after drinks on Friday');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PATCH' && new URL(r.url()).pathname === `/api/private/guests/${guestId}`,
    );
    await addFlag.getByRole('button', { name: 'Add flag' }).click();
    expect((await saved).status()).toBe(200);
    const ban = await visible(page.getByRole('alert').and(page.getByTestId('guest-flag')));
    expect(await ban.textContent()).toBe('Banned guestThrew after drinks on Friday');
    await visible(page.getByTestId('flag-row').and(page.locator('[data-type="ban"]')));
    await visible(page.getByTestId('guest-log-row').first());
    await screenshot(page, 'guests-page-banned');

    // The list shows it, and finds him among the banned.
    await page.goto(`/guests?flag=ban&q=${encodeURIComponent(bob.lastName)}`);
    const bannedRow = await visible(page.getByTestId('guest-row').filter({ hasText: bob.lastName }));
    const badge = bannedRow.getByTestId('guest-flag');
    expect(await badge.getAttribute('data-type')).toBe('ban');
    expect(await badge.textContent()).toContain('Threw after drinks on Friday');

    // His booking's page shows the ban, linking to him.
    await page.goto(`/bookings/${bookingId}/view`);
    const guestCard = await visible(page.getByRole('region', { name: 'Guest' }));
    expect(await (await visible(guestCard.getByRole('alert'))).textContent()).toBe('Banned guestThrew after drinks on Friday');
    expect(await guestCard.getByTestId('guest-link').getAttribute('href')).toBe(`/guests/${guestId}`);

    // Erasing him is refused while his booking is upcoming: the dialog says the server's words.
    await page.goto(`/guests/${guestId}`);
    await page.getByRole('button', { name: 'Erase', exact: true }).click();
    const dialog = await visible(page.getByRole('dialog', { name: `Erase Bob ${bob.lastName}` }));
    await dialog.getByRole('textbox', { name: /^Reason/ }).fill('He asked us to forget him');
    const refusal = page.waitForResponse((r) => new URL(r.url()).pathname === `/api/private/guests/${guestId}/erase`);
    await dialog.getByRole('button', { name: 'Erase guest', exact: true }).click();
    const answer = await refusal;
    expect(answer.status()).toBe(409);
    const body = (await answer.json()) as { code: string; message: string };
    expect(body.code).toBe('guest_has_upcoming_bookings');
    expect(await (await visible(dialog.getByTestId('erase-refused'))).textContent()).toContain(body.message);
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    // Nothing was erased.
    expect(await page.getByTestId('guest-name').textContent()).toBe(`Bob ${bob.lastName}`);

    // His data on request: a JSON download holding him; the marketing list is a CSV a mailing tool imports.
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export data', exact: true }).click();
    expect(await readDownload(await exported)).toContain(bob.email);
    await page.goto('/guests');
    const marketing = page.waitForEvent('download');
    await (await visible(page.getByRole('button', { name: 'Export marketing list' }))).click();
    const csv = await marketing;
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    expect(await readDownload(csv)).toContain('Email Address');
    await context.close();
  }, 120_000);

  test("a banned guest's online booking, taken with a warning, alerts the desk live until dismissed", async () => {
    const stamp = Date.now().toString(36).slice(-5);
    const owner = await browser.newPage();
    await signIn(owner.page, 'owner@demo.test');
    const venue = (await apiAs(owner.page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;
    const warn = await apiAs(owner.page, 'PATCH', '/api/private/venues/current', { bannedGuestsOnline: 'warn' }, VENUE);
    expect(warn.status, JSON.stringify(warn.body)).toBe(200);
    try {
      const product = await productOnOwnLane(owner.page, VENUE, { lane: `Warn lane ${stamp}`, name: `Warn ${stamp}`, price: 2000 });
      const date = addDays(product.today, 2);
      const slots = [await product.addSlot(date, '16:00', '17:00'), await product.addSlot(date, '17:00', '18:00')];
      const wes: Person = { firstName: 'Wes', lastName: `Warned${stamp}`, email: `wes-${stamp}@example.test`, phone: '' };
      const guestId = await guestOfBooking(owner.page, await deskBooking(owner.page, product.productId, slots[0], wes));
      const banned = await apiAs(
        owner.page,
        'PATCH',
        `/api/private/guests/${guestId}`,
        { flags: [{ type: 'ban', note: 'Fought' }] },
        VENUE,
      );
      expect(banned.status, JSON.stringify(banned.body)).toBe(200);

      // The desk is on its bookings list when he books online.
      const { page, context } = await browser.newPage();
      await signIn(page, 'staff@demo.test', { landOn: '/bookings' });
      await visible(page.getByRole('heading', { name: 'Bookings', level: 1 }));
      const online = await page.request.post('/api/public/booking', {
        data: { productId: product.productId, slots: [slots[1]], playersCount: 2, reservationInfo: { ...wes, note: '' } },
        headers: { 'x-forwarded-for': '198.51.100.61' },
      });
      expect(online.status(), await online.text()).toBe(201);
      const onlineId = ((await online.json()) as { id: string }).id;
      const warning = await visible(page.getByTestId('desk-warning').filter({ hasText: `Wes ${wes.lastName}` }), 10_000);
      expect(await warning.getByRole('link').getAttribute('href')).toBe(`/bookings/${onlineId}/view`);
      await screenshot(page, 'guests-desk-warning');

      // Dismissed, it stays dismissed in this browser.
      await warning.getByRole('button', { name: `Dismiss the warning about Wes ${wes.lastName}` }).click();
      await page.getByTestId('desk-warning').filter({ hasText: wes.lastName }).waitFor({ state: 'detached' });
      await page.reload();
      await visible(page.getByRole('heading', { name: 'Bookings', level: 1 }));
      await visible(page.getByTestId('booking-row'));
      expect(await page.getByTestId('desk-warning').filter({ hasText: wes.lastName }).count()).toBe(0);
      await context.close();
    } finally {
      const restored = await apiAs(
        owner.page,
        'PATCH',
        '/api/private/venues/current',
        { bannedGuestsOnline: venue.bannedGuestsOnline },
        VENUE,
      );
      expect(restored.status, JSON.stringify(restored.body)).toBe(200);
      await owner.context.close();
    }
  }, 120_000);
});
