/**
 * `bookings`: the front desk's booking list over a venue with a million bookings (the calendar
 * data generator, bench/lib/calendar-data.ts), one request at a time, for each filter, each
 * search field and a date range: p50 and p97.5 (autocannon has no p95; p97.5 bounds it). Then
 * bookings created per second through HTTP by 20 clients on different slots, and a query that
 * counts overlapping lane holds afterwards (must be 0). Load generators run in their own
 * processes (bench/lib).
 */
import { sql } from 'drizzle-orm';
import { addDays, venueToday } from '@lanebook/core';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { BENCH_TIME_ZONE, generateCalendarData } from './lib/calendar-data.js';
import { createBookings, measure } from './lib/load.js';
import { startBenchServer } from './lib/server.js';

const LANES = 200;
/** A million on PostgreSQL; PGlite (one WebAssembly session) gets a fifth, said in the notes. */
const BOOKINGS = { postgres: 1_000_000, pglite: 200_000 };
const CREATE_CLIENTS = 20;

export const bookings: Benchmark = {
  name: 'bookings',
  description: 'booking list p50/p97.5 per filter, search field and date range over 1M bookings; bookings created per second by 20 clients',
  async run(ctx) {
    const { venueMembers, user } = await import('../apps/server/src/db/schema.js');
    const database = await ctx.openDatabase();
    try {
      const wanted = Number(process.env.BENCH_BOOKINGS) || BOOKINGS[ctx.databaseKind];
      ctx.log(`  generating ${wanted} bookings on ${LANES} lanes`);
      const today = venueToday(BENCH_TIME_ZONE);
      // Two years of bookings up to a month ahead: a venue's history, each booked at most 30 days before its date.
      const data = await generateCalendarData(database, {
        venueId: 'bench-venue',
        lanes: LANES,
        bookings: wanted,
        startDate: addDays(today, -699),
      });
      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const [owner] = await database.db
          .select()
          .from(user)
          .where(sql`${user.email} = 'owner@demo.test'`);
        await database.db.insert(venueMembers).values({ venueId: data.venueId, userId: owner.id, role: 'owner' });
        const headers = headersFor(data.venueId);

        const queries: [string, string][] = [
          ['no filter', ''],
          ...['wait_for_payment', 'paid', 'abandoned', 'upcoming', 'saved', 'ended', 'canceled', 'warning', 'refunded'].map(
            (f): [string, string] => [`filter ${f}`, `activeFilter=${f}`],
          ),
          ['search registrationCode', 'search=registrationCode:BEN0004'],
          ['search phone', 'search=phone:5550079190'],
          ['search email', 'search=email:maya.garcia'],
          ['search firstName', 'search=firstName:Hazel'],
          ['search lastName', 'search=lastName:Okaf'],
          ['search bookingReference', 'search=bookingReference:A1B'],
          ['date range this month (date)', 'dateField=date&dateRange=thisMonth'],
          ['date range last week (created)', 'dateRange=week'],
          ['sort az', 'sort=az'],
        ];
        const figures: Figure[] = [];
        const budget = ctx.databaseKind === 'postgres' ? { max: 30 } : undefined;
        const note = `${data.bookings} bookings, 1 connection`;
        for (const [label, query] of queries) {
          const url = `${base}/api/private/booking/detailed?${query}`;
          ctx.log(`  list, ${label}`);
          await measure(url, { headers, connections: 1, durationSeconds: 1 });
          const result = await measure(url, { headers, connections: 1, durationSeconds: Math.max(2, Math.round(ctx.seconds / 2)) });
          figures.push(
            { figure: `list ${label} p50`, value: result.p50, unit: 'ms', note },
            { figure: `list ${label} p97.5`, value: result.p97_5, unit: 'ms', budget, note },
          );
        }

        // Creation: each request books the next of 800 slots (a week ahead onwards), one lane each time.
        ctx.log(`  creating bookings: ${CREATE_CLIENTS} clients, ${ctx.seconds} s`);
        const slotRows = (await database.db.execute(sql`
          select id from slots where venue_id = ${data.venueId} and product_id = ${data.productIds[0]}
            and date > ${addDays(today, 7)} order by starts_at limit ${CREATE_CLIENTS * 40}`)) as unknown as { rows: { id: string }[] };
        const created = await createBookings({
          url: `${base}/api/private/booking`,
          headers,
          productId: data.productIds[0],
          slots: slotRows.rows.map((r) => r.id),
          clients: CREATE_CLIENTS,
          seconds: ctx.seconds,
        });
        const overlaps = (await database.db.execute(sql`
          select count(*)::int as n from booking_lanes a join booking_lanes b
            on a.venue_id = b.venue_id and a.resource_id = b.resource_id and a.booking_id < b.booking_id
           and a.holds and b.holds and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
          where a.venue_id = ${data.venueId}`)) as unknown as { rows: { n: number }[] };
        const createBudget = ctx.databaseKind === 'postgres' ? { min: 200 } : undefined;
        figures.push(
          {
            figure: 'bookings created per second',
            value: created.created / created.seconds,
            unit: '/s',
            budget: createBudget,
            note: `${CREATE_CLIENTS} clients, HTTP`,
          },
          { figure: 'create p50', value: created.p50, unit: 'ms' },
          { figure: 'create p97.5', value: created.p97_5, unit: 'ms' },
          { figure: 'creates refused (lanes full)', value: created.refused, unit: '' },
          { figure: 'create errors', value: created.errors, unit: '', budget: { max: 0 } },
          { figure: 'overlapping lane holds after', value: overlaps.rows[0].n, unit: '', budget: { max: 0 } },
        );
        return figures;
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
};
