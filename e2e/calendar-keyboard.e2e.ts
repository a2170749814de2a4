import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { AxeBuilder } from '@axe-core/playwright';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { apiAs, screenshot, signIn, useBrowser, visible, productOnOwnLane } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * A lane and a product of their own (with a waiver, so check-in asks first) on a day no other
 * test books: a group of three at 8 PM, the 9 PM slot free.
 */
async function keyboardDay(page: Page, stamp: string) {
  const {
    lane,
    name: product,
    productId,
    today,
    addSlot,
  } = await productOnOwnLane(page, VENUE, {
    lane: `Key lane ${stamp}`,
    name: `E2E Key ${stamp}`,
    price: 2000,
    maxPlayers: 8,
    waiverTitle: `Key waiver ${stamp}`,
  });
  const date = addDays(today, 250 + (parseInt(stamp, 36) % 200));
  const slot = (from: string, to: string) => addSlot(date, from, to);
  const evening = await slot('20:00', '21:00');
  const later = await slot('21:00', '22:00');
  const customer = { firstName: 'Keyboard', lastName: `Group ${stamp}` };
  const booked = await apiAs(
    page,
    'POST',
    '/api/private/booking',
    { productId, slots: [evening], playersCount: 3, reservationInfo: { ...customer, email: `key.${stamp}@example.test`, phone: '' } },
    VENUE,
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return {
    lane,
    product,
    productId,
    date,
    later,
    customerName: `${customer.firstName} ${customer.lastName}`,
    bookingId: booked.body.id as string,
  };
}

/**
 * The focused element's own line of the page's accessibility tree, its role and name ('' when
 * nothing is focused); not its children's (the focusable calendar grid holds every block).
 */
async function focusedName(page: Page): Promise<string> {
  const snapshot = await page
    .locator(':focus')
    .ariaSnapshot({ timeout: 2_000 })
    .catch(() => '');
  return snapshot.split('\n')[0] ?? '';
}

/** Presses Tab until the focused element is a button whose name matches, at most `limit` times. */
async function tabTo(page: Page, name: RegExp, limit = 120) {
  for (let i = 0; i < limit; i += 1) {
    await page.keyboard.press('Tab');
    if (name.test(await focusedName(page))) return;
  }
  throw new Error(`Tab never reached ${String(name)}; last focus: ${await focusedName(page)}`);
}

/** axe's serious and critical WCAG 2.1 A/AA violations on the page, one line each: rule, impact, targets. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the calendar by keyboard, and accessible in each view (issue 27)', () => {
  test('keyboard only: Tab to a booking in the lane view, Enter opens it, check the group in', { timeout: 120_000 }, async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await keyboardDay(page, stamp);

    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    // The product asks for a waiver: the name says how many of the players have signed.
    const blockName = `Booking 8:00 PM–9:00 PM, ${day.lane}, ${day.customerName}, 0 of 3 waivers signed, 3 players, Wait For Payment, ${day.product}`;
    await visible(page.getByRole('button', { name: blockName, exact: true }));

    // Tab from the top of the page reaches the block; its name says time, lane, customer, status.
    await tabTo(page, new RegExp(`Booking 8:00 PM.*${day.customerName}`));
    expect(await page.evaluate(() => document.activeElement?.classList.contains('lanebook-booking'))).toBe(true);
    expect(await page.getByRole('button', { name: blockName, exact: true }).evaluate((el) => el === document.activeElement)).toBe(true);
    // The focus ring is drawn (an outline on the focused block).
    expect(await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)).toBe('solid');

    // The arrow keys: Right is the free 9 PM time on the same lane, Left comes back.
    await page.keyboard.press('ArrowRight');
    expect(await focusedName(page)).toContain(`Free lane time 9:00 PM–10:00 PM, ${day.lane}, ${day.product}`);
    await page.keyboard.press('ArrowLeft');
    expect(await focusedName(page)).toContain(blockName);
    await screenshot(page, 'calendar-keyboard-focus');

    // Enter opens the drawer; Tab goes to Check in, Enter presses it.
    await page.keyboard.press('Enter');
    const drawer = await visible(page.getByTestId('booking-drawer'));
    expect(await drawer.getByTestId('drawer-customer').textContent()).toBe(day.customerName);
    await tabTo(page, /^- button "Check in"/, 30);
    await page.keyboard.press('Enter');

    // The question (waivers unsigned, money due) is answered by keyboard too.
    const question = await visible(page.getByRole('dialog', { name: 'Check in?' }));
    await visible(question.getByText('0 of 3 waivers signed: 3 players have not signed.'));
    await tabTo(page, /^- button "Check in anyway"/, 20);
    await page.keyboard.press('Enter');
    await visible(drawer.getByRole('button', { name: 'Checked in' }));
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.bookingId}`, undefined, VENUE)).body.presenceStatus).toBe('fully');
    // The block says it too, in its name and its mark.
    await visible(page.getByRole('button', { name: new RegExp(`${day.customerName}, checked in, 0 of 3 waivers signed`) }));

    // Escape closes the drawer; free lane time books by keyboard: Enter on it opens the booking form filled in.
    await page.keyboard.press('Escape');
    await page.getByTestId('booking-drawer').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: new RegExp(`^Free lane time 9:00 PM–10:00 PM, ${day.lane}`) }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/bookings/create');
    const query = new URL(page.url()).searchParams;
    expect([query.get('productId'), query.get('slotId'), query.get('laneId')]).toEqual([day.productId, day.later, day.lane]);
    await context.close();
  });

  // One test a view, each with the time four axe runs take on a loaded machine.
  for (const view of ['week', 'day', 'month', 'lanes'] as const) {
    test(
      `axe finds no serious or critical WCAG 2.1 A/AA violation on the calendar's ${view} view with the demo's bookings`,
      { timeout: 120_000 },
      async () => {
        const { page, context } = await browser.newPage();
        await signIn(page, 'owner@demo.test');
        const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE);
        const today = venueToday(venue.body.timezone);
        // The demo's first day from today with bookings on it (the demo books the next two weeks).
        const calendar = await apiAs(page, 'GET', `/api/private/product/calendar?from=${today}&to=${addDays(today, 13)}`, undefined, VENUE);
        const days = calendar.body.days as { dateIso: string; slots: { bookings: unknown[] }[] }[];
        const busy = days.find((d) => d.slots.some((s) => s.bookings.length > 0))?.dateIso;
        expect(busy).toBeDefined();
        await page.goto(`/calendar?view=${view}&date=${busy}`);
        // The demo's data drawn: slots in the slot views, bookings in the lane view.
        await visible(page.locator(view === 'lanes' ? '.lanebook-booking' : '.ec-event').first());
        // The library's table roles are gone; each block is a named button.
        expect(await page.locator('.lanebook-calendar [role="table"], .lanebook-calendar [role="row"]').count()).toBe(0);
        expect(await page.locator('.lanebook-calendar .ec-event[role="button"]').count()).toBeGreaterThan(0);
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `calendar-${view}-view`);
        await context.close();
      },
    );
  }
});
