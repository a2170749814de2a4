import { describe, expect, inject, test } from 'vitest';
import { apiAs, atPath, useBrowser } from './support.js';

const browser = useBrowser();

describe('single sign-on in a popup', () => {
  test('signs in through the OpenID provider and lands in venue onboarding as a new user', async () => {
    const account = inject('ssoAccount');
    const { page, context } = await browser.newPage();
    await page.goto('/login');
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Continue with Test SSO' }).click()]);
    // The test provider signs its account in without a form; the popup closes itself.
    await popup.waitForEvent('close', { timeout: 20_000 });
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    const me = await apiAs(page, 'GET', '/api/private/me');
    expect(me.body.user.email).toBe(account.email);
    expect(me.body.user.name).toBe(account.name);
    await context.close();
  });
});
