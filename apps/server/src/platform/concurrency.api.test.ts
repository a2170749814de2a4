import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { expect, it } from 'vitest';
import { products, taxes, venueMembers, widgetTemplates } from '../db/schema.js';
import { base, create, itemUrl } from '../../test/catalog.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { LOCK_TIMEOUT_MESSAGE } from './errors.js';

/**
 * Every rule that reads and then writes, raced against itself (decision 011). On PostgreSQL the
 * requests run on separate connections at once; PGlite is one session and serializes them, so
 * there the same assertions hold trivially.
 */
describeEachDatabase('read-then-write rules under concurrency', (t) => {
  const ownersOf = async (venueId: string) =>
    t.db
      .select({ userId: venueMembers.userId })
      .from(venueMembers)
      .where(and(eq(venueMembers.venueId, venueId), eq(venueMembers.role, 'owner'), eq(venueMembers.isTemporary, false)));

  /**
   * The loser is refused either by the last-owner rule (409: both requests were let in as owners,
   * the lock serialized them, the second counted one owner) or, when the winner committed before
   * the loser's request was even read, by the owner rule (403: the loser is a manager by then).
   */
  const refusals = {
    409: { message: 'A venue needs at least one owner: make someone else owner first.', code: 'last_owner' },
    403: { message: 'Only an owner can add, change or remove an owner.', code: 'forbidden' },
  } as Record<number, object>;

  it('two owners demoting each other at once: the venue keeps an owner, and the other one is told why', async () => {
    for (let round = 0; round < 5; round++) {
      const venue = await t.addVenue();
      const second = await t.newCaller({ memberships: [[venue.id, 'owner']], venue: venue.id });
      const [a, b] = await Promise.all([
        venue.owner.patch(`/api/private/users/${second.id}/role`, { role: 'manager' }),
        second.patch(`/api/private/users/${venue.owner.id}/role`, { role: 'manager' }),
      ]);
      expect(
        [a, b].filter((r) => r.statusCode === 200),
        `round ${round}`,
      ).toHaveLength(1);
      const refused = a.statusCode === 200 ? b : a;
      expect(refused.json(), `round ${round}`).toEqual(refusals[refused.statusCode]);
      expect(await ownersOf(venue.id)).toHaveLength(1);
    }
  });

  it('two owners removing each other at once: the venue keeps an owner', async () => {
    const venue = await t.addVenue();
    const second = await t.newCaller({ memberships: [[venue.id, 'owner']], venue: venue.id });
    const [a, b] = await Promise.all([
      venue.owner.delete(`/api/private/users/${second.id}`),
      second.delete(`/api/private/users/${venue.owner.id}`),
    ]);
    expect([a, b].filter((r) => r.statusCode === 204)).toHaveLength(1);
    expect([a.statusCode, b.statusCode].some((status) => status === 409 || status === 403)).toBe(true);
    expect(await ownersOf(venue.id)).toHaveLength(1);
  });

  it('a product naming a tax while the tax is deleted: the delete is refused (in use) or the create names the field, never a product with a deleted tax (10 rounds)', async () => {
    const venue = await t.addVenue();
    for (let round = 0; round < 10; round++) {
      const tax = await create(venue.owner, 'taxes', { name: `Tax ${round}`, rate: 5 });
      const taxId = tax.id as string;
      const [created, deleted] = await Promise.all([
        venue.owner.post(base('products'), { name: `Product ${round}`, taxes: [taxId] }),
        venue.owner.delete(itemUrl('taxes', taxId)),
      ]);
      if (deleted.statusCode === 204) {
        expect(created.statusCode, `round ${round}`).toBe(400);
        expect(created.json().details.fields).toEqual([{ path: 'taxes', message: `Tax '${taxId}' not found` }]);
      } else {
        expect(deleted.statusCode, `round ${round}`).toBe(409);
        expect(deleted.json().code).toBe('in_use');
        expect(created.statusCode, `round ${round}`).toBe(201);
      }
    }
    // Whatever the order, every tax a live product names exists.
    const dangling = await t.db
      .select({ id: products.id })
      .from(products)
      .where(
        and(
          eq(products.venueId, venue.id),
          eq(products.isDeleted, false),
          sql`exists (select 1 from jsonb_array_elements_text(${products.taxes}) as named(id)
                      where not exists (select 1 from ${taxes} where ${taxes.venueId} = ${venue.id} and ${taxes.id} = named.id))`,
        ),
      );
    expect(dangling).toEqual([]);
  });

  it('two new default widget templates at once: both are saved, and exactly one is the default', async () => {
    const venue = await t.addVenue();
    const answers = await Promise.all(
      ['One', 'Two', 'Three'].map((name) => venue.owner.post(base('widget-templates'), { name, isDefault: true })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    const defaults = await t.db
      .select({ id: widgetTemplates.id })
      .from(widgetTemplates)
      .where(and(eq(widgetTemplates.venueId, venue.id), eq(widgetTemplates.isDefault, true)));
    expect(defaults).toHaveLength(1);
  });

  it('accepting an invitation twice at once joins once', async () => {
    const venue = await t.addVenue();
    const invitee = await t.newCaller();
    expect((await venue.owner.post('/api/private/users', { email: invitee.email, role: 'staff' })).statusCode).toBe(201);
    const answers = await Promise.all([1, 2].map(() => invitee.post(`/api/private/invitations/${venue.id}/accept`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    const rows = await t.db
      .select()
      .from(venueMembers)
      .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, invitee.id)));
    expect(rows).toHaveLength(1);
  });

  it('a lock held elsewhere longer than the lock timeout answers 409 lock_timeout, not a hang (PostgreSQL)', async () => {
    if (t.kind !== 'postgres') return; // PGlite is one session: no one else can hold a lock.
    const venue = await t.addVenue();
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(hashtext($1))', [`venue-owners:${venue.id}`]);
      const started = Date.now();
      const response = await venue.owner.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'manager' });
      const waited = Date.now() - started;
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: LOCK_TIMEOUT_MESSAGE, code: 'lock_timeout' });
      expect(waited).toBeGreaterThanOrEqual(2500);
      expect(waited).toBeLessThan(10_000);
      await other.query('rollback');
      // Once the other transaction is gone, the same change goes through.
      expect((await venue.owner.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'manager' })).statusCode).toBe(200);
    } finally {
      await other.end();
    }
  });
});
