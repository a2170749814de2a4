import { describe, expect, it } from 'vitest';
import { atPath, baseUrl, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('the console under its Content-Security-Policy', () => {
  it('loads and works with no policy violation, and cannot be framed', async () => {
    const { context, page } = await browser.newPage();
    const violations: string[] = [];
    // Every violation the page reports, from the first script on.
    await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        (window as unknown as { reportViolation(text: string): void }).reportViolation(
          `${event.violatedDirective} ${event.blockedURI} ${location.pathname} ${event.sourceFile}:${event.lineNumber}`,
        );
      });
    });
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await signIn(page, 'owner@demo.test');
    for (const path of ['/dashboard', '/resources', '/products', '/settings/venue', '/users']) {
      await page.goto(path);
      await atPath(page, path);
      await visible(page.locator('main'));
    }
    await page.goto('/api/docs');
    await visible(page.getByText('Lanebook API'));
    expect(violations).toEqual([]);

    // Framed by another page: the browser refuses to render the console inside it.
    const framing = await context.newPage();
    await framing.setContent(`<iframe id="f" src="${baseUrl()}/login"></iframe>`);
    const frame = await (await framing.$('#f'))!.contentFrame();
    const framedText = await frame!.evaluate(() => document.body?.innerText ?? '').catch(() => '');
    expect(framedText).not.toContain('Sign in');
    await context.close();
  });
});

describe("the console's files", () => {
  it('are cached for good when their names carry their hash, and index.html is asked again each time', async () => {
    const page = await fetch(`${baseUrl()}/login`);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${baseUrl()}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
