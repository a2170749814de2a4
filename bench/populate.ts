/**
 * `populate`: how long other requests wait while a large plan is populated 52 weeks ahead
 * (issue 33: 24,749 slots in one request held the embedded database 12-14 s). A plan of 68
 * ten-minute slots a day is populated two ways on a fresh database each, while `/api/health` is
 * asked again and again (one request at a time) and its slowest answer is kept:
 *   - before: the whole window as one transaction, as `PUT .../keep-populated` did (populate called
 *     once over the 364 days in the server's process);
 *   - after: `PUT .../keep-populated {weeksAhead: 52}` as it is now: answered at once (202), then
 *     worked through in batches in the background; polled until the group's run is done.
 * Prints the answer time of the PUT, the time until every slot is made, the slots made, and health's
 * slowest answer during each. The budget is DESIGN.md's: nothing a request starts blocks others for
 * more than 100 ms. Run it with BENCH_DATABASE=pglite: the embedded database is where a long
 * transaction holds every request.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { addDays, productDefaults, venueToday } from '@lanebook/core';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { profiled } from './lib/profile.js';
import { startBenchServer } from './lib/server.js';

const VENUE = 'demo-axe';
const GROUP = 'bench-plan';
const WEEKS = 52;
// 10:00 to 21:20 in ten-minute slots: 68 a day, 476 rows a week (the most is 500).
const OPENING_HOURS = {
  days: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, ranges: [{ from: '10:00', to: '21:20' }] })),
  slotMinutes: 10,
  stepMinutes: 10,
};

const watcherPath = fileURLToPath(new URL('./lib/health-watch.ts', import.meta.url));

/**
 * Asks health one request at a time, from a process of its own (bench/lib/health-watch.ts), until
 * stopped; answers its slowest answer in ms, how many took over 100 ms, and how many were asked.
 * Beside it, the server's own event loop delay (its longest stall), which the machine's other load
 * does not inflate as much as a round trip.
 */
function watchHealth(base: string) {
  const child = fork(watcherPath, [], { execArgv: ['--import', 'tsx'] });
  const answer = new Promise<{ slowest: number; over100: number; count: number }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { slowest: number; over100: number; count: number }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the health watcher exited (code ${code}) without an answer`)));
  });
  child.send(base);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return {
    async stop() {
      child.send('stop');
      const watched = await answer;
      loop.disable();
      return { ...watched, eventLoopMaxMs: loop.max / 1e6 };
    },
  };
}

export const populate: Benchmark = {
  name: 'populate',
  description:
    'health latency while a 68-slots-a-day plan is populated 52 weeks ahead: one transaction (before) vs batches in the background (after)',
  async run(ctx) {
    const figures: Figure[] = [];
    for (const way of ['before', 'after'] as const) {
      const database = await ctx.openDatabase();
      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const headers = { ...headersFor(VENUE), 'content-type': 'application/json' };
        // A product of its own, on the demo's lanes: the demo's products have slots already.
        const { products } = await import('../apps/server/src/modules/products/schema.js');
        const lanes = (await (await fetch(`${base}/api/private/resources`, { headers })).json()) as { items: { id: string }[] };
        const productId = 'bench-populate';
        await database.db.insert(products).values({
          ...productDefaults,
          venueId: VENUE,
          id: productId,
          name: 'Populate bench',
          isPaused: false,
          price: 2000,
          resources: lanes.items.map((l) => l.id),
        });
        const group = `${base}/api/private/product/${productId}/slot-group/${GROUP}`;
        const me = (await (await fetch(`${base}/api/private/me`, { headers })).json()) as { venue: { timezone: string } };
        const timeZone = me.venue.timezone;
        const today = venueToday(timeZone);
        const saved = await fetch(group, {
          method: 'PUT',
          headers,
          body: JSON.stringify({ startDate: today, openingHours: OPENING_HOURS }),
        });
        if (!saved.ok) throw new Error(`saving the plan: ${saved.status} ${await saved.text()}`);
        ctx.log(`  ${way}: populating ${WEEKS} weeks`);
        const health = watchHealth(base);
        const started = performance.now();
        let answeredMs: number;
        let created: number;
        if (way === 'before') {
          const { withTransaction } = await import('../apps/server/src/platform/locking.js');
          const { populateSlotGroup } = await import('../apps/server/src/modules/calendar/service.js');
          const answer = await withTransaction(database.db, (tx) =>
            populateSlotGroup(tx, VENUE, timeZone, productId, GROUP, { from: today, to: addDays(today, WEEKS * 7 - 1) }),
          );
          answeredMs = performance.now() - started;
          created = answer.created;
        } else {
          // BENCH_CPU_PROFILE=<file>: a CPU profile of the server (this process) while the run works.
          ({ answeredMs, created } = await profiled(async () => {
            const put = await fetch(`${group}/keep-populated`, { method: 'PUT', headers, body: JSON.stringify({ weeksAhead: WEEKS }) });
            const answeredMs = performance.now() - started;
            if (put.status !== 202) throw new Error(`keep-populated: ${put.status} ${await put.text()}`);
            let lastLog = performance.now();
            for (;;) {
              await new Promise((resolve) => setTimeout(resolve, 200));
              const groups = (await (await fetch(`${base}/api/private/product/${productId}/slot-groups`, { headers })).json()) as {
                items: { id: string; populate: { state: string; created: number; message: string | null } | null }[];
              };
              const run = groups.items.find((g) => g.id === GROUP)?.populate as
                { state: string; created: number; message: string | null; done: number; total: number } | null | undefined;
              if (run && performance.now() - lastLog > 10_000) {
                lastLog = performance.now();
                ctx.log(`    ${run.done} of ${run.total} days, ${run.created} slots`);
              }
              if (run?.state === 'failed') throw new Error(`the run failed: ${run.message}`);
              if (run?.state === 'done') return { answeredMs, created: run.created };
            }
          }));
        }
        const allMadeMs = performance.now() - started;
        const { slowest, over100, count, eventLoopMaxMs } = await health.stop();
        figures.push(
          { figure: `${way}: keep-populated answered`, value: answeredMs, unit: 'ms' },
          { figure: `${way}: every slot made`, value: allMadeMs, unit: 'ms', note: `${created} slots` },
          {
            figure: `${way}: health, slowest answer meanwhile`,
            value: slowest,
            unit: 'ms',
            budget: way === 'after' ? { max: 100 } : undefined,
            note: `${count} health requests, ${over100} over 100 ms`,
          },
          { figure: `${way}: the server's event loop, longest stall`, value: eventLoopMaxMs, unit: 'ms' },
        );
      } finally {
        await app.close();
        await database.close();
      }
    }
    return figures;
  },
};
