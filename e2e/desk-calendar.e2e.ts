import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { apiAs, atPath, screenshot, signIn, useBrowser, visible, productOnOwnLane } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

/**
 * A lane and a product of their own, with a waiver, and on a day far enough ahead that no other
 * test books it: a free 20:00 slot and a free 21:00 slot; a group of three booked at 20:00 (8 PM).
 */
async function eveningDay(page: Page, stamp: string) {
  const { lane, name, productId, today, addSlot } = await productOnOwnLane(page, VENUE, {
    lane: `Desk lane ${stamp}`,
    name: `E2E Desk ${stamp}`,
    price: 2000,
    maxPlayers: 8,
    waiverTitle: `Desk waiver ${stamp}`,
  });
  const date = addDays(today, 40 + (parseInt(stamp, 36) % 200));
  const slot = (from: string, to: string) => addSlot(date, from, to);
  const evening = await slot('20:00', '21:00');
  const later = await slot('21:00', '22:00');
  const customer = { firstName: 'Evening', lastName: `Group ${stamp}` };
  const booked = await apiAs(
    page,
    'POST',
    '/api/private/booking',
    {
      productId,
      slots: [evening],
      playersCount: 3,
      reservationInfo: { ...customer, email: `evening.${stamp}@example.test`, phone: '' },
    },
    VENUE,
  );
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  return {
    lane,
    name,
    productId,
    today,
    date,
    later,
    customerName: `${customer.firstName} ${customer.lastName}`,
    booking: booked.body as { id: string; registrationCode: string },
  };
}

/** Where an element sits against the lane view's scroller: inside its visible part, right of the fixed lane names. */
async function placeInScroller(page: Page, element: Locator) {
  const box = (await element.boundingBox())!;
  const scroller = (await page.getByTestId('lane-view').locator('.ec-main').boundingBox())!;
  const names = (await page.getByTestId('lane-view').locator('.ec-body .ec-sidebar').boundingBox())!;
  return { box, scroller, names };
}

const laneBlock = (page: Page, customerName: string) =>
  page.getByTestId('lane-view').locator('.lanebook-booking', { hasText: customerName });

describe('the desk calendar (issue 23)', () => {
  test('a deep link opens the lane view on the evening booking; the drawer checks it in after the waiver warning; free lane time starts a booking', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await eveningDay(page, stamp);

    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    const block = await visible(laneBlock(page, day.customerName));
    // The legend is the booking statuses, not slot availability.
    const legend = page.getByTestId('calendar-legend');
    for (const status of ['New', 'Wait For Payment', 'Paid']) await visible(legend.getByText(status, { exact: true }));
    expect(await legend.getByText('Available', { exact: false }).count()).toBe(0);

    // Opened scrolled to the day's first booking, 8 PM: the block is in the scroller's visible part.
    await page.waitForFunction(() => (document.querySelector('[data-testid="lane-view"] .ec-main')?.scrollLeft ?? 0) > 0);
    const { box, scroller, names } = await placeInScroller(page, block);
    expect(box.x).toBeGreaterThanOrEqual(names.x + names.width - 1);
    expect(box.x + box.width).toBeLessThanOrEqual(scroller.x + scroller.width);
    await screenshot(page, 'desk-lane-view-evening');

    // The whole day is there: scrolled to its start, the first hour is midnight.
    const firstHour = await page.evaluate(() => {
      const main = document.querySelector('[data-testid="lane-view"] .ec-main')!;
      const before = main.scrollLeft;
      main.scrollLeft = 0;
      const label = main.querySelector('.ec-header .ec-slots time')?.getAttribute('datetime');
      main.scrollLeft = before;
      return label;
    });
    expect(firstHour).toBe(`${day.date}T00:00:00`);

    // The drawer: who, what, waivers and money.
    await block.click();
    const drawer = await visible(page.getByTestId('booking-drawer'));
    expect(await drawer.getByTestId('drawer-code').textContent()).toBe(day.booking.registrationCode);
    expect(await drawer.getByTestId('drawer-customer').textContent()).toBe(day.customerName);
    expect(await drawer.getByTestId('drawer-waivers').textContent()).toBe('0 of 3');
    expect(await drawer.getByTestId('drawer-due').textContent()).toBe('$60.00');
    expect(await drawer.getByTestId('drawer-status').textContent()).toBe('Wait For Payment');
    await visible(drawer.getByText(day.lane, { exact: true }));
    await visible(drawer.getByText(day.name, { exact: true }));
    // The venue's formats: 12-hour times.
    await visible(drawer.getByText('8:00 PM – 9:00 PM', { exact: false }));
    await visible(drawer.getByRole('link', { name: 'Collect' }));
    await visible(drawer.getByRole('link', { name: 'Open booking' }));

    // Check in asks first, naming what is missing, and offers Collect and the waiver link.
    await drawer.getByRole('button', { name: 'Check in', exact: true }).click();
    const question = await visible(page.getByRole('dialog', { name: 'Check in?' }));
    await visible(question.getByText('0 of 3 waivers signed: 3 players have not signed.'));
    await visible(question.getByText('$60.00 is still due.'));
    await visible(question.getByRole('link', { name: 'Collect' }));
    await visible(question.getByRole('button', { name: 'Copy waiver link' }));
    await screenshot(page, 'desk-check-in-warning');
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.presenceStatus).toBe('no');
    await question.getByRole('button', { name: 'Check in anyway' }).click();
    await visible(drawer.getByRole('button', { name: 'Checked in' }));
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.presenceStatus).toBe('fully');
    await page.keyboard.press('Escape');
    await page.getByTestId('booking-drawer').waitFor({ state: 'detached' });

    // Free lane time (9:30 PM on the lane, right of the 8 PM block) starts a booking with product, slot and lane filled in.
    const after = (await laneBlock(page, day.customerName).boundingBox())!;
    await page.mouse.click(after.x + after.width * 1.5, after.y + after.height / 2);
    await atPath(page, '/bookings/create');
    const query = new URL(page.url()).searchParams;
    expect([query.get('productId'), query.get('slotId'), query.get('laneId')]).toEqual([day.productId, day.later, day.lane]);
    // The form takes them: the product, the slot's time, the lane, and no notice of anything left out.
    await visible(page.getByTestId('slot-choices'));
    expect(await page.getByRole('combobox', { name: /^Product/ }).inputValue()).toBe(day.name);
    await visible(page.getByText('9:00 PM–10:00 PM', { exact: false }));
    await visible(page.getByText(day.lane, { exact: true }));
    expect(await page.getByTestId('prefill-notice').count()).toBe(0);
    await context.close();
  });

  test('dragging a booking to another lane asks the move with its price and saves it; a refused drop goes back with the reason; one lane free says Available', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await eveningDay(page, stamp);
    // A second lane for the product, and a group at 9 PM on it: the refused drop's obstacle.
    const second = `Desk lane B ${stamp}`;
    expect((await apiAs(page, 'POST', '/api/private/resources', { id: second, capacity: 8 }, VENUE)).status).toBe(201);
    const lanes = await apiAs(page, 'PATCH', `/api/private/products/${day.productId}`, { resources: [day.lane, second] }, VENUE);
    expect(lanes.status, JSON.stringify(lanes.body)).toBe(200);
    const blocker = await apiAs(
      page,
      'POST',
      '/api/private/booking',
      {
        productId: day.productId,
        slots: [day.later],
        playersCount: 2,
        resourceIds: [second],
        reservationInfo: { firstName: 'Late', lastName: `Group ${stamp}`, email: `late.${stamp}@example.test`, phone: '' },
      },
      VENUE,
    );
    expect(blocker.status, JSON.stringify(blocker.body)).toBe(201);

    // The day view of the slots: each slot has one of its two lanes free, and says Available, never "Almost full".
    await page.goto(`/calendar?view=day&date=${day.date}`);
    const slotBlocks = page.getByTestId('slot-view').locator('.ec-event', { hasText: day.name });
    await visible(slotBlocks);
    expect(await slotBlocks.count()).toBe(2);
    for (const text of await slotBlocks.allTextContents()) expect(text).toContain('1 free / 1 taken · Available');

    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    await page.getByRole('combobox', { name: 'Products', exact: true }).click();
    await page.getByRole('option', { name: day.name, exact: true }).click();
    await page.keyboard.press('Escape');
    const block = await visible(laneBlock(page, day.customerName));
    const rowOf = async (lane: string) =>
      (await page.getByTestId('lane-view').locator('.ec-sidebar').getByText(lane, { exact: true }).boundingBox())!;
    const drag = async (from: { x: number; y: number }, to: { x: number; y: number }) => {
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(from.x + (to.x - from.x) / 2, from.y + (to.y - from.y) / 2, { steps: 5 });
      await page.mouse.move(to.x, to.y, { steps: 5 });
      await page.mouse.up();
    };
    const centre = (box: { x: number; y: number; width: number; height: number }) => ({
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });

    const evening = (await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.slotIds;
    // Dragged from its lane to the second lane at the same time: the edit form's question, with the quote.
    const start = (await block.boundingBox())!;
    const secondRow = await rowOf(second);
    await drag(centre(start), { x: centre(start).x, y: secondRow.y + secondRow.height / 2 });
    const question = await visible(page.getByRole('dialog', { name: 'Move booking' }));
    const move = question.getByTestId('booking-move');
    await visible(move);
    expect(await move.textContent()).toContain(`8:00 PM–9:00 PM, ${day.lane} to `);
    expect(await move.textContent()).toContain(`8:00 PM–9:00 PM, ${second}`);
    await visible(question.getByTestId('booking-total').getByText('Total $60.00'));
    expect(await question.getByTestId('booking-difference').textContent()).toBe('To collect after the change: $60.00');
    await screenshot(page, 'desk-lane-drag-question');
    // Nothing is saved before Move.
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.resourceIds).toEqual([day.lane]);
    await question.getByRole('button', { name: 'Move booking' }).click();
    await visible(page.getByText('Booking moved: collect $60.00'));
    await question.waitFor({ state: 'detached' });
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.resourceIds).toEqual([second]);

    // After a reload it is on the second lane.
    await page.reload();
    await page.getByRole('combobox', { name: 'Products', exact: true }).click();
    await page.getByRole('option', { name: day.name, exact: true }).click();
    await page.keyboard.press('Escape');
    const moved = await visible(laneBlock(page, day.customerName));
    const row = await rowOf(second);
    const placed = (await moved.boundingBox())!;
    expect(centre(placed).y).toBeGreaterThan(row.y);
    expect(centre(placed).y).toBeLessThan(row.y + row.height);

    // Dragged an hour later on the same lane, onto the 9 PM group: refused by the server, back in place, the reason said.
    await drag(centre(placed), { x: centre(placed).x + placed.width, y: centre(placed).y });
    const refused = await visible(page.getByRole('dialog', { name: 'Move booking' }).getByTestId('move-refused'));
    expect((await refused.textContent())!.length).toBeGreaterThan('Not moved'.length);
    await expect.poll(async () => Math.round((await laneBlock(page, day.customerName).boundingBox())!.x)).toBe(Math.round(placed.x));
    await screenshot(page, 'desk-lane-drag-refused');
    await page.getByRole('dialog', { name: 'Move booking' }).getByRole('button', { name: 'Close' }).click();
    const kept = (await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body;
    expect([kept.resourceIds, kept.slotIds]).toEqual([[second], evening]);
    await context.close();
  });

  test('the booking page asks the same before a check-in chosen in Presence', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await eveningDay(page, stamp);
    await page.goto(`/bookings/${day.booking.id}/view`);
    await page.getByRole('combobox', { name: /^Presence/ }).click();
    await page.getByRole('option', { name: 'Checked In', exact: true }).click();
    const question = await visible(page.getByRole('dialog', { name: 'Check in?' }));
    await visible(question.getByText('0 of 3 waivers signed: 3 players have not signed.'));
    await visible(question.getByText('$60.00 is still due.'));
    // Closing the question checks no one in.
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.presenceStatus).toBe('no');
    await page.getByRole('combobox', { name: /^Presence/ }).click();
    await page.getByRole('option', { name: 'Checked In', exact: true }).click();
    await page.getByRole('dialog', { name: 'Check in?' }).getByRole('button', { name: 'Check in anyway' }).click();
    await visible(page.getByText('Presence changed'));
    expect((await apiAs(page, 'GET', `/api/private/booking/${day.booking.id}`, undefined, VENUE)).body.presenceStatus).toBe('fully');
    await context.close();
  });

  test('changing the view or the date updates the address; a bad address opens the default view', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await page.goto('/calendar?view=nonsense&date=2026-02-31');
    await visible(page.getByTestId('slot-view').locator('.ec-time-grid'));
    // The week view (the default), on the venue's today, and the address says so.
    await page.waitForURL((url) => url.searchParams.get('view') === 'week');
    const today = new URL(page.url()).searchParams.get('date')!;
    expect(today).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    await page.getByText('Lane day view', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'lanes' && url.searchParams.get('date') === today);
    await page.getByRole('button', { name: 'Next day' }).click();
    await page.waitForURL((url) => url.searchParams.get('date') === addDays(today, 1));
    await page.getByText('Slots', { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'week');
    await page.locator('.ec-toolbar button', { hasText: 'Month' }).click();
    await page.waitForURL((url) => url.searchParams.get('view') === 'month');
    // A reload keeps the view.
    await page.reload();
    await visible(page.locator('.ec-day-grid'));
    expect(new URL(page.url()).searchParams.get('view')).toBe('month');
    await context.close();
  });

  test('staff, without the dashboard, land on today lane view after sign-in and on /', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test');
    await atPath(page, '/calendar');
    const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE);
    const today = venueToday(venue.body.timezone);
    await page.waitForURL((url) => url.searchParams.get('view') === 'lanes' && url.searchParams.get('date') === today);
    await visible(page.getByTestId('lane-view'));
    await page.goto('/');
    await atPath(page, '/calendar');
    expect(new URL(page.url()).searchParams.get('view')).toBe('lanes');
    await context.close();
  });

  test('on a phone the lane view scrolls sideways with the lane names fixed', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await eveningDay(page, stamp);
    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    await visible(laneBlock(page, day.customerName));
    const laneName = page.getByTestId('lane-view').locator('.ec-body .ec-sidebar').getByText(day.lane, { exact: true });
    await laneName.scrollIntoViewIfNeeded();
    const scrolledBy = async (left: number) => {
      await page.evaluate((to) => {
        document.querySelector('[data-testid="lane-view"] .ec-main')!.scrollLeft = to;
      }, left);
      return page.evaluate(() => document.querySelector('[data-testid="lane-view"] .ec-main')!.scrollLeft);
    };
    for (const left of [0, 600, 1800]) {
      expect(await scrolledBy(left)).toBe(left);
      const name = (await laneName.boundingBox())!;
      // In sight at the left edge of the screen, whatever the scroll.
      expect(name.x).toBeGreaterThanOrEqual(0);
      expect(name.x + name.width).toBeLessThanOrEqual(390);
    }
    // The page itself does not scroll sideways: the lane view does.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'desk-lane-view-phone');
    await context.close();
  });
});
