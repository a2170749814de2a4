import { describe, expect, test } from 'vitest';
import { apiAs, atPath, CONFIRM_EMAIL_SUBJECT, linkIn, mailTo, signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('onboarding a new user into a new venue', () => {
  test('sign up, create a venue (a taken id is refused), skip the bank step, land in the console as owner', async () => {
    const { page, context } = await browser.newPage({ timezoneId: 'UTC' });
    const stamp = Date.now().toString(36);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Create an account' }).click();
    await page.getByLabel('Name').fill('Nora New');
    await page.getByLabel('Email').fill(`nora-${stamp}@example.test`);
    await page.getByLabel('Password', { exact: true }).fill('nora-password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await visible(page.getByText(`We sent a confirmation link to nora-${stamp}@example.test`));
    // Not signed in until the address is confirmed.
    await page.goto('/dashboard');
    expect(await atPath(page, '/login')).toBe('/login');
    await page.goto(linkIn(await mailTo(`nora-${stamp}@example.test`, CONFIRM_EMAIL_SUBJECT)));
    // The link confirms the address and signs no one in: the password does.
    expect(await atPath(page, '/login')).toBe('/login');
    await signIn(page, `nora-${stamp}@example.test`, { password: 'nora-password' });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');

    // The console is closed until the venue exists.
    await page.goto('/dashboard');
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');

    await page.getByLabel('Venue name').fill('Nora Archery');
    await page.getByLabel('Venue ID').fill('demo-axe');
    // This browser reports UTC: the picker starts empty so the owner chooses (decision 035).
    const zone = page.getByRole('combobox', { name: 'Time zone' });
    expect(await zone.inputValue()).toBe('');
    await page.getByRole('button', { name: 'Create venue' }).click();
    await visible(page.getByText('Time zone is required: choose the zone the venue is in'));
    await zone.fill('Eastern');
    await page.getByRole('option', { name: /America\/New_York/ }).click();
    await page.getByRole('button', { name: 'Create venue' }).click();
    await visible(page.getByText("A venue with ID 'demo-axe' already exists."));

    await page.getByLabel('Venue ID').fill(`nora-${stamp}`);
    await page.getByRole('button', { name: 'Create venue' }).click();
    expect(await atPath(page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    await page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');

    const me = await apiAs(page, 'GET', '/api/private/me', undefined, `nora-${stamp}`);
    expect(me.body.role).toBe('owner');
    expect(me.body.venue.name).toBe('Nora Archery');
    // Skipped once, not asked again.
    await page.goto('/settings/venue');
    expect(await atPath(page, '/settings/venue')).toBe('/settings/venue');
    await context.close();
  });
});
