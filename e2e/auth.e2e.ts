import { describe, expect, test } from 'vitest';
import { apiAs, atPath, CONFIRM_EMAIL_SUBJECT, linkIn, mailTo, signIn, signInThroughForm, useBrowser, visible } from './support.js';

const browser = useBrowser();

describe('sign-in and guards', () => {
  test('a signed-out visitor is sent to /login, signs in and lands where they were going', async () => {
    const { page, context } = await browser.newPage();
    await page.goto('/users');
    expect(await atPath(page, '/login')).toBe('/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/users');
    await page.getByLabel('Email').fill('owner@demo.test');
    await page.getByLabel('Password', { exact: true }).fill('demo-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/users');
    await visible(page.getByRole('heading', { name: 'Users' }));
    await context.close();
  });

  test('a wrong password and an unknown email answer alike, and nothing signs in', async () => {
    const { page, context } = await browser.newPage();
    const messages: string[] = [];
    for (const [email, password] of [
      ['owner@demo.test', 'wrong-password'],
      ['nobody@demo.test', 'wrong-password'],
    ]) {
      await page.goto('/login');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password', { exact: true }).fill(password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      const alert = await visible(page.getByRole('alert'));
      messages.push((await alert.textContent()) ?? '');
    }
    expect(messages[0]).toMatch(/invalid email or password/i);
    expect(messages[1]).toBe(messages[0]);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  test('remember me keeps a persistent cookie; without it the cookie ends with the browser', async () => {
    const { page, context } = await browser.newPage();
    await signInThroughForm(page, 'manager@demo.test');
    const remembered = (await context.cookies()).find((c) => c.name.includes('session_token'));
    expect(remembered?.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
    await context.close();

    const second = await browser.newPage();
    await second.page.goto('/login');
    await second.page.getByLabel('Email').fill('manager@demo.test');
    await second.page.getByLabel('Password', { exact: true }).fill('demo-password');
    await second.page.getByLabel('Remember me').uncheck();
    await second.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(second.page, '/dashboard');
    const sessionOnly = (await second.context.cookies()).find((c) => c.name.includes('session_token'));
    expect(sessionOnly?.expires).toBe(-1);
    await second.context.close();
  });

  test('a signed-in user on /login goes to /, / goes to /dashboard, unknown paths go to /', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await page.goto('/login');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await page.goto('/no/such/page');
    expect(await atPath(page, '/dashboard')).toBe('/dashboard');
    await visible(page.getByTestId('tile-grossRevenue'));
    await context.close();
  });

  test('logout ends the session', async () => {
    const { page, context } = await browser.newPage();
    await signIn(page, 'owner@demo.test');
    await page.goto('/');
    await page.getByRole('button', { name: 'Log out' }).click();
    await atPath(page, '/login');
    await page.goto('/settings/venue');
    expect(await atPath(page, '/login')).toBe('/login');
    expect((await apiAs(page, 'GET', '/api/private/me')).status).toBe(401);
    await context.close();
  });

  test('the confirmation link lands on sign-in, which says the address is confirmed and fills it in', async () => {
    const { page, context } = await browser.newPage();
    const email = `confirmed-${Date.now()}@example.test`;
    await page.goto('/login?mode=signup');
    await page.getByLabel('Name').fill('Connie Confirmed');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('connie-password');
    await page.getByRole('button', { name: 'Create account', exact: true }).click();
    await visible(page.getByText(`We sent a confirmation link to ${email}`));

    await page.goto(linkIn(await mailTo(email, CONFIRM_EMAIL_SUBJECT)));
    expect(await atPath(page, '/login')).toBe('/login');
    await visible(page.getByRole('status').getByText('Your email address is confirmed. Sign in to continue.'));
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    // The password is the one field left, and it has the focus.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('current-password');
    await page.keyboard.type('connie-password');
    await page.keyboard.press('Enter');
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    await context.close();
  });

  test('password reset through the outbox', async () => {
    const { page, context } = await browser.newPage();
    // A fresh account, so the demo passwords stay as they are for the other tests.
    const email = `reset-${Date.now()}@example.test`;
    const signUp = await page.request.post('/api/auth/sign-up/email', {
      data: { name: 'Reset Person', email, password: 'first-password' },
    });
    expect(signUp.status()).toBe(200);
    await context.clearCookies();

    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await atPath(page, '/forgot-password');
    // The URL changes before the lazy page renders, and until then the sign-in form (with its own Email) stays on screen.
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await visible(page.getByText(/reset link is on its way/i));

    // The superadmin reads the mail in the outbox and follows its link.
    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test', { landOn: '/settings/superadmin/outbox' });
    await admin.page.getByText('Reset your Lanebook password').first().click();
    const link = await visible(admin.page.getByRole('link', { name: /reset-password/ }));
    const href = (await link.getAttribute('href'))!;
    expect(href).toContain('/api/auth/reset-password/');
    await admin.context.close();

    await page.goto(href);
    await atPath(page, '/reset-password');
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await atPath(page, '/login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('second-password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    // A new account has no venue yet: the guards send it to venue onboarding.
    expect(await atPath(page, '/onboard/venue')).toBe('/onboard/venue');
    await context.close();
  });
});
