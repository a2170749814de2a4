/**
 * `guests` (issue 38): a venue with 200,000 guests and their million bookings (the calendar data
 * generator, bench/lib/calendar-data.ts, each booking of a guest: every guest one booking, the rest
 * skewed towards regulars, the busiest with a few hundred), names drawn with real frequencies so a
 * common first name is thousands of guests and a prefix matches many. One request at a time from a
 * load generator of its own process: the guest search (GET /api/private/guests, a page of 50 as the
 * console asks) for every shape the desk types, and a guest's page (GET /api/private/guests/{id},
 * any guest and the busiest regular), p50 and p97.5 with the server's and PostgreSQL's CPU a
 * request in the notes. Then the server CPU a booking's creation costs before the guest link and
 * with it: the server of this tree and of BENCH_BASE_TREE (a worktree of the commit before the
 * guest link, default /tmp/bench-base, with its own `npm ci`; BENCH_HEAD_TREE another tree than
 * this one for the guest link's side), each in a process of its own on a copy of the same database,
 * creating public bookings (new guests) and staff ones (returning guests) by turns, so both figures
 * come from one run on one machine. BENCH_CPU_PROFILE_DIR=<dir> runs both servers under `node
 * --cpu-prof` (<dir>/head and <dir>/base, a profile a thread: the server's is the largest).
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, formatPhone, venueToday } from '@lanebook/core';
import type { BenchContext, Benchmark, Figure } from './lib/benchmark.js';
import { BENCH_TIME_ZONE, generateCalendarData } from './lib/calendar-data.js';
import { databaseCpu, processCpuMs, serverCpu } from './lib/cpu.js';
import { createBookings, measure, type CreateRequest, type CreateResult } from './lib/load.js';
import { startBenchServer } from './lib/server.js';
import { startTreeServer, type TreeServer } from './lib/tree-server.js';

const LANES = 200;
const VENUE = 'bench-venue';
/** On PostgreSQL; PGlite (one WebAssembly session) gets a fifth of each, said in the notes. */
const GUESTS = { postgres: 200_000, pglite: 40_000 };
const BOOKINGS = { postgres: 1_000_000, pglite: 200_000 };
/** The console's guests page asks for 50 at a time. */
const PAGE = 50;
const CREATE_CLIENTS = 20;
/** Turns of each server creating each kind of booking, for `seconds` each: ABBA order, so drift falls on both. */
const CREATE_ROUNDS = 6;
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// Names by how common they are (most common first): the generator picks early ones more often.
const FIRST_NAMES = `James Mary Michael Jennifer John Linda Robert Patricia David Elizabeth William Sarah Daniel Jessica Joseph Karen
  Christopher Emily Matthew Ashley Anthony Michelle Andrew Amanda Joshua Stephanie Ryan Nicole Brian Melissa Kevin Rebecca Jason Laura
  Justin Rachel Brandon Emma Tyler Olivia Jacob Sophia Ethan Ava Noah Isabella Liam Mia Lucas Charlotte Mason Amelia Logan Harper Aiden
  Evelyn Jackson Abigail Carlos Maria Luis Ana Jose Sofia Juan Camila Miguel Valentina Wei Mei Hiroshi Yuki Raj Priya Arjun Ananya
  Mohammed Fatima Omar Aisha Ali Layla Kwame Amara Chinedu Zainab Dmitri Olga Ivan Anya Lars Ingrid Sven Freya Pierre Camille Luca
  Giulia Mateo Lucia Hugo Elena Felix Nora Oscar Hazel Caleb Ruby Owen Isla Eli Zoe Finn Chloe Leo Grace Max Lily Mary-Jane Zoë`.split(
  /\s+/,
);
const LAST_NAMES = [
  ...new Set([
    ...`Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor
  Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres
  Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz
  Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos
  Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers
  Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons
  Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran
  Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen
  Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks
  Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols
  Stephens Soto Weaver Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley
  Knight Elliott Cunningham Duncan Armstrong Hudson Carroll Lane Riley Andrews Alvarado Ray Delgado Berry Perkins Hoffman Johnston
  Matthews Peña Richards Contreras Willis Carpenter Lawrence Sandoval Guerrero George Chapman Rios Estrada Ortega Watkins Greene Nuñez
  Wheeler Valdez Harper Burke Larson Santiago Maldonado Morrison Franklin Carlson Austin Dominguez Carr Lawson Jacobs O'Brien Lynch
  Singh Vega Bishop Montgomery Oliver Jensen Harvey Williamson Gilbert Dean Sims Espinoza Howell Li Wong Reid Hanson Le McCoy Garrett
  Burton Fuller Wang Weber Welch Rojas Lucas Marquez Fields Park Yang Little Banks Padilla Day Walsh Bowman Schultz Luna Fowler Mejia
  Davidson Acosta Brewer May Holland Juarez Newman Pearson Curtis Cortez Douglas Schneider Joseph Barrett Navarro Figueroa Keller
  Avila Wade Molina Stanley Hopkins Campos Barnett Bates Chambers Caldwell Beck Lambert Miranda Byrd Craig Ayala Lowe Frazier Powers
  Neal Leonard Gregory Carrillo Sutton Fleming Rhodes Shelton Schwartz Norris Jennings Watts Duran Walters Cohen McDaniel Moran Parks
  Steele Vaughn Becker Holt DeLeon Barker Terry Hale Leon Benson Haynes Horton Miles Lyons Pham Graves Bush Thornton Wolfe Warner
  Cabrera McKinney Mann Zimmerman Dawson Lara Fletcher Page McCarthy Love Robles Cervantes Solis Erickson Reeves Chang Klein Salinas
  Fuentes Baldwin Simon Velasquez Hardy Higgins Aguirre Lin Cummings Chandler Sharp Barber Bowen Ochoa Dennis Robbins Liu Ramsey
  Francis Griffith Paul Blair O'Connor Cardenas Pacheco Cross Calderon Quinn Moss Swanson Chan Rivas Khan Rodgers Serrano Fitzgerald
  Smith-Jones Okafor Haddad Novak Rossi Dubois Larsen Kowalski Nakamura Tanaka Sato Ivanov Petrov Müller Nowak Andersson Johansson`.split(
      /\s+/,
    ),
    // Names of several words, as the search reads them too.
    'Van der Berg',
    'De la Cruz',
  ]),
];
/** Rare names, one in twenty guests: some 1,400 made of three parts, each a handful of guests. */
const RARE_LAST_NAMES = [
  'Vel',
  'Kor',
  'Zab',
  'Quen',
  'Trev',
  'Yar',
  'Ost',
  'Bram',
  'Wex',
  'Lind',
  'Dray',
  'Fenn',
  'Gor',
  'Hask',
  'Jor',
  'Krell',
  'Mor',
  'Nyst',
  'Pell',
  'Rusk',
]
  .flatMap((head) => ['a', 'o', 'e', 'i', 'u', ''].map((middle) => head + middle))
  .flatMap((head) =>
    ['nski', 'vich', 'worth', 'stad', 'ley', 'berg', 'ton', 'kova', 'etti', 'ard', 'by', 'mont'].map((tail) => head + tail),
  );
/** By weight: a domain listed twice is twice as likely. */
const DOMAINS = [
  ...Array(9).fill('gmail.com'),
  ...Array(3).fill('yahoo.com'),
  ...Array(2).fill('outlook.com'),
  ...Array(2).fill('hotmail.com'),
  ...Array(2).fill('icloud.com'),
  'aol.com',
  'comcast.net',
  'proton.me',
];
const AREA_CODES = [
  212, 312, 415, 617, 718, 202, 305, 404, 503, 512, 602, 646, 702, 713, 720, 773, 818, 917, 206, 214, 310, 347, 469, 512, 571, 615, 678,
  704, 727, 804,
];

/** A text array of a JS list, as one parameter. */
const textArray = (values: string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

/**
 * The venue's guests, set-based: guest g's draws are hashes of g (the same every run). First and
 * last names by rank (power 1.5: the most common first name is some 4 per cent of guests, as
 * James is), one in twenty a rare name; nine in ten have an email (unique: the guest's number in
 * it), the others a phone only; most have a phone, unique, E.164.
 */
async function writeGuests(db: Awaited<ReturnType<BenchContext['openDatabase']>>['db'], count: number) {
  await db.execute(sql`
    insert into guests (venue_id, id, created_at, updated_at, first_name, last_name, email, phone)
    select ${VENUE}, 'guest-' || g, created, created, first_name, last_name, email, phone
    from (select ${textArray(FIRST_NAMES)} as firsts, ${textArray(LAST_NAMES)} as lasts, ${textArray(RARE_LAST_NAMES)} as rares,
                 ${textArray(DOMAINS)} as domains, ${textArray(AREA_CODES.map(String))} as areas) lists,
         generate_series(0, ${count - 1}::int) g,
         lateral (select array_agg((hashint4(g * 10 + k) & 2147483647)::float8 / 2147483648 order by k) as u
                  from generate_series(0, 9) k) h,
         lateral (select firsts[1 + floor(cardinality(firsts) * power(u[1], 1.5))::int] as first_name,
                         case when u[2] < 0.05 then rares[1 + floor(cardinality(rares) * u[3])::int]
                              else lasts[1 + floor(cardinality(lasts) * power(u[4], 1.5))::int] end as last_name,
                         now() - make_interval(days => floor(u[10] * 700)::int) as created) n,
         lateral (select (g::bigint * 7919 + 12345) % 8000000 as v) p,
         lateral (select case when u[5] < 0.1 then '' else
                           regexp_replace(lower(case floor(u[6] * 5)::int
                               when 0 then first_name || '.' || last_name when 1 then first_name || last_name
                               when 2 then left(first_name, 1) || last_name when 3 then first_name || '_' || last_name
                               else first_name end), '[^a-z._]', '', 'g')
                           || g || '@' || domains[1 + floor(cardinality(domains) * u[7])::int] end as email,
                         case when u[5] >= 0.1 and u[8] < 0.15 then '' else
                           '+1' || areas[1 + floor(cardinality(areas) * u[9])::int] || (200 + v / 10000) || lpad((v % 10000)::text, 4, '0') end as phone) c`);
}

/**
 * Booking i's guest: every guest their first booking (i below the guest count), the rest drawn
 * with power 1.5 towards the first guests, regulars: the busiest has some 230 bookings.
 */
const guestOfBooking = (guests: number) =>
  sql`'guest-' || (case when i < ${guests}::int then i
                        else floor(${guests}::int * power((hashint4(-1 - i) & 2147483647)::float8 / 2147483648, 1.5))::int end)`;

/** The bench database's URL, from its pool (PostgreSQL only). */
const postgresUrlOf = (database: { db: unknown }) =>
  (database.db as { $client: { options: { connectionString: string } } }).$client.options.connectionString;

const withDatabaseName = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  bookings: number;
}

export const guests: Benchmark = {
  name: 'guests',
  description:
    "guest search p50/p97.5 per search shape and a guest's page over 200k guests with 1M bookings; server CPU per booking before and after the guest link",
  async run(ctx) {
    const { venueMembers, user } = await import('../apps/server/src/db/schema.js');
    const onPostgres = ctx.databaseKind === 'postgres';
    const guestCount = Number(process.env.BENCH_GUESTS) || GUESTS[ctx.databaseKind];
    const bookingCount = Number(process.env.BENCH_BOOKINGS) || BOOKINGS[ctx.databaseKind];
    if (bookingCount < guestCount) throw new Error(`BENCH_BOOKINGS (${bookingCount}) is fewer than the guests (${guestCount})`);
    const figures: Figure[] = [];
    const database = await ctx.openDatabase();
    const { db } = database;
    const databaseUrl = onPostgres ? postgresUrlOf(database) : null;
    const rows = async <T>(query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
    let productId: string;
    let staffCustomers: CreateRequest['customers'];
    try {
      ctx.log(`  generating ${guestCount} guests and ${bookingCount} bookings on ${LANES} lanes`);
      const started = Date.now();
      const today = venueToday(BENCH_TIME_ZONE);
      const data = await generateCalendarData(database, {
        venueId: VENUE,
        lanes: LANES,
        bookings: bookingCount,
        startDate: addDays(today, -699),
        guests: { write: () => writeGuests(db, guestCount), idOf: guestOfBooking(guestCount) },
      });
      productId = data.productIds[0];
      const [made] = await rows<{ guests: number; bookings: number; unlinked: number }>(sql`
        select (select count(*)::int from guests where venue_id = ${VENUE}) as guests,
               count(*)::int as bookings, count(*) filter (where guest_id is null)::int as unlinked
        from bookings where venue_id = ${VENUE}`);
      if (made.guests !== guestCount || made.bookings !== data.bookings || made.unlinked)
        throw new Error(`generated ${made.guests} guests and ${made.bookings} bookings, ${made.unlinked} without a guest`);
      ctx.log(`  generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);

      // What the desk types, taken from the data: the commonest first and last names (the name
      // shapes at their heaviest), a rare last name's start, and a regular's email and phone.
      const [commonFirst] = await rows<{ name: string; n: number }>(
        sql`select first_name as name, count(*)::int as n from guests where venue_id = ${VENUE} group by 1 order by 2 desc, 1 limit 1`,
      );
      const [commonLast] = await rows<{ name: string; n: number }>(
        sql`select last_name as name, count(*)::int as n from guests where venue_id = ${VENUE} group by 1 order by 2 desc, 1 limit 1`,
      );
      // A common last name late in the A-Z: its guests are one run at the end of the list's order.
      const [lateLast] = await rows<{ name: string; n: number }>(sql`
        select last_name as name, count(*)::int as n from guests where venue_id = ${VENUE} and lower(last_name) >= 'n'
        group by 1 order by 2 desc, 1 limit 1`);
      const [rare] = await rows<{ prefix: string; n: number }>(sql`
        select min(left(last_name, 5)) as prefix, count(*)::int as n from guests where venue_id = ${VENUE} and length(last_name) >= 5
        group by lower(left(last_name, 5)) having count(*) between 3 and 20 order by 2 desc, 1 limit 1`);
      const regulars = await rows<Person>(sql`
        select g.id, g.first_name as "firstName", g.last_name as "lastName", g.email, g.phone, b.n as bookings
        from (select guest_id, count(*)::int as n from bookings where venue_id = ${VENUE} group by guest_id order by n desc limit 20) b
        join guests g on g.venue_id = ${VENUE} and g.id = b.guest_id order by b.n desc, g.id`);
      const regular = regulars[0];
      // The one whose email and phone the desk types: a regular with both.
      const person = regulars.find((r) => r.email && r.phone);
      if (!person) throw new Error('none of the 20 busiest guests has both an email and a phone');
      figures.push({
        figure: 'guests',
        value: made.guests,
        unit: '',
        note: `${made.bookings} bookings in one venue; the busiest guest has ${regular.bookings}`,
      });
      const anyGuests = await rows<{ id: string }>(sql`select id from guests where venue_id = ${VENUE} order by md5(id) limit 500`);
      staffCustomers = await rows<{ firstName: string; lastName: string; email: string; phone: string }>(sql`
        select first_name as "firstName", last_name as "lastName", email, phone from guests
        where venue_id = ${VENUE} and email <> '' order by md5(id || 'staff') limit 300`);

      const { app, base, headersFor } = await startBenchServer(database);
      try {
        const [owner] = await db
          .select()
          .from(user)
          .where(sql`${user.email} = 'owner@demo.test'`);
        await db.insert(venueMembers).values({ venueId: VENUE, userId: owner.id, role: 'owner' });
        const headers = headersFor(VENUE);
        const first = commonFirst.name;
        const last = commonLast.name;
        const searches: [string, string][] = [
          ['a full name "first last"', `${first} ${last}`],
          ['a full name "last first"', `${last} ${first}`],
          ['a full name "last, first"', `${last}, ${first}`],
          [`a common first name (${commonFirst.n} guests)`, first],
          [`a common last name late in the A-Z (${lateLast.n} guests)`, lateLast.name],
          [`a rare last name's start (${rare.n} guests)`, rare.prefix],
          ["an email's start", `${first.toLowerCase()}.${last.toLowerCase().slice(0, 2)}`],
          ['a full email', person.email],
          ['a full phone', formatPhone(person.phone, 'US')],
          ["a phone's last 4 digits", person.phone.slice(-4)],
          ['no match', 'Qzxwv'],
        ];
        const seconds = Math.max(3, ctx.seconds);
        const budget = onPostgres ? { max: 30 } : undefined;
        // One request at a time over `paths` in turn; the server's and PostgreSQL's CPU over the measured run.
        const timed = async (label: string, paths: string[]) => {
          await measure(base + paths[0], { headers, connections: 1, durationSeconds: 1, paths });
          const serverUse = serverCpu();
          const databaseUse = databaseUrl ? await databaseCpu(databaseUrl) : null;
          const result = await measure(base + paths[0], { headers, connections: 1, durationSeconds: seconds, paths });
          const serverMs = serverUse.stop() / result.requests;
          const databaseMs = databaseUse ? (await databaseUse.stop()).cpuMs / result.requests : null;
          ctx.log(`  ${label}: p50 ${result.p50} ms, p97.5 ${result.p97_5} ms`);
          const cpu = `CPU a request: server ${serverMs.toFixed(1)} ms${databaseMs === null ? '' : `, PostgreSQL ${databaseMs.toFixed(1)} ms`}`;
          return { result, cpu };
        };
        for (const [label, text] of searches) {
          const url = `/api/private/guests?search=${encodeURIComponent(text)}&limit=${PAGE}`;
          const answer = (await (await fetch(base + url, { headers })).json()) as { items: unknown[]; total: number; totalCapped: boolean };
          const found = `"${text}": ${answer.total}${answer.totalCapped ? '+' : ''} found`;
          const { result, cpu } = await timed(`search, ${label}`, [url]);
          figures.push(
            { figure: `search ${label} p50`, value: result.p50, unit: 'ms', note: found },
            { figure: `search ${label} p97.5`, value: result.p97_5, unit: 'ms', budget, note: cpu },
          );
        }
        const pageBudget = onPostgres ? { max: 20 } : undefined;
        for (const [label, ids, note] of [
          ["a guest's page (500 guests in turn)", anyGuests.map((g) => g.id), 'most guests have 1 to 5 bookings'],
          [
            `a regular's page (${regular.bookings} bookings)`,
            [regular.id],
            `the busiest guest: their page lists ${Math.min(regular.bookings, 200)} bookings`,
          ],
        ] as const) {
          const { result, cpu } = await timed(
            label,
            ids.map((id) => `/api/private/guests/${id}`),
          );
          figures.push(
            { figure: `${label} p50`, value: result.p50, unit: 'ms', note },
            { figure: `${label} p97.5`, value: result.p97_5, unit: 'ms', budget: pageBudget, note: cpu },
          );
        }
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
    if (!databaseUrl) {
      ctx.log('  creation CPU before and after the guest link: PostgreSQL only (each server on a copy of the database)');
      return figures;
    }
    figures.push(...(await creationCpu(ctx, databaseUrl, productId, staffCustomers)));
    return figures;
  },
};

/**
 * The server CPU a booking's creation costs with the guest link (this tree) and before it
 * (BENCH_BASE_TREE): each server in a process of its own on its own copy of the bench database,
 * by turns (ABBA), public bookings by new customers and staff ones by returning guests.
 */
async function creationCpu(
  ctx: BenchContext,
  benchUrl: string,
  productId: string,
  customers: CreateRequest['customers'],
): Promise<Figure[]> {
  const baseRoot = path.resolve(process.env.BENCH_BASE_TREE || '/tmp/bench-base');
  if (!existsSync(path.join(baseRoot, 'node_modules')) || !existsSync(path.join(baseRoot, 'apps/server/src/app.ts'))) {
    ctx.log(`  creation CPU before the guest link: no tree at ${baseRoot} (git worktree add ${baseRoot} ca2df56, then npm ci there)`);
    return [];
  }
  // The commit each server is, and whether the tree changes the server beyond it (measured with it).
  const commitOf = (root: string) => {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).trim();
    return `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'apps/server', 'packages') ? ' and uncommitted changes' : ''}`;
  };
  const headRoot = path.resolve(process.env.BENCH_HEAD_TREE || ROOT);
  const trees = [
    { name: 'head', label: `with the guest link (${commitOf(headRoot)})`, root: headRoot },
    { name: 'base', label: `before the guest link (${commitOf(baseRoot)})`, root: baseRoot },
  ];
  const benchName = new URL(benchUrl).pathname.slice(1);
  const admin = new pg.Client({ connectionString: withDatabaseName(benchUrl, 'postgres') });
  await admin.connect();
  const copies = trees.map((tree) => `${benchName}_${tree.name}`);
  const servers: TreeServer[] = [];
  try {
    for (const copy of copies) {
      ctx.log(`  copying the bench database to ${copy}`);
      await copyDatabase(admin, benchName, copy);
    }
    const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
    for (const [index, tree] of trees.entries()) {
      ctx.log(`  starting the server of ${tree.root} (${tree.label})`);
      const profile = profileDir ? path.join(profileDir, tree.name) : undefined;
      servers.push(await startTreeServer(tree.root, withDatabaseName(benchUrl, copies[index]), profile));
    }
    const slotsClient = new pg.Client({ connectionString: withDatabaseName(benchUrl, copies[0]) });
    await slotsClient.connect();
    const slots = (
      await slotsClient.query<{ id: string }>(
        'select id from slots where venue_id = $1 and product_id = $2 and date > $3 order by starts_at limit 800',
        [VENUE, productId, addDays(venueToday(BENCH_TIME_ZONE), 7)],
      )
    ).rows.map((r) => r.id);
    await slotsClient.end();

    const kinds = [
      { name: 'public', what: 'a public booking (a new guest)', path: '/api/public/booking', staff: false },
      { name: 'staff', what: 'a staff booking (a returning guest)', path: '/api/private/booking', staff: true },
    ];
    interface Turn {
      cpuMs: number;
      databaseMs: number;
      created: number;
      seconds: number;
    }
    let runs = 0;
    const createOn = async (treeIndex: number, kind: (typeof kinds)[number], seconds: number): Promise<Turn> => {
      const server = servers[treeIndex];
      const request: CreateRequest = {
        url: `${server.base}${kind.path}`,
        headers: kind.staff ? server.headersFor(VENUE) : {},
        productId,
        slots,
        clients: CREATE_CLIENTS,
        seconds,
        // Each run's customers (public) and addresses past the ones before: the unpaid online limit never refuses.
        first: ++runs * 100_000,
        customers: kind.staff ? customers : undefined,
      };
      const before = processCpuMs(server.pid)!;
      const databaseUse = await databaseCpu(withDatabaseName(benchUrl, copies[treeIndex]));
      const result: CreateResult = await createBookings(request);
      const cpuMs = processCpuMs(server.pid)! - before;
      const databaseMs = (await databaseUse.stop()).cpuMs;
      if (result.refused || result.errors)
        throw new Error(
          `${trees[treeIndex].name} ${kind.name}: ${result.refused} refused (${JSON.stringify(result.non2xxByStatus)}), ${result.errors} errors`,
        );
      return { cpuMs, databaseMs, created: result.created, seconds: result.seconds };
    };

    const figures: Figure[] = [];
    const sum = (turns: Turn[], field: keyof Turn) => turns.reduce((total, turn) => total + turn[field], 0);
    for (const kind of kinds) {
      ctx.log(
        `  creating ${kind.what}: ${CREATE_CLIENTS} clients, each server 1 s warm-up, then ${CREATE_ROUNDS} turns of ${ctx.seconds} s`,
      );
      for (const index of [0, 1]) await createOn(index, kind, 1);
      const turns: Turn[][] = [[], []];
      for (let round = 0; round < CREATE_ROUNDS; round++)
        for (const index of round % 2 ? [1, 0] : [0, 1]) {
          const turn = await createOn(index, kind, ctx.seconds);
          turns[index].push(turn);
          ctx.log(
            `    ${trees[index].name} ${kind.name}: ${turn.created} created, server ${(turn.cpuMs / turn.created).toFixed(2)} ms CPU each`,
          );
        }
      const [head, base] = turns;
      const perBooking = (t: Turn[]) => sum(t, 'cpuMs') / sum(t, 'created');
      const rate = (t: Turn[]) => `${(sum(t, 'created') / sum(t, 'seconds')).toFixed(0)}/s`;
      // How far the difference moves between the rounds (each round one turn of each, side by side).
      const differences = head.map((turn, round) => turn.cpuMs / turn.created - base[round].cpuMs / base[round].created);
      const mean = differences.reduce((a, b) => a + b, 0) / differences.length;
      const spread = Math.sqrt(differences.reduce((a, d) => a + (d - mean) ** 2, 0) / (differences.length - 1) / differences.length);
      figures.push(
        {
          figure: `${kind.name} booking: server CPU ${trees[1].label}`,
          value: perBooking(base),
          unit: 'ms',
          note: `${sum(base, 'created')} created, ${rate(base)}, ${CREATE_CLIENTS} clients`,
        },
        {
          figure: `${kind.name} booking: server CPU ${trees[0].label}`,
          value: perBooking(head),
          unit: 'ms',
          note: `${sum(head, 'created')} created, ${rate(head)}, ${CREATE_CLIENTS} clients`,
        },
        {
          figure: `${kind.name} booking: server CPU the guest link adds`,
          value: perBooking(head) - perBooking(base),
          unit: 'ms',
          budget: { max: 0.5 },
          note: `${(((perBooking(head) - perBooking(base)) / perBooking(base)) * 100).toFixed(0)} per cent; by round ${mean.toFixed(2)} ± ${(2 * spread).toFixed(2)} (2 SE); /proc of each server`,
        },
        {
          figure: `${kind.name} booking: PostgreSQL CPU the guest link adds`,
          value: sum(head, 'databaseMs') / sum(head, 'created') - sum(base, 'databaseMs') / sum(base, 'created'),
          unit: 'ms',
          note: `${(sum(base, 'databaseMs') / sum(base, 'created')).toFixed(2)} before, ${(sum(head, 'databaseMs') / sum(head, 'created')).toFixed(2)} with it`,
        },
      );
    }
    return figures;
  } finally {
    for (const server of servers) await server.stop();
    for (const copy of copies) await admin.query(`drop database if exists "${copy}" with (force)`);
    await admin.end();
  }
}

/** `copy` made from `template` (on PostgreSQL 15 and later a file copy: seconds for the million bookings), waiting for autovacuum to leave it. */
async function copyDatabase(admin: pg.Client, template: string, copy: string) {
  await admin.query(`drop database if exists "${copy}" with (force)`);
  const { rows } = await admin.query<{ version: string }>('show server_version_num');
  const strategy = Number(rows[0].version) >= 150000 ? ' strategy file_copy' : '';
  for (let attempt = 1; ; attempt++) {
    try {
      await admin.query(`create database "${copy}" template "${template}"${strategy}`);
      return;
    } catch (error) {
      // 55006: the template is in use (an autovacuum worker a moment after the bench closed its pool).
      if ((error as { code?: string }).code !== '55006' || attempt === 30) throw error;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}
