import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bookings } from '../db/schema.js';
import { setUpBookings } from '../../test/bookings.js';
import { openStream } from '../../test/live.js';
import { pgbouncerMissing, startPgBouncer, type PgBouncer } from '../../test/pgbouncer.js';
import { TEST_DATABASE_URL } from '../../test/postgres.js';
import { BASE_URL, startSecondProcess, TestServer, type Caller } from '../../test/server.js';

/**
 * The production topology in small (docs/deployment.md): three real server processes
 * (test/second-process.ts) on one PostgreSQL database, each with DATABASE_URL through PgBouncer
 * in transaction pooling mode and its LISTEN connection on the direct LISTEN_DATABASE_URL. A
 * server connection of PgBouncer serves one transaction of any process, so anything kept in a
 * session (a LISTEN, a session advisory lock, a SET, a named prepared statement) would break here.
 * The test's own server (on the direct URL) only prepares data.
 */
const NAME = 'three server processes behind PgBouncer (transaction pooling) [postgres]';
const postgres = inject('postgres');
const cannotRun = !postgres.available ? `PostgreSQL is unreachable: ${postgres.reason}` : pgbouncerMissing();

// As every Postgres leg (test/each-database.ts): without PostgreSQL, and not required, it says so loudly.
if (!postgres.available && !postgres.required) {
  console.warn(`!! PostgreSQL unreachable: "${NAME}" did not run (${postgres.reason}). REQUIRE_POSTGRES=1 makes this fail.`);
} else if (cannotRun) {
  describe(NAME, () => {
    // scripts/test.sh installs pgbouncer as it installs Chromium: without it this suite is not whole.
    it('PostgreSQL and PgBouncer are there', () => {
      throw new Error(`Required but cannot run: ${cannotRun}`);
    });
  });
} else {
  describe(NAME, () => {
    const t = new TestServer('postgres');
    let bouncer: PgBouncer;
    const processes: Awaited<ReturnType<typeof startSecondProcess>>[] = [];
    const url = (i: number) => processes[i % processes.length].url;

    beforeAll(async () => {
      await t.start();
      bouncer = await startPgBouncer(TEST_DATABASE_URL);
      const urls = { DATABASE_URL: bouncer.through(t.databaseUrl), LISTEN_DATABASE_URL: t.databaseUrl };
      // Each one kept as it starts, so afterAll stops those that did when another failed.
      await Promise.all([0, 1, 2].map(async () => processes.push(await startSecondProcess(t, urls))));
    }, 90_000);

    afterAll(async () => {
      await Promise.all(processes.map((p) => p.stop()));
      await bouncer?.stop();
      await t.stop();
    }, 60_000);

    async function call(base: string, method: 'GET' | 'POST', path: string, caller?: Pick<Caller, 'token' | 'venue'>, body?: unknown) {
      const headers: Record<string, string> = { origin: BASE_URL };
      if (caller) headers.authorization = `Bearer ${caller.token}`;
      if (caller?.venue) headers['x-venue-id'] = caller.venue;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await response.text();
      return { status: response.status, json: () => JSON.parse(text) as { code?: string } };
    }

    /** Waits until `ask` answers `status` (another process learns of a commit by NOTIFY); fails after a second. */
    async function within1s(status: number, ask: () => Promise<number>) {
      const started = performance.now();
      let last = 0;
      while (performance.now() - started < 1000) {
        last = await ask();
        if (last === status) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`still ${last} after a second, not ${status}`);
    }

    it('64 customers race for the last lane across the three processes: exactly one booking', async () => {
      const { venue, form } = await setUpBookings(t, { lanes: ['L1'] });
      const answers = await Promise.all(
        Array.from({ length: 64 }, (_, i) => call(url(i), 'POST', '/api/public/booking', undefined, form({ playersCount: 2 }))),
      );
      const codes = answers.map((a) => a.status);
      expect(codes.filter((c) => c === 201)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(63);
      for (const refused of answers.filter((a) => a.status === 409)) expect(refused.json().code).toBe('slot_unavailable');
      const [row] = await t.db
        .select({ n: sql<number>`count(*)::int` })
        .from(bookings)
        .where(eq(bookings.venueId, venue.id));
      expect(row.n).toBe(1);
    });

    it('signing out on one process is a 401 on the other two', async () => {
      const caller = await t.newCaller();
      for (const base of [url(1), url(2)])
        for (let i = 0; i < 2; i += 1) expect((await call(base, 'GET', '/api/private/me', caller)).status).toBe(200);
      expect((await call(url(0), 'POST', '/api/auth/sign-out', caller, {})).status).toBe(200);
      for (const base of [url(1), url(2)]) await within1s(401, async () => (await call(base, 'GET', '/api/private/me', caller)).status);
    });

    it('an account disabled on one process is a 401 on the other two', async () => {
      const caller = await t.newCaller();
      const admin = await t.as('admin@demo.test');
      for (const base of [url(1), url(2)])
        for (let i = 0; i < 2; i += 1) expect((await call(base, 'GET', '/api/private/me', caller)).status).toBe(200);
      expect((await call(url(0), 'POST', `/api/private/superadmin/users/${caller.id}/disable`, admin)).status).toBe(204);
      for (const base of [url(1), url(2)]) await within1s(401, async () => (await call(base, 'GET', '/api/private/me', caller)).status);
    });

    it('a booking on process A shows on a live stream of process C within 2 seconds', async () => {
      const { venue, form } = await setUpBookings(t);
      const stream = openStream(url(2), venue.staff);
      try {
        await stream.ready();
        expect(stream.status()).toBe(200);
        const arrives = stream.change('bookings');
        expect((await call(url(0), 'POST', '/api/public/booking', undefined, form({ playersCount: 2 }))).status).toBe(201);
        expect(await arrives).toBeLessThan(2000);
      } finally {
        stream.close();
      }
    });

    it('the three processes reached the database through PgBouncer', async () => {
      const database = new URL(t.databaseUrl).pathname.slice(1);
      expect((await bouncer.stats(database)).transactions).toBeGreaterThan(100);
    });
  });
}
