import { describe, expect, test } from 'vitest';
import { PASSWORD_CHANGE_FAILED } from '@lanebook/core';
import { signIn, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('profile', () => {
  test('a wrong old password gives the exact message; the name change is saved', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'manager@demo.test');
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password').fill('another-password');
    await page.getByLabel('Confirm password').fill('another-password');
    await page.getByRole('button', { name: 'Change password' }).click();
    await visible(page.getByText(PASSWORD_CHANGE_FAILED));

    const details = page.getByRole('region', { name: 'Personal details' });
    await details.getByLabel('Name').fill('Marcus M. Manager');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/private/me') && r.request().method() === 'PATCH');
    await details.getByRole('button', { name: /save/i }).click();
    expect((await saved).status()).toBe(200);
    const me = await page.request.get('/api/private/me');
    expect((await me.json()).user.name).toBe('Marcus M. Manager');
    await context.close();
  });
});
