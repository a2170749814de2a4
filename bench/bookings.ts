/**
 * `bookings`: the front desk's booking list over a venue with a million bookings (the calendar
 * data generator, bench/lib/calendar-data.ts), one request at a time, for each filter, each
 * search field and a date range: p50 and p97.5 (autocannon has no p95; p97.5 bounds it). Then
 * public bookings created per second through HTTP by 20 clients on different slots, with the
 * server's CPU and PostgreSQL's per booking (from /proc, bench/lib/cpu.ts), a pgbench replay of
 * one booking's statements beside them (bench/lib/pgbench.ts), and a query that counts
 * overlapping lane holds afterwards (must be 0). Load generators run in their own processes
 * (bench/lib). BENCH_CPU_PROFILE=<file> writes a CPU profile of the server while it creates.
 */
import { sql } from 'drizzle-orm';
import { addDays, venueToday } from '@lanebook/core';
import type { Benchmark, Figure } from './lib/benchmark.js';
import { BENCH_TIME_ZONE, generateCalendarData } from './lib/calendar-data.js';
import { databaseCpu, serverCpu } from './lib/cpu.js';
import { createBookings, measure } from './lib/load.js';
import { captureTransaction, pgbenchScript, runPgbench } from './lib/pgbench.js';
import { profiled } from './lib/profile.js';
import { startBenchServer } from './lib/server.js';

const LANES = 200;
/** A million on PostgreSQL; PGlite (one WebAssembly session) gets a fifth, said in the notes. */
const BOOKINGS = { postgres: 1_000_000, pglite: 200_000 };
const CREATE_CLIENTS = 20;
const PGBENCH_SECONDS = 10;
/** The booking whose statements pgbench replays: an email and an address no load client uses. */
const REPLAY_EMAIL = 'replay-capture@example.test';
const REPLAY_ADDRESS = '198.51.100.77';

/** The bench database's URL, from its pool (PostgreSQL only). */
const postgresUrlOf = (database: { db: unknown }) =>
  (database.db as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

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
      // Each load client books from an address of its own, as customers do (the unpaid-bookings limit is per address).
      const { app, base, headersFor } = await startBenchServer(database, { trustProxy: true });
      const onPostgres = ctx.databaseKind === 'postgres';
      const replayUnique = [REPLAY_EMAIL, REPLAY_ADDRESS];
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
          // The desk's All box (issue 23): each shape it reads.
          ['search all: a name', 'search=all:Hazel'],
          ['search all: a full name', `search=${encodeURIComponent('all:Hazel Okafor')}`],
          ['search all: a phone', `search=${encodeURIComponent('all:(555) 007-9190')}`],
          ["search all: a phone's last 4 digits", 'search=all:9190'],
          ['search all: an email', 'search=all:maya.garcia'],
          ['search all: a registration code', 'search=all:BEN0004'],
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

        // Creation: the widget's public booking, each request on the next of 800 slots (a week
        // ahead onwards), one lane each time; one more slot for the booking whose statements pgbench replays.
        const slotRows = (await database.db.execute(sql`
          select id from slots where venue_id = ${data.venueId} and product_id = ${data.productIds[0]}
            and date > ${addDays(today, 7)} order by starts_at limit ${CREATE_CLIENTS * 40 + 1}`)) as unknown as { rows: { id: string }[] };
        const slots = slotRows.rows.map((r) => r.id);
        const replaySlot = slots.pop()!;
        const load = { url: `${base}/api/public/booking`, headers: {}, productId: data.productIds[0], slots, clients: CREATE_CLIENTS };
        ctx.log(`  creating bookings: ${CREATE_CLIENTS} clients, 1 s warm-up, ${ctx.seconds} s measured`);
        await createBookings({ ...load, seconds: 1 });
        const databaseUrl = onPostgres ? postgresUrlOf(database) : null;
        // Measured inside the profile, so writing the profile out is not counted (the profiler's own overhead is).
        const { created, serverMs, databaseMs } = await profiled(async () => {
          const serverCpuUse = serverCpu();
          const databaseCpuUse = databaseUrl ? await databaseCpu(databaseUrl) : null;
          const result = await createBookings({ ...load, seconds: ctx.seconds });
          return { created: result, serverMs: serverCpuUse.stop(), databaseMs: await databaseCpuUse?.stop() };
        });
        const perSecond = created.created / created.seconds;
        const refusedNote = Object.entries(created.non2xxByStatus)
          .map(([status, count]) => `${count}× ${status}`)
          .join(', ');
        figures.push(
          {
            figure: 'bookings created per second',
            value: perSecond,
            unit: '/s',
            budget: onPostgres ? { min: 200 } : undefined,
            note: `${CREATE_CLIENTS} clients, public booking over HTTP`,
          },
          {
            figure: 'server CPU per booking',
            value: serverMs / created.created,
            unit: 'ms',
            budget: onPostgres ? { max: 4 } : undefined,
            note: `/proc of the server process${onPostgres ? '' : ", PGlite's queries in it too"}`,
          },
          { figure: 'create p50', value: created.p50, unit: 'ms' },
          { figure: 'create p97.5', value: created.p97_5, unit: 'ms' },
          { figure: 'creates refused', value: created.refused, unit: '', note: refusedNote },
          { figure: 'create errors', value: created.errors, unit: '', budget: { max: 0 } },
        );
        if (databaseUrl && databaseMs) {
          figures.push({
            figure: 'PostgreSQL CPU per booking',
            value: databaseMs.cpuMs / created.created,
            unit: 'ms',
            budget: { max: 5 },
            note: `/proc of the database's ${databaseMs.backends} busy backends`,
          });
          // A replay that fails leaves the app's own figures standing.
          try {
            ctx.log('  pgbench: replaying the statements of one booking');
            const statements = await captureTransaction(REPLAY_EMAIL, async () => {
              const response = await fetch(`${base}/api/public/booking`, {
                method: 'POST',
                headers: { 'content-type': 'application/json', 'x-forwarded-for': REPLAY_ADDRESS },
                body: JSON.stringify({
                  productId: data.productIds[0],
                  slots: [replaySlot],
                  playersCount: 2,
                  reservationInfo: { firstName: 'Replay', lastName: 'Client', email: REPLAY_EMAIL, phone: '' },
                  isConfirmationEmail: true,
                }),
              });
              if (response.status !== 201) throw new Error(`booking to replay: ${response.status} ${await response.text()}`);
              const booking = (await response.json()) as { bookingReference: string; registrationCode: string };
              replayUnique.push(booking.bookingReference, booking.registrationCode);
            });
            const replay = await runPgbench(databaseUrl, pgbenchScript(statements, replayUnique), CREATE_CLIENTS, PGBENCH_SECONDS);
            figures.push(
              { figure: 'statements per booking', value: statements.length, unit: '', note: 'BEGIN to COMMIT, in the transaction' },
              {
                figure: 'pgbench replay transactions per second',
                value: replay.tps,
                unit: '/s',
                note: `the same statements, ${CREATE_CLIENTS} clients, ${PGBENCH_SECONDS} s`,
              },
              { figure: 'bookings/s ÷ pgbench replay', value: perSecond / replay.tps, unit: 'x' },
              { figure: 'PostgreSQL CPU per replayed booking', value: replay.cpuMsPerTransaction, unit: 'ms' },
              {
                figure: 'PostgreSQL CPU per booking ÷ replay',
                value: databaseMs.cpuMs / created.created / replay.cpuMsPerTransaction,
                unit: 'x',
              },
            );
          } catch (error) {
            ctx.log(`  pgbench replay failed: ${(error as Error).message.slice(0, 500)}`);
          }
        }
        const overlaps = (await database.db.execute(sql`
          select count(*)::int as n from booking_lanes a join booking_lanes b
            on a.venue_id = b.venue_id and a.resource_id = b.resource_id and a.booking_id < b.booking_id
           and a.holds and b.holds and tstzrange(a.starts_at, a.blocked_until) && tstzrange(b.starts_at, b.blocked_until)
          where a.venue_id = ${data.venueId}`)) as unknown as { rows: { n: number }[] };
        figures.push({ figure: 'overlapping lane holds after', value: overlaps.rows[0].n, unit: '', budget: { max: 0 } });
        return figures;
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  },
};
