/**
 * `soak`: a mixed load for SOAK_SECONDS (default 600) against one server in the bench process,
 * its RSS sampled every 30 s, and the RSS slope after warm-up (the first quarter of the run, at
 * most two minutes) by least squares, in MB per minute. The load generator runs in its own
 * process (bench/lib/load.ts), one 30 s window per sample, turning through the routes.
 */
import type { Benchmark, Figure } from './lib/benchmark.js';
import { measure } from './lib/load.js';
import { startBenchServer } from './lib/server.js';

const SAMPLE_SECONDS = 30;
const CONNECTIONS = 10;

/** Least-squares slope of y over x. */
function slope(points: { x: number; y: number }[]): number {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  const covariance = points.reduce((sum, p) => sum + (p.x - meanX) * (p.y - meanY), 0);
  const variance = points.reduce((sum, p) => sum + (p.x - meanX) ** 2, 0);
  return variance ? covariance / variance : 0;
}

export const soak: Benchmark = {
  name: 'soak',
  description: 'RSS every 30 s under a mixed load for SOAK_SECONDS (default 600), and its slope after warm-up in MB/min',
  async run(ctx) {
    const seconds = Number(process.env.SOAK_SECONDS || 600);
    if (!(seconds >= SAMPLE_SECONDS * 3))
      throw new Error(`SOAK_SECONDS must be at least ${SAMPLE_SECONDS * 3}, not "${process.env.SOAK_SECONDS}"`);
    const database = await ctx.openDatabase();
    try {
      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const headers = headersFor('demo-axe');
        const routes = ['/api/private/me', '/api/private/resources', '/api/private/booking/detailed', '/api/health'];
        const started = Date.now();
        const samples: { x: number; y: number }[] = [];
        let requests = 0;
        for (let window = 0; (Date.now() - started) / 1000 + SAMPLE_SECONDS <= seconds + 1; window += 1) {
          const route = routes[window % routes.length];
          const result = await measure(`${base}${route}`, { headers, connections: CONNECTIONS, durationSeconds: SAMPLE_SECONDS });
          requests += result.rps * SAMPLE_SECONDS;
          const minutes = (Date.now() - started) / 60_000;
          const rss = process.memoryUsage().rss / 2 ** 20;
          samples.push({ x: minutes, y: rss });
          ctx.log(`  ${minutes.toFixed(1)} min: RSS ${rss.toFixed(1)} MB (${route}, ${result.rps.toFixed(0)} req/s)`);
        }
        const warmUpMinutes = Math.min(2, seconds / 60 / 4);
        const measured = samples.filter((sample) => sample.x > warmUpMinutes);
        const note = `${measured.length} samples after ${warmUpMinutes.toFixed(1)} min warm-up, ${Math.round(requests)} requests, 0 errors`;
        return [
          { figure: 'RSS slope after warm-up', value: slope(measured), unit: 'MB/min', budget: { max: 1 }, note },
          { figure: 'RSS at the end', value: samples.at(-1)!.y, unit: 'MB', note: `${seconds} s soak` },
        ] satisfies Figure[];
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
};
