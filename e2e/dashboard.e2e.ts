import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { formatMoney } from '@lanebook/core/format';
import type { CashUp, Statistics, StatisticsFigures } from '@lanebook/core/statistics-schemas';
import { apiAs, atPath, bookableProduct, bookTwoPlayers, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

const MONEY = ['grossRevenue', 'refundedAmount', 'netRevenue', 'taxesAmount'] as const;
const COUNTS = ['bookingsCount', 'cancelledBookings', 'refundedBookings'] as const;
const RATES = ['bounceRate', 'occupancyRate'] as const;
type Figure = (typeof MONEY)[number] | (typeof COUNTS)[number] | (typeof RATES)[number];

/** A figure as the dashboard writes it in the demo venue's formats ('${{amount}}'). */
function shown(key: Figure, value: number): string {
  if ((MONEY as readonly string[]).includes(key)) return formatMoney(value);
  if ((RATES as readonly string[]).includes(key)) return `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;
  return value.toLocaleString('en-US');
}

async function statistics(page: Page, query: string): Promise<Statistics> {
  const answer = await apiAs(page, 'GET', `/api/private/statistics?${query}`, undefined, VENUE);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body as Statistics;
}

/** Waits until every figure tile shows the answer's figure (the page refetches on its own: no reload). */
async function tilesShow(page: Page, stats: StatisticsFigures) {
  for (const key of [...MONEY, ...COUNTS, ...RATES]) {
    const figure = page.getByTestId(`tile-${key}`).getByTestId('tile-figure');
    await figure.filter({ hasText: new RegExp(`^${escape(shown(key, stats[key]))}$`) }).waitFor({ timeout: 15_000 });
  }
  for (const source of ['online', 'phone', 'walkIn'] as const)
    await page
      .getByTestId(`source-${source}`)
      .filter({ hasText: new RegExp(`: ${stats.bookingSource[source].toLocaleString('en-US')}$`) })
      .waitFor();
}

const isEqual = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const HOSTILE = 'Dana <img src=x onerror="window.__xss=1">';
/** A venue date (YYYY-MM-DD) as the demo venue writes it, MM/DD/YY. */
const venueFormat = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(2, 4)}`;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The dashboard's period and product are native selects. */
async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).selectOption({ label: option });
}

describe('the owner dashboard (issue 24)', () => {
  test('every tile shows the demo venue figures; the period and the date field change them; a tile opens its chart and list', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');

    // The default: today, by the date the bookings were made.
    const today = await statistics(page, 'period=today&dateField=createdAt');
    await tilesShow(page, today.stats);
    for (const key of [...MONEY, ...COUNTS, ...RATES, 'bookingSource'])
      await visible(page.getByTestId(`tile-${key}`).getByTestId('tile-definition'));
    await visible(page.getByTestId('dashboard-updated'));
    // Refresh asks the server to compute anew rather than answer from its cache.
    const [refreshed] = await Promise.all([
      page.waitForResponse((response) => response.url().includes('/api/private/statistics?') && response.url().includes('refresh=1')),
      page.getByRole('button', { name: 'Refresh' }).click(),
    ]);
    expect(refreshed.status()).toBe(200);

    // Each tile says what it counts.
    await page.getByTestId('tile-grossRevenue').getByTestId('tile-definition').hover();
    await visible(page.getByRole('tooltip').getByText(/^Payments received for/));

    // A period whose figures differ from today's and, for the demo's bookings, by the date field
    // too (they were made over the last two weeks for events over the last and next two).
    const PERIODS = { thisWeek: 'This week', week: 'Last week', thisMonth: 'This month', month: 'Last month', thisYear: 'This year' };
    let chosen: { period: keyof typeof PERIODS; made: Statistics; byEvent: Statistics } | undefined;
    for (const period of Object.keys(PERIODS) as (keyof typeof PERIODS)[]) {
      const made = await statistics(page, `period=${period}&dateField=createdAt`);
      const byEvent = await statistics(page, `period=${period}&dateField=date`);
      if (made.stats.bookingsCount > 0 && !isEqual(made.stats, today.stats) && !isEqual(made.stats, byEvent.stats)) {
        chosen = { period, made, byEvent };
        break;
      }
    }
    expect(chosen, 'a period of the demo data whose figures differ by period and date field').toBeDefined();
    const { period, made, byEvent } = chosen!;
    await choose(page, 'Period', PERIODS[period]);
    await page.waitForURL(new RegExp(`period=${period}`));
    await tilesShow(page, made.stats);
    // The beyond-the-spec sections, from the server's answers.
    for (const section of ['Busy hours', 'Next 14 days', 'Revenue by product', 'Revenue by payment method'])
      await visible(page.getByRole('region', { name: section }));
    await visible(page.getByTestId('occupancy-heatmap'));
    await visible(page.getByTestId('ahead-revenue'));
    await screenshot(page, 'dashboard-period');

    await page.getByText('Event date', { exact: true }).click();
    await page.waitForURL(/dateField=date/);
    await tilesShow(page, byEvent.stats);

    // Back to the date the bookings were made; the Bookings tile's page: its chart per bucket,
    // and the bookings behind the figure, adding up to it.
    await page.getByText('Booking made', { exact: true }).click();
    await tilesShow(page, made.stats);
    await page.getByTestId('tile-bookingsCount').getByRole('link', { name: 'Bookings' }).click();
    expect(await atPath(page, '/dashboard/bookingsCount')).toBe('/dashboard/bookingsCount');
    expect(new URL(page.url()).search).toContain(`period=${period}`);
    await visible(page.getByTestId('statistic-chart'));
    const figure = await visible(page.getByTestId('statistic-figure'));
    expect(await figure.textContent()).toBe(made.stats.bookingsCount.toLocaleString('en-US'));
    const query = `period=${period}&dateField=createdAt`;
    const list = await apiAs(page, 'GET', `/api/private/statistics/bookingsCount/list?${query}&limit=500`, undefined, VENUE);
    expect(list.status).toBe(200);
    expect(list.body.sum).toBe(made.stats.bookingsCount);
    await page
      .getByTestId('statistic-row')
      .nth(Math.min(50, list.body.total) - 1)
      .waitFor();
    expect(await page.getByTestId('statistic-row').count()).toBe(Math.min(50, list.body.total));
    await visible(page.getByTestId('pager-summary').getByText(`of ${list.body.total} bookings`));
    await screenshot(page, 'dashboard-bookings');

    // The CSV export of the same list: a header and every booking behind the figure.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(csv).toHaveLength(list.body.total + 1);
    for (const item of list.body.items as { id: string }[]) expect(csv.some((line) => line.startsWith(`${item.id},`))).toBe(true);

    // Back to the dashboard on the same period and date field.
    await page.getByTestId('back-to-dashboard').click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await tilesShow(page, made.stats);

    // Custom: it starts from the dates on screen, typed in the venue's format (MM/DD/YY).
    await choose(page, 'Period', 'Custom');
    const from = page.getByRole('textbox', { name: 'From', exact: true });
    const to = page.getByRole('textbox', { name: 'To', exact: true });
    expect([await from.inputValue(), await to.inputValue()]).toEqual([venueFormat(made.from), venueFormat(made.to)]);
    const start = addDays(today.from, -20);
    await from.fill(venueFormat(start));
    await to.fill(venueFormat(today.from));
    await page.waitForURL(new RegExp(`from=${start}&to=${today.from}|to=${today.from}.*from=${start}`));
    const custom = await statistics(page, `from=${start}&to=${today.from}&dateField=createdAt`);
    await tilesShow(page, custom.stats);
    await visible(
      page.getByTestId('dashboard-period').getByText(new RegExp(`^${escape(venueFormat(start))} – ${escape(venueFormat(today.from))}`)),
    );
    await context.close();
  });

  test('a payment taken in another tab moves gross revenue without a reload', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    // The dashboard narrowed to this product alone: its figures are this test's.
    await page.goto(`/dashboard?product=${encodeURIComponent(product.productId)}`);
    const gross = page.getByTestId('tile-grossRevenue').getByTestId('tile-figure');
    const count = page.getByTestId('tile-bookingsCount').getByTestId('tile-figure');
    await gross.filter({ hasText: /^\$0\.00$/ }).waitFor();
    await count.filter({ hasText: /^0$/ }).waitFor();
    // The product select names the address's product.
    await page
      .getByRole('combobox', { name: 'Product', exact: true })
      .locator('option:checked')
      .filter({ hasText: product.name })
      .waitFor({ state: 'attached' });
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    // Another tab of the front desk books two players ($80) and takes the cash.
    const desk = await context.newPage();
    await desk.goto('/bookings');
    const bookingId = await bookTwoPlayers(desk, VENUE, product, {
      // What a customer types is shown as text, never run (docs/code-style.md, "User text").
      firstName: HOSTILE,
      lastName: `Dash${stamp}`,
      email: `dana-${stamp}@example.test`,
    });
    await count.filter({ hasText: /^1$/ }).waitFor();
    const methods = await apiAs(desk, 'GET', `/api/private/booking/${bookingId}/payment-methods`, undefined, VENUE);
    const paid = await apiAs(
      desk,
      'POST',
      `/api/private/booking/${bookingId}/checkout`,
      { amount: 8000, paymentMethod: methods.body.items[0] },
      VENUE,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    await gross.filter({ hasText: /^\$80\.00$/ }).waitFor();
    await page
      .getByTestId('tile-netRevenue')
      .getByTestId('tile-figure')
      .filter({ hasText: /^\$80\.00$/ })
      .waitFor();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // The booking was made now and takes place in three days: by event date, today has none of it.
    await page.getByText('Event date', { exact: true }).click();
    await gross.filter({ hasText: /^\$0\.00$/ }).waitFor();
    await screenshot(page, 'dashboard-live');

    // Gross revenue's list, by the date it was made: this booking's $80, its name as typed.
    await page.getByText('Booking made', { exact: true }).click();
    await gross.filter({ hasText: /^\$80\.00$/ }).waitFor();
    await page.getByTestId('tile-grossRevenue').getByRole('link', { name: 'Gross revenue' }).click();
    const row = await visible(page.getByTestId('statistic-row'));
    expect(await page.getByTestId('statistic-row').count()).toBe(1);
    await visible(row.getByText(`${HOSTILE} Dash${stamp}`, { exact: true }));
    expect(await row.getByTestId('row-value').textContent()).toBe('$80.00');
    expect(await page.evaluate(() => [(window as { __xss?: unknown }).__xss, document.querySelectorAll('img[src="x"]').length])).toEqual([
      undefined,
      0,
    ]);
    await context.close();
  });

  test('Money taken by payment date beside the booking figures; the cash-up page shows the period by method and by staff, prints and downloads', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    const cashUp = async (query: string) => {
      const answer = await apiAs(page, 'GET', `/api/private/cash-up?${query}`, undefined, VENUE);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body as CashUp;
    };
    const net = (answer: CashUp) => answer.byMethod.reduce((sum, row) => sum + row.net, 0);

    // The demo's desk took money today (made relative to the day the demo was made).
    const today = await cashUp('period=today');
    expect(today.byMethod.length).toBeGreaterThan(0);
    const tile = await visible(page.getByTestId('tile-moneyTaken'));
    await tile
      .getByTestId('tile-figure')
      .filter({ hasText: new RegExp(`^${escape(formatMoney(net(today)))}$`) })
      .waitFor();
    await visible(tile.getByText(`cash ${formatMoney(today.expectedCash)}`, { exact: false }));
    await visible(page.getByTestId('tile-grossRevenue'));
    await screenshot(page, 'dashboard-money-taken');

    // The tile opens the cash-up on the same period.
    await tile.getByRole('link', { name: 'Money taken' }).click();
    expect(await atPath(page, '/dashboard/cash-up')).toBe('/dashboard/cash-up');
    await page
      .getByTestId('expected-cash-figure')
      .filter({ hasText: new RegExp(`^${escape(formatMoney(today.expectedCash))}$`) })
      .waitFor();
    expect(await page.getByTestId('cash-up-by-method').getByTestId('cash-up-row').count()).toBe(today.byMethod.length);
    expect(await page.getByTestId('cash-up-by-staff').getByTestId('cash-up-row').count()).toBe(today.byStaff.length);
    for (const row of today.byStaff) await visible(page.getByTestId('cash-up-by-staff').getByText(row.name, { exact: true }));
    expect(await page.getByTestId('cash-up-by-method-net').textContent()).toBe(formatMoney(net(today)));

    // The dashboard's period controls, without the date field and product: a month by when money was taken.
    expect(await page.getByRole('combobox', { name: 'Product', exact: true }).count()).toBe(0);
    await choose(page, 'Period', 'This month');
    const month = await cashUp('period=thisMonth');
    await page
      .getByTestId('expected-cash-figure')
      .filter({ hasText: new RegExp(`^${escape(formatMoney(month.expectedCash))}$`) })
      .waitFor();
    for (const row of month.byStaff) await visible(page.getByTestId('cash-up-by-staff').getByText(row.name, { exact: true }));
    await visible(page.getByTestId('cash-up-period').getByText(venueFormat(month.from), { exact: false }));
    await screenshot(page, 'cash-up-month');

    // Printed: only the figures, without the console's frame, the period controls and the buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('combobox', { name: 'Period', exact: true }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    expect(await page.getByTestId('expected-cash').isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });

    // The CSV of the period on screen.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`cash-up-${month.from}-${month.to}.csv`);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('Group,Name,Payments,Refunds,Net');
    expect(csv.trim().split('\r\n').at(-1)).toBe(`Expected cash,,,,${(month.expectedCash / 100).toFixed(2)}`);
    await context.close();
  });

  test('the demo shows an evening at the desk: today’s bookings on the lane view, and no guide offered to its owner', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await visible(page.getByTestId('tile-moneyTaken'));
    expect(await page.getByTestId('tour-offer').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Take the tour' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Resume guide' }).count()).toBe(0);

    const date = venueToday('America/New_York');
    await page.goto(`/calendar?view=lanes&date=${date}`);
    await visible(page.getByTestId('lane-view').locator('.lanebook-booking'));
    expect(await page.getByTestId('lane-view').locator('.lanebook-booking').count()).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'demo-evening-lane-view');
    await context.close();
  });

  test('staff without the statistics permission have no dashboard', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test');
    const refused = await apiAs(page, 'GET', '/api/private/statistics', undefined, VENUE);
    expect(refused.status).toBe(403);
    await visible(page.getByRole('link', { name: 'Bookings' }));
    expect(await page.getByRole('link', { name: 'Dashboard', exact: true }).count()).toBe(0);
    await page.goto('/dashboard');
    expect(await atPath(page, /^\/(?!dashboard)/)).not.toBe('/dashboard');
    expect(await page.getByTestId('tile-grossRevenue').count()).toBe(0);
    await context.close();
  });
  test("the drill-down's hours are on the venue's clock, its money column fits at 1280 px, and the heatmap tells no slots from 0%", async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body as { timeFormat: 12 | 24 };
    const onClock = venue.timeFormat === 24 ? /^([01]\d|2[0-3]):00$/ : /^(1[0-2]|[1-9]):00 (AM|PM)$/;

    // One day is charted by the hour: every tick on the venue's clock.
    await page.goto('/dashboard/grossRevenue?period=today&dateField=date');
    // The x axis's ticks are the chart's texts with a colon (the y axis's are money).
    const texts = page.getByTestId('statistic-chart').locator('svg text');
    await texts
      .first()
      .waitFor()
      .catch(async (error: unknown) => {
        await screenshot(page, 'dashboard-hour-chart');
        throw error;
      });
    const labels = (await texts.allTextContents()).map((text) => text.trim()).filter((text) => text.includes(':'));
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).toMatch(onClock);

    // The money column of the list is on screen at 1280 px, not behind a horizontal scroll.
    await page.goto('/dashboard/grossRevenue?period=thisYear&dateField=date');
    const value = await visible(page.getByTestId('row-value'));
    const [cell, visibleRight] = await value.evaluate((element) => {
      // The nearest box that scrolls sideways clips what is past its right edge.
      let clip = element.parentElement;
      while (clip && !['auto', 'scroll', 'hidden'].includes(getComputedStyle(clip).overflowX)) clip = clip.parentElement;
      const right = Math.min(clip ? clip.getBoundingClientRect().right : window.innerWidth, window.innerWidth);
      return [element.getBoundingClientRect().right, right];
    });
    expect(cell).toBeLessThanOrEqual(visibleRight + 1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // The heatmap's legend: grey is "No slots", apart from the 0% to 100% scale.
    await page.goto('/dashboard');
    await visible(page.getByTestId('occupancy-heatmap'));
    await visible(page.getByTestId('heatmap-no-slots').getByText('No slots', { exact: true }));
    await context.close();
  });
});
