import { describe, expect, test } from 'vitest';
import { addDays, daysBetween } from '@lanebook/core/calendar';
import { apiAs, screenshot, signIn, useBrowser, visible, productOnOwnLane } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

describe('opening hours (issue 25)', () => {
  test('10:00-20:00 every 60 minutes, Monday to Sunday, written as hours, saved, kept populated 4 weeks ahead: the calendar has its slots', async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');

    // A product of its own on a lane of its own, on sale.
    const { name, productId, today } = await productOnOwnLane(page, VENUE, {
      lane: `Hours lane ${stamp}`,
      name: `E2E Hours ${stamp}`,
      price: 2500,
      capacity: 4,
    });

    await page.goto('/calendar');
    await visible(page.locator('.ec'));
    await page.getByRole('button', { name: 'Weekly plan', exact: true }).click();
    const plan = page.getByRole('dialog', { name: 'Weekly plan' });
    await plan.getByRole('combobox', { name: 'Product', exact: true }).click();
    await page.getByRole('option', { name, exact: true }).click();

    // The hours: Monday 10:00 to 20:00, the same every day, hour-long slots every hour.
    const monday = plan.getByLabel('Open on Monday');
    if (!(await monday.isChecked())) await monday.check();
    await plan.getByLabel('Monday opens', { exact: true }).fill('10:00');
    await plan.getByLabel('Monday closes', { exact: true }).fill('20:00');
    await plan.getByRole('button', { name: 'Same hours every day', exact: true }).click();
    for (const day of ['Sunday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      expect(await plan.getByLabel(`Open on ${day}`).isChecked()).toBe(true);
      expect(await plan.getByLabel(`${day} closes`, { exact: true }).inputValue()).toBe('20:00');
    }
    await plan.getByLabel('Slot length (minutes)').fill('60');
    await plan.getByLabel('A slot starts every (minutes)').fill('60');
    expect(await plan.getByTestId('opening-hours-summary').textContent()).toContain('These hours make 70 slots a week');
    // A step shorter than the slot is refused before anything is sent.
    await plan.getByLabel('A slot starts every (minutes)').fill('30');
    expect(await visible(plan.getByTestId('opening-hours-problems')).then((l) => l.textContent())).toContain('at least the slot length');
    await plan.getByLabel('A slot starts every (minutes)').fill('60');
    await plan.getByRole('button', { name: 'Make rows', exact: true }).click();
    expect(await visible(plan.getByTestId('plan-rows-summary')).then((l) => l.textContent())).toBe('70 rows, made from the opening hours.');

    const saving = Date.now();
    await plan.getByRole('button', { name: 'Save plan', exact: true }).click();
    await visible(page.getByText('Weekly plan saved'));
    console.log(`opening hours e2e: saving the 70-row plan took ${Date.now() - saving} ms (click to the saved notice)`);
    const groups = await apiAs(page, 'GET', `/api/private/product/${productId}/slot-groups`, undefined, VENUE);
    const group = groups.body.items[0];
    expect(group.templates).toHaveLength(70);
    expect(group.openingHours).toMatchObject({ slotMinutes: 60, stepMinutes: 60 });
    expect(group.openingHours.days).toHaveLength(7);

    // Kept populated four weeks ahead: populated at once, no end date.
    await plan.getByLabel('Weeks ahead').fill('4');
    await plan.getByRole('button', { name: 'Keep populated', exact: true }).click();
    await visible(page.getByText('Kept populated 4 weeks ahead'));
    const result = await visible(plan.getByTestId('populate-result'));
    const last = addDays(today, 27);
    await visible(plan.getByTestId('keep-populated-status').filter({ hasText: `through ${last}` }));
    await screenshot(page, 'opening-hours-plan');

    // Counted through the API: ten slots on each of the 28 days the venue is open, 10:00 to 20:00.
    const calendar = await apiAs(
      page,
      'GET',
      `/api/private/product/calendar?from=${today}&to=${last}&productIds=${productId}`,
      undefined,
      VENUE,
    );
    expect(calendar.status).toBe(200);
    const closed = (calendar.body.nonWorkingDays as string[]).filter((d) => d >= today && d <= last).length;
    const openDays = daysBetween(today, last) + 1 - closed;
    const days = calendar.body.days as { dateIso: string; slots: { from: string; to: string }[] }[];
    const slots = days.flatMap((d) => d.slots);
    expect(slots).toHaveLength(openDays * 10);
    expect(await result.textContent()).toContain(`Created ${openDays * 10},`);
    for (const day of days.filter((d) => d.slots.length)) {
      expect(day.slots.map((s) => s.from)).toEqual([
        '10:00',
        '11:00',
        '12:00',
        '13:00',
        '14:00',
        '15:00',
        '16:00',
        '17:00',
        '18:00',
        '19:00',
      ]);
      expect(day.slots.at(-1)!.to).toBe('20:00');
    }
    await page.keyboard.press('Escape');

    // The calendar shows them: next week, each open day one range of ten slots.
    await page.getByRole('combobox', { name: 'Products', exact: true }).click();
    await page.getByRole('option', { name, exact: true }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Next week', exact: true }).click();
    const ranges = page.locator('.ec-event', { hasText: name });
    await visible(ranges.first());
    expect(await ranges.first().textContent()).toContain('10 slots');
    await screenshot(page, 'opening-hours-calendar');
  }, 150_000);
});
