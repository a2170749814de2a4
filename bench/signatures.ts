/**
 * `signatures`: the raw CSV export of a venue's signed waivers (decision 023) at 10,000 and at
 * 25,000 signatures. The export streams, reading 10,000 a page, so the server's memory must not
 * grow with the number of signatures: the figures are the server's peak heap growth during each
 * export and their ratio, with the time and rows per second. The download runs in its own
 * process (curl), so the heap measured is the server's alone.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { startBenchServer } from './lib/server.js';

const run = promisify(execFile);
const VENUE = 'demo-axe';
const MB = 1024 * 1024;

export const signatures: Benchmark = {
  name: 'signatures',
  description: 'raw CSV export of 10,000 and 25,000 signatures: server heap growth (bounded), time, rows per second',
  async run(ctx) {
    const database = await ctx.openDatabase();
    try {
      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const headers = Object.entries(headersFor(VENUE)).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
        const figures: Figure[] = [];
        let made = 0;
        const growth: Record<number, number> = {};
        for (const total of [10_000, 25_000]) {
          ctx.log(`  signing ${total - made} more waivers`);
          await addSignatures(database.db, made, total);
          made = total;
          global.gc?.();
          const before = process.memoryUsage().heapUsed;
          let peak = before;
          const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().heapUsed)), 5);
          const started = performance.now();
          const { stdout } = await run('curl', [
            '-sS',
            '-o',
            '/dev/null',
            '-w',
            '%{http_code} %{size_download}',
            ...headers,
            `${base}/api/private/signatures/export.csv`,
          ]);
          const seconds = (performance.now() - started) / 1000;
          clearInterval(sampler);
          const [status, bytes] = stdout.trim().split(' ').map(Number);
          if (status !== 200) throw new Error(`the export answered ${status}`);
          growth[total] = (peak - before) / MB;
          const label = total.toLocaleString('en-US');
          figures.push(
            { figure: `export ${label}: server heap growth`, value: growth[total], unit: 'MB', budget: { max: 64 } },
            { figure: `export ${label}: time`, value: seconds, unit: 's' },
            {
              figure: `export ${label}: rows per second`,
              value: total / seconds,
              unit: 'rows/s',
              note: `${(bytes / MB).toFixed(1)} MB of CSV`,
            },
          );
        }
        figures.push({
          figure: 'heap growth 25,000 / 10,000',
          value: growth[25_000] / Math.max(growth[10_000], 1),
          unit: 'x',
          budget: { max: 1.5 },
          note: 'one page of 10,000 at a time: more rows, the same memory',
        });
        return figures;
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
};

/** Signatures from..to of the demo venue, eight fields and two checkboxes each, written by the database itself. */
async function addSignatures(db: import('../apps/server/src/db/client.js').Db, from: number, to: number) {
  await db.execute(sql`
    insert into signatures (venue_id, id, booking_id, booking_reference, product_id, is_walk_in, first_name, last_name, email,
      fields, checkboxes, waiver, waiver_title, is_minor, signature_key, created_at, updated_at)
    select ${VENUE}, gen_random_uuid()::text, 'bench-booking-' || (n / 4), 'BENCH' || lpad((n / 4)::text, 5, '0'), null, n % 7 = 0,
      'First' || n, 'Last' || n, 'guest' || n || '@example.test',
      jsonb_build_object('First name', 'First' || n, 'Last name', 'Last' || n, 'Email', 'guest' || n || '@example.test',
        'Address', n || ' Main Street, Springfield', 'Phone', '+1555' || lpad(n::text, 7, '0'), 'Date of birth', '1990-01-01',
        'Experience', 'Option ' || (1 + n % 2), 'Shoe size', 38 + n % 10),
      jsonb_build_array(jsonb_build_object('text', 'I accept the risks.', 'value', true),
        jsonb_build_object('text', 'Send me news.', 'value', n % 2 = 0)),
      jsonb_build_object('waiverId', 'bench-waiver', 'title', 'Axe safety', 'intro', '', 'text', '<p>' || repeat('Safety first. ', 200) || '</p>',
        'fields', '[]'::jsonb, 'checkboxes', '[]'::jsonb),
      'Axe safety', false, 'signatures/demo-axe/00000000-0000-0000-0000-000000000000.png',
      now() - (n || ' seconds')::interval, now()
    from generate_series(${from}::int, ${to - 1}::int) as n`);
}
