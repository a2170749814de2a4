import { spawn } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, is, isNotNull, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse as Response } from 'fastify';
import { expect, inject, vi } from 'vitest';
import { DEFAULT_PERMISSIONS, type PermissionsMap, type VenueRole } from '@lanebook/core';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/platform/module.js';
import { openDatabase, type Database, type Db } from '../src/db/client.js';
import * as schema from '../src/db/schema.js';
import { account, bookingReminders, bookings, mailOutbox, user, venueMembers, venues } from '../src/db/schema.js';
import { DEMO_PASSWORD, seedDemo } from '../src/seed.js';
import { createTestDatabase } from './postgres.js';
import { seededPgliteImage } from './seeded-start.js';

export type DatabaseKind = Database['kind'];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export const BASE_URL = 'http://localhost:3000';
export const TEST_AUTH_SECRET = 'lanebook-test-secret-9f1c2e7a4b8d0f3e6a5c';
export { DEMO_PASSWORD };

/** The test config: quiet, fixed secret, and a sign-in limit no ordinary test reaches. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    baseUrl: BASE_URL,
    authSecret: TEST_AUTH_SECRET,
    mailFrom: 'Lanebook <no-reply@lanebook.test>',
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    signInPerMinute: 10_000,
    jobsPollingSeconds: 0.5,
    // Tests run the reminder sweep themselves, at the instants they choose (mail-automation.api.test.ts).
    reminderSweep: false,
    // Likewise the calendar top-up (opening-hours.api.test.ts calls it).
    calendarTopUp: false,
    // And the gift card sweeps, deliveries and expiries (gift-cards tests call them).
    giftCardSweeps: false,
    ...overrides,
  };
}

/**
 * Requests carrying this header stop right after the access guard and answer 299 with the
 * route's declared access: a side-effect-free way to ask "did the guard let this through?"
 * and to read every route's declaration.
 */
export const PROBE_HEADER = 'x-test-probe';
export const PROBE_STATUS = 299;

/**
 * Every request comes from its own client address, so better-auth's per-address rate limits
 * only bite where a test means them to (pass `remoteAddress` to share one).
 */
let addressCounter = 0;
export function nextAddress(): string {
  addressCounter += 1;
  const n = (process.pid % 200) * 65536 + addressCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

export interface RequestOptions {
  token?: string | null;
  /** X-Venue-Id; null or undefined sends none. */
  venue?: string | null;
  body?: unknown;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  remoteAddress?: string;
}

/** Every table of the schema, to prove a refused request wrote nothing (new tables join by themselves). */
const TABLES = Object.entries(schema as Record<string, unknown>).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable));
export type Snapshot = Record<string, string[]>;

export interface MailRow {
  id: string;
  to: string[];
  subject: string;
  text: string;
  kind: string;
  status: string;
  error: string | null;
}

/** light-my-request with the bearer token, X-Venue-Id and a client address of its own. */
export function injectInto(app: FastifyInstance, method: Method, url: string, options: RequestOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.venue) headers['x-venue-id'] = options.venue;
  const inject: InjectOptions = { method, url, headers, query: options.query, remoteAddress: options.remoteAddress ?? nextAddress() };
  if (options.body !== undefined) inject.payload = options.body as InjectOptions['payload'];
  return app.inject(inject);
}

/** One app on one database, seeded with the demo data (apps/server/src/seed.ts). */
export class TestServer {
  private started: {
    app: Awaited<ReturnType<typeof buildApp>>;
    database: Database;
    databaseUrl?: string;
    dropDatabase?: () => Promise<void>;
  } | null = null;

  constructor(
    readonly kind: DatabaseKind,
    private readonly overrides: Partial<AppConfig> = {},
    /** PostgreSQL: the address the app connects to instead of its database's own (a proxy the test can cut). */
    private readonly connectThrough?: (databaseUrl: string) => string,
  ) {}

  async start() {
    let database: Database;
    let dropDatabase: (() => Promise<void>) | undefined;
    let databaseUrl: string | undefined;
    const seeded = inject('seededStart');
    if (this.kind === 'postgres') {
      const created = await createTestDatabase(seeded.postgresTemplate ?? undefined);
      dropDatabase = created.drop;
      databaseUrl = created.url;
      try {
        database = await openDatabase({ databaseUrl: this.connectThrough?.(created.url) ?? created.url });
      } catch (error) {
        await created.drop();
        throw error;
      }
    } else {
      database = await openDatabase({ dataDir: null, pgliteImage: seededPgliteImage(seeded.pgliteImageFile) });
    }
    try {
      const built = await buildApp(database, testConfig(this.overrides));
      built.app.addHook('onRequest', async (request, reply) => {
        if (request.headers[PROBE_HEADER]) {
          return reply.status(PROBE_STATUS).send({
            method: request.routeOptions.method,
            url: request.routeOptions.url,
            access: request.routeOptions.config?.access ?? null,
          });
        }
      });
      await built.app.ready();
      // The copy is seeded already: this finds the demo there and adds nothing.
      await seedDemo(database.db, built.auth);
      // The demo's unpaid online bookings come due 3 to 27 minutes after the seed (seed-bookings.ts);
      // a copy may be minutes old, and the abandon job must not change the demo under a test.
      await database.db
        .update(bookings)
        .set({ abandonAt: sql`greatest(${bookings.abandonAt}, now() + interval '30 minutes')` })
        .where(isNotNull(bookings.abandonAt));
      // Likewise the reminder sweep: the demo's bookings count as reminded, so it mails none of them under a test.
      await database.db.execute(
        sql`insert into ${bookingReminders} (venue_id, booking_id, starts_at, skipped) select venue_id, id, starts_at, true from ${bookings} on conflict do nothing`,
      );
      this.started = { app: built, database, databaseUrl, dropDatabase };
    } catch (error) {
      await database.close();
      await dropDatabase?.();
      throw error;
    }
  }

  async stop() {
    if (!this.started) return;
    const { app, database, dropDatabase } = this.started;
    this.started = null;
    this.tokens.clear();
    await app.app.close();
    await database.close();
    if (dropDatabase) await dropDatabase();
  }

  private get s() {
    if (!this.started) throw new Error('The test server is not started (use it inside tests or hooks).');
    return this.started;
  }

  get app() {
    return this.s.app.app;
  }
  get auth() {
    return this.s.app.auth;
  }
  get jobs() {
    return this.s.app.jobs;
  }
  get mailer() {
    return this.s.app.mailer;
  }
  get database() {
    return this.s.database;
  }
  /** The PostgreSQL database of this server (postgres:// URL), for a second server process on it. */
  get databaseUrl(): string {
    if (!this.s.databaseUrl) throw new Error('Only a PostgreSQL test server has a database URL.');
    return this.s.databaseUrl;
  }
  get db(): Db {
    return this.s.database.db;
  }

  /** Another app on this server's database, with other config (smtpUrl, signInPerMinute, ...); close it after use. */
  async extraApp(overrides: Partial<AppConfig>) {
    const built = await buildApp(this.database, testConfig(overrides));
    await built.app.ready();
    return built;
  }

  request(method: Method, url: string, options: RequestOptions = {}): Promise<Response> {
    return injectInto(this.app, method, url, options);
  }

  signInRequest(email: string, password = DEMO_PASSWORD, extra: { rememberMe?: boolean; remoteAddress?: string } = {}) {
    const { remoteAddress, ...rest } = extra;
    return this.request('POST', '/api/auth/sign-in/email', { body: { email, password, ...rest }, remoteAddress });
  }

  /** Signs in and answers the bearer token from the set-auth-token header. */
  async signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
    const response = await this.signInRequest(email, password);
    if (response.statusCode !== 200) throw new Error(`Sign-in of ${email} failed: ${response.statusCode} ${response.body}`);
    const token = response.headers['set-auth-token'];
    if (typeof token !== 'string' || !token) throw new Error(`Sign-in of ${email} gave no set-auth-token header`);
    return token;
  }

  /**
   * A signed-in caller, optionally bound to a venue (X-Venue-Id on every request). Signs in
   * through the API once per account and server, then reuses the token.
   */
  async as(email: string, venue: string | null = null): Promise<Caller> {
    let token = this.tokens.get(email);
    if (!token) {
      token = await this.signIn(email);
      this.tokens.set(email, token);
    }
    return new Caller(this, token, venue, email);
  }
  private readonly tokens = new Map<string, string>();

  /**
   * A session for a user without the password check (better-auth's scrypt is slow in pure
   * JavaScript): created by better-auth itself and signed as sign-in signs it.
   */
  async sessionToken(userId: string): Promise<string> {
    const context = await this.auth.$context;
    const created = await context.internalAdapter.createSession(userId);
    const signature = createHmac('sha256', testConfig(this.overrides).authSecret).update(created.token).digest('base64');
    return `${created.token}.${signature}`;
  }

  /** A fresh user (password: the demo password) with a session, optionally a member of venues and bound to one. */
  async newCaller(input: Parameters<TestServer['addUser']>[0] & { venue?: string | null } = {}): Promise<Caller & { id: string }> {
    const { venue = null, ...rest } = input;
    const added = await this.addUser(rest);
    return Object.assign(new Caller(this, await this.sessionToken(added.id), venue, added.email), { id: added.id });
  }

  async userId(email: string): Promise<string> {
    const [row] = await this.db.select({ id: user.id }).from(user).where(eq(user.email, email));
    if (!row) throw new Error(`No user ${email}`);
    return row.id;
  }

  /**
   * A fresh user whose password is the demo password (the demo hash is copied, which keeps
   * tests fast), optionally a member of venues.
   */
  async addUser(input: { email?: string; name?: string; memberships?: [string, VenueRole][] } = {}) {
    const email = input.email ?? `user-${randomUUID().slice(0, 8)}@example.test`;
    const id = randomUUID();
    const [demo] = await this.db
      .select({ password: account.password })
      .from(account)
      .innerJoin(user, eq(user.id, account.userId))
      .where(eq(user.email, 'owner@demo.test'));
    await this.db.insert(user).values({ id, email, name: input.name ?? email.split('@')[0], emailVerified: true });
    await this.db
      .insert(account)
      .values({ id: randomUUID(), accountId: id, providerId: 'credential', userId: id, password: demo.password });
    for (const [venueId, role] of input.memberships ?? []) await this.db.insert(venueMembers).values({ venueId, userId: id, role });
    return { id, email };
  }

  /** A fresh venue with a fresh owner, manager and staff member, signed in and bound to it. */
  async addVenue(options: { permissions?: PermissionsMap } = {}) {
    const id = `v-${randomUUID().slice(0, 8)}`;
    await this.db
      .insert(venues)
      .values({ id, name: `Venue ${id}`, timezone: 'America/New_York', permissions: options.permissions ?? DEFAULT_PERMISSIONS });
    const members = {} as Record<VenueRole, Caller & { id: string }>;
    for (const role of ['owner', 'manager', 'staff'] as const) {
      members[role] = await this.newCaller({ email: `${role}-${id}@example.test`, memberships: [[id, role]], venue: id });
    }
    return { id, ...members };
  }

  async snapshot(): Promise<Snapshot> {
    const out: Snapshot = {};
    for (const [name, table] of TABLES) {
      const rows = await this.db.select().from(table);
      out[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return out;
  }

  /** Runs `action` and asserts that no table changed. */
  async expectNoWrites<T>(action: () => Promise<T>): Promise<T> {
    const before = await this.snapshot();
    const result = await action();
    expect(await this.snapshot()).toEqual(before);
    return result;
  }

  async mails(to?: string): Promise<MailRow[]> {
    const rows = await this.db.select().from(mailOutbox);
    return rows
      .filter((r) => !to || r.to.includes(to))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map((r) => ({ id: r.id, to: r.to, subject: r.subject, text: r.text, kind: r.kind, status: r.status, error: r.error }));
  }

  /**
   * The newest mail of a kind to an address, waiting for it (better-auth may send after answering)
   * to be rendered: a mail queued in a transaction has its row, without subject or text, until its job runs.
   */
  async waitForMail(to: string, kind: string, after: MailRow[] = []): Promise<MailRow> {
    const seen = new Set(after.map((m) => m.id));
    return vi.waitFor(
      async () => {
        const mail = (await this.mails(to)).filter((m) => m.kind === kind && !seen.has(m.id) && m.status !== 'queued').at(-1);
        if (!mail) throw new Error(`No ${kind} mail to ${to} yet`);
        return mail;
      },
      { timeout: 10_000, interval: 25 },
    );
  }
}

/** The token of a reset or invitation link in a mail. */
export function resetTokenOf(mail: { text: string }): string {
  const match = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)\?callbackURL=/.exec(mail.text);
  if (!match) throw new Error(`No reset link in mail: ${mail.text}`);
  return match[1];
}

export class Caller {
  constructor(
    readonly server: TestServer,
    readonly token: string,
    readonly venue: string | null,
    readonly email: string,
  ) {}

  /** The same signed-in user with another X-Venue-Id (null for none). */
  in(venue: string | null): Caller {
    return new Caller(this.server, this.token, venue, this.email);
  }

  request(method: Method, url: string, options: Omit<RequestOptions, 'token'> = {}) {
    return this.server.request(method, url, { venue: this.venue, ...options, token: this.token });
  }
  get(url: string, options: Omit<RequestOptions, 'token' | 'body'> = {}) {
    return this.request('GET', url, options);
  }
  post(url: string, body?: unknown, options: Omit<RequestOptions, 'token' | 'body'> = {}) {
    return this.request('POST', url, { ...options, body });
  }
  put(url: string, body?: unknown, options: Omit<RequestOptions, 'token' | 'body'> = {}) {
    return this.request('PUT', url, { ...options, body });
  }
  patch(url: string, body?: unknown, options: Omit<RequestOptions, 'token' | 'body'> = {}) {
    return this.request('PATCH', url, { ...options, body });
  }
  delete(url: string, options: Omit<RequestOptions, 'token' | 'body'> = {}) {
    return this.request('DELETE', url, options);
  }
}

/**
 * A second Lanebook server process (test/second-process.ts) on this server's PostgreSQL
 * database: its base URL, and how to stop it.
 */
export async function startSecondProcess(
  t: TestServer,
  /** Another way in to the same database: DATABASE_URL through PgBouncer, LISTEN_DATABASE_URL direct. */
  urls: { DATABASE_URL: string; LISTEN_DATABASE_URL?: string } = { DATABASE_URL: t.databaseUrl },
  env: Record<string, string> = {},
): Promise<{ url: string; stop: () => Promise<void>; kill: () => Promise<void> }> {
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'second-process.ts');
  const other = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...urls, ...env, AUTH_SECRET: TEST_AUTH_SECRET },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    other.once('exit', (code) => reject(new Error(`the second server exited (${code})`)));
    other.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString().split('\n')[0]).port));
  });
  const ended = (signal: NodeJS.Signals) => async () => {
    if (other.exitCode === null && other.signalCode === null) other.kill(signal);
    await new Promise((resolve) => (other.exitCode !== null || other.signalCode !== null ? resolve(null) : other.once('exit', resolve)));
  };
  return {
    url: `http://127.0.0.1:${port}`,
    stop: ended('SIGTERM'),
    /** kill -9: no shutdown, whatever it held is left as a crash leaves it. */
    kill: ended('SIGKILL'),
  };
}
