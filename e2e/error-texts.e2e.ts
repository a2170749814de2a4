import type { Page, Route } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { INTERNAL_ERROR, itemError, NO_RESPONSE_ERROR } from '@lanebook/core/messages';
import { apiAs, atPath, signIn, useBrowser, visible } from './support.js';

/** The error catalogue of decision 036, each text forced by answering the console's call ourselves. */
const browser = useBrowser();

const TAXES = '/settings/taxes';
const VENUE = 'demo-axe';
const toasts = (page: Page) => page.locator('.mantine-Notifications-notification');

/** The one toast on screen: its title and message. */
async function toastText(page: Page) {
  const toast = await visible(toasts(page));
  return (await toast.innerText()).trim();
}

/** A tax of the demo venue's own, made for the test through the API. */
async function newTax(page: Page, stamp: string): Promise<string> {
  const created = await apiAs(page, 'POST', '/api/private/taxes', { name: `Error texts ${stamp}`, rate: 5, description: '' }, VENUE);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return (created.body as { id: string }).id;
}

/** Answers the first matching call with `answer` (then lets later calls through). */
async function failOnce(page: Page, pattern: string | RegExp, method: string, answer: (route: Route) => Promise<void>) {
  let failed = false;
  await page.route(pattern, async (route) => {
    if (failed || route.request().method() !== method) return route.fallback();
    failed = true;
    await answer(route);
  });
}

describe('error texts (decision 036)', () => {
  test('a failed read shows the receiving alert with the server message, and Try again recovers', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    // Every read fails until the alert shows (the console retries a failed read once).
    let failing = true;
    await page.route(/\/api\/private\/taxes(\?|$)/, (route) =>
      failing && route.request().method() === 'GET'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Database is restarting', code: 'unavailable' }),
          })
        : route.fallback(),
    );
    await page.goto(TAXES);
    const alert = await visible(page.getByTestId('load-error'));
    failing = false;
    const text = await alert.innerText();
    expect(text).toContain(itemError('receiving'));
    expect(text).toContain('Database is restarting');
    await alert.getByRole('button', { name: 'Try again' }).click();
    await visible(page.getByRole('table'));
    await context.close();
  });

  test('a failed create names the create, and a 5xx with a text body shows the text', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test', { landOn: `${TAXES}/create` });
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`Error texts create ${Date.now()}`);
    await page.getByRole('textbox', { name: 'Rate', exact: true }).fill('5');
    await failOnce(page, /\/api\/private\/taxes$/, 'POST', (route) =>
      route.fulfill({ status: 502, contentType: 'text/plain', body: 'Upstream timed out' }),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const text = await toastText(page);
    expect(text).toContain(itemError('creating'));
    expect(text).toContain('Upstream timed out');
    // Nothing was written, and the form keeps what was typed.
    expect(await atPath(page, `${TAXES}/create`)).toBe(`${TAXES}/create`);
    // Alerts close by themselves after 5000 ms.
    await toasts(page).first().waitFor({ state: 'detached', timeout: 10_000 });
    await context.close();
  });

  test('a failed update with no message in its answer says "Internal server error"', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const id = await newTax(page, `update ${Date.now()}`);
    await page.goto(`${TAXES}/${id}`);
    await page.getByRole('textbox', { name: 'Rate', exact: true }).fill('6');
    await failOnce(page, new RegExp(`/api/private/taxes/${id}$`), 'PATCH', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const text = await toastText(page);
    expect(text).toContain(itemError('updating'));
    expect(text).toContain(INTERNAL_ERROR);
    await context.close();
  });

  test('a delete that gets no answer says the server did not respond', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    const id = await newTax(page, `delete ${Date.now()}`);
    await page.goto(`${TAXES}/${id}`);
    await failOnce(page, new RegExp(`/api/private/taxes/${id}$`), 'DELETE', (route) => route.abort('connectionrefused'));
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    const text = await toastText(page);
    expect(text).toContain(itemError('deleting'));
    expect(text).toContain(NO_RESPONSE_ERROR);
    // The tax is still there.
    expect((await apiAs(page, 'GET', `/api/private/taxes/${id}`, undefined, VENUE)).status).toBe(200);
    await context.close();
  });

  test("a page whose code fails to load shows ChunkLoadError with Reload, never the router's developer screen", async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test', { landOn: '/settings' });
    await page.route('**/assets/WaiversPage-*.js', (route) => route.abort('failed'));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Waivers', exact: true }).click();
    const failure = await visible(page.getByTestId('chunk-load-error'));
    expect(await failure.innerText()).toContain('ChunkLoadError');
    expect(await page.getByText('Hey developer').count()).toBe(0);
    // The header and menu stay, so the user can go elsewhere; Reload fetches the page again.
    await page.unroute('**/assets/WaiversPage-*.js');
    await failure.getByRole('button', { name: 'Reload' }).click();
    await visible(page.getByRole('heading', { name: 'Waivers' }));
    expect(await page.getByTestId('chunk-load-error').count()).toBe(0);
    await context.close();
  });
});
