/**
 * `widget`: the embeddable widget's budgets (decision 024). The gzipped sizes of the loader and
 * of the app's first load (as the size check of `npm test` measures them), and, in Debian
 * Chromium with the CPU throttled four times, how long after the loader starts the product list
 * is visible and the first slots are. The venue's page is a plain HTML page on another origin
 * (another port) embedding the loader, as a venue's site would; each run is a fresh browser
 * context (nothing cached). The times come from the page's and the widget's own clocks
 * (`performance.timeOrigin`), marks the widget sets when it has drawn the products and the slots
 * (apps/widget/src/lib/marks.ts). On the way to the slots the bench clicks Continue on the players
 * and the first open date as soon as each shows, so the time is the widget's own, without a
 * customer's thinking.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { widgetTemplateDefaults } from '@lanebook/core/catalog';
import { BENCH_APP_CONFIG } from './lib/server.js';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { FIRST_LOAD_BUDGET, LOADER_BUDGET, measureWidget } from '../scripts/check-widget-size.mjs';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const widgetDir = path.join(repoRoot, 'apps/widget/dist');
const VENUE = 'demo-axe';
const RUNS = 5;
const KB = 1024;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The venue's own page, on an origin of its own, with the snippet the console gives. */
function venuePage(widgetBase: string, templateId: string): Promise<{ server: Server; url: string }> {
  const html = `<!doctype html><html><head><title>Axe night</title></head><body>
<h1>Axe night at the Demo Axe House</h1>
<script>window.__loaderStart = performance.timeOrigin + performance.now();</script>
<script src="${widgetBase}/widget.js" data-venue="${VENUE}" data-template="${templateId}"></script>
</body></html>`;
  const server = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end(html));
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}/` })),
  );
}

/**
 * Milliseconds the customer waits from the loader's start to the widget's mark, one cold run. On
 * the way to the slots the customer acts twice (Continue on the players, a day of the month):
 * the time from the step being drawn to the click is theirs (the bench's clicks take a second
 * on a 4x slower CPU), so it is left out: what counts is the players step, then each step after
 * its click.
 */
async function timeToMark(browser: Browser, pageUrl: string, mark: string): Promise<number> {
  const context = await browser.newContext();
  // In every frame: when the customer's input arrives.
  await context.addInitScript({ content: "addEventListener('pointerdown', () => performance.mark('bench:input'), true);" });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.goto(pageUrl);
    const frame = await (await page.waitForSelector('iframe', { state: 'attached', timeout: 30_000 })).contentFrame();
    if (!frame) throw new Error('the loader made no iframe');
    if (mark === 'lanebook:slots') {
      // The shortest path a customer takes to the slots, clicked as soon as each step shows: the
      // players (the product's default), then the first open date.
      await frame.getByRole('button', { name: 'Continue' }).click({ timeout: 30_000 });
      await frame.locator('.lb-grid[aria-busy="false"] button[aria-disabled="false"]').first().click({ timeout: 30_000 });
    }
    await frame.waitForFunction((name) => performance.getEntriesByName(name).length > 0, mark, { timeout: 30_000 });
    const loaderStart = await page.evaluate(() => (globalThis as unknown as { __loaderStart: number }).__loaderStart);
    // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
    const times = (await frame.evaluate(`({
      origin: performance.timeOrigin,
      marks: Object.fromEntries(performance.getEntriesByType('mark').map((e) => [e.name, e.startTime])),
      inputs: performance.getEntriesByName('bench:input').map((e) => e.startTime),
    })`)) as { origin: number; marks: Record<string, number>; inputs: number[] };
    const sinceLoader = times.origin - loaderStart;
    if (mark !== 'lanebook:slots') return sinceLoader + times.marks[mark];
    const [toContinue, toDay] = times.inputs;
    return (
      sinceLoader + times.marks['lanebook:players'] + (times.marks['lanebook:dates'] - toContinue) + (times.marks['lanebook:slots'] - toDay)
    );
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const widget: Benchmark = {
  name: 'widget',
  description: 'gzipped loader and first-load app; product list and first slots after the loader starts, CPU throttled 4x',
  async run(ctx) {
    if (!existsSync(path.join(widgetDir, 'widget.js'))) {
      ctx.log('  the widget build is missing: running npm run build');
      const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
      if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status}); the widget bench needs apps/widget/dist`);
    }
    const sizes = measureWidget(widgetDir);
    const figures: Figure[] = [
      { figure: 'loader', value: sizes.loader / KB, unit: 'KB', budget: { max: LOADER_BUDGET / KB }, note: 'gzipped' },
      {
        figure: 'app first load',
        value: sizes.firstLoad / KB,
        unit: 'KB',
        budget: { max: FIRST_LOAD_BUDGET / KB },
        note: `gzipped JS and CSS, ${sizes.files.length} files`,
      },
    ];

    const database = await ctx.openDatabase();
    const { buildApp } = await import('../apps/server/src/app.js');
    const { seedDemo } = await import('../apps/server/src/seed.js');
    const { app, auth } = await buildApp(database, { ...BENCH_APP_CONFIG, widgetDir });
    let browser: Browser | undefined;
    const pages: Server[] = [];
    try {
      await seedDemo(database.db, auth);
      await app.listen({ port: 0, host: '127.0.0.1' });
      const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
      const { templates } = await demoTemplates(base);
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
      });
      for (const [label, templateId, mark, budget] of [
        ['product list visible', templates.list, 'lanebook:products', 1000],
        ['first slots visible', templates.product, 'lanebook:slots', 1500],
      ] as const) {
        const venue = await venuePage(base, templateId);
        pages.push(venue.server);
        await timeToMark(browser, venue.url, mark); // warms the server's caches, not the browser's
        const times: number[] = [];
        for (let run = 0; run < RUNS; run += 1) times.push(await timeToMark(browser, venue.url, mark));
        ctx.log(`  ${label}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
        figures.push({
          figure: `${label} (CPU 4x slower)`,
          value: median(times),
          unit: 'ms',
          budget: { max: budget },
          note: `median of ${RUNS} cold loads, from the loader's start${mark === 'lanebook:slots' ? ", less the customer's two clicks" : ''}; worst ${Math.max(...times).toFixed(0)} ms`,
        });
      }
      return figures;
    } finally {
      await browser?.close();
      for (const server of pages) server.close();
      await app.close();
      await database.close();
    }
  },
};

/** Two templates of the demo venue: one that lists the products, one that opens on a product (straight to its slots). */
async function demoTemplates(base: string) {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
    body: JSON.stringify({ email: 'owner@demo.test', password: 'demo-password' }),
  });
  const token = signIn.headers.get('set-auth-token');
  if (!token) throw new Error(`sign-in failed: ${signIn.status}`);
  const headers = { authorization: `Bearer ${token}`, 'x-venue-id': VENUE, 'content-type': 'application/json' };
  const config = (await (await fetch(`${base}/api/public/widget/${VENUE}`)).json()) as { products: { id: string }[] };
  if (!config.products.length) throw new Error('the demo venue shows no product in its widget');
  const create = async (name: string, productId: string | null) => {
    const response = await fetch(`${base}/api/private/widget-templates`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ ...widgetTemplateDefaults, name, productId }),
    });
    if (response.status !== 201) throw new Error(`creating a widget template answered ${response.status}: ${await response.text()}`);
    return ((await response.json()) as { id: string }).id;
  };
  return { templates: { list: await create('Bench list', null), product: await create('Bench product', config.products[0].id) } };
}
