import { describe, expect, test } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { formatPhone } from '@lanebook/core/phone';
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

/**
 * A lane of its own with a waiver, on a day no other test books: a group of four on two slots
 * in a row (17:00 to 19:00, room for the whole name), checked in; a group of three with a long
 * name and a long email on one slot at 20:00.
 */
async function glanceDay(page: Page, stamp: string) {
  const { lane, productId, today, addSlot } = await productOnOwnLane(page, VENUE, {
    lane: `Glance lane ${stamp}`,
    name: `E2E Glance ${stamp}`,
    price: 2000,
    maxPlayers: 8,
    waiverTitle: `Glance waiver ${stamp}`,
  });
  const date = addDays(today, 45 + (parseInt(stamp, 36) % 200));
  const twoHours = [await addSlot(date, '17:00', '18:00'), await addSlot(date, '18:00', '19:00')];
  const oneHour = await addSlot(date, '20:00', '21:00');
  const book = async (slots: string[], playersCount: number, reservationInfo: Record<string, string>) => {
    const answer = await apiAs(page, 'POST', '/api/private/booking', { productId, slots, playersCount, reservationInfo }, VENUE);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body as { id: string; bookingReference: string; registrationCode: string };
  };
  const short = { name: `Ada Short${stamp}`, email: `ada.${stamp}@example.test` };
  const long = {
    name: `Maximiliane Oberhollenzer-Featherstonehaugh${stamp}`,
    email: `maximiliane.oberhollenzer-featherstonehaugh.${stamp}@a-very-long-company-domain-name.example.test`,
    phone: '+15557654321',
  };
  const shortBooking = await book(twoHours, 4, { firstName: 'Ada', lastName: `Short${stamp}`, email: short.email, phone: '' });
  const longBooking = await book([oneHour], 3, {
    firstName: 'Maximiliane',
    lastName: `Oberhollenzer-Featherstonehaugh${stamp}`,
    email: long.email,
    phone: long.phone,
  });
  const checkedIn = await apiAs(page, 'POST', `/api/private/booking/${shortBooking.id}/presence`, { presenceStatus: 'fully' }, VENUE);
  expect(checkedIn.status, JSON.stringify(checkedIn.body)).toBe(200);
  return { lane, date, addSlot, book, short: { ...short, booking: shortBooking }, long: { ...long, booking: longBooking } };
}

/** An element's content is wider than its box (cut off). */
const isClipped = (element: Locator) => element.evaluate((el) => el.scrollWidth > el.clientWidth + 1);

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
    // A box once the element is laid out: the calendar draws again as its data arrives, and a block between two draws has none.
    const boxOf = async (locator: Locator) => {
      for (const deadline = Date.now() + 15_000; ; await page.waitForTimeout(50)) {
        const box = await locator.boundingBox();
        if (box) return box;
        if (Date.now() > deadline) throw new Error(`${locator} has no box on screen`);
      }
    };
    const rowOf = (lane: string) => boxOf(page.getByTestId('lane-view').locator('.ec-sidebar').getByText(lane, { exact: true }));
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
    const start = await boxOf(block);
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
    const placed = await boxOf(moved);
    expect(centre(placed).y).toBeGreaterThan(row.y);
    expect(centre(placed).y).toBeLessThan(row.y + row.height);

    // Dragged an hour later on the same lane, onto the 9 PM group: refused by the server, back in place, the reason said.
    await drag(centre(placed), { x: centre(placed).x + placed.width, y: centre(placed).y });
    const refused = await visible(page.getByRole('dialog', { name: 'Move booking' }).getByTestId('move-refused'));
    expect((await refused.textContent())!.length).toBeGreaterThan('Not moved'.length);
    await expect.poll(async () => Math.round((await laneBlock(page, day.customerName).boundingBox())!.x)).toBe(Math.round(placed.x));
    await screenshot(page, 'desk-lane-drag-refused');
    await page.getByRole('dialog', { name: 'Move booking' }).getByRole('button', { name: 'Close', exact: true }).click();
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
    await signIn(page, 'owner@demo.test', { landOn: '/calendar?view=nonsense&date=2026-02-31' });
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

  test('a block leads with the whole name where it fits, marks checked in and waivers signed, and says it all on hover and focus; the lane search marks what it finds', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await glanceDay(page, stamp);
    await page.goto(`/calendar?view=lanes&date=${day.date}`);

    // Two hours wide: the whole name, the checked-in mark and the signatures of the players.
    const wide = await visible(laneBlock(page, day.short.name));
    const lead = wide.locator('.lanebook-block-lead');
    expect(await lead.textContent()).toBe(day.short.name);
    expect(await isClipped(lead)).toBe(false);
    expect(await wide.locator('.lanebook-mark-presence').textContent()).toBe('Checked in');
    expect(await wide.locator('.lanebook-mark-waivers').textContent()).toBe('0/4 signed');
    // One hour wide and a long name: it leads the block, and hovering shows all of it.
    const narrow = await visible(laneBlock(page, day.long.name));
    expect(await narrow.locator('.lanebook-block-lead').textContent()).toBe(day.long.name);
    expect(await narrow.locator('.lanebook-mark-waivers').textContent()).toBe('0/3 signed');
    expect(await narrow.locator('.lanebook-mark-presence').count()).toBe(0);
    await narrow.hover();
    const hint = page.getByTestId('block-hint');
    expect(await (await visible(hint)).textContent()).toContain(`${day.long.name} · 0/3 signed · 3 players`);
    await screenshot(page, 'desk-lane-block-hint');
    // The keyboard's focus shows it too, and the block's name says it for screen readers.
    await page.mouse.move(0, 0);
    await hint.waitFor({ state: 'detached' });
    await narrow.focus();
    expect(await (await visible(hint)).textContent()).toContain(day.long.name);
    expect(await narrow.locator('.lanebook-sr-only').textContent()).toContain(`${day.long.name}, 0 of 3 waivers signed, 3 players`);
    expect(await wide.locator('.lanebook-sr-only').textContent()).toContain(`${day.short.name}, checked in, 0 of 4 waivers signed`);

    // The lane view's search: by the start of an email, the booking found is marked and the others step back.
    await page.getByRole('searchbox', { name: 'Find on this day' }).fill(day.long.email.split('@')[0]!);
    await expect.poll(() => narrow.getAttribute('class')).toContain('lanebook-found');
    expect(await wide.getAttribute('class')).toContain('lanebook-not-found');
    expect(await page.getByTestId('lane-search-status').textContent()).toBe('1 found on this day, marked; Enter moves to the first.');
    await page.keyboard.press('Enter');
    await expect.poll(() => narrow.evaluate((el) => el === document.activeElement)).toBe(true);
    // By the registration code: the other one.
    await page.getByRole('searchbox', { name: 'Find on this day' }).fill(day.short.booking.registrationCode);
    await expect.poll(() => wide.getAttribute('class')).toContain('lanebook-found');
    await page.getByRole('searchbox', { name: 'Find on this day' }).fill('');
    await expect.poll(() => wide.getAttribute('class')).not.toMatch(/lanebook-(found|not-found)/);
    await context.close();
  });

  test("the header's search finds a booking from any page by name, email, phone or reference, and opens it", async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await glanceDay(page, stamp);
    await page.goto('/settings/profile');
    await visible(page.getByRole('heading', { level: 1 }));
    const search = async (text: string) => {
      await page.getByRole('button', { name: 'Search bookings' }).click();
      const dialog = await visible(page.getByRole('dialog', { name: 'Find a booking' }));
      await dialog.getByRole('searchbox', { name: 'Name, email, phone or reference' }).fill(text);
      return dialog;
    };
    // By the whole name: picked from the results, the booking opens.
    let dialog = await search(day.long.name);
    await (await visible(dialog.getByTestId('found-booking').filter({ hasText: day.long.name }))).click();
    await atPath(page, `/bookings/${day.long.booking.id}/view`);
    await screenshot(page, 'header-search-opened');
    // By the reference, from another page: Enter opens the first found.
    await page.goto('/bookings');
    await visible(page.getByTestId('booking-row'));
    dialog = await search(day.short.booking.bookingReference);
    await visible(dialog.getByTestId('found-booking').filter({ hasText: day.short.name }));
    await page.keyboard.press('Enter');
    await atPath(page, `/bookings/${day.short.booking.id}/view`);
    // By the phone's last digits and by the email's start, with "/" from the keyboard.
    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    await visible(laneBlock(page, day.short.name));
    await page.keyboard.press('/');
    dialog = await visible(page.getByRole('dialog', { name: 'Find a booking' }));
    await dialog.getByRole('searchbox').fill('(555) 765-4321');
    await visible(dialog.getByTestId('found-booking').filter({ hasText: day.long.name }));
    await dialog.getByRole('searchbox').fill(day.short.email.slice(0, 12));
    await visible(dialog.getByTestId('found-booking').filter({ hasText: day.short.name }));
    await dialog.getByTestId('found-booking').filter({ hasText: day.short.name }).click();
    await atPath(page, `/bookings/${day.short.booking.id}/view`);
    await context.close();
  });

  test('at 390 px the grid starts on the first screen (the header, filters and legend fold), and the drawer does not cut the email', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const day = await glanceDay(page, stamp);
    await page.goto(`/calendar?view=lanes&date=${day.date}`);
    await visible(laneBlock(page, day.long.name));
    // The header keeps every control on the screen, Search bookings included.
    for (const name of ['Search bookings', 'Profile', 'Log out']) {
      const control = (await visible(page.getByRole('banner').getByRole(name === 'Profile' ? 'link' : 'button', { name }))).boundingBox();
      const box = (await control)!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width, name).toBeLessThanOrEqual(390);
    }
    // The first lane's row is on the first screen, unscrolled.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    const firstRow = (await page.getByTestId('lane-view').locator('.ec-body .ec-sidebar > *').first().boundingBox())!;
    expect(firstRow.y).toBeGreaterThan(0);
    expect(firstRow.y + firstRow.height).toBeLessThanOrEqual(844);
    // The legend and the filters are behind one button.
    const legend = page.getByTestId('calendar-legend');
    expect(await legend.isVisible()).toBe(false);
    await screenshot(page, 'desk-lane-view-phone-folded');
    const fold = page.getByRole('button', { name: 'Filters and legend' });
    expect(await fold.getAttribute('aria-expanded')).toBe('false');
    await fold.click();
    await visible(legend);
    await visible(page.getByRole('combobox', { name: 'Products', exact: true }));
    await page.getByRole('button', { name: 'Hide filters and legend' }).click();
    expect(await legend.isVisible()).toBe(false);

    // The drawer: the long email wraps inside it; the phones are written as the venue writes them.
    await laneBlock(page, day.long.name).click();
    const drawer = await visible(page.getByTestId('booking-drawer'));
    const email = drawer.getByTestId('drawer-email');
    expect(await email.textContent()).toBe(day.long.email);
    expect(await isClipped(email)).toBe(false);
    const emailBox = (await email.boundingBox())!;
    expect(emailBox.x + emailBox.width).toBeLessThanOrEqual(390);
    expect(await drawer.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body as { phone: string; country: string };
    expect(await drawer.getByTestId('drawer-phone').textContent()).toBe(formatPhone(day.long.phone, venue.country));
    // The demo venue's phone is stored E.164 (+1 212 ...): the drawer writes it as the venue's country does.
    expect(venue.phone).toMatch(/^\+1/);
    expect(await drawer.getByTestId('drawer-venue-phone').textContent()).toBe(formatPhone(venue.phone, venue.country));
    await screenshot(page, 'desk-drawer-phone');

    // A walk-in who gave neither email nor phone: the drawer says so rather than show an empty column.
    await day.book([await day.addSlot(day.date, '14:00', '15:00')], 1, { firstName: `Walkin${stamp}`, lastName: '', email: '', phone: '' });
    await page.keyboard.press('Escape');
    await page.reload();
    await laneBlock(page, `Walkin${stamp}`).click();
    const walkInDrawer = await visible(page.getByTestId('booking-drawer'));
    expect(await walkInDrawer.getByTestId('drawer-no-contact').textContent()).toBe('Not given');
    expect(await walkInDrawer.getByTestId('drawer-email').count()).toBe(0);
    await context.close();
  });
});
