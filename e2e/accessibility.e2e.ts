import { AxeBuilder } from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { addDays, venueToday } from '@lanebook/core/calendar';
import { widgetTemplateDefaults } from '@lanebook/core/catalog';
import { productDefaults } from '@lanebook/core/products';
import { apiAs, drawSignature, payWithTestCard, signIn, useBrowser, visible } from './support.js';

/**
 * WCAG 2.1 A and AA on every page (issue 27, docs/decisions/032-accessibility.md): walks the console's own
 * route table, so a new route is checked without anyone adding it here, and every step of the widget.
 */
const browser = useBrowser();
const VENUE = 'demo-axe';
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A page of its own context; the walk's pages are many, so one slow answer on a busy machine waits longer than elsewhere. */
async function newPage() {
  const opened = await browser.newPage();
  opened.page.setDefaultTimeout(30_000);
  return opened;
}

/** The fields of the console's RouteDef this walk reads. */
interface TableRoute {
  path: string;
  access: 'guest' | 'public' | 'signed-in' | 'onboarding';
  superadminOnly?: boolean;
  redirectTo?: unknown;
  /** The page component (a lazy import, compared by identity only). */
  page?: unknown;
}

/** The console's route table itself (its pages are lazy imports, never run here); imported by URL so this project's types stay its own. */
async function consoleRoutes(): Promise<TableRoute[]> {
  const table = new URL('../apps/console/src/app/route-table.ts', import.meta.url).href;
  const { ROUTES } = (await import(/* @vite-ignore */ table)) as { ROUTES: TableRoute[] };
  return ROUTES;
}

/** Every serious or critical violation on the page as it is now: where, which rule, how bad, which element. */
async function seriousViolations(page: Page, where: string, include?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${where}: ${v.id} (${v.impact}) at ${n.target.join(' ')}: ${n.html.slice(0, 140)}`));
}

/** The page has drawn its content: a heading is on screen and no loader or skeleton is left. */
async function settled(page: Page) {
  await visible(page.locator('h1, h2, h3'), 30_000);
  await page.waitForFunction(
    () => !document.querySelector('[data-testid="page-loading"], .mantine-Loader-root, .mantine-Skeleton-root[data-visible="true"]'),
    undefined,
    { timeout: 30_000 },
  );
}

/** A route's area, its first segment: the walk's tests, each opening its list pages before their records'. */
const areaOf = (path: string) => `/${path.split(/[/?]/)[1]}`;
const paramsOf = (path: string) => path.split('/').filter((part) => part.startsWith(':'));
const patternOf = (path: string) => new RegExp(`^${path.replace(/:[A-Za-z]+/g, '([^/]+)')}$`);

/** The console's own links on the page (pathnames), where the walk finds the records its `:id` routes open. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page.$$eval('a[href^="/"]', (anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split(/[?#]/)[0]);
}

interface Walk {
  page: Page;
  role: string;
  /** Values chosen for a route's parameters ahead of any link found (the booking whose pages show the most). */
  chosen: (path: string) => Record<string, string>;
  links: Set<string>;
  problems: string[];
}

/** Fills a route's parameters: the chosen record, else the first link to such a page on the pages walked so far. */
function filled(walk: Walk, path: string): string | null {
  const chosen = walk.chosen(path);
  const result = path.replace(/:([A-Za-z]+)/g, (whole, name: string) => chosen[name] ?? whole);
  if (!result.includes(':')) return result;
  const pattern = patternOf(result);
  const link = [...walk.links].find((href) => pattern.test(href) && !href.split('/').includes('create'));
  return link ?? null;
}

async function check(walk: Walk, path: string) {
  const where = `${walk.role} ${path}`;
  try {
    await walk.page.goto(path);
    await settled(walk.page);
  } catch (error) {
    walk.problems.push(`${where}: did not show its content (${(error as Error).message.split('\n')[0]})`);
    return;
  }
  // A page may send on within its area (the other payment provider's balance goes to this one's); never out of it.
  const landed = new URL(walk.page.url()).pathname;
  if (areaOf(landed) !== areaOf(path)) walk.problems.push(`${where}: went to ${landed} instead`);
  for (const link of await linksOn(walk.page)) walk.links.add(link);
  const found = await seriousViolations(walk.page, where);
  // Said as found too: a run stopped by its timeout still names what it saw.
  for (const problem of found) console.warn(problem);
  walk.problems.push(...found);
}

/**
 * Each distinct page once: routes that show one page component (a collection's create and edit
 * forms, a signature reached from the booking or from the list, either provider's balance) are
 * walked at the one with the most ids, the page with a record in it.
 */
function distinctPages(routes: TableRoute[]): TableRoute[] {
  const chosen = new Map<unknown, TableRoute>();
  for (const route of routes) {
    const key = route.page ?? route;
    const other = chosen.get(key);
    if (!other || paramsOf(route.path).length > paramsOf(other.path).length) chosen.set(key, route);
  }
  return routes.filter((route) => chosen.get(route.page ?? route) === route);
}

/** The routes in the order the walk opens them: plain paths first (their links fill the ids), then by how many ids. */
function walkOrder(routes: TableRoute[]): TableRoute[] {
  return distinctPages(routes.filter((r) => !r.redirectTo)).sort((a, b) => paramsOf(a.path).length - paramsOf(b.path).length);
}

async function walkRoutes(walk: Walk, routes: TableRoute[]) {
  for (const route of walkOrder(routes)) {
    const path = filled(walk, route.path);
    if (path === null) {
      walk.problems.push(`${walk.role} ${route.path}: no record to open (no link to such a page on the pages walked)`);
      continue;
    }
    await check(walk, path);
  }
}

interface DemoBooking {
  id: string;
  bookingReference: string | null;
  status: string;
  paid: number;
  numberOfSignedWaivers: number;
}

/** A demo booking whose pages show the most: paid, with a signed waiver, a reference and payments. */
async function richBooking(page: Page): Promise<DemoBooking> {
  const answer = await apiAs(page, 'GET', '/api/private/booking/detailed?dateField=date&limit=200&offset=0', undefined, VENUE);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const items = answer.body.items as DemoBooking[];
  const score = (b: DemoBooking) =>
    (b.numberOfSignedWaivers > 0 ? 4 : 0) + (b.paid > 0 ? 2 : 0) + (b.bookingReference ? 1 : 0) + (b.status === 'paid' ? 1 : 0);
  const best = [...items].sort((a, b) => score(b) - score(a))[0];
  expect(best, 'the demo venue has bookings').toBeDefined();
  return best;
}

/** The console's route table, read when this file loads so each area of it is a test of its own. */
const ROUTES = await consoleRoutes();

describe('accessibility: WCAG 2.1 A and AA, no serious or critical violation on any page (issue 27)', () => {
  let booking: DemoBooking;

  beforeAll(async () => {
    const { page, context } = await newPage();
    await signIn(page, 'owner@demo.test');
    booking = await richBooking(page);
    // What the demo has none of, so that every list has a record to open: a signature on the chosen booking, an integration, a gift card.
    if (booking.numberOfSignedWaivers === 0 && booking.bookingReference) {
      await page.goto(`/widget/booking/${booking.bookingReference}/sign`);
      await visible(page.getByRole('heading', { name: 'Sign Waiver' }));
      await page.getByRole('textbox', { name: /^First name/ }).fill('Ada');
      await page.getByRole('textbox', { name: /^Last name/ }).fill('Lovelace');
      await page.getByRole('textbox', { name: /^Email/ }).fill('ada.lovelace@example.test');
      await drawSignature(page, page.locator('canvas.lb-signature'));
      await page.getByRole('button', { name: 'Sign Waiver', exact: true }).click();
      await visible(page.getByText('Waiver successfully signed'));
    }
    const integrations = await apiAs(page, 'GET', '/api/private/integrations?limit=1&offset=0', undefined, VENUE);
    if (integrations.body.total === 0) {
      const created = await apiAs(
        page,
        'POST',
        '/api/private/integrations',
        { type: 'custom', name: 'Front desk tools', isActive: false, settings: { note: 'kept by the accessibility walk' } },
        VENUE,
      );
      expect(created.status, JSON.stringify(created.body)).toBe(201);
    }
    // A gift card, so the gift cards list links to a card's page (its ledger) for the walk to open.
    const giftCards = await apiAs(page, 'GET', '/api/private/gift-cards?limit=1', undefined, VENUE);
    if (giftCards.body.total === 0) {
      const sold = await apiAs(
        page,
        'POST',
        '/api/private/gift-cards',
        { amount: 2500, paymentMethod: 'Cash', recipientName: 'Ada Lovelace', message: 'Kept by the accessibility walk' },
        VENUE,
      );
      expect(sold.status, JSON.stringify(sold.body)).toBe(201);
    }
    await context.close();
  });

  const forBooking = (path: string): Record<string, string> =>
    path.startsWith('/bookings/') || path.startsWith('/sign/') ? { id: booking.id, bookingReference: booking.bookingReference ?? '' } : {};

  test('the route table is walked whole', () => {
    // The table the console routes by: a sanity check that the import found it, not a list to keep up to date.
    expect(ROUTES.length).toBeGreaterThan(50);
    expect(ROUTES.some((r) => r.path === '/bookings/:id/view')).toBe(true);
    // Each page component is walked once, at its route with a record: none is left out.
    const walked = walkOrder(ROUTES);
    const pages = new Set(ROUTES.filter((r) => !r.redirectTo).map((r) => r.page ?? r));
    expect(walked).toHaveLength(pages.size);
    expect(walked.map((r) => r.path)).toEqual(
      expect.arrayContaining(['/settings/taxes/:id', '/waivers/:id', '/bookings/:id/signatures/:signatureId']),
    );
    expect(walked.map((r) => r.path)).not.toContain('/settings/taxes/create');
  });

  /** One signed-in page a role walks its routes with, area by area (the links seen fill the next areas' ids too). */
  function walkAs(role: string, email: string | null, routes: TableRoute[], before?: (walk: Walk) => Promise<void>) {
    let walk: Walk;
    let close: () => Promise<void>;
    beforeAll(async () => {
      const { page, context } = await newPage();
      if (email) await signIn(page, email);
      walk = { page, role, chosen: forBooking, links: new Set(), problems: [] };
      close = () => context.close();
      await before?.(walk);
    });
    afterAll(() => close?.());
    const ordered = walkOrder(routes);
    for (const area of [...new Set(ordered.map((r) => areaOf(r.path)))]) {
      test(`${role}: ${area}`, async () => {
        walk.problems = [];
        await walkRoutes(
          walk,
          ordered.filter((r) => areaOf(r.path) === area),
        );
        expect(walk.problems).toEqual([]);
      }, 600_000);
    }
  }

  describe('every page an owner opens', () => {
    walkAs(
      'owner',
      'owner@demo.test',
      ROUTES.filter((r) => (r.access === 'signed-in' || r.access === 'onboarding') && !r.superadminOnly),
    );
  });

  describe('the pages that differ for staff: the landing page, bookings, a booking, the calendar, settings', () => {
    const differ = ['/bookings', '/bookings/:id/view', '/calendar', '/settings'];
    walkAs(
      'staff',
      'staff@demo.test',
      ROUTES.filter((r) => differ.includes(r.path)),
    );
    test("staff: the landing page (today's lane view)", async () => {
      const { page, context } = await newPage();
      await signIn(page, 'staff@demo.test');
      const walk: Walk = { page, role: 'staff', chosen: forBooking, links: new Set(), problems: [] };
      await page.goto('/');
      await page.waitForURL((url) => url.pathname !== '/');
      const landing = new URL(page.url());
      await check(walk, landing.pathname + landing.search);
      await context.close();
      expect(walk.problems).toEqual([]);
    }, 120_000);
  });

  describe('the superadmin pages', () => {
    walkAs(
      'superadmin',
      'admin@demo.test',
      ROUTES.filter((r) => r.superadminOnly),
    );
  });

  describe('the pages for someone signed out', () => {
    walkAs(
      'guest',
      null,
      ROUTES.filter((r) => r.access === 'guest' || r.access === 'public'),
    );
  });
});

describe('accessibility: every step of the widget, in a venue colour too light for text on white', () => {
  test('product, players, date, time, extras, details, waiver, payment, the booking page and its signing page', async () => {
    const { page, context } = await newPage();
    await signIn(page, 'owner@demo.test');
    const stamp = Date.now().toString(36);
    const call = async (method: string, path: string, body?: unknown) => {
      const answer = await apiAs(page, method, path, body, VENUE);
      expect(answer.status, `${method} ${path}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
      return answer.body;
    };
    // A product of its own with every step: an upsell, terms and a waiver; a template in a light yellow.
    const lane = `A11y lane ${stamp}`;
    await call('POST', '/api/private/resources', { id: lane, capacity: 8 });
    const upsellId = (await call('POST', '/api/private/upsell-items', { name: `Gloves ${stamp}`, description: 'A pair', price: 500 })).id;
    const terms = `A11y rules ${stamp}`;
    const termsId = (await call('POST', '/api/private/terms', { name: terms, text: 'Closed-toe shoes.' })).id;
    const waiverId = (
      await call('POST', '/api/private/waivers', {
        title: `A11y waiver ${stamp}`,
        intro: 'Read this first.',
        text: '<p>I accept the risks.</p>',
      })
    ).id;
    const title = `A11y axes ${stamp}`;
    const productId = (
      await call('POST', '/api/private/products', {
        ...productDefaults,
        name: title,
        title,
        price: 2000,
        maxPlayers: 8,
        resources: [lane],
        upsellItemIds: [upsellId],
        termsId,
        activeWaiverId: waiverId,
        isPaused: undefined,
      })
    ).id;
    await call('POST', `/api/private/products/${productId}/resume`);
    const venue = await call('GET', '/api/private/venues/current');
    const date = addDays(venueToday(venue.timezone), 3);
    const slot = (await call('POST', `/api/private/product/${productId}/slot`, { date, from: '14:00', to: '15:00' })).id as string;
    // Light yellow fails as text on white (1.5:1): the widget must darken it wherever it is text.
    const templateId = (
      await call('POST', '/api/private/widget-templates', {
        ...widgetTemplateDefaults,
        name: `A11y yellow ${stamp}`,
        view: { ...widgetTemplateDefaults.view, colors: { primary: '#ffd43b', secondary: '#ffd43b' } },
      })
    ).id as string;
    await context.close();

    const customer = await newPage();
    const frame = customer.page;
    const problems: string[] = [];
    const step = async (heading: string | RegExp) => {
      await visible(frame.getByRole('heading', { name: heading }));
      problems.push(...(await seriousViolations(frame, `widget "${String(heading)}"`)));
    };
    await frame.goto(`/widget/?venue=${VENUE}&template=${templateId}`);
    await step('Choose a product');
    await frame.getByRole('button', { name: new RegExp(title) }).click();
    await step('How many players?');
    await frame.getByLabel('Players', { exact: true }).fill('2');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await step('Choose a date');
    const day = frame.locator(`button[data-date="${date}"]`);
    if (!(await day.isVisible())) await frame.getByRole('button', { name: 'Next month' }).click();
    await frame.locator(`button[data-date="${date}"][aria-disabled="false"]`).click();
    await step('Choose a time');
    await frame.locator(`button[data-slot="${slot}"]`).click();
    await frame.getByRole('button', { name: 'Continue' }).click();
    await step('Extras');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await step('Your details');
    await frame.getByLabel(/^First name/).fill('Ada');
    await frame.getByLabel(/^Last name/).fill(`A11y${stamp}`);
    await frame.getByRole('textbox', { name: /^Email/ }).fill(`ada-${stamp}@example.test`);
    await frame.getByLabel(`I accept the ${terms}`).check();
    const created = frame.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/api\/public\/booking$/.test(new URL(r.url()).pathname),
    );
    await frame.getByRole('button', { name: /^Book/ }).click();
    const { bookingReference } = (await (await created).json()) as { bookingReference: string };
    await step('Sign Waiver');
    await frame.getByRole('button', { name: 'Sign later' }).click();
    await visible(frame.getByRole('button', { name: 'Continue' }));
    problems.push(...(await seriousViolations(frame, 'widget "Sign later"')));
    await frame.getByRole('button', { name: 'Continue' }).click();
    await visible(frame.getByRole('button', { name: /^Pay/ }));
    problems.push(...(await seriousViolations(frame, 'widget payment')));
    await payWithTestCard(frame, frame, /^Pay/);
    await visible(frame.getByText('Booked and paid'), 30_000);
    problems.push(...(await seriousViolations(frame, 'widget success')));
    await frame.goto(`/widget/booking/${bookingReference}`);
    await visible(frame.getByRole('button', { name: 'Cancel booking' }));
    problems.push(...(await seriousViolations(frame, 'widget booking page')));
    await frame.goto(`/widget/booking/${bookingReference}/sign`);
    await step('Sign Waiver');
    await customer.context.close();
    expect(problems).toEqual([]);
  }, 240_000);
});
