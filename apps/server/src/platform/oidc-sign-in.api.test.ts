/**
 * Popup sign-in with an OpenID Connect provider, end to end over real HTTP: a real issuer
 * (oidc-provider, apps/server/test/oidc-issuer.ts) and the Lanebook app, both listening on
 * 127.0.0.1 (the OAuth redirects need real HTTP), on PGlite and on PostgreSQL.
 * fetch plays the popup window: it follows every redirect by hand and keeps the cookies a
 * browser would (per host, like a browser: ports do not separate cookies).
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AppConfig } from './module.js';
import { account, user } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { startOidcIssuer, type OidcIssuer, type OidcTestAccount } from '../../test/oidc-issuer.js';
import { TestServer } from '../../test/server.js';
import { freePort } from '../../test/free-port.js';

const SSO_USER: OidcTestAccount = { sub: 'sso-subject-1', email: 'sso.user@example.test', name: 'Sso User' };

/** Cookies per host, as a browser keeps them (enough for these flows: no paths, no domains). */
class CookieJar {
  private readonly hosts = new Map<string, Map<string, string>>();

  store(url: URL, response: Response) {
    const jar = this.hosts.get(url.hostname) ?? new Map<string, string>();
    this.hosts.set(url.hostname, jar);
    for (const raw of response.headers.getSetCookie()) {
      const [pair, ...attributes] = raw.split(';').map((part) => part.trim());
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      const expired = attributes.some((attribute) => {
        const [key, val = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(val) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(val) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  header(url: URL): string {
    return [...(this.hosts.get(url.hostname) ?? new Map<string, string>())].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  names(url: URL): string[] {
    return [...(this.hosts.get(url.hostname)?.keys() ?? [])];
  }
}

interface PopupCompletion {
  type: string;
  targetOrigin: string;
  nonce: string;
  token?: string;
  redirectTo?: string;
  error?: { code: string; description?: string };
}

/** Filled before the servers start: the app's URL is registered as the issuer client's redirect URI. */
const appConfig: Partial<AppConfig> = {};
let idp: OidcIssuer;
let port: number;

beforeAll(async () => {
  port = await freePort();
  appConfig.baseUrl = `http://127.0.0.1:${port}`;
  idp = await startOidcIssuer({ redirectUri: `${appConfig.baseUrl}/api/auth/callback/oidc`, account: SSO_USER });
  appConfig.oidc = { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Test SSO' };
});

afterAll(async () => {
  await idp?.close();
});

describeEachDatabase(
  'popup sign-in with an OpenID Connect provider',
  (t) => {
    let appUrl: string;

    beforeAll(async () => {
      appUrl = appConfig.baseUrl!;
      await t.app.listen({ port, host: '127.0.0.1' });
    });

    /** What the popup window does: opens the start URL, follows redirects to the completion page. */
    async function popupSignIn(jar: CookieJar, options: { nonce?: string; popupOrigin?: string } = {}) {
      const nonce = options.nonce ?? 'nonce-' + Math.random().toString(36).slice(2);
      const start = new URL('/api/auth/oauth-popup/start', appUrl);
      start.searchParams.set('provider', 'oidc');
      start.searchParams.set('popupOrigin', options.popupOrigin ?? appUrl);
      start.searchParams.set('popupNonce', nonce);
      const visited: URL[] = [];
      let url = start;
      for (let hop = 0; hop < 20; hop++) {
        visited.push(url);
        const response = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header(url) } });
        jar.store(url, response);
        const location = response.headers.get('location');
        if (response.status >= 300 && response.status < 400 && location) {
          url = new URL(location, url);
          continue;
        }
        const body = await response.text();
        return { nonce, visited, response, body, completion: readCompletion(body) };
      }
      throw new Error(`Too many redirects: ${visited.map(String).join(' -> ')}`);
    }

    function readCompletion(html: string): PopupCompletion | null {
      const match = /<script type="application\/json" id="better-auth-oauth-popup">([\s\S]*?)<\/script>/.exec(html);
      return match ? (JSON.parse(match[1]) as PopupCompletion) : null;
    }

    async function me(jar: CookieJar) {
      const url = new URL('/api/private/me', appUrl);
      const response = await fetch(url, { headers: { cookie: jar.header(url) } });
      return { status: response.status, body: (await response.json()) as { user?: { email: string; name: string } } };
    }

    it('lists the OIDC provider in /api/public/auth-config only when one is configured', async () => {
      const configured = await fetch(new URL('/api/public/auth-config', appUrl));
      expect(await configured.json()).toEqual({ socialProviders: [{ id: 'oidc', name: 'Test SSO' }] });

      const plain = new TestServer(t.kind);
      await plain.start();
      try {
        const response = await plain.request('GET', '/api/public/auth-config');
        expect(response.json()).toEqual({ socialProviders: [] });
      } finally {
        await plain.stop();
      }
    }, 120_000); // starts a second server (PGlite initdb or a fresh PostgreSQL database)

    it('signs a first-time user up through the issuer and hands the popup a cookie session', async () => {
      const jar = new CookieJar();
      const flow = await popupSignIn(jar);
      const paths = flow.visited.map((u) => `${u.origin === appUrl ? 'app' : 'idp'} ${u.pathname}`);
      // The popup went to the real issuer, through its interaction, and back to better-auth's callback.
      expect(paths[0]).toBe('app /api/auth/oauth-popup/start');
      expect(paths).toContain('idp /auth');
      expect(paths.some((p) => p.startsWith('idp /interaction/'))).toBe(true);
      expect(paths.at(-1)).toBe('app /api/auth/callback/oidc');

      // The completion page posts the outcome to the opener (the console) and closes itself.
      expect(flow.response.status).toBe(200);
      expect(flow.response.headers.get('content-type')).toContain('text/html');
      expect(flow.completion).toMatchObject({ type: 'better-auth:oauth-popup', targetOrigin: appUrl, nonce: flow.nonce });
      expect(flow.completion?.error).toBeUndefined();
      expect(flow.completion?.token).toEqual(expect.any(String));
      // Its inline script is allowed by the pinned CSP hash (a better-auth upgrade that breaks this would leave the popup open).
      const script = /<script>([\s\S]*?)<\/script>/.exec(flow.body)?.[1] ?? '';
      const hash = createHash('sha256').update(script).digest('base64');
      expect(flow.response.headers.get('content-security-policy')).toContain(`'sha256-${hash}'`);

      // The session cookie was set on the app's origin in the popup, so the console (same origin) is signed in.
      expect(jar.names(new URL(appUrl))).toContain('better-auth.session_token');
      const { status, body } = await me(jar);
      expect(status).toBe(200);
      expect(body.user).toMatchObject({ email: SSO_USER.email, name: SSO_USER.name });

      // The user was created from the userinfo claims, with the OIDC account linked by subject.
      const [row] = await t.db.select().from(user).where(eq(user.email, SSO_USER.email));
      expect(row).toMatchObject({ name: SSO_USER.name, emailVerified: true, isDisabled: false });
      const accounts = await t.db.select().from(account).where(eq(account.userId, row.id));
      expect(accounts.map((a) => [a.providerId, a.accountId])).toEqual([['oidc', SSO_USER.sub]]);
    });

    it('signs the same user in again without creating another account', async () => {
      const jar = new CookieJar();
      const flow = await popupSignIn(jar);
      expect(flow.completion?.token).toEqual(expect.any(String));
      expect((await me(jar)).body.user?.email).toBe(SSO_USER.email);
      const rows = await t.db.select().from(user).where(eq(user.email, SSO_USER.email));
      expect(rows).toHaveLength(1);
    });

    it('refuses a disabled user, and the popup relays a readable error instead of a session', async () => {
      await t.db.update(user).set({ isDisabled: true }).where(eq(user.email, SSO_USER.email));
      try {
        const jar = new CookieJar();
        const flow = await popupSignIn(jar);
        expect(flow.completion?.token).toBeUndefined();
        expect(flow.completion?.error).toEqual({
          code: 'ACCOUNT_DISABLED',
          description: 'This account has been disabled. Ask your venue owner or Lanebook support.',
        });
        expect(jar.names(new URL(appUrl))).not.toContain('better-auth.session_token');
        expect((await me(jar)).status).toBe(401);
      } finally {
        await t.db.update(user).set({ isDisabled: false }).where(eq(user.email, SSO_USER.email));
      }
    });

    it('relays access_denied when the user refuses at the provider', async () => {
      idp.setAccount(null);
      try {
        const jar = new CookieJar();
        const flow = await popupSignIn(jar);
        expect(flow.completion?.token).toBeUndefined();
        expect(flow.completion?.error?.code).toBe('access_denied');
        expect((await me(jar)).status).toBe(401);
      } finally {
        idp.setAccount(SSO_USER);
      }
    });

    it('creates a second user for another subject of the same issuer', async () => {
      const other: OidcTestAccount = { sub: 'sso-subject-2', email: 'second.sso@example.test', name: 'Second Sso' };
      idp.setAccount(other);
      try {
        const jar = new CookieJar();
        await popupSignIn(jar);
        expect((await me(jar)).body.user).toMatchObject({ email: other.email, name: other.name });
      } finally {
        idp.setAccount(SSO_USER);
      }
    });

    it('never posts a result to an opener origin that is not trusted', async () => {
      const jar = new CookieJar();
      const flow = await popupSignIn(jar, { popupOrigin: 'https://attacker.example' });
      expect(flow.response.status).toBe(403);
      expect(flow.completion).toBeNull();
      expect(flow.visited).toHaveLength(1);
    });
  },
  { config: appConfig },
);
