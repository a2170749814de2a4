import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WEBHOOK_EVENTS, type WebhookDelivery } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import { integrations, webhookDeliveries } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A real HTTP receiver on loopback: answers a path's requests with the next of its `answers` (then 200), keeps what it got. */
async function startReceiver() {
  const received: Received[] = [];
  const answers = new Map<string, { status: number; location?: string; delayMs?: number }[]>();
  const server = http.createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', headers: request.headers, body });
      const answer = answers.get(request.url ?? '')?.shift() ?? { status: 200 };
      setTimeout(() => {
        response.writeHead(answer.status, answer.location ? { location: answer.location } : {});
        response.end('ok');
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    answers,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Waits for `check` to hold (jobs poll every half second). */
async function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const found = await check();
    if (found) return found;
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function verifySignature(header: string, secret: string, body: string) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 === expected && Math.abs(Date.now() / 1000 - Number(parts.t)) < 300;
}

describeEachDatabase(
  'webhook deliveries',
  (t) => {
    let receiver: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      receiver = await startReceiver();
    });
    afterAll(() => receiver?.close());

    async function addWebhook(venue: Awaited<ReturnType<typeof setUpBookings>>['venue'], path: string, events: string[]) {
      const created = await venue.owner.post('/api/private/integrations', {
        type: 'webhook',
        name: `Hook ${path}`,
        settings: { url: receiver.url(path), events },
      });
      expect(created.statusCode, created.body).toBe(201);
      const { id, secret, isActive } = created.json<{ id: string; secret: string; isActive: boolean }>();
      expect(isActive).toBe(true);
      return { id, secret };
    }
    const at = (path: string) => receiver.received.filter((r) => r.path === path);

    it('booking events reach the receiver signed with the secret, each with an event id, and show in the delivery log', async () => {
      const { venue, form } = await setUpBookings(t);
      const path = `/all-${randomUUID().slice(0, 6)}`;
      const hook = await addWebhook(venue, path, [...WEBHOOK_EVENTS]);
      const paidOnly = await addWebhook(venue, `${path}-paid`, ['booking.paid']);

      const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
      const url = `/api/private/booking/${booking.id}`;
      await venue.staff.post(`${url}/checkout`, { amount: booking.total, paymentMethod: 'Cash' });
      await venue.manager.post(`${url}/refund`, { amount: 500 });
      await venue.manager.put(url, { playersCount: 3 });
      await venue.staff.post(`${url}/cancel`);

      const types = ['booking.created', 'booking.paid', 'booking.refunded', 'booking.updated', 'booking.canceled'];
      await until(() => at(path).length >= types.length || undefined, 'five events');
      const events = at(path).map((r) => ({
        request: r,
        event: JSON.parse(r.body) as { id: string; type: string; data: { booking: Booking } },
      }));
      expect(events.map((e) => e.event.type).sort()).toEqual([...types].sort());
      for (const { request, event } of events) {
        expect(verifySignature(String(request.headers['lanebook-signature']), hook.secret, request.body)).toBe(true);
        expect(verifySignature(String(request.headers['lanebook-signature']), paidOnly.secret, request.body)).toBe(false);
        expect(request.headers['lanebook-event-id']).toBe(event.id);
        expect(request.headers['lanebook-event-type']).toBe(event.type);
        expect(event.data.booking.id).toBe(booking.id);
      }
      expect(events.find((e) => e.event.type === 'booking.paid')!.event.data.booking.status).toBe('paid');
      expect(new Set(events.map((e) => e.event.id)).size).toBe(5);
      // The paid-only hook got the paid event only, with the same event id.
      await until(() => at(`${path}-paid`).length === 1 || undefined, 'the paid event');
      expect(JSON.parse(at(`${path}-paid`)[0].body).id).toBe(events.find((e) => e.event.type === 'booking.paid')!.event.id);

      const log = await until(async () => {
        const page = (await venue.owner.get(`/api/private/integrations/${hook.id}/deliveries`)).json<{
          items: WebhookDelivery[];
          total: number;
        }>();
        return page.items.every((d) => d.status === 'delivered') && page.total === 5 ? page : undefined;
      }, 'a delivered log');
      expect(log.items[0]).toMatchObject({ attempts: 1, lastStatusCode: 200, lastError: null });
      // Another venue's integration is a 404; staff may not read the log.
      const other = await setUpBookings(t);
      expect((await other.venue.owner.get(`/api/private/integrations/${hook.id}/deliveries`)).statusCode).toBe(404);
      expect((await venue.staff.get(`/api/private/integrations/${hook.id}/deliveries`)).statusCode).toBe(403);
    });

    it('a target answering 500 gets the same event again after a backoff; a redirect is not followed', async () => {
      const { venue, form } = await setUpBookings(t);
      const path = `/flaky-${randomUUID().slice(0, 6)}`;
      const hook = await addWebhook(venue, path, ['booking.created']);
      receiver.answers.set(path, [{ status: 500 }]);
      await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }));
      await until(() => at(path).length >= 2 || undefined, 'the retry', 20_000);
      const [first, second] = at(path);
      expect(second.headers['lanebook-event-id']).toBe(first.headers['lanebook-event-id']);
      const [delivery] = await until(async () => {
        const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, hook.id));
        return rows[0]?.status === 'delivered' ? rows : undefined;
      }, 'the delivered row');
      expect(delivery.attempts).toBe(2);

      const moved = `/moved-${randomUUID().slice(0, 6)}`;
      const redirected = await addWebhook(venue, `${moved}-from`, ['booking.created']);
      receiver.answers.set(`${moved}-from`, [{ status: 302, location: receiver.url(`${moved}-to`) }]);
      await venue.staff.post('/api/private/booking', form({ playersCount: 1, isConfirmationEmail: false }));
      const row = await until(async () => {
        const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, redirected.id));
        return rows[0]?.lastStatusCode === 302 ? rows[0] : undefined;
      }, 'the redirect answer');
      expect(row.lastError).toContain('redirects are not followed');
      expect(at(`${moved}-to`)).toHaveLength(0);

      // A target slower than the timeout (2 s here) is a failed attempt.
      const slowPath = `/slow-${randomUUID().slice(0, 6)}`;
      const slow = await addWebhook(venue, slowPath, ['booking.created']);
      receiver.answers.set(slowPath, [{ status: 200, delayMs: 4000 }]);
      await venue.staff.post('/api/private/booking', form({ playersCount: 1, isConfirmationEmail: false }));
      const timedOut = await until(async () => {
        const rows = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, slow.id));
        return rows[0]?.lastError ? rows[0] : undefined;
      }, 'the timed-out attempt');
      expect(timedOut.lastError).toContain('no answer within 2 s');
      expect(timedOut.status).toBe('pending');
    });

    /** Delivery rows as recordWebhookEvent writes them, one event each; their insert trigger announces them. */
    const deliveryRows = (venueId: string, integrationId: string, count: number) =>
      Array.from({ length: count }, () => {
        const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
        const payload = { id: eventId, type: 'booking.created', createdAt: new Date().toISOString(), data: {} };
        return { venueId, id: randomUUID(), integrationId, eventId, eventType: 'booking.created', payload };
      });
    const rowsOf = (integrationId: string) =>
      t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, integrationId));

    it('a backlog of 200 deliveries all arrive, each with its delivery id, the same on the retry of a failed one', async () => {
      const { venue } = await setUpBookings(t);
      const path = `/backlog-${randomUUID().slice(0, 6)}`;
      const hook = await addWebhook(venue, path, ['booking.created']);
      receiver.answers.set(path, [{ status: 500 }]);
      const rows = deliveryRows(venue.id, hook.id, 200);
      await t.db.insert(webhookDeliveries).values(rows);
      await until(async () => (await rowsOf(hook.id)).every((row) => row.status === 'delivered') || undefined, '200 delivered', 60_000);

      // At least once: a run that outlives its expiry on a busy machine is sent again, with the same delivery id.
      const requests = at(path);
      expect(requests.length).toBeGreaterThanOrEqual(201);
      const eventOf = new Map<string, string>(rows.map((row) => [row.id, row.eventId]));
      for (const request of requests)
        expect(eventOf.get(String(request.headers['lanebook-delivery-id']))).toBe(request.headers['lanebook-event-id']);
      expect(new Set(requests.map((request) => request.headers['lanebook-delivery-id'])).size).toBe(200);
      // The one answered 500 came again with the same delivery id.
      const retried = requests.filter((request) => request.headers['lanebook-delivery-id'] === requests[0].headers['lanebook-delivery-id']);
      expect(retried.length).toBeGreaterThanOrEqual(2);
      // A delivery's run expires soon after the target's timeout, so a crash is retried within a minute.
      const { rows: jobs } = await t.database.executeSql(
        "select extract(epoch from expire_in)::int as seconds from pgboss.job where name = 'webhook-deliveries' and id = any($1::uuid[])",
        [rows.map((row) => row.id)],
      );
      expect(jobs).toHaveLength(200);
      expect(jobs.every((job) => (job as { seconds: number }).seconds < 60)).toBe(true);
    });

    it('a delivery whose worker died mid-run (its job active, its process gone) is retried and delivered', async () => {
      const { venue } = await setUpBookings(t);
      const path = `/crash-${randomUUID().slice(0, 6)}`;
      const hook = await addWebhook(venue, path, ['booking.created']);
      const [row] = deliveryRows(venue.id, hook.id, 1);
      // What a process killed mid-delivery leaves: the job active since its start, nobody to finish it. Its
      // expiry (22 s here) has passed. Written with the delivery, so the announcement's job adds nothing.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`
          insert into pgboss.job (id, name, data, state, retry_limit, retry_delay, retry_backoff, started_on, expire_in)
          values (${row.id}, 'webhook-deliveries', ${JSON.stringify({ venueId: venue.id, deliveryId: row.id })}::jsonb, 'active',
                  9, 1, true, now() - interval '23 seconds', interval '22 seconds')`);
        await tx.insert(webhookDeliveries).values(row);
      });
      const [delivered] = await until(
        async () => {
          const found = await rowsOf(hook.id);
          return found[0]?.status === 'delivered' ? found : undefined;
        },
        'the retried delivery',
        30_000,
      );
      expect(delivered.attempts).toBe(1);
      expect(at(path).map((request) => request.headers['lanebook-delivery-id'])).toEqual([row.id]);
    });
  },
  { config: { webhookAllowPrivateNetworks: true, webhookRetryDelaySeconds: 1, webhookTimeoutMs: 2000 } },
);

describeEachDatabase('webhook targets checked at delivery', (t: TestServer) => {
  it('a target that resolves to a loopback address by delivery time is refused, and the delivery fails without a retry', async () => {
    const { venue, form } = await setUpBookings(t);
    const receiver = await startReceiver();
    try {
      // Saved while its name resolved to a public address; by now it is loopback (what the save-time check cannot see).
      const id = randomUUID();
      await t.db.insert(integrations).values({
        venueId: venue.id,
        id,
        type: 'webhook',
        name: 'Rebound',
        isActive: true,
        settings: { url: receiver.url('/rebound'), events: ['booking.created'] },
        secret: 'whsec_test',
      });
      await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }));
      const row = await until(async () => {
        const [found] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.integrationId, id));
        return found?.status === 'failed' ? found : undefined;
      }, 'the refused delivery');
      expect(row.lastError).toContain('loopback');
      expect(receiver.received).toHaveLength(0);
    } finally {
      await receiver.close();
    }
  });
});
