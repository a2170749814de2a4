import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { user } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, DEMO_PASSWORD, type Caller } from '../../test/server.js';

const SESSION_COOKIE = 'better-auth.session_token';
const EVIL = 'http://evil.example';
// Password checks and sign-in share this limit in this file.
const LIMIT = 5;

const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-console-'));
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><div id="root"></div>');

describeEachDatabase(
  'security: origins, headers, hostile bytes, the sign-in library and password checks',
  (t) => {
    /** A fresh user signed in by cookie only (as a browser is), with the demo password. */
    async function cookieUser() {
      const { id, email } = await t.addUser({ memberships: [['demo-axe', 'owner']] });
      const signedIn = await t.signInRequest(email);
      const value = signedIn.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
      return { id, email, cookie: `${SESSION_COOKIE}=${encodeURIComponent(value)}` };
    }

    describe('a cookie session proves its origin on every state-changing request', () => {
      it('refuses POST, PATCH and DELETE from another origin, writing nothing', async () => {
        const { cookie, id } = await cookieUser();
        const admin = await t.addUser();
        await t.db.update(user).set({ isSuperadmin: true }).where(eq(user.id, admin.id));
        const adminLogin = await t.signInRequest(admin.email);
        const adminCookie = `${SESSION_COOKIE}=${encodeURIComponent(adminLogin.cookies.find((c) => c.name === SESSION_COOKIE)!.value)}`;
        const attempts = [
          { method: 'POST', url: '/api/private/venues', body: { id: `csrf-${id.slice(0, 6)}`, name: 'Evil', timezone: 'UTC' }, cookie },
          { method: 'PATCH', url: '/api/private/me', body: { name: 'Pwned' }, cookie },
          { method: 'PATCH', url: '/api/private/venues/current', body: { name: 'Pwned' }, cookie, venue: 'demo-axe' },
          { method: 'POST', url: `/api/private/superadmin/users/${id}/disable`, body: {}, cookie: adminCookie },
        ] as const;
        for (const attempt of attempts) {
          const response = await t.expectNoWrites(() =>
            t.request(attempt.method, attempt.url, {
              body: attempt.body,
              venue: 'venue' in attempt ? attempt.venue : null,
              headers: { cookie: attempt.cookie, origin: EVIL },
            }),
          );
          expect(response.statusCode, `${attempt.method} ${attempt.url}`).toBe(403);
          expect(response.json().code).toBe('untrusted_origin');
        }
      });

      it('refuses a form-encoded body on the API (only sign-in callbacks take forms)', async () => {
        const { cookie } = await cookieUser();
        const response = await t.expectNoWrites(() =>
          t.request('POST', '/api/private/venues', {
            body: 'id=csrf-form&name=Evil&timezone=UTC',
            headers: { cookie, origin: BASE_URL, 'content-type': 'application/x-www-form-urlencoded' },
          }),
        );
        expect(response.statusCode).toBe(415);
        expect(response.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      });

      it('refuses a cookie request with neither Origin nor a same-origin Sec-Fetch-Site', async () => {
        const { cookie } = await cookieUser();
        const attempts: Record<string, string>[] = [
          { cookie },
          { cookie, 'sec-fetch-site': 'cross-site' },
          { cookie, 'sec-fetch-site': 'same-site' },
        ];
        for (const headers of attempts) {
          const response = await t.request('PATCH', '/api/private/me', { body: { name: 'Pwned' }, headers });
          expect(response.statusCode).toBe(403);
        }
      });

      it('accepts the trusted origin, a same-origin fetch without Origin, and a bearer token from anywhere', async () => {
        const { cookie, email } = await cookieUser();
        const fromConsole = await t.request('PATCH', '/api/private/me', { body: { name: 'One' }, headers: { cookie, origin: BASE_URL } });
        expect(fromConsole.statusCode).toBe(200);
        const sameOrigin = await t.request('PATCH', '/api/private/me', {
          body: { name: 'Two' },
          headers: { cookie, 'sec-fetch-site': 'same-origin' },
        });
        expect(sameOrigin.statusCode).toBe(200);
        const token = await t.signIn(email);
        const script = await t.request('PATCH', '/api/private/me', { token, body: { name: 'Three' }, headers: { origin: EVIL } });
        expect(script.statusCode).toBe(200);
        // Reads need no proof.
        expect((await t.request('GET', '/api/private/me', { headers: { cookie, origin: EVIL } })).statusCode).toBe(200);
      });
    });

    describe('security headers', () => {
      it('the console and the API send CSP, no framing, nosniff and a referrer policy; HSTS only over TLS', async () => {
        for (const url of ['/', '/login', '/api/health']) {
          const response = await t.request('GET', url);
          expect(response.statusCode, url).toBe(200);
          const csp = String(response.headers['content-security-policy']);
          expect(csp, url).toContain("script-src 'self'");
          expect(csp, url).toContain("frame-ancestors 'none'");
          expect(csp, url).toContain("object-src 'none'");
          expect(response.headers['x-frame-options'], url).toBe('DENY');
          expect(response.headers['x-content-type-options'], url).toBe('nosniff');
          expect(response.headers['referrer-policy'], url).toBe('same-origin');
          expect(response.headers['strict-transport-security'], url).toBeUndefined();
        }
      });

      it('sends HSTS when the request came over TLS (behind a trusted proxy)', async () => {
        const { app } = await t.extraApp({ trustProxy: true });
        try {
          const response = await app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
          expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
        } finally {
          await app.close();
        }
      });
    });

    describe('hostile bytes are a 400 naming the field, never a 500', () => {
      let owner: Caller;
      beforeAll(async () => {
        owner = (await t.newCaller({ memberships: [['demo-axe', 'owner']] })).in('demo-axe');
      });

      it('a NUL byte in a text field, in ?search= and in an {id}', async () => {
        const inField = await t.expectNoWrites(() => owner.patch('/api/private/me', { name: 'Ann\u0000Lee' }));
        expect(inField.statusCode).toBe(400);
        expect(inField.json().details.fields).toEqual([{ path: 'name', message: 'Must not contain a NUL character' }]);
        const inSearch = await owner.get('/api/private/resources', { query: { search: 'La\u0000ne' } });
        expect(inSearch.statusCode).toBe(400);
        expect(inSearch.json().details.fields[0].path).toBe('search');
        const inId = await owner.get('/api/private/resources/Lane%001');
        expect(inId.statusCode).toBe(400);
        expect(inId.json().details.fields[0].path).toBe('id');
        const inNested = await t.expectNoWrites(() =>
          owner.post('/api/private/taxes', { name: 'Sales tax', rate: 5, description: 'x\u0000' }),
        );
        expect(inNested.statusCode).toBe(400);
        expect(inNested.json().details.fields[0].path).toBe('description');
      });

      it('a lone surrogate in a field stored as JSON', async () => {
        const response = await t.expectNoWrites(() =>
          owner.post('/api/private/affiliates', {
            name: 'Partner',
            discount: 10,
            discountType: 'percent',
            address: { country: 'US', state: 'NY', city: 'NYC', zip: '10001', street: 'Main \uD800 St' },
          }),
        );
        expect(response.statusCode).toBe(400);
        expect(response.json().details.fields[0]).toEqual({
          path: 'address.street',
          message: 'Must be valid Unicode text (it holds a lone surrogate)',
        });
      });

      it('deeply nested JSON, on the app and on the sign-in routes', async () => {
        const deep = '['.repeat(5000) + ']'.repeat(5000);
        const body = `{"email":"owner@demo.test","password":"x","extra":${deep}}`;
        for (const url of ['/api/auth/sign-in/email', '/api/private/venues']) {
          const response = await t.request('POST', url, {
            token: url.startsWith('/api/private') ? owner.token : undefined,
            body,
            headers: { 'content-type': 'application/json', origin: BASE_URL },
          });
          expect(response.statusCode, url).toBe(400);
          expect(response.json(), url).toMatchObject({ code: 'validation_failed', message: expect.stringContaining('Nested deeper') });
        }
      });
    });

    describe('the sign-in library', () => {
      it('its own profile, e-mail, password and account calls are switched off', async () => {
        const { cookie, id } = await cookieUser();
        const calls: [string, unknown][] = [
          ['/api/auth/update-user', { name: 'x'.repeat(100_000), image: 'javascript:alert(1)' }],
          ['/api/auth/change-email', { newEmail: 'taken-over@example.test' }],
          ['/api/auth/verify-password', { password: DEMO_PASSWORD }],
          ['/api/auth/change-password', { currentPassword: DEMO_PASSWORD, newPassword: 'another-password-1' }],
          ['/api/auth/delete-user', {}],
        ];
        for (const [url, body] of calls) {
          const response = await t.expectNoWrites(() => t.request('POST', url, { body, headers: { cookie, origin: BASE_URL } }));
          expect(response.statusCode, url).toBe(404);
          expect(response.json(), url).toEqual({ message: 'Not found.', code: 'not_found' });
        }
        const [row] = await t.db.select({ name: user.name, image: user.image }).from(user).where(eq(user.id, id));
        expect(row.name.length).toBeLessThan(200);
        expect(row.image).toBeNull();
      });

      it('its errors have the one error shape {message, code}', async () => {
        const missing = await t.request('GET', '/api/auth/no-such-call');
        expect(missing.statusCode).toBe(404);
        expect(missing.json()).toEqual({ message: 'Not found.', code: 'not_found' });
        const wrong = await t.signInRequest('owner@demo.test', 'not-the-password');
        expect(wrong.statusCode).toBe(401);
        expect(wrong.json()).toMatchObject({ message: expect.any(String), code: expect.any(String) });
        const address = '10.250.0.1';
        let limited = wrong;
        for (let i = 0; i <= LIMIT; i += 1)
          limited = await t.signInRequest('owner@demo.test', 'not-the-password', { remoteAddress: address });
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ message: expect.any(String), code: 'rate_limited' });
      });
    });

    describe('checks of the current password are rate limited like sign-in', () => {
      it('/me/password: after the limit even the right password is refused, and nothing changes', async () => {
        const caller = await t.newCaller();
        for (let i = 0; i < LIMIT; i += 1) {
          const wrong = await caller.post('/api/private/me/password', { currentPassword: `guess-${i}`, newPassword: 'new-password-1' });
          expect(wrong.statusCode).toBe(400);
        }
        const limited = await t.expectNoWrites(() =>
          caller.post('/api/private/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'new-password-1' }),
        );
        expect(limited.statusCode).toBe(429);
        expect(limited.json()).toEqual({ message: 'Too many attempts. Wait a minute and try again.', code: 'rate_limited' });
        expect(limited.headers['retry-after']).toBeDefined();
      });

      it('setting a password from an invitation link: token guesses from one address are limited', async () => {
        const guess = (i: number) =>
          t.request('POST', '/api/public/invitations/activate', {
            body: { token: `guessed-token-${String(i).padStart(10, '0')}`, newPassword: 'guessed-password-1', invitation: 'demo-axe' },
            remoteAddress: '10.250.0.9',
          });
        for (let i = 0; i < LIMIT; i += 1) expect((await guess(i)).statusCode).not.toBe(429);
        const limited = await guess(LIMIT);
        expect(limited.statusCode).toBe(429);
        expect(limited.json().code).toBe('rate_limited');
      });

      it('/me/email: the same, and another user is not affected', async () => {
        const caller = await t.newCaller();
        const other = await t.newCaller();
        for (let i = 0; i < LIMIT; i += 1) {
          expect((await caller.post('/api/private/me/email', { newEmail: 'x@example.test', password: `guess-${i}` })).statusCode).toBe(400);
        }
        expect((await caller.post('/api/private/me/email', { newEmail: 'x@example.test', password: DEMO_PASSWORD })).statusCode).toBe(429);
        expect((await other.post('/api/private/me/email', { newEmail: 'y@example.test', password: 'wrong' })).statusCode).toBe(400);
      });
    });
  },
  { config: { consoleDir, signInPerMinute: LIMIT } },
);
