import { describe, expect, test } from 'vitest';
import { addDays, venueToday } from '@lanebook/core';
import { apiAs, atPath, mailTo, signIn, signUpConfirmed, useBrowser, visible } from './support.js';

const browser = useBrowser();

/** Whether the dashboard's checklist shows an item ticked (data-done, from the API's answer). */
const doneOf = async (page: import('playwright-core').Page, key: string) =>
  (await visible(page.getByTestId(`setup-${key}`))).getAttribute('data-done');

describe('a new owner goes live alone (issue 25)', () => {
  const stamp = Date.now().toString(36);
  const venueId = `live-${stamp}`;
  const venueName = `Going Live ${stamp}`;
  const ownerEmail = `olive-${stamp}@example.test`;

  test('the checklist ticks from real data, and asking to go live shows what is missing until it is done', async () => {
    // A browser in Chicago: the new venue's time zone comes from it.
    const owner = await browser.newPage({ timezoneId: 'America/Chicago' });
    const { page } = owner;
    await signUpConfirmed(page, { name: 'Olive Owner', email: ownerEmail, password: 'olive-password' });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    expect(await page.getByLabel('Time zone', { exact: true }).inputValue()).toBe('America/Chicago');
    await page.getByLabel('Venue name').fill(venueName);
    await page.getByLabel('Venue ID').fill(venueId);
    await page.getByRole('button', { name: 'Create venue' }).click();
    expect(await atPath(page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    expect((await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId)).body.timezone).toBe('America/Chicago');

    // The first dashboard: every item unticked.
    const checklist = await visible(page.getByTestId('setup-checklist'));
    expect(await checklist.getByTestId('setup-progress').textContent()).toBe('0 of 7 done');
    for (const key of ['details', 'lanes', 'product', 'hours', 'waiver', 'payments', 'live'])
      expect(await doneOf(page, key), key).toBe('false');

    // A lane ticks "lanes".
    expect((await apiAs(page, 'POST', '/api/private/resources', { id: 'Lane 1' }, venueId)).status).toBe(201);
    await page.goto('/dashboard');
    await visible(page.locator('[data-testid="setup-lanes"][data-done="true"]'));
    expect(await page.getByTestId('setup-progress').textContent()).toBe('1 of 7 done');

    // Asking to go live now shows what is missing, each linked to where it is done; nothing changes.
    await page.getByTestId('setup-live').getByRole('button', { name: 'Request approval' }).click();
    const missing = await visible(page.getByTestId('go-live-missing'));
    for (const key of ['details', 'product', 'hours', 'payments']) await visible(missing.getByTestId(`missing-${key}`));
    expect(await missing.getByTestId('missing-lanes').count()).toBe(0);
    expect(await missing.getByRole('link', { name: 'Opening hours' }).getAttribute('href')).toBe('/calendar');
    expect((await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId)).body.status).toBe('inactive');

    // A new product's form starts on the venue's active lanes; saved, it is paused, and Activate puts it on sale.
    await page.goto('/products/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Axe throwing');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await atPath(page, /^\/products\/[0-9a-f-]{36}$/);
    const productId = new URL(page.url()).pathname.split('/').at(-1)!;
    const notice = await visible(page.getByTestId('paused-notice'));
    expect(await notice.textContent()).toContain('Paused: customers cannot book it.');
    expect((await apiAs(page, 'GET', `/api/private/products/${productId}`, undefined, venueId)).body.resources).toEqual(['Lane 1']);
    await notice.getByRole('button', { name: 'Activate' }).click();
    await visible(page.getByTestId('record-status').filter({ hasText: 'Active' }));
    expect(await page.getByTestId('paused-notice').count()).toBe(0);

    // Details and a slot tomorrow by the API; payment at the venue chosen on the checklist.
    expect(
      (await apiAs(page, 'PATCH', '/api/private/venues/current', { address: '5 Lake Street', phone: '+13125550100' }, venueId)).status,
    ).toBe(200);
    const date = addDays(venueToday('America/Chicago'), 1);
    expect(
      (await apiAs(page, 'POST', `/api/private/product/${productId}/slot`, { date, from: '18:00', to: '19:00' }, venueId)).status,
    ).toBe(201);
    await page.goto('/dashboard');
    await visible(page.locator('[data-testid="setup-hours"][data-done="true"]'));
    await page.getByTestId('setup-payments').getByRole('button', { name: 'Take payment at the venue' }).click();
    await visible(page.locator('[data-testid="setup-payments"][data-done="true"]'));
    for (const key of ['details', 'lanes', 'product', 'hours', 'payments']) expect(await doneOf(page, key), key).toBe('true');

    // Now asking works: pending, and the superadmin is mailed.
    await page.getByTestId('setup-live').getByRole('button', { name: 'Request approval' }).click();
    await visible(page.getByText('Approval requested: your venue is pending for approval'));
    expect((await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId)).body.status).toBe('pending');
    const mail = await mailTo('admin@demo.test', 'A venue asks to go live on Lanebook');
    expect(mail.text).toContain(`(ID ${venueId})`);

    await owner.context.close();
  }, 150_000);

  test('the superadmin sees the pending venue first, under Waiting for approval, and approves it', async () => {
    const owner = await browser.newPage();
    const { page } = owner;
    await signIn(page, ownerEmail, { password: 'olive-password' });
    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test', { landOn: '/settings/superadmin' });
    const waiting = await visible(admin.page.getByRole('region', { name: 'Waiting for approval' }));
    const table = await visible(admin.page.getByTestId('venue-row'));
    expect((await waiting.boundingBox())!.y).toBeLessThan((await table.boundingBox())!.y);
    const pending = await visible(waiting.getByTestId('pending-venue').filter({ hasText: venueName }));
    await pending.getByRole('button', { name: `Approve ${venueName}` }).click();
    await visible(admin.page.getByText(`${venueName} is now Live`));
    await pending.waitFor({ state: 'detached' });
    expect((await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId)).body.status).toBe('live');

    // Live: the owner's dashboard no longer shows the checklist.
    const setupRead = page.waitForResponse((response) => response.url().endsWith('/api/private/venue/setup') && response.ok());
    await page.goto('/dashboard');
    expect((await (await setupRead).json()).status).toBe('live');
    await visible(page.getByTestId('dashboard-updated'));
    expect(await page.getByTestId('setup-checklist').count()).toBe(0);
    await admin.context.close();
    await owner.context.close();
  }, 150_000);
});
