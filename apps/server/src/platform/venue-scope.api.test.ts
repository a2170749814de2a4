import { and, asc, eq, inArray, like } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { taxes, venueMembers } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { withTransaction } from './locking.js';
import { forVenue } from './venue-scope.js';

const AXE = 'demo-axe';
const BOWL = 'demo-bowl';
const ours = like(taxes.id, 'scope-%');

describeEachDatabase("forVenue: every statement carries its venue and never touches another venue's rows", (t) => {
  /** The test taxes of both venues, as [venue, id, name] rows. */
  const bothVenues = async () =>
    (await t.db.select().from(taxes).where(ours).orderBy(asc(taxes.venueId), asc(taxes.id))).map((r) => [r.venueId, r.id, r.name]);

  beforeEach(async () => {
    await t.db.delete(taxes).where(ours);
    // The same ids in both venues: only the venue tells them apart.
    for (const venueId of [AXE, BOWL]) {
      await t.db.insert(taxes).values([
        { venueId, id: 'scope-a', name: `${venueId} a`, rate: 1 },
        { venueId, id: 'scope-b', name: `${venueId} b`, rate: 2 },
      ]);
    }
  });

  it('select, first, exists, count and page read only the venue of the scope', async () => {
    const axe = forVenue(t.db, AXE);
    expect((await axe.select(taxes, ours, { orderBy: [asc(taxes.id)] })).map((r) => [r.venueId, r.id])).toEqual([
      [AXE, 'scope-a'],
      [AXE, 'scope-b'],
    ]);
    expect((await axe.select(taxes, ours, { orderBy: [asc(taxes.id)], limit: 1, offset: 1 })).map((r) => r.name)).toEqual([`${AXE} b`]);
    expect((await axe.first(taxes, eq(taxes.id, 'scope-a')))?.name).toBe(`${AXE} a`);
    expect(await forVenue(t.db, 'no-such-venue').first(taxes, eq(taxes.id, 'scope-a'))).toBeUndefined();
    expect(await axe.exists(taxes, eq(taxes.id, 'scope-b'))).toBe(true);
    expect(await forVenue(t.db, 'no-such-venue').exists(taxes)).toBe(false);
    expect(await axe.count(taxes, ours)).toBe(2);
    const page = await axe.page(taxes, ours, { orderBy: [asc(taxes.id)], limit: 1, offset: 0 });
    expect([page.rows.map((r) => r.id), page.total]).toEqual([['scope-a'], 2]);
    expect(await axe.page(taxes, ours, { limit: 5, offset: 5 })).toEqual({ rows: [], total: 2 });
    // Without a condition, still only the venue's own rows.
    expect((await axe.select(taxes)).every((r) => r.venueId === AXE)).toBe(true);
  });

  it("update and delete change only the venue's rows, even with no condition at all", async () => {
    const axe = forVenue(t.db, AXE);
    const updated = await axe.update(taxes, eq(taxes.id, 'scope-a'), { name: 'renamed' }).returning();
    expect(updated.map((r) => [r.venueId, r.id])).toEqual([[AXE, 'scope-a']]);
    await axe.update(taxes, undefined, { description: 'every axe tax' });
    expect(await forVenue(t.db, BOWL).count(taxes, eq(taxes.description, 'every axe tax'))).toBe(0);
    const deleted = await axe.delete(taxes, eq(taxes.id, 'scope-b')).returning();
    expect(deleted.map((r) => [r.venueId, r.id])).toEqual([[AXE, 'scope-b']]);
    expect(await bothVenues()).toEqual([
      [AXE, 'scope-a', 'renamed'],
      [BOWL, 'scope-a', `${BOWL} a`],
      [BOWL, 'scope-b', `${BOWL} b`],
    ]);
  });

  it('insert writes into the venue of the scope, and the types refuse another venue', async () => {
    const bowl = forVenue(t.db, BOWL);
    const [row] = await bowl.insert(taxes, { id: 'scope-c', name: 'new', rate: 3 }).returning();
    expect(row.venueId).toBe(BOWL);
    // @ts-expect-error -- the venue comes from the scope, never from the values.
    expect(() => bowl.insert(taxes, { id: 'scope-d', name: 'x', rate: 1, venueId: AXE })).toThrow(/supplies venue_id/);
    // @ts-expect-error -- a row never moves to another venue.
    expect(() => bowl.update(taxes, eq(taxes.id, 'scope-c'), { venueId: AXE })).toThrow(/supplies venue_id/);
    expect(await forVenue(t.db, AXE).exists(taxes, inArray(taxes.id, ['scope-c', 'scope-d']))).toBe(false);
    expect(await bowl.count(taxes, inArray(taxes.id, ['scope-c', 'scope-d']))).toBe(1);
  });

  it('lock takes only the venue of the scope, and scope() makes the condition of a join', async () => {
    const locked = await withTransaction(t.db, (tx) => forVenue(tx, BOWL).lock(taxes, ours, { mode: 'share' }));
    expect(locked.map((r) => [r.venueId, r.id])).toEqual([
      [BOWL, 'scope-a'],
      [BOWL, 'scope-b'],
    ]);
    const axe = forVenue(t.db, AXE);
    const joined = await t.db
      .select({ venueId: taxes.venueId, id: taxes.id })
      .from(taxes)
      .innerJoin(venueMembers, and(eq(venueMembers.venueId, taxes.venueId), eq(venueMembers.role, 'owner')))
      .where(axe.scope(taxes, ours))
      .orderBy(asc(taxes.id));
    expect(new Set(joined.map((r) => r.venueId))).toEqual(new Set([AXE]));
  });
});
