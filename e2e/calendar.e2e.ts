import { describe, expect, test } from 'vitest';
import { addDays } from '@lanebook/core/calendar';
import { apiAs, screenshot, signIn, useBrowser, visible, productOnOwnLane } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

describe('calendar (issue 9)', () => {
  test('a weekly plan populated from the console, a slot cloned, a slot added on empty time, a non-working day closes the public dates, the lane day view', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');

    // A product of its own with one lane, bookable (not paused) so the public dates call answers for it.
    const { lane, name, productId, today } = await productOnOwnLane(page, VENUE, {
      lane: `Cal lane ${stamp}`,
      name: `E2E Calendar ${stamp}`,
      price: 2500,
      capacity: 4,
    });

    await page.goto('/calendar');
    await visible(page.locator('.ec'));

    // The weekly plan: 10:00-11:00 and 11:00-12:00 on one day, copied to every day; populated for two weeks.
    await page.getByRole('button', { name: 'Weekly plan', exact: true }).click();
    const plan = page.getByRole('dialog', { name: 'Weekly plan' });
    await plan.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await plan.getByRole('button', { name: 'Add row', exact: true }).click();
    await plan.getByLabel('From of row 1').fill('10:00');
    await plan.getByLabel('To of row 1').fill('11:00');
    await plan.getByRole('button', { name: 'Add row', exact: true }).click();
    await plan.getByLabel('From of row 2').fill('11:00');
    await plan.getByLabel('To of row 2').fill('12:00');
    await plan.getByRole('button', { name: 'Copy to every day', exact: true }).click();
    await visible(plan.getByLabel('From of row 14'));
    await plan.getByRole('button', { name: 'Save plan', exact: true }).click();
    await visible(page.getByText('Weekly plan saved'));
    await plan.getByLabel('Populate from').fill(today);
    await plan.getByLabel('Populate to').fill(addDays(today, 13));
    expect(await plan.getByTestId('populate-preview').textContent()).toMatch(/the plan makes \d+ slots on \d+ days/);
    await plan.getByRole('button', { name: 'Populate', exact: true }).click();
    const result = plan.getByTestId('populate-result');
    await visible(result);
    expect(await result.textContent()).toMatch(/Created (2[4-8]),/);
    await page.keyboard.press('Escape');

    // Plans are read back from the server: this product's 14 rows, and the plan the demo seeded for another.
    await page.getByRole('button', { name: 'Weekly plan', exact: true }).click();
    await plan.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await visible(plan.getByLabel('From of row 14'));
    await plan.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('option', { name: 'Axe Throwing 1 hour', exact: true }).click();
    await visible(plan.getByLabel('From of row 1', { exact: true }));
    expect(await plan.getByLabel('From of row 1', { exact: true }).inputValue()).toBe('10:00');
    await page.keyboard.press('Escape');

    // Only this product; next week is populated in full, each day's two slots merged into one range.
    await page.getByRole('combobox', { name: 'Products', exact: true }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
    const ranges = page.locator('.ec-event', { hasText: name });
    await visible(ranges.first());
    await screenshot(page, 'calendar-week');
    expect(await ranges.count()).toBe(7);
    expect(await ranges.first().textContent()).toContain('2 slots');
    expect(await ranges.first().textContent()).toContain('1 free / 0 taken');

    // Clone the first slot of a range to a day with no slots.
    const cloneDay = addDays(today, 20);
    await ranges.first().click();
    const drawer = page.getByRole('dialog', { name });
    await visible(drawer.getByTestId('slot-details').first());
    const first = drawer.getByTestId('slot-details').first();
    await first.getByLabel('Clone this slot to').fill(cloneDay);
    await first.getByRole('button', { name: 'Add date', exact: true }).click();
    await first.getByRole('button', { name: 'Clone this slot', exact: true }).click();
    await visible(page.getByText('Slot cloned to 1 day'));
    const cloned = await apiAs(
      page,
      'GET',
      `/api/private/product/calendar?from=${cloneDay}&to=${cloneDay}&productIds=${productId}`,
      undefined,
      VENUE,
    );
    expect(cloned.body.days.flatMap((d: { slots: unknown[] }) => d.slots)).toHaveLength(1);
    await page.keyboard.press('Escape');

    // Click on empty time: add a slot there (the times set in the form).
    const lastDay = page.locator('.ec-body .ec-day').last();
    const box = (await lastDay.boundingBox())!;
    await lastDay.click({ position: { x: box.width / 2, y: (box.height * 20.25) / 24 } });
    const addDialog = page.getByRole('dialog', { name: 'Add a slot' });
    await visible(addDialog);
    const addDate = await addDialog.getByLabel('Date').inputValue();
    await addDialog.getByLabel('From').fill('15:00');
    await addDialog.getByLabel('To').fill('16:00');
    await addDialog.getByRole('button', { name: 'Add slot', exact: true }).click();
    await visible(page.getByText('Slot added'));
    const day = await apiAs(
      page,
      'GET',
      `/api/private/product/calendar?from=${addDate}&to=${addDate}&productIds=${productId}`,
      undefined,
      VENUE,
    );
    expect(day.body.days.flatMap((d: { slots: { from: string }[] }) => d.slots.map((slot) => slot.from))).toEqual([
      '10:00',
      '11:00',
      '15:00',
    ]);
    await visible(page.locator('.ec-event', { hasText: '1 free / 0 taken' }).filter({ hasNotText: '2 slots' }));

    // A venue non-working day: the public dates call stops listing it. The public calls answer for a
    // live venue only: a superadmin makes the demo venue live for this part and puts it back after.
    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test');
    const venues = await apiAs(admin.page, 'GET', `/api/private/superadmin/venues?search=${VENUE}`);
    const statusBefore: string = venues.body.items.find((v: { id: string }) => v.id === VENUE).status;
    const setStatus = async (status: string) =>
      expect((await apiAs(admin.page, 'PATCH', `/api/private/superadmin/venues/${VENUE}`, { status })).status).toBe(200);
    const closed = addDays(today, 9);
    await setStatus('live');
    try {
      const month = closed.slice(0, 7);
      const datesOf = async () => {
        const answer = await apiAs(page, 'GET', `/api/public/product/${productId}/dates?month=${month}&playersCount=1`);
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        return answer.body.dates as string[];
      };
      expect(await datesOf()).toContain(closed);
      await page.getByRole('button', { name: 'Non-working days', exact: true }).click();
      const days = page.getByRole('dialog', { name: 'Non-working days' });
      await days.getByLabel('Date').fill(closed);
      await days.getByRole('button', { name: 'Mark as non-working day', exact: true }).click();
      await visible(page.getByText(`${closed} is a non-working day`));
      expect(await datesOf()).not.toContain(closed);
    } finally {
      await setStatus(statusBefore);
    }
    await admin.context.close();
    await page.keyboard.press('Escape');

    // The lane day view: the product's lane is a row, and today's booking on it a block naming the customer.
    const todays = await apiAs(
      page,
      'GET',
      `/api/private/product/calendar?from=${today}&to=${today}&productIds=${productId}`,
      undefined,
      VENUE,
    );
    const customer = `Lane Viewer ${stamp}`;
    const booked = await apiAs(
      page,
      'POST',
      '/api/private/booking',
      {
        productId,
        slots: [todays.body.days[0].slots[0].id],
        playersCount: 2,
        reservationInfo: { firstName: 'Lane', lastName: `Viewer ${stamp}`, email: 'lane.viewer@example.test', phone: '' },
      },
      VENUE,
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    // The calendar's own address (no view or date): the week of the venue's today (a reload would keep next week).
    await page.goto('/calendar');
    await visible(page.locator('.ec'));
    await page.getByText('Lane day view', { exact: true }).click();
    await visible(page.getByTestId('lane-view'));
    await visible(page.getByTestId('lane-view').getByText(lane, { exact: true }));
    // "today" is the venue's today, whatever the browser's date.
    // Three quick clicks are three days ahead (the date option never pulls the calendar back).
    const title = (date: string) =>
      new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    for (let i = 0; i < 3; i++) await page.getByRole('button', { name: 'Next day' }).click();
    await visible(page.locator('.ec-title', { hasText: title(addDays(today, 3)) }));
    await page.locator('.ec-toolbar button', { hasText: 'today' }).click();
    await visible(page.locator('.ec-title', { hasText: title(today) }));
    // The block leads with the customer, then the group and its status.
    const block = page.getByTestId('lane-view').locator('.lanebook-booking', { hasText: customer });
    await visible(block.getByText('2 players · Wait For Payment', { exact: false }));
    await screenshot(page, 'calendar-lanes');

    // Other browser tests share the venue: it works on that day again.
    expect((await apiAs(page, 'DELETE', `/api/private/calendar/non-working-days/${closed}`, undefined, VENUE)).status).toBe(200);
    await context.close();
  });

  test('staff (calendar.setNonWorkingDays only, by default) get no plan, add or slot edit controls', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test', { landOn: '/calendar' });
    await visible(page.locator('.ec'));
    await visible(page.getByRole('button', { name: 'Non-working days', exact: true }));
    expect(await page.getByRole('button', { name: 'Weekly plan', exact: true }).count()).toBe(0);
    // Empty time opens nothing for someone who may not add slots.
    const firstDay = page.locator('.ec-body .ec-day').first();
    const box = (await firstDay.boundingBox())!;
    // 2:15 AM: before any venue opens, so no booking of the demo's covers it, whatever day this runs.
    await firstDay.click({ position: { x: box.width / 2, y: (box.height * 2.25) / 24 } });
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Add a slot' }).count()).toBe(0);
    await context.close();
  });
});
