import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { setUpBookings } from '../../test/bookings.js';
import { TestServer, type Caller } from '../../test/server.js';
import { TEST_DATABASE_URL } from '../../test/postgres.js';
import { openStream } from '../../test/live.js';

/**
 * The database lost under load (issue 22, "Faults"): a TCP proxy of the test's own stands
 * between the app and PostgreSQL; cutting it drops every connection and refuses new ones, as a
 * PostgreSQL restart does. PostgreSQL only: PGlite runs in the process and cannot be lost.
 */

/** A proxy to PostgreSQL that can be cut (every socket destroyed, new ones refused) and restored. */
class CuttableProxy {
  private server: net.Server | null = null;
  private readonly sockets = new Set<net.Socket>();
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(port = 0) {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target.port, this.target.host);
      for (const [from, to] of [
        [client, upstream],
        [upstream, client],
      ]) {
        this.sockets.add(from);
        from.pipe(to);
        from.on('error', () => to.destroy());
        from.on('close', () => {
          this.sockets.delete(from);
          to.destroy();
        });
      }
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as net.AddressInfo).port;
  }

  /** Like a database going down: open connections end, new ones are refused (ECONNREFUSED). */
  async cut() {
    const server = this.server;
    this.server = null;
    const closed = new Promise((resolve) => server?.close(resolve));
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  /** The database is back, at the same address. */
  restore() {
    return this.start(this.port);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` every 25 ms until it holds; fails after `ms`. Resolves with the milliseconds it took. */
async function within(ms: number, what: string, check: () => boolean | Promise<boolean>): Promise<number> {
  const started = performance.now();
  while (!(await check())) {
    if (performance.now() - started > ms) throw new Error(`${what}: not within ${ms} ms`);
    await sleep(25);
  }
  return performance.now() - started;
}

interface Answer {
  phase: 'before' | 'cutting' | 'outage';
  what: string;
  status: number;
  code?: string;
  retryAfter?: string;
}

const postgres = inject('postgres');
if (!postgres.available && !postgres.required)
  console.warn(`!! PostgreSQL unreachable: the faults suite was SKIPPED (${postgres.reason}).`);

if (postgres.available || postgres.required)
  describe('the database lost under load [postgres]', () => {
    const target = new URL(TEST_DATABASE_URL);
    const proxy = new CuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const t = new TestServer('postgres', {}, (url) => {
      const through = new URL(url);
      through.hostname = '127.0.0.1';
      through.port = String(proxy.port);
      return through.toString();
    });
    const crashes: unknown[] = [];
    const onCrash = (error: unknown) => crashes.push(error);
    let base = '';

    beforeAll(async () => {
      if (!postgres.available) throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} is required but unreachable: ${postgres.reason}`);
      process.on('uncaughtException', onCrash);
      process.on('unhandledRejection', onCrash);
      await proxy.start();
      await t.start();
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as net.AddressInfo).port}`;
    }, 60_000);
    afterAll(async () => {
      await proxy.restore().catch(() => {});
      await t.stop();
      process.off('uncaughtException', onCrash);
      process.off('unhandledRejection', onCrash);
    }, 60_000);

    it('answers 503 database_unavailable with Retry-After while it is away, never 500 nor a crash; 2xx within 5 s after; live streams resume', async () => {
      const setup = await setUpBookings(t, { lanes: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'] });
      const { venue, productId, date, form } = setup;
      const slotAt = async (from: string, to: string) =>
        (await venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to })).json<Slot>();
      // Room for the burst's bookings (6 lanes x 8 slots), and one slot kept for after the outage.
      const burstSlots: Slot[] = [];
      for (let hour = 12; hour < 20; hour += 1) burstSlots.push(await slotAt(`${hour}:00`, `${hour + 1}:00`));
      const afterSlot = await slotAt('20:00', '21:00');
      const stream = openStream(base, venue.staff);
      await stream.ready();

      const answers: Answer[] = [];
      let phase: Answer['phase'] = 'before';
      let running = true;
      let booked = 0;
      const calls: [string, () => ReturnType<Caller['get']>][] = [
        ['lanes', () => venue.staff.get('/api/private/resources')],
        ['slots', () => t.request('GET', `/api/public/product/${productId}/slots`, { query: { date, playersCount: '1' } })],
        [
          'booking',
          () => {
            booked += 1;
            const slot = burstSlots[booked % burstSlots.length];
            return venue.staff.post('/api/private/booking', form({ slots: [slot.id], playersCount: 1 }));
          },
        ],
      ];
      // Twelve clients, each sending its kind of call again as soon as it is answered.
      const clients = Array.from({ length: 12 }, async (_, n) => {
        const [what, call] = calls[n % calls.length];
        while (running) {
          const sentIn = phase;
          const response = await call();
          const body = String(response.headers['content-type']).includes('json') ? response.json<{ code?: string }>() : {};
          const retryAfter = response.headers['retry-after'];
          answers.push({ phase: sentIn, what, status: response.statusCode, code: body.code, retryAfter: retryAfter as string });
          // A cached read answers without I/O: a pause lets the other clients' calls run.
          await sleep(5);
        }
      });

      await within(10_000, 'bookings made before the cut', () => answers.some((a) => a.what === 'booking' && a.status === 201)).catch(
        async (error: Error) => {
          running = false;
          await Promise.all(clients);
          throw new Error(`${error.message}; answers: ${JSON.stringify(answers.slice(0, 5))}`);
        },
      );
      phase = 'cutting';
      await proxy.cut();
      // The listening connection notices at once: the caches stop answering from memory.
      await within(2000, 'the listener notices', () => !t.database.notifications.isListening());
      // Requests in flight at the cut may still have been answered by the database.
      await sleep(100);
      phase = 'outage';
      await sleep(1200);
      // Past the health check's one second of trust in its last success.
      const health = await t.request('GET', '/api/health');
      const live = await t.request('GET', '/api/health/live');
      // Sign-in goes through better-auth, which answers its own 500 when the database is away.
      const signIn = await t.request('POST', '/api/auth/sign-in/email', {
        headers: { origin: 'http://localhost:3000' },
        body: { email: 'owner@demo.test', password: 'demo-password' },
      });
      running = false;
      await Promise.all(clients);

      expect(crashes).toEqual([]);
      // No 500 at any time; every refusal during the outage is the 503 with Retry-After.
      expect(answers.filter((a) => a.status >= 500 && a.status !== 503)).toEqual([]);
      const outage = answers.filter((a) => a.phase === 'outage');
      expect(new Set(outage.map((a) => a.what))).toEqual(new Set(['lanes', 'slots', 'booking']));
      for (const a of answers.filter((a) => a.phase === 'outage' || a.status === 503)) {
        expect(a).toMatchObject({ status: 503, code: 'database_unavailable', retryAfter: '5' });
      }
      expect(health.statusCode).toBe(503);
      expect(health.headers['retry-after']).toBe('5');
      expect(health.json()).toMatchObject({ code: 'database_unavailable', details: { database: 'postgres' } });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ status: 'ok' });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toMatchObject({ code: 'database_unavailable' });
      expect(stream.ended()).toBe(false);

      // The database is back: a read and a booking answer 2xx within 5 s, health is ok again.
      await proxy.restore();
      const restoredAt = performance.now();
      await within(5000, 'a read answers 200', async () => (await venue.staff.get('/api/private/resources')).statusCode === 200);
      let created = 0;
      await within(5000 - (performance.now() - restoredAt), 'a booking answers 201', async () => {
        created = (await venue.staff.post('/api/private/booking', form({ slots: [afterSlot.id], playersCount: 1 }))).statusCode;
        expect(created).not.toBe(500);
        return created === 201;
      });
      expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
      // The listener is back (caches serve again) and the open live stream carries changes again.
      await within(5000, 'the listener reconnects', () => t.database.notifications.isListening());
      const change = stream.change('bookings', 3000);
      expect((await venue.staff.post('/api/private/booking', form({ slots: [afterSlot.id], playersCount: 1 }))).statusCode).toBe(201);
      await change;
      expect(stream.ended()).toBe(false);
      stream.close();
      expect(crashes).toEqual([]);
      // No pool connection is still held by a transaction the outage broke: closing does not wait.
      const stopping = t.stop().then(() => 'closed');
      expect(await Promise.race([stopping, sleep(10_000).then(() => 'a connection is still held')])).toBe('closed');
    }, 30_000);
  });
