import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { productDefaults } from '@lanebook/core/products';

export const DEMO_PASSWORD = 'demo-password';
export const artifacts = path.join(path.dirname(fileURLToPath(import.meta.url)), '.artifacts');

/**
 * Debian's Chromium, never a downloaded browser: its headless shell (package
 * chromium-headless-shell), the same build without the desktop browser's windows, whose WebUI
 * pages cost a browser test 40 per cent more CPU (decision 040). CHROMIUM_PATH=/usr/bin/chromium
 * runs the tests in the whole browser.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/lib/chromium/chromium-headless-shell';

/** This worker's own server (global-setup.ts starts one per worker). */
export function baseUrl(): string {
  const servers = inject('baseUrls');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
}

/** One browser per test file; each test takes a fresh context (no shared cookies). `args`: a file's own switches (a fake camera). */
export function useBrowser({ args = [] }: { args?: string[] } = {}) {
  let browser: Browser;
  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        ...args,
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        timezoneId?: string;
        /**
         * The customer's own address (sent as X-Forwarded-For; the e2e server trusts it): every
         * browser here is 127.0.0.1, and one address holds at most 3 unpaid online bookings a venue.
         */
        clientAddress?: string;
      } = {},
    ): Promise<{ context: BrowserContext; page: Page }> {
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: options.viewport ?? { width: 1280, height: 860 },
        timezoneId: options.timezoneId,
        extraHTTPHeaders: options.clientAddress ? { 'x-forwarded-for': options.clientAddress } : undefined,
      });
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return { context, page };
    },
  };
}

/**
 * Signs in with the sign-in form's own call (remember me on, as the form starts), the session
 * cookie landing in this page's context, and opens the console where the person lands, or
 * straight at `landOn` (a page load less: a fresh context's first console page costs the browser
 * about a CPU second). Loading and filling the form for every test was browser work a hundred
 * times a run (decision 040); the form itself is tested through signInThroughForm.
 */
export async function signIn(page: Page, email: string, { password = DEMO_PASSWORD, landOn }: { password?: string; landOn?: string } = {}) {
  const response = await page.request.post('/api/auth/sign-in/email', {
    data: { email, password, rememberMe: true },
    headers: { origin: baseUrl() },
  });
  if (!response.ok()) throw new Error(`Sign-in of ${email} failed: ${response.status()} ${await response.text()}`);
  if (landOn) {
    await page.goto(landOn);
    return;
  }
  await page.goto('/');
  await page.waitForURL((url) => url.pathname !== '/');
}

/** Signs in through the sign-in form, as a person does, and waits to leave /login. */
export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

/** Waits until the first element the locator finds is visible (playwright-core has no expect). */
export async function visible(locator: Locator, timeout = 15_000) {
  await locator.first().waitFor({ state: 'visible', timeout });
  return locator.first();
}

/** The pathname once it has settled on `path` (a string or a pattern). */
export async function atPath(page: Page, path: string | RegExp, timeout = 15_000) {
  await page.waitForURL((url) => (typeof path === 'string' ? url.pathname === path : path.test(url.pathname)), { timeout });
  return new URL(page.url()).pathname;
}

/** Calls the API with the page's session (cookie), as the console does. */
export async function apiAs(page: Page, method: string, path: string, body?: unknown, venueId?: string) {
  const response = await page.request.fetch(path, {
    method,
    data: body === undefined ? undefined : body,
    // The console's own fetches carry its Origin; cookie writes without one are refused (CSRF).
    headers: { origin: baseUrl(), ...(venueId ? { 'x-venue-id': venueId } : {}) },
  });
  const text = await response.text();
  return { status: response.status(), body: text ? JSON.parse(text) : null };
}

/**
 * In the widget (`widget`: its frame, or the page when the widget is opened on its own), presses
 * the pay button and pays on the sandbox's card page with the card that succeeds. When the card
 * page does not come, the error says what the widget shows instead and where each frame is.
 */
export async function payWithTestCard(page: Page, widget: Page | FrameLocator, payButton: string | RegExp) {
  await widget.getByRole('button', { name: payButton }).click();
  const cardNumber = widget.getByLabel('Card number');
  try {
    await visible(cardNumber.or(widget.getByRole('alert')), 30_000);
  } catch (error) {
    const frames = page
      .frames()
      .map((frame) => frame.url())
      .join(', ');
    const shown = await widget
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((reason: Error) => `(unreadable: ${reason.message})`);
    throw new Error(`No card page after "${payButton}" (frames: ${frames}; the widget shows: ${shown}): ${(error as Error).message}`);
  }
  if (!(await cardNumber.isVisible())) throw new Error(`No card page: ${await widget.getByRole('alert').first().textContent()}`);
  await cardNumber.fill('4242 4242 4242 4242');
  await widget.getByLabel('Expiry (MM/YY)').fill('12/40');
  await widget.getByLabel('CVC').fill('123');
  await widget.getByRole('button', { name: 'Pay', exact: true }).click();
}

/**
 * Saves a picture of the page in e2e/.artifacts for people to look at, when E2E_SCREENSHOTS=1: no
 * test reads them, and the 60 full-page pictures of a run cost the browser about 17 CPU s
 * (decision 040).
 */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}) {
  if (process.env.E2E_SCREENSHOTS !== '1') return;
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: path.join(artifacts, `${name}.png`), fullPage });
}

/** Signs in through the API (no browser) and answers the bearer token. */
export async function apiToken(email: string, password = DEMO_PASSWORD): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email, password }),
  });
  const token = response.headers.get('set-auth-token');
  if (!token) throw new Error(`API sign-in of ${email} failed: ${response.status}`);
  return token;
}

/** The newest mail with this subject to an address, read from the outbox as the demo superadmin. */
export async function mailTo(email: string, subject: string): Promise<{ subject: string; text: string }> {
  const token = await apiToken('admin@demo.test');
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${baseUrl()}/api/private/superadmin/outbox?limit=100`, { headers: { authorization: `Bearer ${token}` } });
    const { items } = (await response.json()) as { items: { to: string[]; subject: string; text: string }[] };
    const mail = items.find((m) => m.subject === subject && m.to.includes(email));
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`No mail "${subject}" to ${email} in the outbox`);
}

/** The first link to this server in a mail's text. */
export function linkIn(mail: { text: string }): string {
  const link = (mail.text.match(/https?:\/\/\S+/g) ?? []).find((url) => url.startsWith(baseUrl()));
  if (!link) throw new Error(`No link to ${baseUrl()} in mail: ${mail.text}`);
  return link;
}

export const CONFIRM_EMAIL_SUBJECT = 'Confirm your email address for Lanebook';

/** Self-service sign-up through the API, confirmed by the link in the mail, then signed in (the link signs no one in). */
export async function signUpConfirmed(page: Page, account: { name: string; email: string; password: string }) {
  const signUp = await page.request.post('/api/auth/sign-up/email', { data: { ...account, callbackURL: '/' } });
  if (signUp.status() !== 200) throw new Error(`sign-up failed: ${signUp.status()} ${await signUp.text()}`);
  await page.goto(linkIn(await mailTo(account.email, CONFIRM_EMAIL_SUBJECT)));
  await signIn(page, account.email, { password: account.password });
}

/**
 * A product of its own on a lane of its own in the venue, on sale (with a waiver of its own when
 * `waiverTitle` is given, so check-in asks first): its ids, the venue's today, and a way to add slots.
 */
export async function productOnOwnLane(
  page: Page,
  venueId: string,
  options: { lane: string; name: string; price: number; capacity?: number; maxPlayers?: number; waiverTitle?: string },
) {
  const { lane, name, price, capacity = 8 } = options;
  expect((await apiAs(page, 'POST', '/api/private/resources', { id: lane, capacity }, venueId)).status).toBe(201);
  let activeWaiverId: string | undefined;
  if (options.waiverTitle) {
    const waiver = await apiAs(
      page,
      'POST',
      '/api/private/waivers',
      { title: options.waiverTitle, intro: 'Read this.', text: '<p>Risks.</p>' },
      venueId,
    );
    expect(waiver.status, JSON.stringify(waiver.body)).toBe(201);
    activeWaiverId = waiver.body.id;
  }
  const product = { ...productDefaults, name, price, resources: [lane], activeWaiverId, isPaused: undefined };
  if (options.maxPlayers !== undefined) product.maxPlayers = options.maxPlayers;
  const created = await apiAs(page, 'POST', '/api/private/products', product, venueId);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const productId: string = created.body.id;
  expect((await apiAs(page, 'POST', `/api/private/products/${productId}/resume`, undefined, venueId)).status).toBeLessThan(300);
  const venue = await apiAs(page, 'GET', '/api/private/venues/current', undefined, venueId);
  const addSlot = async (date: string, from: string, to: string) => {
    const answer = await apiAs(page, 'POST', `/api/private/product/${productId}/slot`, { date, from, to }, venueId);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    return answer.body.id as string;
  };
  return { lane, name, productId, today: venueToday(venue.body.timezone), addSlot };
}

/** A bookable product of its own ($20 a player) on a lane of its own in the venue, with two slots in three days (or `daysAhead`). */
export async function bookableProduct(page: Page, venueId: string, stamp: string, daysAhead = 3) {
  const { lane, name, productId, today, addSlot } = await productOnOwnLane(page, venueId, {
    lane: `Bk lane ${stamp}`,
    name: `E2E Bookings ${stamp}`,
    price: 2000,
    maxPlayers: 8,
  });
  const date = addDays(today, daysAhead);
  return { name, lane, productId, date, slots: [await addSlot(date, '14:00', '15:00'), await addSlot(date, '15:00', '16:00')] };
}

/** A phone booking of two players on both slots of a bookableProduct, made through the API: its id. */
export async function bookTwoPlayers(
  page: Page,
  venueId: string,
  product: { productId: string; slots: string[] },
  guest: { firstName: string; lastName: string; email: string },
): Promise<string> {
  const body = { productId: product.productId, slots: product.slots, playersCount: 2, reservationInfo: { ...guest, phone: '' } };
  const created = await apiAs(page, 'POST', '/api/private/booking', body, venueId);
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.id as string;
}

/** Draws a stroke across a signature pad with the mouse, as a guest would with a finger. */
export async function drawSignature(page: Page, pad: Locator) {
  await visible(pad);
  // The mouse moves in the viewport's coordinates: the pad must be in view.
  await pad.first().scrollIntoViewIfNeeded();
  const box = (await pad.first().boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.6);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++)
    await page.mouse.move(box.x + box.width * (0.15 + step * 0.05), box.y + box.height * (0.6 + (step % 2 ? -0.2 : 0.1)));
  await page.mouse.up();
}

/** Closes the notifications on screen: they sit over the page's corner (and hovering one keeps it there). */
export async function dismissToasts(page: Page) {
  const toasts = page.locator('.mantine-Notifications-notification');
  for (const close of await toasts.locator('button').all()) await close.click();
  await toasts.first().waitFor({ state: 'detached', timeout: 5_000 });
}
