/**
 * `api`: requests per second of Lanebook's routes against Fastify's bare hello world, on this
 * machine, in one run. The Lanebook server runs in the bench process; the hello world and each
 * load generator run in processes of their own (bench/lib), so neither disturbs the other.
 */
import type { Benchmark, Figure } from './lib/benchmark.js';
import { startHelloServer } from './lib/hello.js';
import { startBenchServer } from './lib/server.js';
import { measure, type LoadResult } from './lib/load.js';

const CONNECTIONS = 20;
const WARM_UP_SECONDS = 1;

export const api: Benchmark = {
  name: 'api',
  description: 'req/s and p99 of /api/health, /api/private/me and /api/private/resources against a Fastify hello world',
  async run(ctx) {
    const hello = await startHelloServer();
    const database = await ctx.openDatabase();
    try {
      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const venueHeaders = headersFor('demo-axe');

        // Warm up first (JIT, connection pools, caches), so the measurement sees the steady state.
        const load = async (label: string, url: string, headers: Record<string, string> = {}): Promise<LoadResult> => {
          ctx.log(`  ${label}: ${WARM_UP_SECONDS} s warm-up, ${ctx.seconds} s measured`);
          await measure(url, { headers, connections: CONNECTIONS, durationSeconds: WARM_UP_SECONDS });
          return measure(url, { headers, connections: CONNECTIONS, durationSeconds: ctx.seconds });
        };
        const helloWorld = await load('hello world', hello.url);
        const health = await load('GET /api/health', `${base}/api/health`);
        const me = await load('GET /api/private/me', `${base}/api/private/me`, venueHeaders);
        const resources = await load('GET /api/private/resources', `${base}/api/private/resources`, venueHeaders);

        const onPostgres = ctx.databaseKind === 'postgres';
        // Latency budgets only on PostgreSQL: PGlite runs every query on the server's own thread.
        const p99Budget = onPostgres ? { max: 20 } : undefined;
        const percent = (part: LoadResult, whole: LoadResult) => (part.rps / whole.rps) * 100;
        const conditions = `${CONNECTIONS} connections`;
        return [
          { figure: 'hello world', value: helloWorld.rps, unit: 'req/s', note: 'bare Fastify, own process' },
          { figure: 'GET /api/health', value: health.rps, unit: 'req/s', note: 'no session, no database' },
          { figure: 'GET /api/private/me', value: me.rps, unit: 'req/s', note: 'session + venue' },
          { figure: 'GET /api/private/resources', value: resources.rps, unit: 'req/s', note: 'session + venue + lanes query' },
          { figure: 'me p99', value: me.p99, unit: 'ms', budget: p99Budget, note: conditions },
          { figure: 'resources p99', value: resources.p99, unit: 'ms', budget: p99Budget, note: conditions },
          { figure: 'me / health', value: percent(me, health), unit: '%', budget: { min: 70 }, note: 'cost of session + venue' },
          {
            figure: 'resources / health',
            value: percent(resources, health),
            unit: '%',
            budget: { min: onPostgres ? 40 : 25 },
            note: 'cost of session + venue + query',
          },
          { figure: 'health / hello world', value: percent(health, helloWorld), unit: '%' },
          { figure: 'me / hello world', value: percent(me, helloWorld), unit: '%' },
          { figure: 'resources / hello world', value: percent(resources, helloWorld), unit: '%' },
        ] satisfies Figure[];
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
      hello.stop();
    }
  },
};
