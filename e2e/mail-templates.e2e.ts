import { describe, expect, test } from 'vitest';
import { formatMoney, formatVenueClock, formatVenueDate, formatVenueTime } from '@lanebook/core';
import { apiAs, bookableProduct, bookTwoPlayers, mailTo, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();
const VENUE = 'demo-axe';

describe('mailing template editor: preview and "Send me a test"', () => {
  test('the preview shows the latest booking rendered in the venue formats, in a sandboxed frame; the test says where it went', async () => {
    const stamp = Date.now().toString(36);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');

    // The venue's latest booking is the preview's: a guest whose last name is markup.
    const product = await bookableProduct(page, VENUE, stamp);
    const firstName = `Mae${stamp}`;
    const bookingId = await bookTwoPlayers(page, VENUE, product, {
      firstName,
      lastName: '<b>Bold</b>',
      email: `mae-${stamp}@example.test`,
    });
    const booking = (await apiAs(page, 'GET', `/api/private/booking/${bookingId}`, undefined, VENUE)).body;
    const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;
    // What the venue's formats make of the booking (the product's slots start at 14:00 venue time).
    const startsAt = new Date(booking.startsAt);
    const date = formatVenueDate(startsAt, venue.timezone, venue.dateFormat);
    const time = formatVenueTime(startsAt, venue.timezone, venue.timeFormat, false);
    expect(time).toMatch(/^(2:00 PM|14:00)$/);
    const total = formatMoney(booking.total, venue.moneyFormat);

    await page.goto('/settings/mailing-templates/create');
    await page.getByLabel('Subject').fill('See you {{ customer.firstName ');
    const body = page.getByLabel('Body');
    await body.fill('Hello {{ customer.fullName }}, {{ product.name }} on {{ booking.date }} at {{ booking.time }}.\nTotal ');
    // A placeholder from the list beside the editor goes in at the cursor.
    await page.getByRole('button', { name: 'Insert booking.total | money' }).click();
    expect(await body.inputValue()).toContain('Total {{ booking.total | money }}');

    // A template error is named on its field, and no preview opens.
    await page.getByRole('button', { name: 'Preview' }).click();
    await visible(page.getByText(/Template error/).first());
    expect(await page.getByTestId('mail-preview').count()).toBe(0);

    await page.getByLabel('Subject').fill('See you {{ customer.firstName }}');
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = await visible(page.getByTestId('mail-preview'));
    expect(await preview.getByTestId('mail-preview-subject').textContent()).toBe(`See you ${firstName}`);
    const frame = page.getByTestId('mail-preview-frame');
    expect(await frame.getAttribute('sandbox')).toBe('');
    const rendered = page.frameLocator('[data-testid="mail-preview-frame"]').locator('body');
    await visible(rendered.getByText(`Hello ${firstName} <b>Bold</b>, ${product.name} on ${date} at ${time}.`));
    await visible(rendered.getByText(`Total ${total}`));
    // The guest's markup is text in the mail: no bold element was made of it.
    expect(await rendered.locator('b').count()).toBe(0);
    await preview.getByRole('tab', { name: 'Plain text' }).click();
    expect(await preview.getByTestId('mail-preview-text').textContent()).toContain(`Hello ${firstName} <b>Bold</b>, ${product.name}`);
    await page.keyboard.press('Escape');
    await page.getByTestId('mail-preview').waitFor({ state: 'detached' });

    // The test goes to the signed-in owner only; without a mail server it waits in the outbox, and the console says so.
    await page.getByRole('button', { name: 'Send me a test' }).click();
    const result = await visible(page.getByTestId('mail-test-result'));
    expect(await result.textContent()).toContain('owner@demo.test');
    expect(await result.textContent()).toContain('kept in the mail outbox');
    const mail = await mailTo('owner@demo.test', `[Test] See you ${firstName}`);
    expect(mail.text).toContain(`Hello ${firstName} <b>Bold</b>`);
    await context.close();
  });

  test('the list shows when each type last went out, in the venue clock', async () => {
    const stamp = Date.now().toString(36);
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const templates = (await apiAs(page, 'GET', '/api/private/mailing-templates?limit=100', undefined, VENUE)).body;
    const confirmation = templates.items.find((t: { event: string; isPaused: boolean }) => t.event === 'confirmation' && !t.isPaused);
    if (!confirmation) {
      expect(
        (await apiAs(page, 'POST', '/api/private/mailing-templates', { event: 'confirmation', subject: 'Booked', text: 'Booked' }, VENUE))
          .status,
      ).toBe(201);
      const created = (await apiAs(page, 'GET', '/api/private/mailing-templates?limit=100', undefined, VENUE)).body;
      const id = created.items.find((t: { event: string; subject: string }) => t.event === 'confirmation' && t.subject === 'Booked').id;
      expect((await apiAs(page, 'POST', `/api/private/mailing-templates/${id}/resume`, undefined, VENUE)).status).toBe(200);
    }
    // A booking sends its confirmation by a job: wait for this booking's to be recorded.
    const lastConfirmation = async (): Promise<string | null> =>
      (await apiAs(page, 'GET', '/api/private/mailing-templates/last-sent', undefined, VENUE)).body.items.find(
        (item: { event: string }) => item.event === 'confirmation',
      ).lastSentAt;
    const booked = Date.now();
    const product = await bookableProduct(page, VENUE, stamp);
    await bookTwoPlayers(page, VENUE, product, { firstName: `Lu${stamp}`, lastName: 'Sent', email: `lu-${stamp}@example.test` });
    await expect
      .poll(async () => new Date((await lastConfirmation()) ?? 0).getTime() >= booked - 1_000, { timeout: 20_000, interval: 200 })
      .toBe(true);
    const venue = (await apiAs(page, 'GET', '/api/private/venues/current', undefined, VENUE)).body;

    // Another booking's confirmation (a job of an earlier test) may go out while the page loads:
    // the page is read again only when the answer changed meanwhile, never to hide a wrong one.
    for (let attempt = 1; ; attempt += 1) {
      const before = await lastConfirmation();
      await page.goto('/settings/mailing-templates');
      await visible(page.getByRole('columnheader', { name: 'Last sent' }));
      const row = await visible(page.getByTestId('list-row').filter({ hasText: 'Confirmation' }));
      const lastSentAt = await lastConfirmation();
      try {
        await visible(row.getByText(formatVenueClock(new Date(lastSentAt as string), venue)), 5_000);
        break;
      } catch (error) {
        const steady = before === lastSentAt && (await lastConfirmation()) === lastSentAt;
        if (attempt >= 5 || steady) throw error;
      }
    }
    await context.close();
  });
});
