/**
 * A real OpenID Connect issuer for tests: the `oidc-provider` package (v9) on a loopback port,
 * with one confidential client and a headless sign-in.
 *
 *   const idp = await startOidcIssuer({
 *     redirectUri: `${appUrl}/api/auth/callback/oidc`, // better-auth's callback for providerId 'oidc'
 *     account: { sub: 'sso-1', email: 'sso@example.test', name: 'Sso User' },
 *   });
 *   // app config: oidc: { issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, name: 'Test SSO' }
 *   ...
 *   await idp.close();
 *
 * - The redirect URI is `${baseUrl}/api/auth/callback/${providerId}`: better-auth 1.7 registers
 *   genericOAuth providers as social providers, served by the core `/callback/:id` endpoint
 *   (there is no `/oauth2/callback/:id` route any more).
 * - Sign-in is headless: every authorization request passes through one interaction that logs in
 *   the current account at once (no form), so a fetch-driven API test and a browser test drive the
 *   same flow. There is no single sign-on between requests: each authorization signs in the account
 *   set at that moment, so `setAccount` takes effect on the next sign-in.
 * - `setAccount(null)` makes the next interactions end with `access_denied` (the user refused).
 * - Consent is granted automatically for the requested scopes (a first-party client).
 * - The ID token carries `sub` only; `email`, `email_verified` and `name` come from the userinfo
 *   endpoint (oidc-provider's default `conformIdTokenClaims`), like many real issuers.
 * - The client authenticates at the token endpoint with `client_secret_post`, which is what
 *   better-auth's generic OAuth sends when no `authentication` option is set.
 * - Plain http on 127.0.0.1 works: oidc-provider accepts an http issuer and http redirect URIs for
 *   web clients using the code flow, and marks its cookies Secure only on https requests.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
// @ts-expect-error -- oidc-provider ships no type declarations; the surface used here is typed below.
import ProviderModule, { interactionPolicy as policyModule } from 'oidc-provider';

export interface OidcTestAccount {
  sub: string;
  email: string;
  name: string;
  email_verified?: boolean;
}

export interface StartOidcIssuerOptions {
  /** The relying party's redirect URI, registered on the one client. */
  redirectUri: string;
  /** The account signed in by the next authorization requests; null: the user refuses. */
  account: OidcTestAccount | null;
  /** Port on 127.0.0.1; 0 or unset: any free port. */
  port?: number;
  clientId?: string;
  clientSecret?: string;
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic';
}

export interface OidcIssuer {
  /** The issuer URL (no trailing slash); discovery is at `${issuer}/.well-known/openid-configuration`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Changes who the next sign-in logs in; null makes it end with access_denied. */
  setAccount(account: OidcTestAccount | null): void;
  /** How many sign-ins the issuer completed (interactions that logged an account in). */
  readonly signIns: number;
  close(): Promise<void>;
}

// The part of oidc-provider's API used here.
interface OidcContext {
  oidc: {
    result?: { login?: unknown };
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    client: { clientId: string };
    params: { scope?: string };
    provider: Provider;
  };
}
interface Grant {
  addOIDCScope(scope: string): void;
  save(): Promise<string>;
}
interface Provider {
  callback(): (req: IncomingMessage, res: ServerResponse) => void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<{ uid: string }>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: Record<string, unknown>): Promise<void>;
  Grant: { new (init: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
}
interface CheckClass {
  new (reason: string, description: string, check: (ctx: OidcContext) => boolean): unknown;
  REQUEST_PROMPT: boolean;
  NO_NEED_TO_PROMPT: boolean;
}
interface InteractionPolicy {
  base(): { get(name: 'login' | 'consent'): { checks: unknown[] } };
  Check: CheckClass;
}
const ProviderClass = ProviderModule as new (issuer: string, configuration: Record<string, unknown>) => Provider;
const policies = policyModule as InteractionPolicy;

export async function startOidcIssuer(options: StartOidcIssuerOptions): Promise<OidcIssuer> {
  const clientId = options.clientId ?? 'lanebook-test';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('hex');
  const known = new Map<string, OidcTestAccount>();
  let current = options.account;
  if (current) known.set(current.sub, current);
  let signIns = 0;

  // Listen first: the issuer URL must carry the port.
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  // No single sign-on: the login prompt is requested on every authorization until this one's interaction logged in.
  const policy = policies.base();
  policy
    .get('login')
    .checks.push(
      new policies.Check('test_issuer_always_logs_in', 'The test issuer signs in on every request', (ctx) =>
        ctx.oidc.result?.login ? policies.Check.NO_NEED_TO_PROMPT : policies.Check.REQUEST_PROMPT,
      ),
    );

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-issuer', alg: 'RS256', use: 'sig' };

  const provider = new ProviderClass(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: options.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    interactions: { policy, url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = known.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({
          sub,
          email: account.email,
          email_verified: account.email_verified ?? true,
          name: account.name,
        }),
      };
    },
    // A first-party client: consent to the requested scopes is implied.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      if (!oidc.session.accountId) return undefined;
      const existingId = oidc.session.grantIdFor(oidc.client.clientId);
      const grant =
        (existingId && (await oidc.provider.Grant.find(existingId))) ||
        new oidc.provider.Grant({ accountId: oidc.session.accountId, clientId: oidc.client.clientId });
      grant.addOIDCScope(oidc.params.scope ?? 'openid');
      await grant.save();
      return grant;
    },
  });

  const handle = provider.callback();
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && /^\/interaction\/[^/]+$/.test(path)) {
      interact(req, res).catch((error: Error) => {
        res.statusCode = 500;
        res.setHeader('content-type', 'text/plain');
        res.end(`test issuer interaction failed: ${error.message}`);
      });
      return;
    }
    handle(req, res);
  });

  async function interact(req: IncomingMessage, res: ServerResponse) {
    await provider.interactionDetails(req, res); // throws for an unknown or expired interaction
    if (!current) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user refused to sign in.' });
      return;
    }
    known.set(current.sub, current);
    signIns += 1;
    await provider.interactionFinished(req, res, { login: { accountId: current.sub, remember: false } });
  }

  return {
    issuer,
    clientId,
    clientSecret,
    setAccount(account) {
      current = account;
      if (account) known.set(account.sub, account);
    },
    get signIns() {
      return signIns;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
