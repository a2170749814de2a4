/**
 * `dashboard`: the owner's dashboard (issue 24) over a venue with a million bookings over two
 * years (the calendar data generator, bench/lib/calendar-data.ts) with their payments and refunds
 * in the ledger, taxes in their quotes, and widget visits: every tile for a year computed anew
 * (refresh=1), a tile's chart for a year, the same answered from the cache, and the figures
 * beyond the tiles (list, breakdown, heatmap, days ahead). One request at a time from a load
 * generator of its own process (bench/lib/load.ts): p50 and p97.5 (autocannon has no p95; p97.5
 * bounds it).
 */
import { sql } from 'drizzle-orm';
import { addDays, venueToday } from '@lanebook/core';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { BENCH_TIME_ZONE, generateCalendarData } from './lib/calendar-data.js';
import { measure } from './lib/load.js';
import { startBenchServer } from './lib/server.js';

const LANES = 200;
/** A million on PostgreSQL; PGlite (one WebAssembly session) gets a fifth, said in the notes. */
const BOOKINGS = { postgres: 1_000_000, pglite: 200_000 };
/** Widget visits over the two years. */
const VISITS = { postgres: 300_000, pglite: 60_000 };

export const dashboard: Benchmark = {
  name: 'dashboard',
  description: 'statistics over 1M bookings: all tiles for a year uncached, a chart, a cached answer, and the other dashboard calls',
  async run(ctx) {
    const { venueMembers, user } = await import('../apps/server/src/db/schema.js');
    const database = await ctx.openDatabase();
    const { db } = database;
    try {
      const wanted = Number(process.env.BENCH_BOOKINGS) || BOOKINGS[ctx.databaseKind];
      const today = venueToday(BENCH_TIME_ZONE);
      ctx.log(`  generating ${wanted} bookings on ${LANES} lanes, their ledger and visits`);
      const started = Date.now();
      // Written in bulk with the statistics triggers off, then each venue's rows made in one
      // set-based statement (statistics_rebuild, migration 0015): what the triggers would have kept.
      // The slots' minutes (migration 0019) are kept per statement, one grouped upsert.
      await db.execute(sql`alter table widget_visits disable trigger widget_visits_statistics`);
      const data = await generateCalendarData(database, {
        venueId: 'bench-venue',
        lanes: LANES,
        bookings: wanted,
        startDate: addDays(today, -699),
        rebuildStatistics: false,
      });
      const venueId = data.venueId;
      // 8.25% tax inside every total; a payment for what each booking paid (cash, a terminal or
      // card by turns), a refund for what it got back.
      await db.execute(sql`update bookings set quote = jsonb_build_object('taxes', 762, 'total', total) where venue_id = ${venueId}`);
      await db.execute(sql`
        insert into booking_payments (venue_id, id, booking_id, kind, amount, method, provider, user_name, created_at)
        select venue_id, 'p-' || id, id, 'payment', paid_total,
               case when abs(hashtext(id)) % 3 = 0 then 'Cash' when abs(hashtext(id)) % 3 = 1 then 'POS' else 'card' end,
               case when abs(hashtext(id)) % 3 = 2 then 'sandbox' end, 'Bench', created_at
        from bookings where venue_id = ${venueId} and paid_total > 0`);
      await db.execute(sql`
        insert into booking_payments (venue_id, id, booking_id, kind, amount, method, provider, refund_of, user_name, created_at)
        select b.venue_id, 'r-' || b.id, b.id, 'refund', b.refunded_total, p.method, p.provider, p.id, 'Bench', b.created_at
        from bookings b join booking_payments p on p.venue_id = b.venue_id and p.id = 'p-' || b.id
        where b.venue_id = ${venueId} and b.refunded_total > 0`);
      const visits = VISITS[ctx.databaseKind];
      await db.execute(sql`
        insert into widget_visits (venue_id, id, product_id, step, event_date, created_at)
        select ${venueId}, 'w-' || i, 'product-' || (1 + i % 5), case when i % 4 = 0 then 5 else i % 5 end,
               ${addDays(today, -699)}::date + (i % 730), now() - make_interval(days => (i % 700))
        from generate_series(1, ${visits}::int) i`);
      await db.execute(sql`select statistics_rebuild(${venueId})`);
      await db.execute(sql`alter table bookings enable trigger bookings_statistics`);
      await db.execute(sql`alter table widget_visits enable trigger widget_visits_statistics`);
      await db.execute(sql`vacuum analyze`);
      const counted = (await db.execute(sql`select count(*)::int as n from statistics_days where venue_id = ${venueId}`)) as unknown as {
        rows: { n: number }[];
      };
      ctx.log(`  data ready in ${Math.round((Date.now() - started) / 1000)} s, ${counted.rows[0].n} statistics_days rows`);

      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const [owner] = await db
          .select()
          .from(user)
          .where(sql`${user.email} = 'owner@demo.test'`);
        await db.insert(venueMembers).values({ venueId, userId: owner.id, role: 'owner' });
        const headers = headersFor(venueId);
        const onPostgres = ctx.databaseKind === 'postgres';
        const note = `${data.bookings} bookings over 2 years, ${visits} visits, 1 connection`;
        const seconds = Math.max(2, Math.round(ctx.seconds / 2));
        const figures: Figure[] = [];
        const run = async (label: string, path: string, budget?: number) => {
          const url = `${base}/api/private/statistics${path}`;
          ctx.log(`  ${label}`);
          await measure(url, { headers, connections: 1, durationSeconds: 1 });
          const result = await measure(url, { headers, connections: 1, durationSeconds: seconds });
          figures.push(
            { figure: `${label} p50`, value: result.p50, unit: 'ms', note },
            {
              figure: `${label} p97.5`,
              value: result.p97_5,
              unit: 'ms',
              budget: onPostgres && budget ? { max: budget } : undefined,
              note: 'bounds p95',
            },
          );
        };
        const lastYear = `from=${addDays(today, -364)}&to=${today}`;
        await run('all tiles, a year, uncached', `?${lastYear}&refresh=1`, 100);
        await run('all tiles, a year by event date, uncached', `?${lastYear}&dateField=date&refresh=1`, 100);
        await run('all tiles, a year of one product, uncached', `?${lastYear}&productId=product-2&refresh=1`, 100);
        await run('all tiles, today, uncached', '?refresh=1', 100);
        await run('gross revenue chart, a year (weeks), uncached', `/grossRevenue/chart?${lastYear}&refresh=1`, 50);
        await run('occupancy chart, a month (days), uncached', `/occupancyRate/chart?period=month&refresh=1`, 50);
        await run('bookings chart, today (hours), uncached', '/bookingsCount/chart?refresh=1', 50);
        await run('all tiles, a year, cached', `?${lastYear}`, 5);
        await run('gross revenue chart, a year, cached', `/grossRevenue/chart?${lastYear}`, 5);
        await run('gross revenue list, a month, first page', `/grossRevenue/list?period=month`);
        await run('breakdown, a year, uncached', `/breakdown?${lastYear}&refresh=1`);
        await run('heatmap, a month, uncached', `/heatmap?period=month&refresh=1`);
        await run('next 14 days, uncached', `/ahead?refresh=1`);
        return figures;
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
};
