/**
 * `soak`: a mixed load for SOAK_SECONDS (default 600) against one server in the bench process,
 * its RSS sampled every 30 s, and the RSS slope after warm-up (the first quarter of the run, at
 * most two minutes) by least squares, in MB per minute. The load generator runs in its own
 * process (bench/lib/load.ts), one 30 s window per sample, turning through the routes.
 * Each sample is taken after a full garbage collection (`npm run bench` runs node with
 * --expose-gc): without it a sample is wherever the collector happens to be, and ten minutes of
 * such samples swing by 250 MB, hiding or faking a slope.
 */
import type { Benchmark, Figure } from './lib/benchmark.js';
import { measure } from './lib/load.js';
import { startBenchServer } from './lib/server.js';

const SAMPLE_SECONDS = 30;

/** What the process holds once garbage is collected, in MB: RSS and the JavaScript heap. */
function memoryAfterCollection(): { rss: number; heap: number } {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('the soak needs node --expose-gc (npm run bench passes it)');
  // Twice: the first pass runs finalizers whose objects the second frees.
  collect();
  collect();
  const usage = process.memoryUsage();
  return { rss: usage.rss / 2 ** 20, heap: usage.heapUsed / 2 ** 20 };
}
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
        const heapSamples: { x: number; y: number }[] = [];
        let requests = 0;
        for (let window = 0; (Date.now() - started) / 1000 + SAMPLE_SECONDS <= seconds + 1; window += 1) {
          const route = routes[window % routes.length];
          const result = await measure(`${base}${route}`, { headers, connections: CONNECTIONS, durationSeconds: SAMPLE_SECONDS });
          requests += result.rps * SAMPLE_SECONDS;
          const minutes = (Date.now() - started) / 60_000;
          const { rss, heap } = memoryAfterCollection();
          samples.push({ x: minutes, y: rss });
          heapSamples.push({ x: minutes, y: heap });
          ctx.log(
            `  ${minutes.toFixed(1)} min: RSS ${rss.toFixed(1)} MB, heap ${heap.toFixed(1)} MB (${route}, ${result.rps.toFixed(0)} req/s)`,
          );
        }
        const warmUpMinutes = Math.min(2, seconds / 60 / 4);
        const afterWarmUp = (points: { x: number; y: number }[]) => points.filter((sample) => sample.x > warmUpMinutes);
        const measured = afterWarmUp(samples);
        const note = `${measured.length} samples after ${warmUpMinutes.toFixed(1)} min warm-up, ${Math.round(requests)} requests, 0 errors`;
        return [
          { figure: 'RSS slope after warm-up', value: slope(measured), unit: 'MB/min', budget: { max: 1 }, note },
          {
            figure: 'heap slope after warm-up',
            value: slope(afterWarmUp(heapSamples)),
            unit: 'MB/min',
            note: 'JavaScript heap in use after collection',
          },
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
