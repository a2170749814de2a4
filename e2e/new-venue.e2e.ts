import { describe, expect, test } from 'vitest';
import { apiAs, atPath, signUpConfirmed, useBrowser, visible } from './support.js';

const browser = useBrowser();

/** A new venue works from its first booking (issue 34): its zone from the browser, its templates, its mail log. */
describe('a new venue in Denver', () => {
  test('gets the browser’s zone, the picker finds “Mountain”, and “Send me a test” shows in Settings → Mail', async () => {
    const stamp = Date.now().toString(36);
    const venueId = `denver-${stamp}`;
    const { page, context } = await browser.newPage({ timezoneId: 'America/Denver' });
    await signUpConfirmed(page, { name: 'Dana Denver', email: `dana-${stamp}@example.test`, password: 'dana-password' });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('America/Denver');
    // The everyday name finds the zones: "Pacific" lists Los Angeles.
    await zone.fill('Pacific');
    await page.getByRole('option', { name: /America\/Los_Angeles/ }).click();
    await expect.poll(() => zone.inputValue()).toBe('America/Los_Angeles');
    await zone.fill('Mountain');
    await page.getByRole('option', { name: /America\/Denver/ }).click();
    await expect.poll(() => zone.inputValue()).toBe('America/Denver');
    await page.getByLabel('Venue name').fill(`Denver Axes ${stamp}`);
    await page.getByLabel('Venue ID').fill(venueId);
    await page.getByRole('button', { name: 'Create venue' }).click();
    expect(await atPath(page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    expect((await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId)).body.timezone).toBe('America/Denver');

    // Its templates are there and active from the start.
    const templates = (await apiAs(page, 'GET', '/api/private/mailing-templates', undefined, venueId)).body as {
      items: { id: string; event: string; isPaused: boolean }[];
    };
    expect(templates.items.map((template) => template.event).sort()).toEqual([
      'abandoned',
      'cancellation',
      'confirmation',
      'custom',
      'giftCard',
      'reminder',
    ]);
    expect(templates.items.every((template) => !template.isPaused)).toBe(true);

    // "Send me a test" on the confirmation, then Settings → Mail lists it.
    const confirmation = templates.items.find((template) => template.event === 'confirmation');
    await page.goto(`/settings/mailing-templates/${confirmation?.id}`);
    await page.getByRole('button', { name: 'Send me a test' }).click();
    await visible(page.getByTestId('mail-test-result'));
    await page.goto('/settings');
    await page
      .getByRole('link', { name: /^Mail\b/ })
      .first()
      .click();
    expect(await atPath(page, '/settings/mail')).toBe('/settings/mail');
    const row = await visible(page.getByTestId('mail-row').first());
    expect(await row.textContent()).toContain('[Test] Your booking at Denver Axes');
    expect(await row.textContent()).toContain('Test');
    await context.close();
  });
});
