import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { webhookDeliveries } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import type { TestServer } from '../../../test/server.js';
import { WEBHOOK_PER_TARGET } from './webhooks.js';

/**
 * One receiver cannot hold everyone's webhooks (issue 33): a receiver that never answers gets at
 * most WEBHOOK_PER_TARGET deliveries at once and then backs off, and a healthy receiver of
 * another venue is served meanwhile. The receivers count what they see.
 */

/** A receiver on loopback that counts requests and how many are open at once; a hanging one never answers. */
async function startReceiver(hangs: boolean) {
  const sockets = new Set<Socket>();
  const seen = { requests: 0, open: 0, maxOpen: 0, at: [] as number[] };
  const server = http.createServer((request, response) => {
    seen.requests += 1;
    seen.open += 1;
    seen.maxOpen = Math.max(seen.maxOpen, seen.open);
    seen.at.push(Date.now());
    request.socket.once('close', () => (seen.open -= 1));
    request.resume();
    if (!hangs) request.on('end', () => response.writeHead(200).end('ok'));
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`,
    seen,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Writes deliveries as recordWebhookEvent does (their insert trigger announces each). */
async function recordDeliveries(t: TestServer, venueId: string, integrationId: string, count: number) {
  const rows = Array.from({ length: count }, () => {
    const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
    const payload = { id: eventId, type: 'booking.created', createdAt: new Date().toISOString(), data: { booking: { id: 'b' } } };
    return { venueId, id: randomUUID(), integrationId, eventId, eventType: 'booking.created', payload };
  });
  await t.db.insert(webhookDeliveries).values(rows);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean, what: string, ms = 15_000) {
  const started = Date.now();
  while (!check()) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describeEachDatabase(
  'webhook delivery fairness',
  (t) => {
    let hanging: Awaited<ReturnType<typeof startReceiver>>;
    let healthy: Awaited<ReturnType<typeof startReceiver>>;
    beforeAll(async () => {
      hanging = await startReceiver(true);
      healthy = await startReceiver(false);
    });
    afterAll(async () => {
      await hanging?.close();
      await healthy?.close();
    });

    async function addWebhook(venue: Awaited<ReturnType<TestServer['addVenue']>>, url: string) {
      const created = await venue.owner.post('/api/private/integrations', {
        type: 'webhook',
        name: 'Receiver',
        settings: { url, events: ['booking.created'] },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json<{ id: string }>().id;
    }

    it('a hanging receiver holds at most its share of the slots, backs off, and another venue is served at once', async () => {
      const stuckVenue = await t.addVenue();
      const otherVenue = await t.addVenue();
      const stuck = await addWebhook(stuckVenue, hanging.url);
      const other = await addWebhook(otherVenue, healthy.url);

      // More than every slot of the process, all to the receiver that never answers.
      await recordDeliveries(t, stuckVenue.id, stuck, 30);
      await until(() => hanging.seen.requests > 0, 'the hanging receiver to be called');
      await sleep(300);

      const sentAt = Date.now();
      await recordDeliveries(t, otherVenue.id, other, 1);
      await until(() => healthy.seen.requests === 1, 'the healthy receiver to be called');
      // Not after the hanging ones' timeout (5 s): at once (the job is queued on the commit's announcement).
      expect(healthy.seen.at[0] - sentAt).toBeLessThan(2000);

      // The hanging target times out (5 s) and backs off (5 s): it never had more than its share at once,
      // and no delivery of its backlog went out during the backoff.
      await sleep(7000);
      expect(hanging.seen.maxOpen).toBe(WEBHOOK_PER_TARGET);
      expect(hanging.seen.requests).toBe(WEBHOOK_PER_TARGET);

      // Meanwhile the other venue's receiver keeps being served at once.
      const againAt = Date.now();
      await recordDeliveries(t, otherVenue.id, other, 3);
      await until(() => healthy.seen.requests === 4, 'the healthy receiver to get three more');
      expect(healthy.seen.at[3] - againAt).toBeLessThan(2000);
      // After the backoff one delivery tries the hanging target again, alone.
      await until(() => hanging.seen.requests === WEBHOOK_PER_TARGET + 1, 'the hanging target to be tried again', 10_000);
      await sleep(500);
      expect(hanging.seen.open).toBeLessThanOrEqual(1);
      expect(hanging.seen.maxOpen).toBe(WEBHOOK_PER_TARGET);
    }, 60_000);
  },
  { config: { webhookAllowPrivateNetworks: true, webhookTimeoutMs: 5000 } },
);
