import type { FastifyInstance, FastifyRequest } from 'fastify';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { bearer, genericOAuth, oauthPopup } from 'better-auth/plugins';
import { and, eq } from 'drizzle-orm';
import { PASSWORD_MIN, type ApiErrorBody } from '@lanebook/core';
import type { Database, Db, Tx } from '../db/client.js';
import { account, session, user, verification } from '../modules/accounts/schema.js';
import { databaseUnavailable } from './errors.js';
import type { Mailer } from './mail.js';
import { passwordResetMail, signUpAttemptMail, verifyEmailMail } from './mail-templates.js';

export interface AuthOptions {
  db: Db;
  mailer: Mailer;
  baseUrl: string;
  secret: string;
  google?: { clientId: string; clientSecret: string };
  oidc?: { issuer: string; clientId: string; clientSecret: string; name: string };
  /** Other origins the console may be opened at (besides baseUrl). */
  extraOrigins?: string[];
  /** Sign-in attempts per minute per client address. */
  signInPerMinute?: number;
}

/**
 * Every confirmation link lands on the sign-in page, which says the address is confirmed and
 * fills it in (whatever the sign-up or sign-in that mailed it asked for). The address is already
 * inside the link's token, so the landing URL shows nothing new.
 */
export function confirmationLanding(url: string, email: string): string {
  const link = new URL(url);
  link.searchParams.set('callbackURL', `/login?${new URLSearchParams({ confirmed: email })}`);
  return link.toString();
}

/** Sessions last 30 days and roll forward once a day of use (better-auth's expiresIn and updateAge). */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30;
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24;

/** better-auth's own calls that bypass our profile rules, rate limits or account model. */
const DISABLED_AUTH_PATHS = [
  '/update-user',
  '/change-email',
  '/change-password',
  '/verify-password',
  '/delete-user',
  '/delete-user/callback',
  '/link-social',
  '/unlink-account',
  '/list-accounts',
  '/account-info',
  '/get-access-token',
  '/refresh-token',
  '/update-session',
];

/** The claims of a verify-email link's token, unchecked (better-auth checks its signature); none when it is not a JWT. */
function verificationClaims(token: unknown): { updateTo?: unknown } {
  try {
    const claims: unknown = JSON.parse(Buffer.from(String(token).split('.')[1] ?? '', 'base64url').toString('utf8'));
    return claims && typeof claims === 'object' ? claims : {};
  } catch {
    return {};
  }
}

/** A person has a password when better-auth keeps a credential account for them (an invited person may not yet). */
export async function hasPassword(db: Db | Tx, userId: string): Promise<boolean> {
  const [credential] = await db
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  return Boolean(credential);
}

/** Set by the bridge from Fastify's request.ip, so rate limits follow TRUST_PROXY and cannot be spoofed. */
const CLIENT_IP_HEADER = 'x-lanebook-client-ip';

export function createAuth(options: AuthOptions) {
  const { db, mailer } = options;
  return betterAuth({
    appName: 'Lanebook',
    baseURL: options.baseUrl,
    basePath: '/api/auth',
    secret: options.secret,
    trustedOrigins: [options.baseUrl, ...(options.extraOrigins ?? [])],
    // Reachable over HTTP: sign-in, sign-up, sign-out, session, password reset, e-mail
    // verification and the social sign-in round trip. The profile, e-mail, password and
    // account calls below go through our own routes (/api/private/me...), with our rules.
    disabledPaths: DISABLED_AUTH_PATHS,
    database: drizzleAdapter(db, { provider: 'pg', schema: { user, session, account, verification } }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN,
      maxPasswordLength: 128,
      resetPasswordTokenExpiresIn: 60 * 60 * 24,
      revokeSessionsOnPasswordReset: true,
      // A self-service account signs in once its address is confirmed (decision 010); a
      // sign-up with a taken address answers the same and tells the address's owner.
      requireEmailVerification: true,
      onExistingUserSignUp: async ({ user: existing }) => {
        await mailer.send(
          signUpAttemptMail({
            email: existing.email,
            signInUrl: `${options.baseUrl}/login`,
            resetUrl: `${options.baseUrl}/forgot-password`,
          }),
        );
      },
      // A reset link reached the mailbox, so it confirms the address (invited people too).
      onPasswordReset: async ({ user: target }) => {
        await db.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, target.id));
      },
      sendResetPassword: async ({ user: target, url }) => {
        // A user who never set a password (an invited one) gets an invitation instead.
        const isInvitation = !(await hasPassword(db, target.id));
        await mailer.send(passwordResetMail({ email: target.email, name: target.name, url, isInvitation }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // A person who lost the mail gets a new link by trying to sign in.
      sendOnSignIn: true,
      // The link confirms the address and signs no one in: whoever holds a mailed link (or
      // forges one) gets no session from it; the person signs in with their password.
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user: target, url }) => {
        await mailer.send(verifyEmailMail({ email: target.email, url: confirmationLanding(url, target.email) }));
      },
    },
    user: {
      additionalFields: {
        phone: { type: 'string', required: false, defaultValue: '', input: false },
        isSuperadmin: { type: 'boolean', required: false, defaultValue: false, input: false },
        isDisabled: { type: 'boolean', required: false, defaultValue: false, input: false },
      },
    },
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    hooks: {
      // Lanebook mails verify-email links only to confirm a new account's address; the sign-in
      // email changes through /api/private/me/email with the password. better-auth's links that
      // change an address are never sent, so one that arrives is forged: refused before it runs.
      before: createAuthMiddleware(async (ctx) => {
        if (ctx.path === '/verify-email' && verificationClaims(ctx.query?.token).updateTo !== undefined) {
          throw new APIError('BAD_REQUEST', { message: 'This link is not valid.', code: 'INVALID_TOKEN' });
        }
      }),
    },
    databaseHooks: {
      session: {
        create: {
          before: async (newSession) => {
            const [row] = await db.select({ isDisabled: user.isDisabled }).from(user).where(eq(user.id, newSession.userId));
            if (row?.isDisabled) {
              throw new APIError('FORBIDDEN', {
                message: 'This account has been disabled. Ask your venue owner or Lanebook support.',
                code: 'ACCOUNT_DISABLED',
              });
            }
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: {
        '/sign-in/email': { window: 60, max: options.signInPerMinute ?? 10 },
        '/sign-up/email': { window: 60, max: 10 },
        '/send-verification-email': { window: 60, max: 5 },
        '/request-password-reset': { window: 60, max: 5 },
        '/reset-password': { window: 60, max: 10 },
      },
    },
    advanced: {
      // better-auth turns its origin and redirect checks off when NODE_ENV is 'test': keep them on always.
      disableOriginCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      useSecureCookies: options.baseUrl.startsWith('https://'),
    },
    socialProviders: options.google
      ? { google: { clientId: options.google.clientId, clientSecret: options.google.clientSecret, prompt: 'select_account' } }
      : {},
    plugins: [
      bearer({ requireSignature: true }),
      oauthPopup(),
      genericOAuth({
        config: options.oidc
          ? [
              {
                providerId: 'oidc',
                discoveryUrl: `${options.oidc.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`,
                clientId: options.oidc.clientId,
                clientSecret: options.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ]
          : [],
      }),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;

export function socialProvidersOf(options: Pick<AuthOptions, 'google' | 'oidc'>) {
  const list: { id: string; name: string }[] = [];
  if (options.google) list.push({ id: 'google', name: 'Google' });
  if (options.oidc) list.push({ id: 'oidc', name: options.oidc.name });
  return list;
}

export function webHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || name === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

/** How long a sign-in that failed waits to learn whether the database is reachable. */
const DATABASE_PING_MS = 2_000;

/** better-auth has no Fastify adapter: one catch-all route turns the request into a Web Request and back. */
export function registerAuthBridge(app: FastifyInstance, auth: Auth, baseUrl: string, database: Pick<Database, 'ping'>) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { access: { public: true } },
    schema: { hide: true },
    async handler(request, reply) {
      const headers = webHeaders(request);
      let body: string | undefined;
      if (request.method !== 'GET' && request.body !== undefined && request.body !== null) {
        const type = String(request.headers['content-type'] ?? '');
        if (type.includes('application/x-www-form-urlencoded')) {
          body = new URLSearchParams(request.body as Record<string, string>).toString();
        } else {
          body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
          if (!type) headers.set('content-type', 'application/json');
        }
      }
      const response = await auth.handler(new Request(new URL(request.url, baseUrl), { method: request.method, headers, body }));
      // better-auth answers its own 500 when the database is away: say so as every other route does (503, Retry-After).
      if (response.status >= 500 && !(await database.ping(DATABASE_PING_MS))) throw databaseUnavailable();
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (name !== 'set-cookie' && name !== 'content-length') reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      const payload = response.body ? Buffer.from(await response.arrayBuffer()) : null;
      if (response.status >= 400) return reply.type('application/json; charset=utf-8').send(authErrorBody(response.status, payload));
      return reply.send(payload);
    },
  });
}

const AUTH_ERROR_CODES: Record<number, [code: string, message: string]> = {
  400: ['bad_request', 'The request is not valid.'],
  401: ['unauthorized', 'Sign in to continue.'],
  403: ['forbidden', 'You do not have permission to do this.'],
  404: ['not_found', 'Not found.'],
  429: ['rate_limited', 'Too many attempts. Wait a minute and try again.'],
};

/** better-auth's error answers in the API's one error shape {message, code}, keeping its own code and message where it gave them. */
export function authErrorBody(status: number, payload: Buffer | null): ApiErrorBody {
  const [fallbackCode, fallbackMessage] =
    status >= 500
      ? ['internal', 'Internal server error. Try again later.']
      : (AUTH_ERROR_CODES[status] ?? ['bad_request', 'The request is not valid.']);
  let given: { message?: unknown; code?: unknown } = {};
  try {
    const parsed: unknown = payload ? JSON.parse(payload.toString('utf8')) : null;
    if (parsed && typeof parsed === 'object') given = parsed;
  } catch {
    // Plain text or an empty body: the fallback says it.
  }
  // A server error never carries its internals to the client.
  const message = status < 500 && typeof given.message === 'string' && given.message ? given.message : fallbackMessage;
  const code = status < 500 && typeof given.code === 'string' && given.code ? given.code : fallbackCode;
  return { message, code };
}
