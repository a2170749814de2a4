/**
 * `webhooks`: how fast one server process drains a backlog of webhook deliveries. A webhook
 * integration of the demo venue points at a receiver on loopback (its own process,
 * bench/lib/webhook-receiver.ts); BENCH_WEBHOOKS deliveries (default 2,000) are written at once,
 * as a burst of booking events would write them, and the bench waits until all are delivered
 * (or BENCH_SECONDS × 6, at least 30 s, have passed) and prints deliveries per second.
 */
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { startBenchServer } from './lib/server.js';

const DELIVERIES = 2000;
const VENUE = 'demo-axe';
const receiverPath = fileURLToPath(new URL('./lib/webhook-receiver.ts', import.meta.url));

async function startReceiver() {
  const child = fork(receiverPath, [], { execArgv: ['--import', 'tsx'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`webhook receiver exited (code ${code}) before listening`)));
  });
  return {
    url: `http://127.0.0.1:${port}/hook`,
    counts: () =>
      new Promise<{ received: number; repeats: number }>((resolve) => {
        child.once('message', (message) => resolve(message as { received: number; repeats: number }));
        child.send('counts');
      }),
    stop: () => child.kill(),
  };
}

export const webhooks: Benchmark = {
  name: 'webhooks',
  description: 'webhook deliveries per second of one server process draining a backlog to a receiver on loopback',
  async run(ctx) {
    const { webhookDeliveries } = await import('../apps/server/src/db/schema.js');
    const receiver = await startReceiver();
    const database = await ctx.openDatabase();
    try {
      const { app, base, headersFor } = await startBenchServer(database, { webhookAllowPrivateNetworks: true });
      try {
        const created = await fetch(`${base}/api/private/integrations`, {
          method: 'POST',
          headers: { ...headersFor(VENUE), 'content-type': 'application/json' },
          body: JSON.stringify({ type: 'webhook', name: 'Bench', settings: { url: receiver.url, events: ['booking.created'] } }),
        });
        if (created.status !== 201) throw new Error(`creating the webhook failed: ${created.status} ${await created.text()}`);
        const { id: integrationId } = (await created.json()) as { id: string };

        const wanted = Number(process.env.BENCH_WEBHOOKS) || DELIVERIES;
        const limitMs = Math.max(30, ctx.seconds * 6) * 1000;
        ctx.log(`  ${wanted} deliveries queued at once; waiting up to ${limitMs / 1000} s for all of them`);
        const payload = { type: 'booking.created', data: { booking: { id: 'bench' } } };
        const started = Date.now();
        // Rows as recordWebhookEvent writes them; their insert trigger announces each (migration 0009).
        for (let first = 0; first < wanted; first += 500) {
          const rows = Array.from({ length: Math.min(500, wanted - first) }, () => {
            const eventId = `evt_${randomUUID().replaceAll('-', '')}`;
            return {
              venueId: VENUE,
              id: randomUUID(),
              integrationId,
              eventId,
              eventType: 'booking.created',
              payload: { id: eventId, ...payload },
            };
          });
          await database.db.insert(webhookDeliveries).values(rows);
        }
        const delivered = async () => {
          const [row] = await database.db
            .select({ count: sql<number>`count(*)::int` })
            .from(webhookDeliveries)
            .where(and(eq(webhookDeliveries.integrationId, integrationId), eq(webhookDeliveries.status, 'delivered')));
          return row.count;
        };
        let done = 0;
        while (Date.now() - started < limitMs) {
          done = await delivered();
          if (done >= wanted) break;
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        const seconds = (Date.now() - started) / 1000;
        const counts = await receiver.counts();
        const note = `${done} of ${wanted} in ${seconds.toFixed(1)} s, one process`;
        return [
          { figure: 'deliveries/s', value: done / seconds, unit: '/s', budget: { min: 50 }, note },
          { figure: 'repeats at the receiver', value: counts.repeats, unit: '', budget: { max: 0 }, note: `${counts.received} received` },
        ] satisfies Figure[];
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      receiver.stop();
    }
  },
};
