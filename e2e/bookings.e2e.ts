import http from 'node:http';
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { apiAs, atPath, bookableProduct, screenshot, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

/** Waits until `check` holds: a list answers after its debounce and its request. */
async function until(check: () => Promise<boolean>, timeout = 15_000) {
  const end = Date.now() + timeout;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Timed out waiting for the list');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Opens the list's Columns field: its input hides once a column is chosen, so the field's box is clicked. */
async function openColumns(page: Page) {
  await page
    .getByRole('combobox', { name: 'Columns' })
    .locator('xpath=ancestor::div[contains(@class, "mantine-MultiSelect-input")]')
    .click();
}

async function chooseOption(page: Page, label: RegExp, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('bookings (issue 10)', () => {
  test('a phone booking from create to cash collection, check-in and a partial refund with the Done! dialog', async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);

    await page.goto('/bookings/create');
    await chooseOption(page, /^Product/, product.name);
    // The venue's formats: MM/DD/YY and 12-hour times; a start time and a length of two hours.
    await page
      .getByLabel('Date', { exact: false })
      .first()
      .fill(`${product.date.slice(5, 7)}/${product.date.slice(8, 10)}/${product.date.slice(2, 4)}`);
    const slots = page.getByTestId('slot-choices');
    await visible(slots);
    await slots.getByText('2:00 PM–3:00 PM · 1 free').click();
    await chooseOption(page, /^Length/, '2 h');
    await page.getByRole('textbox', { name: /^Players/ }).fill('3');
    await page.getByRole('textbox', { name: /^First name/ }).fill('Grace');
    await page.getByRole('textbox', { name: /^Last name/ }).fill(`Hopper${stamp}`);
    await page.getByRole('textbox', { name: /^Email/ }).fill(`grace.${stamp}@example.test`);
    await page.getByRole('textbox', { name: /^Phone/ }).fill('+1 (555) 010-2030');
    // Two hours for three players at $20: the staff quote before saving.
    await visible(page.getByTestId('booking-total').getByText('Total $120.00'));
    await page.getByRole('button', { name: 'Create booking', exact: true }).click();

    await atPath(page, /^\/bookings\/[^/]+\/view$/);
    await visible(page.getByTestId('booking-name').getByText(`Grace Hopper${stamp}`));
    expect(await page.getByTestId('booking-status').first().textContent()).toBe('Wait For Payment');
    expect(await page.getByTestId('booking-due').textContent()).toBe('$120.00');
    const bookingPath = new URL(page.url()).pathname;

    // Collect the whole amount in cash.
    await page.getByRole('link', { name: 'Collect', exact: true }).click();
    await atPath(page, /\/checkout$/);
    await chooseOption(page, /^Payment method/, 'Cash');
    await page.getByRole('button', { name: /^Collect \$120\.00$/ }).click();
    await atPath(page, bookingPath);
    await visible(page.getByTestId('booking-status').getByText('Paid'));
    expect(await page.getByTestId('booking-due').textContent()).toBe('$0.00');
    expect(await page.getByTestId('payment-row').count()).toBe(1);

    // Check in: the booking is days ahead, so the desk is asked first.
    await chooseOption(page, /^Presence/, 'Checked In');
    const question = await visible(page.getByRole('dialog', { name: 'Check in?' }));
    await visible(question.getByText(/^This booking is on /));
    await question.getByRole('button', { name: 'Check in anyway' }).click();
    await visible(page.getByText('Presence changed'));

    // A partial refund: the Done! dialog lists the amount, the method and the date as M/D/YYYY.
    await page.getByRole('link', { name: 'Issue refund', exact: true }).click();
    await atPath(page, /\/refund$/);
    const amount = page.getByRole('textbox', { name: /^Amount to refund/ });
    await amount.fill('50');
    await page.getByRole('button', { name: 'Refund $50.00', exact: true }).click();
    const done = page.getByRole('dialog', { name: 'Done!' });
    await visible(done);
    const line = await done.getByTestId('refund-line').first().textContent();
    expect(line).toMatch(/^\$50\.00Cash\d{1,2}\/\d{1,2}\/\d{4}$/);
    await screenshot(page, 'booking-refund-done');
    await done.getByRole('button', { name: 'Back to the booking', exact: true }).click();
    await atPath(page, bookingPath);
    await visible(page.getByTestId('booking-refunded').getByText('$50.00'));
    // The log is a query of its own: it may arrive after the booking.
    const log = page.getByTestId('booking-log');
    for (const entry of ['Refunded $50.00 to Cash', 'Presence: Checked In', 'Collected $120.00 by Cash'])
      await visible(log.getByText(entry));

    // Edit: a fourth player; the form says what to collect against what was kept ($120 paid, $50 back).
    await page.getByRole('link', { name: 'Edit', exact: true }).click();
    await atPath(page, /\/edit$/);
    await page.getByRole('textbox', { name: /^Players/ }).fill('4');
    await visible(page.getByTestId('booking-difference').getByText('To collect after the change: $90.00'));
    await page.getByRole('button', { name: 'Save changes', exact: true }).click();
    await atPath(page, bookingPath);
    await visible(page.getByTestId('booking-due').getByText('$90.00'));
  });

  test('a cancel frees the lane; the list finds bookings by search and hides them by filter', async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    const book = async (lastName: string, slot: string) => {
      const answer = await apiAs(
        page,
        'POST',
        '/api/private/booking',
        {
          productId: product.productId,
          slots: [slot],
          playersCount: 2,
          reservationInfo: { firstName: 'Alan', lastName, email: `${lastName.toLowerCase()}@example.test`, phone: '' },
          isConfirmationEmail: false,
        },
        VENUE,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body as { id: string; registrationCode: string };
    };
    const kept = await book(`Turing${stamp}`, product.slots[0]);
    const dropped = await book(`Church${stamp}`, product.slots[1]);

    await page.goto(`/bookings/${dropped.id}/view`);
    await page.getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel booking', exact: true }).click();
    await visible(page.getByTestId('booking-status').getByText('Canceled'));

    await page.goto('/bookings');
    const rows = page.getByTestId('booking-row');
    await visible(rows);
    await chooseOption(page, /^Search by/, 'Reg. code');
    await page.getByRole('searchbox', { name: 'Search' }).fill(kept.registrationCode);
    await visible(rows.getByText(`Alan Turing${stamp}`));
    await until(async () => (await rows.count()) === 1);

    await chooseOption(page, /^Search by/, 'Last name');
    await page.getByRole('searchbox', { name: 'Search' }).fill(`Church${stamp}`);
    await visible(rows.getByText(`Alan Church${stamp}`));
    await chooseOption(page, /^Filter/, 'Wait for payment');
    await visible(page.getByTestId('bookings-empty'));
    await chooseOption(page, /^Filter/, 'Canceled');
    await visible(rows.getByText(`Alan Church${stamp}`));
    // The filters live in the URL: a reload keeps them.
    await page.reload();
    await visible(rows.getByText(`Alan Church${stamp}`));
    expect(new URL(page.url()).searchParams.get('filter')).toBe('canceled');
    // A too-short search says so instead of asking the server.
    await chooseOption(page, /^Search by/, 'Email');
    await page.getByRole('searchbox', { name: 'Search' }).fill('ab');
    await visible(page.getByText('Type at least 4 characters'));
  });

  test('a booking made online appears on an open booking list without a reload', async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    await page.goto('/bookings');
    await visible(page.getByTestId('booking-row'));
    // Set on this document: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { beforeTheBooking: true }));

    const started = Date.now();
    const online = await page.request.post('/api/public/booking', {
      data: {
        productId: product.productId,
        slots: [product.slots[0]],
        playersCount: 2,
        reservationInfo: { firstName: 'Ada', lastName: `Online${stamp}`, email: `ada.${stamp}@example.test`, phone: '' },
      },
    });
    expect(online.status(), await online.text()).toBe(201);
    await visible(page.getByTestId('booking-row').getByText(`Ada Online${stamp}`), 5000);
    const elapsed = Date.now() - started;
    expect(await page.evaluate(() => (window as unknown as { beforeTheBooking?: boolean }).beforeTheBooking)).toBe(true);
    expect(elapsed).toBeLessThan(5000);
  });

  test("a webhook receives the booking's events, and its page lists the deliveries", async () => {
    const received: string[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push(body);
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { page } = await browser.newPage();
    try {
      const stamp = Date.now().toString(36).slice(-5);
      await signIn(page, 'owner@demo.test');
      const product = await bookableProduct(page, VENUE, stamp);
      const hook = await apiAs(
        page,
        'POST',
        '/api/private/integrations',
        {
          type: 'webhook',
          name: `Desk sync ${stamp}`,
          settings: { url: `http://127.0.0.1:${(receiver.address() as { port: number }).port}/hook`, events: ['booking.created'] },
        },
        VENUE,
      );
      expect(hook.status, JSON.stringify(hook.body)).toBe(201);
      const booked = await apiAs(
        page,
        'POST',
        '/api/private/booking',
        {
          productId: product.productId,
          slots: [product.slots[0]],
          playersCount: 2,
          reservationInfo: { firstName: 'Hook', lastName: `Test${stamp}`, email: `hook.${stamp}@example.test`, phone: '' },
          isConfirmationEmail: false,
        },
        VENUE,
      );
      expect(booked.status).toBe(201);
      await until(async () => received.some((body) => body.includes(booked.body.id)));
      expect(JSON.parse(received.find((body) => body.includes(booked.body.id))!).type).toBe('booking.created');

      await page.goto(`/settings/integrations/${hook.body.id}`);
      const deliveries = page.getByTestId('webhook-deliveries');
      await visible(deliveries);
      await until(async () => {
        await deliveries.getByRole('button', { name: 'Refresh' }).click();
        return (await deliveries.getByTestId('webhook-delivery').first().textContent())?.includes('delivered') ?? false;
      });
      expect(await deliveries.getByTestId('webhook-delivery').first().textContent()).toContain('booking.created');
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });

  test("the list shows, sorts and hides the Email and Phone columns; phones read in the venue's format on the booking page and the lane view's drawer", async () => {
    const { page } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test');
    const product = await bookableProduct(page, VENUE, stamp);
    const book = async (first: string, slots: string[], phone: string) => {
      const answer = await apiAs(
        page,
        'POST',
        '/api/private/booking',
        {
          productId: product.productId,
          slots,
          playersCount: 2,
          reservationInfo: { firstName: first, lastName: `Cols${stamp}`, email: `${first.toLowerCase()}.${stamp}@example.test`, phone },
          isConfirmationEmail: false,
        },
        VENUE,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(201);
      return answer.body as { id: string; registrationCode: string; reservationInfo: { phone: string } };
    };
    // The product has one lane: Zoe takes the second hour, Abe the first.
    const zoe = await book('Zoe', [product.slots[1]], '212 555 0142');
    await book('Abe', [product.slots[0]], '+1 (312) 555-0199');
    // Stored E.164, shown as the venue (US) writes a phone.
    expect(zoe.reservationInfo.phone).toBe('+12125550142');

    await page.goto(`/bookings?product=${product.productId}`);
    const rows = page.getByTestId('booking-row');
    await until(async () => (await rows.count()) === 2);
    const table = page.getByRole('table', { name: 'Bookings' });
    expect(await table.getByRole('columnheader', { name: 'Email' }).count()).toBe(0);
    await openColumns(page);
    for (const column of ['Email', 'Phone']) await page.getByRole('option', { name: column, exact: true }).click();
    await page.keyboard.press('Escape');
    await visible(table.getByRole('columnheader', { name: 'Email' }));
    await visible(table.getByRole('columnheader', { name: 'Phone' }));
    const column = (testId: string) => rows.getByTestId(testId).allTextContents();

    await chooseOption(page, /^Sort/, 'Email A-Z');
    await until(async () => (await column('row-email'))[0] === `abe.${stamp}@example.test`);
    expect(await column('row-email')).toEqual([`abe.${stamp}@example.test`, `zoe.${stamp}@example.test`]);
    // Phones in the venue's format, sorted by the stored number.
    await chooseOption(page, /^Sort/, 'Phone 0-9');
    await until(async () => (await column('row-phone'))[0] === '(212) 555-0142');
    expect(await column('row-phone')).toEqual(['(212) 555-0142', '(312) 555-0199']);
    await chooseOption(page, /^Sort/, 'Phone 9-0');
    await until(async () => (await column('row-phone'))[0] === '(312) 555-0199');
    // The choice lives in the address: a reload keeps the columns and the order.
    await page.reload();
    await visible(table.getByRole('columnheader', { name: 'Phone' }));
    await until(async () => (await column('row-phone')).join() === '(312) 555-0199,(212) 555-0142');
    expect(new URL(page.url()).searchParams.get('columns')).toBe('email,phone');
    // Hidden again (Backspace takes the last column chosen off), the phone folds back into the Name cell.
    await page.getByRole('combobox', { name: 'Columns' }).focus();
    await page.keyboard.press('Backspace');
    await until(async () => (await table.getByRole('columnheader', { name: 'Phone' }).count()) === 0);
    expect(new URL(page.url()).searchParams.get('columns')).toBe('email');
    expect(await rows.getByTestId('row-name').getByTestId('row-phone').allTextContents()).toEqual(['(312) 555-0199', '(212) 555-0142']);

    await page.goto(`/bookings/${zoe.id}/view`);
    expect(await (await visible(page.getByTestId('booking-phone'))).textContent()).toBe('(212) 555-0142');

    await page.goto(`/calendar?view=lanes&date=${product.date}`);
    await page
      .getByTestId('lane-view')
      .locator('.lanebook-booking', { hasText: `Zoe Cols${stamp}` })
      .click();
    const drawer = await visible(page.getByTestId('booking-drawer'));
    expect(await drawer.getByTestId('drawer-phone').textContent()).toBe('(212) 555-0142');
    await screenshot(page, 'booking-drawer-phone');
  });
});
