import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { account, session } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, DEMO_PASSWORD, injectInto, nextAddress, resetTokenOf } from '../../test/server.js';

const SESSION_COOKIE = 'better-auth.session_token';
const INVALID = { message: 'Invalid email or password', code: 'INVALID_EMAIL_OR_PASSWORD' };

describeEachDatabase('sign-in, sessions and password reset', (t) => {
  it('signs in with email and password: a session cookie and the bearer token in set-auth-token', async () => {
    const response = await t.signInRequest('owner@demo.test');
    expect(response.statusCode).toBe(200);
    const token = response.headers['set-auth-token'];
    expect(typeof token).toBe('string');
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toBeDefined();
    expect(cookie!.httpOnly).toBe(true);
    expect(cookie!.value).toBe(token);
    expect(response.json()).toMatchObject({ user: { email: 'owner@demo.test', name: 'Olivia Owner' } });

    // The token works as a bearer token, and the cookie works on its own.
    const me = await t.request('GET', '/api/private/me', { token: String(token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ user: { email: 'owner@demo.test' } });
    const byCookie = await t.request('GET', '/api/private/me', {
      headers: { cookie: `${SESSION_COOKIE}=${encodeURIComponent(cookie!.value)}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.json()).toMatchObject({ user: { email: 'owner@demo.test' } });
  });

  it('signs in case-insensitively by email', async () => {
    const response = await t.signInRequest('Owner@Demo.TEST');
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown email and a wrong password identically', async () => {
    const unknown = await t.signInRequest('nobody@demo.test', 'demo-password');
    const wrong = await t.signInRequest('owner@demo.test', 'not-the-password');
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json()).toEqual(INVALID);
    expect(wrong.body).toBe(unknown.body);
    for (const response of [unknown, wrong]) {
      expect(response.headers['set-auth-token']).toBeUndefined();
      expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
  });

  it('does not sign in a user who has no password yet (an invited one)', async () => {
    const { id, email } = await t.addUser();
    await t.db.delete(account).where(eq(account.userId, id));
    const response = await t.signInRequest(email, DEMO_PASSWORD);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(INVALID);
  });

  it('rememberMe false gives a session cookie (no Max-Age or Expires); true gives Max-Age', async () => {
    const forgetful = await t.signInRequest('manager@demo.test', DEMO_PASSWORD, { rememberMe: false });
    expect(forgetful.statusCode).toBe(200);
    const raw = ([] as string[]).concat(forgetful.headers['set-cookie'] ?? []);
    const sessionCookie = raw.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    expect(sessionCookie).toBeDefined();
    expect(sessionCookie).not.toMatch(/max-age/i);
    expect(sessionCookie).not.toMatch(/expires/i);

    const remembered = await t.signInRequest('manager@demo.test', DEMO_PASSWORD, { rememberMe: true });
    expect(remembered.statusCode).toBe(200);
    const rememberedCookie = ([] as string[])
      .concat(remembered.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${SESSION_COOKIE}=`));
    const maxAge = Number(/Max-Age=(\d+)/i.exec(rememberedCookie ?? '')?.[1]);
    expect(maxAge).toBe(60 * 60 * 24 * 30);

    // Without rememberMe, the default is to remember.
    const plain = await t.signInRequest('manager@demo.test');
    expect(plain.cookies.find((c) => c.name === SESSION_COOKIE)?.maxAge).toBe(60 * 60 * 24 * 30);
  });

  it('signing out ends the session: the token answers 401 afterwards', async () => {
    const token = await t.signIn('staff@demo.test');
    expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(200);
    const out = await t.request('POST', '/api/auth/sign-out', { token, headers: { origin: BASE_URL } });
    expect(out.statusCode).toBe(200);
    const after = await t.request('GET', '/api/private/me', { token });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
  });

  it('refuses a cookie-authenticated auth POST from another origin (CSRF), accepts it from the app origin', async () => {
    const signedIn = await t.signInRequest('staff@demo.test');
    const cookie = `${SESSION_COOKIE}=${encodeURIComponent(signedIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value)}`;
    const token = String(signedIn.headers['set-auth-token']);
    const forged = await t.request('POST', '/api/auth/sign-out', { headers: { cookie, origin: 'https://evil.example' } });
    expect(forged.statusCode).toBe(403);
    expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(200);
    const real = await t.request('POST', '/api/auth/sign-out', { headers: { cookie, origin: BASE_URL } });
    expect(real.statusCode).toBe(200);
    expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(401);
  });

  it('rejects a made-up or tampered bearer token with 401', async () => {
    const token = await t.signIn('staff@demo.test');
    const [value, signature] = token.split('.');
    for (const bad of ['nonsense', `${value}.${signature.slice(1)}`, `${value.slice(1)}x.${signature}`]) {
      const response = await t.request('GET', '/api/private/me', { token: bad });
      expect(response.statusCode, bad).toBe(401);
      expect(response.json()).toEqual({ message: 'Sign in to continue.', code: 'unauthorized' });
    }
  });

  it('rate-limits sign-in per client address: 429 after 10 attempts a minute, other addresses unaffected', async () => {
    // The production setting: no signInPerMinute, so the default of 10 applies.
    const { app } = await t.extraApp({ signInPerMinute: undefined });
    try {
      const address = nextAddress();
      const attempt = (password: string, remoteAddress = address) =>
        injectInto(app, 'POST', '/api/auth/sign-in/email', { body: { email: 'owner@demo.test', password }, remoteAddress });
      for (let i = 1; i <= 10; i++) {
        const response = await attempt('wrong-password');
        expect(response.statusCode, `attempt ${i}`).toBe(401);
      }
      const limited = await attempt(DEMO_PASSWORD);
      expect(limited.statusCode).toBe(429);
      expect(limited.headers['set-auth-token']).toBeUndefined();
      expect(Number(limited.headers['x-retry-after'])).toBeGreaterThan(0);
      // Another client is not limited by the first one's attempts.
      const other = await attempt(DEMO_PASSWORD, nextAddress());
      expect(other.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('resets a forgotten password: request, mail with link, reset, sign in with the new password only', async () => {
    const { email } = await t.addUser();
    const before = await t.mails(email);
    const requested = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: `${BASE_URL}/reset-password` },
    });
    expect(requested.statusCode).toBe(200);
    const mail = await t.waitForMail(email, 'password-reset', before);
    expect(mail.subject).toBe('Reset your Lanebook password');
    expect(mail.to).toEqual([email]);
    expect(mail.status).toBe('stored');
    expect(mail.text).toContain(`${BASE_URL}/api/auth/reset-password/`);
    expect(mail.text).toContain(`callbackURL=${encodeURIComponent(`${BASE_URL}/reset-password`)}`);
    const token = resetTokenOf(mail);

    // The link in the mail sends the browser to the console page with the token.
    const link = await t.request(
      'GET',
      `/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(`${BASE_URL}/reset-password`)}`,
    );
    expect(link.statusCode).toBe(302);
    expect(link.headers.location).toBe(`${BASE_URL}/reset-password?token=${token}`);

    const oldSession = await t.signIn(email);
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'a-brand-new-password' } });
    expect(reset.statusCode).toBe(200);

    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await t.signInRequest(email, 'a-brand-new-password')).statusCode).toBe(200);
    // Sessions from before the reset are ended.
    expect((await t.request('GET', '/api/private/me', { token: oldSession })).statusCode).toBe(401);
    // The token works once.
    const again = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'yet-another-password' } });
    expect(again.statusCode).toBe(400);
    expect((await t.signInRequest(email, 'yet-another-password')).statusCode).toBe(401);
  });

  it('answers a reset request for an unknown email like a known one, and sends nothing', async () => {
    const before = await t.mails();
    const unknown = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: 'nobody-here@demo.test', redirectTo: `${BASE_URL}/reset-password` },
    });
    const known = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: 'staff@demo.test', redirectTo: `${BASE_URL}/reset-password` },
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    await t.waitForMail('staff@demo.test', 'password-reset', before);
    expect(await t.mails('nobody-here@demo.test')).toEqual([]);
  });

  it('refuses a reset with a wrong token or a too short password', async () => {
    const wrongToken = await t.request('POST', '/api/auth/reset-password', {
      body: { token: 'not-a-token', newPassword: 'long-enough-pw' },
    });
    expect(wrongToken.statusCode).toBe(400);

    const { email } = await t.addUser();
    const before = await t.mails(email);
    await t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
    const token = resetTokenOf(await t.waitForMail(email, 'password-reset', before));
    const short = await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'short' } });
    expect(short.statusCode).toBe(400);
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a reset redirect to an untrusted origin and sends no mail', async () => {
    const { email } = await t.addUser();
    const response = await t.request('POST', '/api/auth/request-password-reset', {
      body: { email, redirectTo: 'https://evil.example/steal' },
    });
    expect(response.statusCode).toBe(403);
    expect(await t.mails(email)).toEqual([]);
  });

  it('records the session with the client address', async () => {
    const remoteAddress = nextAddress();
    const response = await t.signInRequest('staff@demo.test', DEMO_PASSWORD, { remoteAddress });
    const token = String(response.headers['set-auth-token']).split('.')[0];
    const [row] = await t.db.select().from(session).where(eq(session.token, token));
    expect(row.ipAddress).toBe(remoteAddress);
  });
});
