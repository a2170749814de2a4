import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { apiAs, apiToken, atPath, baseUrl, screenshot, signIn, signUpConfirmed, useBrowser, visible } from './support.js';

const browser = useBrowser();
const TOTAL = 34;

const popover = (page: Page) => page.locator('.driver-popover');

/** How far the popover overlaps the step's target (its highlighted element), in square pixels. */
async function popoverOverlap(page: Page): Promise<number> {
  return page.evaluate(() => {
    const popoverBox = document.querySelector('.driver-popover')?.getBoundingClientRect();
    const target = document.querySelector('.driver-active-element');
    if (!popoverBox || !target || target.id === 'driver-dummy-element') return 0;
    const box = target.getBoundingClientRect();
    const width = Math.min(popoverBox.right, box.right) - Math.max(popoverBox.left, box.left);
    const height = Math.min(popoverBox.bottom, box.bottom) - Math.max(popoverBox.top, box.top);
    return width > 0 && height > 0 ? width * height : 0;
  });
}

/** The popover does not cover the control the step asks for, at 1280 px and at 390 px wide. */
async function popoverBesideTarget(page: Page, n: number) {
  const size = page.viewportSize()!;
  for (const viewport of [size, { width: 390, height: 844 }]) {
    await page.setViewportSize(viewport);
    try {
      await expect.poll(() => popoverOverlap(page), { timeout: 5_000 }).toBe(0);
    } catch (error) {
      await screenshot(page, `tour-step-${n}-covers-its-target-at-${viewport.width}`);
      throw error;
    }
    // The weekly plan's dialog, the step that covered "Keep populated", as the owner sees it.
    if (n === 29) await screenshot(page, `tour-opening-hours-${viewport.width}`);
  }
  await page.setViewportSize(size);
  await expect.poll(() => popoverOverlap(page), { timeout: 5_000 }).toBe(0);
}

/** Waits for the guide to show step `n` (1-based, as the owner reads it) with this title, beside its target. */
async function atStep(page: Page, n: number, title: string) {
  try {
    await visible(popover(page).locator('.driver-popover-progress-text', { hasText: new RegExp(`^${n} of ${TOTAL}$`) }));
  } catch (error) {
    await screenshot(page, `tour-not-at-step-${n}`);
    throw error;
  }
  expect(await popover(page).locator('.driver-popover-title').textContent()).toBe(title);
  await popoverBesideTarget(page, n);
}

async function next(page: Page, n: number, title: string) {
  await atStep(page, n, title);
  await popover(page).getByRole('button', { name: 'Next', exact: true }).click();
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

async function storedProgress(page: Page) {
  return (await apiAs(page, 'GET', '/api/private/onboarding')).body as { currentStep: number; isFinished: boolean };
}

/** The stored progress once it reads `expected` (the console saves it as the guide moves). */
async function progressBecomes(page: Page, expected: { currentStep: number; isFinished: boolean }) {
  await expect.poll(() => storedProgress(page), { timeout: 15_000 }).toEqual(expected);
}

describe('the guided tour', () => {
  test('a new owner follows the 34 steps to a venue that takes bookings, stopping halfway and resuming from the header after a reload', async () => {
    const stamp = Date.now().toString(36);
    const venueId = `tour-${stamp}`;
    // A browser in Denver: the new venue takes its zone.
    const { page, context } = await browser.newPage({ timezoneId: 'America/Denver' });
    await signUpConfirmed(page, { name: 'Tara Tour', email: `tara-${stamp}@example.test`, password: 'tara-password' });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    await page.getByLabel('Venue name').fill(`Tour Lanes ${stamp}`);
    await page.getByLabel('Venue ID').fill(venueId);
    await page.getByRole('button', { name: 'Create venue' }).click();
    expect(
      await atPath(page, '/onboard/bank-account').catch(async (error: unknown) => {
        await screenshot(page, 'tour-create-venue');
        throw error;
      }),
    ).toBe('/onboard/bank-account');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    expect(await storedProgress(page)).toEqual({ currentStep: -1, isFinished: false });

    // The dashboard offers the guide; Resume guide sits in the header too.
    await visible(page.getByRole('button', { name: 'Resume guide' }));
    await page.getByTestId('tour-offer').getByRole('button', { name: 'Take the tour' }).click();
    await next(page, 1, 'Welcome to Lanebook');
    await next(page, 2, 'The menu');
    await atStep(page, 3, 'Settings');
    expect(await atPath(page, '/settings')).toBe('/settings');
    await next(page, 3, 'Settings');

    // Terms: the guide opens the list, the owner presses Create and saves the form.
    await next(page, 4, 'Terms & Conditions');
    await atStep(page, 5, 'Create your terms');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await atStep(page, 6, 'Write your terms');
    expect(await atPath(page, '/settings/terms-and-conditions/create')).toBe('/settings/terms-and-conditions/create');
    // A step that waits for an action has no Next: only doing it (or Stop) moves on.
    expect(await popover(page).getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tour terms ${stamp}`);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('Closed-toe shoes, please.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // A tax.
    await next(page, 7, 'Taxes');
    expect(await atPath(page, '/settings/taxes')).toBe('/settings/taxes');
    await atStep(page, 8, 'Create a tax');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await atStep(page, 9, 'Name it and set its rate');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tour tax ${stamp}`);
    await page.getByRole('textbox', { name: 'Rate', exact: true }).fill('8');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // Extras are optional: Next skips them.
    await next(page, 10, 'Upsell merchandise');
    await next(page, 11, 'Add an extra (optional)');

    // Stop halfway, on the waivers step: the step is kept, the guide leaves the screen.
    await atStep(page, 12, 'Waivers');
    await progressBecomes(page, { currentStep: 11, isFinished: false });
    await popover(page).getByRole('button', { name: 'Stop', exact: true }).click();
    await popover(page).waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('button', { name: 'Resume guide' }).click();
    await atStep(page, 12, 'Waivers');
    expect(await atPath(page, '/waivers')).toBe('/waivers');
    await next(page, 12, 'Waivers');

    // A waiver.
    await atStep(page, 13, 'Create a waiver');
    await page.getByRole('link', { name: 'Create waiver', exact: true }).click();
    await atStep(page, 14, 'Write your waiver');
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Tour waiver ${stamp}`);
    const waiverText = page.getByRole('textbox', { name: 'Waiver text', exact: true });
    const richText = page.locator('[data-tour="record-form"] [contenteditable="true"]');
    if ((await waiverText.count()) > 0) await waiverText.fill('I play at my own risk.');
    else await richText.first().fill('I play at my own risk.');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // A lane, in the lanes page's dialog.
    await next(page, 15, 'Lanes');
    expect(await atPath(page, '/resources')).toBe('/resources');
    await atStep(page, 16, 'Add a lane');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await atStep(page, 17, 'Name the lane');
    const dialog = page.getByRole('dialog', { name: 'New lane' });
    await dialog.getByRole('textbox', { name: 'Lane ID', exact: true }).fill('Lane 1');
    await dialog.getByRole('textbox', { name: 'Capacity', exact: true }).fill('6');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();

    // The product, section by section, with the lane, tax, terms and waiver.
    await next(page, 18, 'Products');
    await atStep(page, 19, 'Create a product');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await atStep(page, 20, 'Name your product');
    expect(await atPath(page, '/products/create')).toBe('/products/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Tour axe ${stamp}`);
    await page.getByRole('textbox', { name: 'Title', exact: true }).fill(`Tour axe ${stamp}`);
    await next(page, 20, 'Name your product');
    await atStep(page, 21, 'Duration and lanes');
    // A new product starts on every active lane: the one just made.
    await visible(page.locator('[data-tour="product-lanes"]').getByText('Lane 1', { exact: true }));
    await next(page, 21, 'Duration and lanes');
    await atStep(page, 22, 'Players and price');
    await page.getByRole('textbox', { name: 'Price per player', exact: true }).fill('20');
    await pick(page, 'Taxes', `Tour tax ${stamp} (8%)`);
    await next(page, 22, 'Players and price');
    await atStep(page, 23, 'Terms and extras');
    await pick(page, 'Terms and conditions', `Tour terms ${stamp}`);
    await next(page, 23, 'Terms and extras');
    await atStep(page, 24, 'The waiver');
    const ours = page.getByRole('group', { name: 'Active waiver' }).getByRole('button', { name: new RegExp(`Tour waiver ${stamp}`) });
    if ((await ours.getAttribute('aria-pressed')) !== 'true') await ours.click();
    expect(await ours.getAttribute('aria-pressed')).toBe('true');
    await next(page, 24, 'The waiver');
    await atStep(page, 25, 'Save the product');
    await page.getByRole('button', { name: 'Save', exact: true }).click();

    // On sale: the list's switch (a new product may start paused).
    await atStep(page, 26, 'Put it on sale');
    expect(await atPath(page, '/products')).toBe('/products');
    const row = await visible(page.getByTestId('list-row').filter({ hasText: `Tour axe ${stamp}` }));
    const products = await apiAs(page, 'GET', '/api/private/products', undefined, venueId);
    const product = (products.body.items as { id: string; name: string; isPaused: boolean }[]).find((p) => p.name === `Tour axe ${stamp}`)!;
    if (product.isPaused) await row.getByRole('switch').click();
    else await popover(page).getByRole('button', { name: 'Next', exact: true }).click();

    // The calendar's weekly plan, populated for two weeks.
    await next(page, 27, 'The calendar');
    expect(await atPath(page, '/calendar')).toBe('/calendar');
    await atStep(page, 28, 'Open the weekly plan');
    await page.getByRole('button', { name: 'Weekly plan', exact: true }).click();
    await atStep(page, 29, 'Your opening hours');
    const plan = page.getByRole('dialog', { name: 'Weekly plan' });
    await plan.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('option', { name: `Tour axe ${stamp}`, exact: true }).click();
    await plan.getByRole('button', { name: 'Add row', exact: true }).click();
    await plan.getByLabel('From of row 1').fill('10:00');
    await plan.getByLabel('To of row 1').fill('11:00');
    await plan.getByRole('button', { name: 'Copy to every day', exact: true }).click();
    await visible(plan.getByLabel('From of row 7'));
    await plan.getByRole('button', { name: 'Save plan', exact: true }).click();
    await visible(page.getByText('Weekly plan saved'));
    const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId);
    const today = venueToday(venue.body.timezone);
    await plan.getByLabel('Populate from').fill(addDays(today, 1));
    await plan.getByLabel('Populate to').fill(addDays(today, 14));
    await plan.getByRole('button', { name: 'Populate', exact: true }).click();

    // The snippet, then the end.
    await atStep(page, 30, 'Your booking widget');
    expect(await atPath(page, '/settings/venue')).toBe('/settings/venue');
    expect(await page.getByTestId('widget-snippet').textContent()).toContain(`data-venue="${venueId}"`);
    await next(page, 30, 'Your booking widget');

    // The setup checklist's remaining items are the last steps: "You are ready" only once the venue can take a booking.
    await atStep(page, 31, 'Your address and phone');
    expect(await popover(page).getByRole('button', { name: 'Next', exact: true }).count()).toBe(0);
    await page.getByRole('textbox', { name: 'Address', exact: true }).fill('1 Tour Street, Springfield');
    await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('+1 212 555 0142');
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await atStep(page, 32, 'How customers pay');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await page.getByTestId('setup-payments').getByRole('button', { name: 'Take payment at the venue' }).click();
    await atStep(page, 33, 'Go live');
    await page
      .getByTestId('setup-live')
      .getByRole('button', { name: /^(Go live|Request approval)$/ })
      .click();
    await atStep(page, 34, 'You are ready');
    const setup = (await apiAs(page, 'GET', '/api/private/venue/setup', undefined, venueId)).body as { missing: string[]; status: string };
    expect(setup.missing).toEqual([]);
    expect(setup.status).not.toBe('inactive');
    await popover(page).getByRole('button', { name: 'Finish', exact: true }).click();
    await popover(page).waitFor({ state: 'detached' });
    await progressBecomes(page, { currentStep: -1, isFinished: true });
    expect(await page.getByRole('button', { name: 'Resume guide' }).count()).toBe(0);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Dashboard' }));
    expect(await page.getByRole('button', { name: 'Resume guide' }).count()).toBe(0);

    // What the tour left: a product with the lane, tax, terms and waiver, on sale.
    const saved = (await apiAs(page, 'GET', `/api/private/products/${product.id}`, undefined, venueId)).body;
    expect(saved).toMatchObject({ isPaused: false, resources: ['Lane 1'], price: 2000 });
    expect(saved.taxes).toHaveLength(1);
    expect(saved.termsId).toBeTruthy();
    const waivers = (await apiAs(page, 'GET', '/api/private/waivers', undefined, venueId)).body.items as { id: string; title: string }[];
    expect(saved.activeWaiverId).toBe(waivers.find((waiver) => waiver.title === `Tour waiver ${stamp}`)?.id);

    // Live (the superadmin's approval), the widget sells it: the product, an open date, its slots.
    const admin = await apiToken('admin@demo.test');
    const approved = await fetch(`${baseUrl()}/api/private/superadmin/venues/${venueId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json', origin: baseUrl() },
      body: JSON.stringify({ status: 'live' }),
    });
    expect(approved.status).toBe(200);
    await page.goto(`/widget/demo?venue=${venueId}`);
    const frame = page.frameLocator('iframe[src*="/widget/"]');
    // The venue's one product: the widget opens on it.
    await visible(frame.getByRole('heading', { name: 'How many players?' })).catch(async (error: unknown) => {
      await screenshot(page, 'tour-widget');
      throw error;
    });
    await visible(frame.getByText(`Tour axe ${stamp}`, { exact: true }));
    await frame.getByRole('button', { name: 'Continue' }).click();
    await visible(frame.getByRole('heading', { name: 'Choose a date' }));
    const day = frame.locator(`button[data-date="${addDays(today, 2)}"]`);
    if (!(await day.isVisible())) await frame.getByRole('button', { name: 'Next month' }).click();
    await frame.locator(`button[data-date="${addDays(today, 2)}"][aria-disabled="false"]`).click();
    await visible(frame.getByRole('heading', { name: 'Choose a time' }));
    await visible(frame.locator('button[data-slot]'));
    await context.close();
  }, 300_000);

  test('staff, a manager and the superadmin never see Resume guide nor the offer', async () => {
    for (const email of ['staff@demo.test', 'manager@demo.test', 'admin@demo.test']) {
      const { page, context } = await browser.newPage();
      await signIn(page, email);
      await visible(page.getByRole('button', { name: 'Log out' }));
      expect(await page.getByRole('button', { name: 'Resume guide' }).count(), email).toBe(0);
      expect(await page.getByRole('button', { name: 'Take the tour' }).count(), email).toBe(0);
      await context.close();
    }
  });
});
