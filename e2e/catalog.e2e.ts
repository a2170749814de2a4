import { describe, expect, test } from 'vitest';
import { apiAs, atPath, dismissToasts, signIn, useBrowser, visible } from './support.js';
import { UPCOMING_BOOKING_LANE } from './seed-data.js';

const browser = useBrowser();

type Page = Awaited<ReturnType<ReturnType<typeof useBrowser>['newPage']>>['page'];

/** Opens a settings collection's create page, fills text fields by label, saves, and waits for the record page. */
async function createRecord(page: Page, listPath: string, fields: Record<string, string>) {
  await page.goto(`${listPath}/create`);
  for (const [label, value] of Object.entries(fields)) await page.getByRole('textbox', { name: label, exact: true }).fill(value);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await atPath(page, new RegExp(`^${listPath}/[0-9a-f-]{36}$`));
  await visible(page.getByRole('button', { name: 'Delete', exact: true }));
}

async function pick(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
}

describe('catalog: lanes, settings collections and products', () => {
  test('a product built from a new lane, tax, upsell item and terms; paused, resumed', async () => {
    const { page, context } = await browser.newPage();
    const stamp = Date.now().toString(36).slice(-5);
    await signIn(page, 'owner@demo.test', { landOn: '/resources' });
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'Lane ID', exact: true }).fill(`Lane E2E ${stamp}`);
    await dialog.getByRole('textbox', { name: 'Capacity', exact: true }).fill('4');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await visible(page.getByRole('link', { name: `Lane E2E ${stamp}` }).or(page.getByRole('button', { name: `Lane E2E ${stamp}` })));

    await createRecord(page, '/settings/taxes', { Name: `E2E tax ${stamp}`, Rate: '7.5' });
    await createRecord(page, '/settings/upsell-merchandise', { Name: `E2E drinks ${stamp}`, Price: '4.50' });
    await createRecord(page, '/settings/terms-and-conditions', { Name: `E2E terms ${stamp}`, Text: 'Closed-toe shoes, please.' });

    await page.goto('/products/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`E2E Axe ${stamp}`);
    await page.getByRole('textbox', { name: 'Price per player', exact: true }).fill('30');
    // A new product starts on every active lane, the one just made among them (decision 035).
    await pick(page, 'Taxes', `E2E tax ${stamp} (7.5%)`);
    await pick(page, 'Terms and conditions', `E2E terms ${stamp}`);
    await pick(page, 'Upsell items', `E2E drinks ${stamp}`);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const productPath = await atPath(page, /^\/products\/[0-9a-f-]{36}$/);
    const productId = productPath.split('/').pop()!;

    const saved = await apiAs(page, 'GET', `/api/private/products/${productId}`, undefined, 'demo-axe');
    expect(saved.body).toMatchObject({ name: `E2E Axe ${stamp}`, price: 3000, isPaused: true });
    expect(saved.body.resources).toContain(`Lane E2E ${stamp}`);
    expect(saved.body.taxes).toHaveLength(1);
    expect(saved.body.upsellItemIds).toHaveLength(1);
    expect(saved.body.termsId).toBeTruthy();

    // A new product starts paused: resume it, then pause it again.
    await page.getByRole('button', { name: 'Resume', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Pause', exact: true }));
    expect((await apiAs(page, 'GET', `/api/private/products/${productId}`, undefined, 'demo-axe')).body.isPaused).toBe(false);
    await dismissToasts(page);
    await page.getByRole('button', { name: 'Pause', exact: true }).click();
    await visible(page.getByRole('button', { name: 'Resume', exact: true }));
    expect((await apiAs(page, 'GET', `/api/private/products/${productId}`, undefined, 'demo-axe')).body.isPaused).toBe(true);
    await context.close();
  });

  test('making a second widget template default takes the flag from the first', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const before = await apiAs(page, 'GET', '/api/private/widget-templates?isDefault=true', undefined, 'demo-axe');
    expect(before.body.items.map((t: { name: string }) => t.name)).toEqual(['Main booking widget']);

    await page.goto('/settings/widget-templates/create');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Holiday widget');
    await page.getByRole('switch', { name: 'Default template' }).check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await atPath(page, /^\/settings\/widget-templates\/[0-9a-f-]{36}$/);

    await page.goto('/settings/widget-templates');
    const holidayRow = page.getByRole('row', { name: /Holiday widget/ });
    const mainRow = page.getByRole('row', { name: /Main booking widget/ });
    await visible(holidayRow.getByText('Default', { exact: true }));
    expect(await mainRow.getByText('Default', { exact: true }).count()).toBe(0);
    const after = await apiAs(page, 'GET', '/api/private/widget-templates?isDefault=true', undefined, 'demo-axe');
    expect(after.body.items.map((t: { name: string }) => t.name)).toEqual(['Holiday widget']);
    await context.close();
  });

  test('a lane with an upcoming booking cannot be deleted', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test', { landOn: '/resources' });
    await page.getByRole('button', { name: `Delete ${UPCOMING_BOOKING_LANE}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    const warning = await visible(page.getByRole('dialog', { name: 'Warning' }));
    expect(await warning.textContent()).toContain('The lane with upcoming bookings cannot be deleted');
    const lanes = await apiAs(page, 'GET', '/api/private/resources?limit=100', undefined, 'demo-axe');
    expect(lanes.body.items.map((l: { id: string }) => l.id)).toContain(UPCOMING_BOOKING_LANE);
    await context.close();
  });

  test('staff see the catalog but no create, pause or delete controls', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test', { landOn: '/products' });
    await visible(page.getByText('Axe Throwing 1 hour'));
    expect(await page.getByRole('button', { name: 'Create', exact: true }).count()).toBe(0);
    expect(await page.getByTestId('pause-switch').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete / }).count()).toBe(0);
    await context.close();
  });
});
