import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FrameLocator, Page } from 'playwright-core';
import { venueToday } from '@lanebook/core/calendar';
import { apiAs, atPath, baseUrl, bookableProduct, payWithTestCard, screenshot, signIn, useBrowser, visible } from './support.js';
import { startVenueSite, venueSitePage } from './venue-site.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

type Product = Awaited<ReturnType<typeof bookableProduct>>;

/** A date as typed in the venue's date format (MM/DD/YY, DD.MM.YYYY, YYYY-MM-DD...). */
const typedDate = (iso: string, dateFormat: string) =>
  dateFormat.replace('YYYY', iso.slice(0, 4)).replace('YY', iso.slice(2, 4)).replace('MM', iso.slice(5, 7)).replace('DD', iso.slice(8, 10));

/** The customer's way through the flow to the details: the product, 2 players, the date and both slots, no extras. */
async function chooseBothSlots(frame: FrameLocator | Page, product: Product) {
  await visible(frame.getByRole('heading', { name: 'Choose a product' }));
  await frame.getByRole('button', { name: new RegExp(product.name) }).click();
  await visible(frame.getByRole('heading', { name: 'How many players?' }));
  await frame.getByLabel('Players', { exact: true }).fill('2');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await visible(frame.getByRole('heading', { name: 'Choose a date' }));
  const day = frame.locator(`button[data-date="${product.date}"]`);
  if (!(await day.isVisible())) await frame.getByRole('button', { name: 'Next month' }).click();
  await frame.locator(`button[data-date="${product.date}"][aria-disabled="false"]`).click();
  await visible(frame.getByRole('heading', { name: 'Choose a time' }));
  for (const slot of product.slots) await frame.locator(`button[data-slot="${slot}"]`).click();
  await frame.getByRole('button', { name: 'Continue' }).click();
  await visible(frame.getByRole('heading', { name: 'Extras' }));
}

async function fillDetails(frame: FrameLocator | Page, first: string, last: string) {
  await visible(frame.getByRole('heading', { name: 'Your details' }));
  await frame.getByLabel(/^First name/).fill(first);
  await frame.getByLabel(/^Last name/).fill(last);
  await frame.getByRole('textbox', { name: /^Email/ }).fill(`${first.toLowerCase()}-${last.toLowerCase()}@example.test`);
}

describe('affiliates that earn (issue 26)', () => {
  let site: Awaited<ReturnType<typeof startVenueSite>>;
  const pages: Record<string, string> = {};
  const stamp = Date.now().toString(36);

  beforeAll(async () => {
    site = await startVenueSite(pages);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    // The partner's site embeds the venue's widget.
    expect((await apiAs(page, 'PATCH', '/api/private/venues/current', { widgetOrigins: [site.origin] }, VENUE)).status).toBe(200);
    await context.close();
  });

  afterAll(async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await apiAs(page, 'PATCH', '/api/private/venues/current', { widgetOrigins: [] }, VENUE);
    await context.close();
    await site?.close();
  });

  test("a customer books and pays through a partner's widget on the partner's page; the booking shows the affiliate and its commission, and the statement lists it", async () => {
    const staff = await browser.newPage();
    await signIn(staff.page, 'owner@demo.test');
    const product = await bookableProduct(staff.page, VENUE, `aff${stamp}`);
    const venue = (await apiAs(staff.page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;

    // The owner adds the partner: 10 % off, 15 % of what its bookings pay.
    const partner = `Harbor Hotel ${stamp}`;
    await staff.page.goto('/settings/affiliates/create');
    await staff.page.getByRole('textbox', { name: 'Name', exact: true }).fill(partner);
    await staff.page.getByRole('textbox', { name: 'Discount', exact: true }).fill('10');
    await staff.page.getByRole('textbox', { name: 'Commission', exact: true }).fill('15');
    await staff.page.getByRole('button', { name: 'Save', exact: true }).click();
    const affiliatePath = await atPath(staff.page, /^\/settings\/affiliates\/[0-9a-f-]{36}$/);
    const affiliateId = affiliatePath.split('/').pop()!;
    const stored = (await apiAs(staff.page, 'GET', `/api/private/affiliates/${affiliateId}`, undefined, VENUE)).body;
    expect(stored).toMatchObject({ commission: 15, commissionType: 'percent', discount: 10, discountType: 'percent' });

    // Its tracked link and the snippet for its own site, each with Copy.
    const link = (await visible(staff.page.getByTestId('affiliate-link-url'))).textContent();
    expect(await link).toBe(`${baseUrl()}/widget/?venue=${VENUE}&affiliate=${affiliateId}`);
    const snippet = (await staff.page.getByTestId('affiliate-snippet').textContent())!;
    expect(snippet).toContain(`data-affiliate="${affiliateId}"`);
    await screenshot(staff.page, 'affiliate-page');

    // The partner pastes the snippet into its own page; a customer books there.
    pages['/hotel'] = venueSitePage(partner, [snippet]);
    const customer = await browser.newPage({ clientAddress: '198.51.100.23' });
    await customer.page.goto(`${site.origin}/hotel`);
    const frame = customer.page.frameLocator('iframe[src*="/widget/"]');
    await chooseBothSlots(frame, product);
    // 2 players × 2 hours × $20 = $80, less the partner's 10 %: $72.00.
    const price = frame.getByRole('region', { name: 'Price' });
    await expect.poll(() => price.locator('.lb-total').textContent()).toContain('$72.00');
    await visible(price.getByText('Discount'));
    await frame.getByRole('button', { name: 'Continue' }).click();
    await fillDetails(frame, 'Hana', `Guest${stamp}`);
    await frame.getByRole('button', { name: /^Book/ }).click();
    await payWithTestCard(customer.page, frame, 'Pay · $72.00');
    await visible(frame.getByText('Booked and paid'), 30_000);
    const reference = (await frame.locator('dt:has-text("Booking reference") + dd').textContent())!.trim();
    await customer.context.close();

    // The booking is the partner's: 15 % of the $72.00 paid is $10.80.
    const own = await apiAs(staff.page, 'GET', `/api/public/booking/${reference}`);
    const booking = (await apiAs(staff.page, 'GET', `/api/private/booking/${own.body.id}`, undefined, VENUE)).body;
    expect(booking).toMatchObject({
      status: 'paid',
      affiliateId,
      affiliateName: partner,
      total: 7200,
      paid: 7200,
      affiliateCommissionAmount: 1080,
      checkoutInfo: { affiliateCommissionAmount: 1080 },
    });
    await staff.page.goto(`/bookings/${own.body.id}/view`);
    expect(await (await visible(staff.page.getByTestId('booking-affiliate'))).textContent()).toBe(partner);
    await expect.poll(() => staff.page.getByTestId('booking-affiliate-commission').textContent()).toBe('$10.80');

    // The statement of a period around the event lists it, and its totals are its rows' sums.
    await staff.page.goto(affiliatePath);
    const statement = await visible(staff.page.getByTestId('affiliate-statement'));
    await statement.getByLabel('Period').selectOption('custom');
    await statement.getByRole('textbox', { name: 'From' }).fill(typedDate(venueToday(venue.timezone), venue.dateFormat));
    await statement.getByRole('textbox', { name: 'To' }).fill(typedDate(product.date, venue.dateFormat));
    const row = statement.getByTestId('statement-row').filter({ hasText: booking.registrationCode });
    await visible(row);
    expect(await row.textContent()).toContain(`Hana Guest${stamp}`);
    expect(await row.textContent()).toContain('$10.80');
    const answer = (
      await apiAs(
        staff.page,
        'GET',
        `/api/private/affiliates/${affiliateId}/statement?from=${venueToday(venue.timezone)}&to=${product.date}`,
        undefined,
        VENUE,
      )
    ).body;
    expect(answer.items.map((item: { bookingId: string }) => item.bookingId)).toEqual([own.body.id]);
    const sum = (key: 'total' | 'netPaid' | 'commission') =>
      answer.items.reduce((s: number, item: Record<string, number>) => s + item[key], 0);
    expect(answer.totals).toEqual({ bookings: 1, total: sum('total'), netPaid: sum('netPaid'), commission: sum('commission') });
    expect(await statement.getByTestId('statement-total').textContent()).toBe('$72.00');
    expect(await statement.getByTestId('statement-net-paid').textContent()).toBe('$72.00');
    expect(await statement.getByTestId('statement-commission').textContent()).toBe('$10.80');
    await screenshot(staff.page, 'affiliate-statement');

    // The CSV export of the same period.
    const [download] = await Promise.all([
      staff.page.waitForEvent('download'),
      statement.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv).toContain(booking.registrationCode);
    expect(csv).toContain(`Guest${stamp}`);

    // The list shows each partner's month as the summary counts it (by event date: the booking may fall next month).
    const summary = (await apiAs(staff.page, 'GET', '/api/private/affiliates/summary', undefined, VENUE)).body;
    const month = summary.items.find((item: { affiliateId: string }) => item.affiliateId === affiliateId);
    const inThisMonth = product.date.slice(0, 7) === venueToday(venue.timezone).slice(0, 7);
    expect(month).toEqual({ affiliateId, bookings: inThisMonth ? 1 : 0, commission: inThisMonth ? 1080 : 0 });
    await staff.page.goto(`/settings/affiliates?search=${encodeURIComponent(partner)}`);
    const listRow = staff.page.getByRole('row', { name: new RegExp(partner) });
    await visible(listRow);
    await expect.poll(() => listRow.textContent()).toContain(inThisMonth ? '$10.80' : '$0.00');
    await staff.context.close();
  });

  test('a tracked link naming an unknown affiliate books at the full price with no discount and no error', async () => {
    const staff = await browser.newPage();
    await signIn(staff.page, 'owner@demo.test');
    const product = await bookableProduct(staff.page, VENUE, `nofa${stamp}`);

    const { page, context } = await browser.newPage({ clientAddress: '198.51.100.22' });
    // A partner's link may also point at the venue's own page: the loader passes its ?affiliate= to the widget.
    pages['/book'] = venueSitePage('Demo Axe House', [`<script src="${baseUrl()}/widget.js" data-venue="${VENUE}"></script>`]);
    await page.goto(`${site.origin}/book?affiliate=no-such-partner-${stamp}`);
    const iframe = await visible(page.locator('iframe[src*="/widget/"]'));
    expect(new URL((await iframe.getAttribute('src'))!).searchParams.get('affiliate')).toBe(`no-such-partner-${stamp}`);
    await visible(page.frameLocator('iframe[src*="/widget/"]').getByRole('heading', { name: 'Choose a product' }));

    // The tracked link itself: the widget on its own page.
    await page.goto(`/widget/?venue=${VENUE}&affiliate=no-such-partner-${stamp}`);
    await chooseBothSlots(page, product);
    const price = page.getByRole('region', { name: 'Price' });
    await expect.poll(() => price.locator('.lb-total').textContent()).toContain('$80.00');
    expect(await price.getByText('Discount').count()).toBe(0);
    await page.getByRole('button', { name: 'Continue' }).click();
    await fillDetails(page, 'Ivo', `Walker${stamp}`);
    await page.getByRole('button', { name: /^Book/ }).click();
    await visible(page.getByRole('button', { name: 'Pay · $80.00' }));
    expect(await page.getByRole('alert').count()).toBe(0);
    await context.close();

    const made = (await apiAs(staff.page, 'GET', `/api/private/booking/detailed?productId=${product.productId}`, undefined, VENUE)).body;
    expect(made.items).toHaveLength(1);
    expect(made.items[0]).toMatchObject({ affiliateId: null, affiliateCommissionAmount: 0, total: 8000 });
    await staff.context.close();
  });
});
