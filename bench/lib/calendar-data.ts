import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_PERMISSIONS } from '@lanebook/core';
import type { Database } from '../../apps/server/src/db/client.js';

/**
 * A busy venue for the calendar and booking benchmarks: `lanes` lanes shared by 5 products, each
 * product with hourly slots from 10:00 to 22:00 every day for two years from `startDate`, and up
 * to `bookings` bookings of one slot on one lane, spread evenly over the two years and the lanes
 * (never two on one lane at once), with customers, codes, statuses and money as the booking
 * list shows them. Written in a few set-based statements, so a 100k-booking venue takes seconds.
 */
export interface CalendarData {
  venueId: string;
  productIds: string[];
  laneIds: string[];
  bookings: number;
  slots: number;
}

export const BENCH_TIME_ZONE = 'America/New_York';
const PRODUCTS = 5;
const DAYS = 730;
const FIRST_HOUR = 10;
const HOURS = 12;

export async function generateCalendarData(
  database: Database,
  options: {
    venueId: string;
    lanes: number;
    bookings: number;
    startDate: string;
    /**
     * false: the caller writes more of the venue (a ledger, visits) and then rebuilds the
     * dashboard's aggregates itself and turns their trigger back on.
     */
    rebuildStatistics?: boolean;
    /**
     * The bookings' customers from the venue's guests instead of the 224 names: `write` writes
     * the guests (after the venue, before its bookings) and booking i is of the guest whose id
     * `idOf` makes of `i` (an SQL expression of the column i), with their names, email and phone.
     */
    guests?: { write(): Promise<void>; idOf: SQL };
  },
): Promise<CalendarData> {
  const { db } = database;
  const { venueId, lanes, startDate } = options;
  const laneHours = lanes * DAYS * HOURS;
  // At most 70% of the lane-hours are booked: the rest is what availability has to find.
  const bookings = Math.min(options.bookings, Math.floor(laneHours * 0.7));
  await db.execute(sql`
    insert into venues (id, name, timezone, status, permissions)
    values (${venueId}, 'Bench Lanes', ${BENCH_TIME_ZONE}, 'live', ${JSON.stringify(DEFAULT_PERMISSIONS)}::jsonb)`);
  await db.execute(sql`
    insert into resources (venue_id, id, capacity, min_capacity)
    select ${venueId}, 'lane-' || lpad(i::text, 3, '0'), 6, 1 from generate_series(1, ${lanes}::int) i`);
  const laneIds = Array.from({ length: lanes }, (_, i) => `lane-${String(i + 1).padStart(3, '0')}`);
  const productIds = Array.from({ length: PRODUCTS }, (_, i) => `product-${i + 1}`);
  await db.execute(sql`
    insert into products (venue_id, id, name, duration, price, min_players, max_players, type_of_pricing, resources, is_paused)
    select ${venueId}, 'product-' || p, 'Product ' || p, 1, 2500, 1, 24, 'person', ${JSON.stringify(laneIds)}::jsonb, false
    from generate_series(1, ${PRODUCTS}::int) p`);
  // The dashboard's per-day aggregates (migration 0015) are made once from all the bookings
  // below (statistics_rebuild) rather than by their trigger a booking at a time.
  await db.execute(sql`alter table bookings disable trigger bookings_statistics`);
  await options.guests?.write();
  const customers = options.guests
    ? sql`lateral (select g.id as guest_id, g.first_name, g.last_name, g.email, g.phone from guests g
                   where g.venue_id = ${venueId} and g.id = ${options.guests.idOf}) c`
    : sql`lateral (select (array['Ava','Liam','Maya','Noah','Zoe','Ethan','Chloe','Lucas','Isla','Owen','Ruby','Caleb','Nora','Eli','Hazel','Jack'])[1 + i % 16] as first_name,
                         (array['Garcia','Nguyen','Patel','Kim','Okafor','Rossi','Schmidt','Dubois','Cohen','Silva','Murphy','Novak','Haddad','Larsen'])[1 + (i / 16) % 14] as last_name) n,
         lateral (select lower(first_name || '.' || last_name || i) || '@example.test' as email,
                         '+1555' || lpad(((i::bigint * 7919) % 10000000)::text, 7, '0') as phone) c`;
  const guestColumn = options.guests ? sql`, guest_id` : sql``;
  const guestValue = options.guests ? sql`, c.guest_id` : sql``;
  // Booking i takes lane-hour cell (i × stride) mod laneHours: distinct cells, spread evenly.
  const stride = coprimeStride(laneHours);
  await db.execute(sql`
    with cells as (
      select i, (i::bigint * ${stride}::bigint) % ${laneHours}::bigint as cell from generate_series(0, ${bookings - 1}::int) i
    ), placed as (
      select i, cell % ${lanes}::int as lane, (cell / ${lanes}::int) % ${HOURS} as hour, cell / ${lanes * HOURS}::int as d, 1 + i % ${PRODUCTS}::int as p
      from cells
    )
    insert into bookings (venue_id, id, product_id, status, starts_at, ends_at, resource_ids, slot_ids, players_count,
                          date, created_at, first_name, last_name, email, phone, reservation_info, registration_code,
                          booking_reference, source, is_saved, is_refunded, total, paid_total, refunded_total${guestColumn})
    select ${venueId}, 'b-' || i, 'product-' || p,
           case when i % 20 = 0 then 'canceled' when i % 20 = 1 then 'abandoned' when i % 20 in (2, 3) then 'wait_for_payment' else 'paid' end,
           starts, starts + interval '1 hour',
           jsonb_build_array('lane-' || lpad((lane + 1)::text, 3, '0')),
           jsonb_build_array('s-' || p || '-' || d || '-' || (${FIRST_HOUR}::int + hour)),
           4, day, least(starts - make_interval(days => (i % 30)::int, mins => (i % 1440)::int), now() - make_interval(mins => (i % 1440)::int)),
           first_name, last_name, email, phone,
           jsonb_build_object('firstName', first_name, 'lastName', last_name, 'email', email, 'phone', phone, 'note', ''),
           'BEN' || lpad(i::text, 7, '0'), upper(substr(md5(i::text), 1, 4) || lpad(to_hex(i), 6, '0')),
           case when i % 3 = 0 then 'online' else 'phone' end,
           i % 50 = 0, i % 25 = 0, 10000, case when i % 20 >= 4 then 10000 else 0 end, case when i % 25 = 0 then 5000 else 0 end${guestValue}
    from placed,
         lateral (select (${startDate}::date + d::int) as day) dd,
         lateral (select (day::timestamp + make_interval(hours => ${FIRST_HOUR}::int + hour::int)) at time zone ${BENCH_TIME_ZONE}::text as starts) st,
         ${customers}`);
  if (options.rebuildStatistics !== false) {
    await db.execute(sql`select statistics_rebuild(${venueId})`);
    await db.execute(sql`alter table bookings enable trigger bookings_statistics`);
  }
  await db.execute(sql`
    insert into booking_lanes (venue_id, booking_id, resource_id, starts_at, blocked_until, holds)
    select venue_id, id, resource_ids ->> 0, starts_at, ends_at, status in ('new', 'wait_for_payment', 'paid') from bookings where venue_id = ${venueId}`);
  // Slot (product p, day d, hour h) has id s-p-d-h; its instants come from the venue's zone. The
  // slots come after the lane holds, with their occupancy trigger (migration 0006) off: each
  // slot's held_lanes counted in one grouped join instead of one index probe a slot, which took
  // minutes at a million bookings. Exact here: every hold is one hour of the slots' hourly grid
  // and no product has a break (blocked_until = ends_at), so a hold overlaps a slot exactly when
  // they start together, the equality the join hashes on.
  await db.execute(sql`alter table slots disable trigger slots_occupancy`);
  await db.execute(sql`
    with held as (
      select starts_at, jsonb_object_agg(resource_id, holds) as lanes
      from (select starts_at, resource_id, count(*)::int as holds from booking_lanes
            where venue_id = ${venueId} and holds group by starts_at, resource_id) h
      group by starts_at
    )
    insert into slots (venue_id, id, product_id, date, "from", "to", starts_at, ends_at, blocked_until, held_lanes)
    select ${venueId}, 's-' || p || '-' || d || '-' || h, 'product-' || p, day,
           lpad(h::text, 2, '0') || ':00', lpad((h + 1)::text, 2, '0') || ':00',
           t.starts_at, t.ends_at, t.ends_at, coalesce(held.lanes, '{}'::jsonb)
    from generate_series(1, ${PRODUCTS}::int) p,
         generate_series(0, ${DAYS - 1}::int) d,
         generate_series(${FIRST_HOUR}, ${FIRST_HOUR + HOURS - 1}::int) h,
         lateral (select (${startDate}::date + d)::timestamp as day) x,
         lateral (select (day + make_interval(hours => h)) at time zone ${BENCH_TIME_ZONE}::text as starts_at,
                         (day + make_interval(hours => h + 1)) at time zone ${BENCH_TIME_ZONE}::text as ends_at) t
         left join held on held.starts_at = t.starts_at`);
  await db.execute(sql`alter table slots enable trigger slots_occupancy`);
  // As autovacuum leaves a steady database: statistics, and the visibility map index-only scans use.
  await db.execute(sql`vacuum analyze`);
  return { venueId, productIds, laneIds, bookings, slots: PRODUCTS * DAYS * HOURS };
}

function coprimeStride(n: number): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  let stride = Math.floor(n * 0.618) | 1;
  while (gcd(stride, n) !== 1) stride += 2;
  return stride;
}
