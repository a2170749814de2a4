import { describe, expect, test } from 'vitest';
import { atPath, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();

const MAIN_MENU = [
  ['Dashboard', '/dashboard'],
  ['Bookings', '/bookings'],
  ['Calendar', '/calendar'],
  ['Check-in', '/check-in'],
  ['Guests', '/guests'],
  ['Gift cards', '/gift-cards'],
  ['Lane management', '/resources'],
  ['Products', '/products'],
  ['Waivers', '/waivers'],
  ['Users', '/users'],
  ['Settings', '/settings'],
] as const;

const SETTINGS_MENU = [
  ['Profile', '/settings/profile'],
  ['Venue', '/settings/venue'],
  ['Widget templates', '/settings/widget-templates'],
  ['Bank accounts', '/settings/bank-accounts'],
  ['Taxes', '/settings/taxes'],
  ['Mailing templates', '/settings/mailing-templates'],
  ['Gift card settings', '/settings/gift-cards'],
  ['Terms & Conditions', '/settings/terms-and-conditions'],
  ['Promocodes', '/settings/promocodes'],
  ['Affiliates', '/settings/affiliates'],
  ['Upsell merchandise', '/settings/upsell-merchandise'],
  ['Waiver kiosks', '/settings/kiosks'],
  ['Permissions', '/settings/permissions'],
  ['Integrations', '/settings/integrations'],
] as const;

describe('layout and navigation', () => {
  test('every main and settings menu entry opens its page inside the layout', async () => {
    const { page, context } = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'owner@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    for (const [label, path] of MAIN_MENU) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      expect(await atPath(page, path)).toBe(path);
      // Never a blank page: a heading is always there.
      await visible(page.locator('main h1, main h2'));
    }
    for (const [label, path] of SETTINGS_MENU) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      expect(await atPath(page, path)).toBe(path);
      await visible(page.locator('main h1, main h2'));
    }
    // The owner is no superadmin: no Superadmin entry.
    expect(await nav.getByRole('link', { name: 'Superadmin' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('the header shows the venue clock in the venue zone and the Verify banner', async () => {
    const { page, context } = await browser.newPage();
    // Demo Bowl: the demo's Axe House takes card payments from the start (no banner there).
    await signIn(page, 'bowl-owner@demo.test');
    const clock = await visible(page.getByTestId('venue-clock'));
    const first = await clock.textContent();
    expect(first).toMatch(/^\d{2}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2} (AM|PM)$/);
    // Refreshed every second.
    await page.waitForFunction((before) => document.querySelector('[data-testid="venue-clock"]')?.textContent !== before, first, {
      timeout: 3000,
    });
    const chicagoHour = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', hour: 'numeric', hour12: true }).format(new Date());
    expect((await clock.textContent())!).toContain(chicagoHour.split(' ')[1]);
    await visible(page.getByTestId('verify-banner'));
    // (Verifying, through the sandbox's page, is in payments.e2e.ts on a venue of its own.)
    await visible(page.getByTestId('verify-banner').getByRole('button', { name: 'Verify' }));
    await context.close();
  });

  test('the venue dropdown switches venue, clock zone and permissions', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test', { landOn: '/settings/venue' });
    const name = await visible(page.getByLabel('Venue name'));
    await page.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === 'Demo Axe House');
    const newYorkClock = await page.getByTestId('venue-clock').first().getAttribute('title');
    expect(newYorkClock).toBe('America/New_York');
    await page.getByLabel('Venue', { exact: true }).click();
    await page.getByRole('option', { name: 'Demo Bowl' }).click();
    await page.waitForFunction(() => (document.querySelector('input[name="name"]') as HTMLInputElement | null)?.value === 'Demo Bowl');
    expect(await name.inputValue()).toBe('Demo Bowl');
    expect(await page.getByTestId('venue-clock').first().getAttribute('title')).toBe('America/Chicago');
    // In Demo Bowl the owner of Demo Axe House is a manager: no bank accounts.
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    expect(await nav.getByRole('link', { name: 'Bank accounts' }).count()).toBe(0);
    await context.close();
  });

  test('on a phone the menu is a drawer that closes after choosing', async () => {
    const { page, context } = await browser.newPage({ viewport: { width: 375, height: 740 } });
    await signIn(page, 'staff@demo.test');
    const nav = page.getByRole('navigation', { name: 'Main menu' });
    // The drawer slides in from the left: off screen means its right edge is at or left of 0.
    const drawerState = (open: boolean) =>
      page.waitForFunction((wantOpen) => {
        const box = document.querySelector('nav[aria-label="Main menu"]')?.getBoundingClientRect();
        return box ? box.right > 0 === wantOpen : false;
      }, open);
    await drawerState(false);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await drawerState(true);
    await nav.getByRole('link', { name: 'Users', exact: true }).click();
    expect(await atPath(page, '/users')).toBe('/users');
    await drawerState(false);
    await context.close();
  });

  test('a role without the permission is sent back; superadmin pages send others to /', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'staff@demo.test');
    // Home (/) is the lane view for staff, who do not see the dashboard.
    await page.goto('/settings/taxes/create');
    expect(await atPath(page, '/calendar')).toBe('/calendar');
    await page.goto('/settings/bank-accounts');
    expect(await atPath(page, '/calendar')).toBe('/calendar');
    // Back, not home, when there is a page to go back to.
    await page.goto('/users');
    await atPath(page, '/users');
    await page.evaluate(() => {
      window.history.pushState({ idx: 1, usr: null, key: 'x' }, '', '/settings/taxes/create');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    expect(await atPath(page, '/users')).toBe('/users');
    await page.goto('/settings/superadmin');
    expect(await atPath(page, '/calendar')).toBe('/calendar');
    await context.close();
  });
});
