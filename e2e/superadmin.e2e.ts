import { describe, expect, test } from 'vitest';
import { apiAs, atPath, signIn, signUpConfirmed, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('superadmin', () => {
  test('lists venues by status, opens one temporarily and leaves it', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'admin@demo.test', { landOn: '/settings/superadmin' });
    await visible(page.getByText('Demo Axe House'));
    await visible(page.getByText('Demo Bowl'));
    await page.getByRole('button', { name: 'Open Demo Bowl' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await visible(page.getByTestId('superadmin-crown'));
    await page.getByRole('button', { name: 'Leave venue' }).click();
    expect(await atPath(page, '/settings/superadmin')).toBe('/settings/superadmin');
    const me = await apiAs(page, 'GET', '/api/private/me');
    expect(me.body.venues).toEqual([]);
    await context.close();
  });

  test('creates a venue for a new owner, who is invited by mail', async () => {
    // The picker starts at the browser's zone (a browser in UTC gets none: decision 035).
    const { page, context } = await browser.newPage({ timezoneId: 'America/Phoenix' });
    const stamp = Date.now().toString(36);
    await signIn(page, 'admin@demo.test', { landOn: '/settings/superadmin/create' });
    await page.getByLabel('Venue name').fill('Range Seventeen');
    await page.getByLabel('Venue ID').fill(`range-${stamp}`);
    await page.getByLabel('Owner email').fill(`range-owner-${stamp}@example.test`);
    await page.getByRole('button', { name: 'Create venue' }).click();
    expect(await atPath(page, '/settings/superadmin')).toBe('/settings/superadmin');
    await visible(page.getByText('Range Seventeen'));
    const outbox = await apiAs(page, 'GET', '/api/private/superadmin/outbox');
    const invitation = outbox.body.items.find((m: { to: string[] }) => m.to.includes(`range-owner-${stamp}@example.test`));
    expect(invitation.subject).toBe('You are invited to a venue on Lanebook');
    await context.close();
  });

  test('a disabled account is signed out at once and cannot sign in', async () => {
    const victim = await browser.newPage();
    const stamp = Date.now().toString(36);
    const email = `victim-${stamp}@example.test`;
    await signUpConfirmed(victim.page, { name: 'Vic Tim', email, password: 'victim-password' });
    await victim.page.goto('/onboard/venue');
    await atPath(victim.page, '/onboard/venue');

    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test', { landOn: '/settings/superadmin/users' });
    await admin.page.getByLabel('Search').fill(email);
    await admin.page.getByRole('button', { name: `Disable ${email}` }).click();
    await admin.page.getByRole('dialog').getByRole('button', { name: 'Disable', exact: true }).click();
    await visible(admin.page.getByRole('button', { name: `Enable ${email}` }));

    // The victim's next request is refused, and the console sends them to sign in.
    await victim.page.goto('/settings/profile');
    expect(await atPath(victim.page, '/login')).toBe('/login');
    await victim.page.getByLabel('Email').fill(email);
    await victim.page.getByLabel('Password', { exact: true }).fill('victim-password');
    await victim.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await visible(victim.page.getByText(/disabled/i));
    expect(new URL(victim.page.url()).pathname).toBe('/login');
    await admin.context.close();
    await victim.context.close();
  });
});
