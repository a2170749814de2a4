/**
 * `calendar`: the widget's public availability calls on a busy venue (5 products, two years of
 * hourly slots, up to 100k bookings; bench/lib/calendar-data.ts) at 10, 20 and 100 lanes:
 * p50 and p97.5 (autocannon has no p95; p97.5 bounds it) of `/dates` for a month and `/slots` for a day, and the database queries each
 * request makes, and the server process's CPU per request (/proc, bench/lib/cpu.ts). The load
 * generator runs in its own process (bench/lib/load.ts). CALENDAR_LANES=10,100 runs only those
 * lane counts. `/slots` is measured twice: the same day asked again and again (its answer kept in
 * memory, platform/venue-reads.ts), and a different day or players count each request (each
 * answer made). BENCH_CPU_PROFILE=<file> writes a CPU profile of the server during each /slots
 * run (`<file>` with the lane count and the run before its extension).
 */
import { addDays, venueToday } from '@lanebook/core';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { BENCH_TIME_ZONE, generateCalendarData } from './lib/calendar-data.js';
import { serverCpu } from './lib/cpu.js';
import { measure, type LoadResult } from './lib/load.js';
import { profiled } from './lib/profile.js';
import { BENCH_APP_CONFIG } from './lib/server.js';

const LANE_COUNTS = process.env.CALENDAR_LANES ? process.env.CALENDAR_LANES.split(',').map(Number) : [10, 20, 100];
const BOOKINGS = 100_000;
// One client at a time: latency is then the service time of a request, not time queued behind others.
const CONNECTIONS = 1;
const WARM_UP_SECONDS = 1;
const COUNTED_REQUESTS = 20;

interface Run {
  lanes: number;
  bookings: number;
  dates: LoadResult;
  slots: LoadResult;
  /** /slots of a different day or players count each request: no answer kept in memory. */
  slotsNotKept: LoadResult;
  /** How many different answers that run could ask before asking one again (kept by then). */
  slotsNotKeptDistinct: number;
  datesQueries: number;
  slotsQueries: number;
  /** The server process's CPU per measured request, in ms. */
  datesCpuMs: number;
  slotsCpuMs: number;
  slotsNotKeptCpuMs: number;
}

export const calendar: Benchmark = {
  name: 'calendar',
  description:
    'public /dates (a month) and /slots (a day) on 5 products, 2 years of slots and up to 100k bookings, at 10, 20 and 100 lanes',
  async run(ctx) {
    const { buildApp } = await import('../apps/server/src/app.js');
    const today = venueToday(BENCH_TIME_ZONE);
    const runs: Run[] = [];
    for (const lanes of LANE_COUNTS) {
      const database = await ctx.openDatabase();
      try {
        ctx.log(`  ${lanes} lanes: generating data`);
        const data = await generateCalendarData(database, {
          venueId: 'bench-venue',
          lanes,
          bookings: BOOKINGS,
          startDate: addDays(today, -365),
        });
        const { app } = await buildApp(database, BENCH_APP_CONFIG);
        try {
          await app.listen({ port: 0, host: '127.0.0.1' });
          const origin = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
          const productPath = `/api/public/product/${data.productIds[0]}`;
          const month = addDays(today, 31).slice(0, 7);
          const datesUrl = `${origin}${productPath}/dates?month=${month}&playersCount=8`;
          const slotsUrl = `${origin}${productPath}/slots?date=${addDays(today, 7)}&playersCount=8`;
          // Days and players counts not asked before, one a request: each answer is made, none is kept yet.
          const freshSlots = freshSlotsPaths(
            data.productIds.map((id) => `/api/public/product/${id}`),
            today,
          );
          const half = Math.floor(freshSlots.length / 2);
          const counted = countQueries(database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } });
          /** Queries of an answer not kept yet (the product's venue, the product and its lanes are, after the first call). */
          const perRequest = async (urls: string[]) => {
            await fetch(urls[0]).then(assertOk);
            const before = counted.count;
            for (const url of urls.slice(1)) await fetch(url).then(assertOk);
            return (counted.count - before) / (urls.length - 1);
          };
          const datesQueries = await perRequest(
            Array.from({ length: COUNTED_REQUESTS + 1 }, (_, i) => `${origin}${productPath}/dates?month=${month}&playersCount=${i + 1}`),
          );
          // Of the warm-up's half and one product, as the dates are: the first call on a product also reads the product and its lanes.
          const slotsQueries = await perRequest(
            freshSlots
              .slice(half)
              .filter((path) => path.startsWith(`${productPath}/`))
              .slice(0, COUNTED_REQUESTS + 1)
              .map((path) => `${origin}${path}`),
          );
          const load = async (label: string, url: string, profileFile: string | null, paths?: { warmUp: string[]; measured: string[] }) => {
            ctx.log(`  ${lanes} lanes, ${label}: ${WARM_UP_SECONDS} s warm-up, ${ctx.seconds} s measured`);
            await measure(url, { connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS, paths: paths?.warmUp });
            // Measured inside the profile, so writing the profile out is not counted.
            return profiled(async () => {
              const cpu = serverCpu();
              const result = await measure(url, { connections: CONNECTIONS, durationSeconds: ctx.seconds, paths: paths?.measured });
              return { result, cpuMs: cpu.stop() / result.requests };
            }, profileFile);
          };
          const profileFile = (kind: string) =>
            process.env.BENCH_CPU_PROFILE?.replace(/(\.[^./]*)?$/, (extension) => `.${lanes}-lanes-${kind}${extension}`) ?? null;
          const dates = await load('dates', datesUrl, null);
          const slots = await load('slots', slotsUrl, profileFile('slots'));
          const slotsNotKept = await load('slots, answers not kept', slotsUrl, profileFile('slots-not-kept'), {
            warmUp: freshSlots.slice(half),
            measured: freshSlots.slice(0, half),
          });
          runs.push({
            lanes,
            bookings: data.bookings,
            dates: dates.result,
            slots: slots.result,
            slotsNotKept: slotsNotKept.result,
            slotsNotKeptDistinct: half,
            datesQueries,
            slotsQueries,
            datesCpuMs: dates.cpuMs,
            slotsCpuMs: slots.cpuMs,
            slotsNotKeptCpuMs: slotsNotKept.cpuMs,
          });
        } finally {
          await app.close();
        }
      } finally {
        await database.close();
      }
    }
    return figures(runs, ctx.databaseKind === 'postgres');
  },
};

function figures(runs: Run[], onPostgres: boolean): Figure[] {
  // The 10 ms budget is PostgreSQL's: PGlite answers every query on the server's own thread.
  const p95Budget = onPostgres ? { max: 10 } : undefined;
  const cpuNote = `/proc of the server process${onPostgres ? '' : ", PGlite's queries in it too"}`;
  const notKept = 'each request a day or players count not asked before: the answer is made, not taken from memory';
  const rows: Figure[] = [];
  for (const run of runs) {
    const note = `${run.lanes} lanes, ${run.bookings} bookings, ${CONNECTIONS} connections`;
    rows.push(
      { figure: `dates p50 (${run.lanes} lanes)`, value: run.dates.p50, unit: 'ms', note },
      { figure: `dates p97.5 (${run.lanes} lanes)`, value: run.dates.p97_5, unit: 'ms', budget: p95Budget, note },
      { figure: `slots p50 (${run.lanes} lanes)`, value: run.slots.p50, unit: 'ms', note },
      { figure: `slots p97.5 (${run.lanes} lanes)`, value: run.slots.p97_5, unit: 'ms', budget: p95Budget, note },
      { figure: `dates queries/request (${run.lanes} lanes)`, value: run.datesQueries, unit: '', budget: { max: 3 }, note: notKept },
      { figure: `slots queries/request (${run.lanes} lanes)`, value: run.slotsQueries, unit: '', budget: { max: 3 }, note: notKept },
      { figure: `dates req/s (${run.lanes} lanes)`, value: run.dates.rps, unit: 'req/s' },
      { figure: `slots req/s (${run.lanes} lanes)`, value: run.slots.rps, unit: 'req/s' },
      { figure: `dates server CPU/request (${run.lanes} lanes)`, value: run.datesCpuMs, unit: 'ms', note: cpuNote },
      {
        figure: `slots server CPU/request (${run.lanes} lanes)`,
        value: run.slotsCpuMs,
        unit: 'ms',
        budget: onPostgres ? { max: 0.6 } : undefined,
        note: `${cpuNote}; the answer kept in memory after the first request`,
      },
      { figure: `slots not kept p50 (${run.lanes} lanes)`, value: run.slotsNotKept.p50, unit: 'ms', note: notKept },
      { figure: `slots not kept req/s (${run.lanes} lanes)`, value: run.slotsNotKept.rps, unit: 'req/s', note: notKept },
      {
        figure: `slots not kept server CPU/request (${run.lanes} lanes)`,
        value: run.slotsNotKeptCpuMs,
        unit: 'ms',
        note: `${cpuNote}; ${notKept}${run.slotsNotKept.requests > run.slotsNotKeptDistinct ? ` (but ${run.slotsNotKept.requests} requests over ${run.slotsNotKeptDistinct} answers: some were kept)` : ''}`,
      },
    );
  }
  const fewest = runs.find((run) => run.lanes === 10);
  const most = runs.find((run) => run.lanes === 100);
  if (fewest && most) {
    // Throughput ratios from one run: 100 lanes may take at most twice the time of 10.
    rows.push(
      { figure: 'dates time 100 / 10 lanes', value: fewest.dates.rps / most.dates.rps, unit: 'x', budget: { max: 2 } },
      { figure: 'slots time 100 / 10 lanes', value: fewest.slots.rps / most.slots.rps, unit: 'x', budget: { max: 2 } },
    );
  }
  return rows;
}

/** `/slots` of every product, every day of the coming year and every players count the bench's products take (1 to 24). */
function freshSlotsPaths(productPaths: string[], today: string): string[] {
  const paths: string[] = [];
  for (let players = 1; players <= 24; players++) {
    for (let day = 1; day < 365; day++) {
      const date = addDays(today, day);
      for (const productPath of productPaths) paths.push(`${productPath}/slots?date=${date}&playersCount=${players}`);
    }
  }
  return paths;
}

async function assertOk(response: Response) {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
}

/** Counts the statements the app sends through the database handle (pool or PGlite). */
function countQueries(db: { $client: { query: (...args: unknown[]) => unknown } }) {
  const counter = { count: 0 };
  const client = db.$client;
  const query = client.query.bind(client);
  client.query = (...args: unknown[]) => {
    counter.count++;
    return query(...args);
  };
  return counter;
}
