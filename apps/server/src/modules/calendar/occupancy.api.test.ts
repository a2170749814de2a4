import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays, productDefaults, venueToday } from '@lanebook/core';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { bookingLanes, bookings, products, resources } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import type { TestServer } from '../../../test/server.js';

/**
 * The slots' lanes held (`held_lanes`, `blocked_until`) are kept by database triggers
 * (decision 015). Whatever happens to lane holds, slots and break times, they must equal a
 * count made from scratch, on both databases and under concurrent bookings.
 */
const ZONE = 'America/New_York';
const LANES = ['L1', 'L2', 'L3', 'L4'];

async function setUp(t: TestServer) {
  const venue = await t.addVenue();
  await t.db.insert(resources).values(LANES.map((id) => ({ venueId: venue.id, id, capacity: 6, minCapacity: 1 })));
  const product = async (breakTime: number) => {
    const id = randomUUID();
    await t.db
      .insert(products)
      .values({ ...productDefaults, venueId: venue.id, id, name: `P ${id}`, isPaused: false, resources: LANES, breakTime });
    return id;
  };
  const hourly = await product(15);
  const long = await product(0);
  const date = addDays(venueToday(ZONE), 3);
  const add = (productId: string, from: string, to: string, extra: Record<string, unknown> = {}) =>
    venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to, ...extra }).then((r) => {
      expect(r.statusCode, r.body).toBe(201);
      return r.json<Slot>();
    });
  const slotList: Slot[] = [];
  for (const hour of [10, 11, 12, 13, 14]) slotList.push(await add(hourly, `${hour}:00`, `${hour}:45`));
  slotList.push(await add(long, '10:30', '12:00', { breakTime: 30 }), await add(long, '12:30', '14:00'));
  const dayStart = new Date(slotList[0].startsAt).getTime() - 3600_000;
  return { venue, hourly, long, slotList, dayStart };
}

/** Slots whose stored occupancy differs from a count made from scratch (the migration's rule, written again). */
async function drift(t: TestServer, venueId: string) {
  const result = await t.db.execute(sql`
    select s.id, s.held_lanes as stored, coalesce((
      select jsonb_object_agg(h.resource_id, h.n) from (
        select bl.resource_id, count(*) as n from booking_lanes bl
        where bl.venue_id = s.venue_id and bl.holds
          and tstzrange(bl.starts_at, bl.blocked_until) && tstzrange(s.starts_at, s.ends_at + make_interval(mins => coalesce(s.break_time, p.break_time)))
        group by bl.resource_id) h), '{}'::jsonb) as expected,
      s.blocked_until = s.ends_at + make_interval(mins => coalesce(s.break_time, p.break_time)) as blocked_right
    from slots s join products p on p.venue_id = s.venue_id and p.id = s.product_id
    where s.venue_id = ${venueId}`);
  const rows = (result as unknown as { rows: { id: string; stored: object; expected: object; blocked_right: boolean }[] }).rows;
  return rows.filter((r) => !r.blocked_right || JSON.stringify(sorted(r.stored)) !== JSON.stringify(sorted(r.expected)));
}

const sorted = (o: object) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));

/** A small deterministic generator, so a failure repeats. */
function random(seed: number) {
  let state = seed;
  return (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31;
    return state % n;
  };
}

describeEachDatabase('slot occupancy', (t) => {
  it('stays equal to a count from scratch through holds made, moved, released and deleted, slots moved and break times changed', async () => {
    const { venue, hourly, long, slotList, dayStart } = await setUp(t);
    const next = random(7);
    const made: string[] = [];
    for (let step = 0; step < 60; step++) {
      const action = next(6);
      if (action <= 1 || made.length === 0) {
        // A booking holding one or two lanes for 15 to 120 minutes somewhere in the day.
        const id = `bk-${step}`;
        const startsAt = new Date(dayStart + next(24) * 15 * 60_000);
        const blockedUntil = new Date(startsAt.getTime() + (1 + next(8)) * 15 * 60_000);
        const lanes = [...new Set([LANES[next(4)], LANES[next(4)]])];
        await t.db.insert(bookings).values({ venueId: venue.id, id, productId: hourly, status: 'paid', startsAt, endsAt: blockedUntil });
        // Lanes already held then are skipped: the exclusion constraint would refuse them.
        for (const resourceId of lanes) {
          await t.db
            .transaction(async (tx) => {
              await tx.insert(bookingLanes).values({ venueId: venue.id, bookingId: id, resourceId, startsAt, blockedUntil });
            })
            .catch((error: { cause?: { code?: string }; code?: string }) => {
              if ((error.cause?.code ?? error.code) !== '23P01') throw error;
            });
        }
        made.push(id);
      } else if (action === 2) {
        const id = made[next(made.length)];
        await t.db.update(bookingLanes).set({ holds: false }).where(eq(bookingLanes.bookingId, id));
      } else if (action === 3) {
        const id = made.splice(next(made.length), 1)[0];
        await t.db.delete(bookings).where(eq(bookings.id, id));
      } else if (action === 4) {
        const slot = slotList[next(slotList.length)];
        const hour = 10 + next(5);
        const answer = await venue.manager.patch(`/api/private/product/${slot.productId}/slot/${slot.id}`, {
          from: `${hour}:${next(2) ? '00' : '15'}`,
          to: `${hour}:50`,
        });
        // Moving onto another slot of the product is refused (409); both outcomes are fine here.
        expect([200, 409], answer.body).toContain(answer.statusCode);
      } else {
        await t.db
          .update(products)
          .set({ breakTime: next(4) * 10 })
          .where(eq(products.id, next(2) ? hourly : long));
      }
      expect(await drift(t, venue.id), `step ${step}`).toEqual([]);
    }
  });

  it('concurrent bookings of different lanes in one slot are all counted (no lost update)', async () => {
    const { venue, hourly, slotList } = await setUp(t);
    const slot = slotList[1];
    await Promise.all(
      LANES.map((resourceId, i) =>
        t.db.transaction(async (tx) => {
          const id = `bk-c${i}`;
          const startsAt = new Date(slot.startsAt);
          const blockedUntil = new Date(slot.endsAt);
          await tx.insert(bookings).values({ venueId: venue.id, id, productId: hourly, status: 'paid', startsAt, endsAt: blockedUntil });
          await tx.insert(bookingLanes).values({ venueId: venue.id, bookingId: id, resourceId, startsAt, blockedUntil });
        }),
      ),
    );
    expect(await drift(t, venue.id)).toEqual([]);
    const calendar = await venue.manager.get('/api/private/product/calendar', { query: { from: slot.date, to: slot.date } });
    const shown = calendar.json<{ days: { slots: { id: string; lanesTaken: number }[] }[] }>().days[0].slots.find((s) => s.id === slot.id);
    expect(shown?.lanesTaken).toBe(4);
  });

  it('a slot made while bookings are being written counts them once they commit', async () => {
    const { venue, hourly, long, dayStart } = await setUp(t);
    const startsAt = new Date(dayStart + 9 * 3600_000);
    const blockedUntil = new Date(startsAt.getTime() + 3600_000);
    await Promise.all([
      ...LANES.map((resourceId, i) =>
        t.db.transaction(async (tx) => {
          const id = `bk-r${i}`;
          await tx.insert(bookings).values({ venueId: venue.id, id, productId: hourly, status: 'paid', startsAt, endsAt: blockedUntil });
          await tx.insert(bookingLanes).values({ venueId: venue.id, bookingId: id, resourceId, startsAt, blockedUntil });
        }),
      ),
      venue.manager.post(`/api/private/product/${long}/slot`, {
        date: addDays(venueToday(ZONE), 3),
        from: '18:00',
        to: '21:00',
      }),
    ]);
    expect(await drift(t, venue.id)).toEqual([]);
  });
});
