import { asc, like, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { taxes } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { withTransaction } from './locking.js';
import { StatementsBuiltOnce } from './statements.js';
import { forVenue } from './venue-scope.js';

const ours = like(taxes.id, 'built-once-%');

describeEachDatabase('statements built once: the text is kept, every run binds its own values', (t) => {
  beforeEach(async () => {
    await t.db.delete(taxes).where(ours);
  });

  it('one insert built once writes each run its own venue and values, in the transaction it is given', async () => {
    const statements = new StatementsBuiltOnce();
    let builds = 0;
    const insertTax = (venueId: string, values: { id: string; name: string; rate: number; at: Date }) =>
      withTransaction(t.db, (tx) =>
        statements.run<(typeof taxes.$inferSelect)[]>(
          tx,
          'tax',
          () => {
            builds++;
            const value = (name: string) => sql.placeholder(name) as never;
            return forVenue(tx, value('venueId'))
              .insert(taxes, { id: value('id'), name: value('name'), rate: value('rate'), createdAt: value('at') })
              .returning();
          },
          { venueId, ...values },
        ),
      );
    const at = new Date('2026-03-01T12:00:00.000Z');
    const [axe] = await insertTax('demo-axe', { id: 'built-once-a', name: 'First <b>', rate: 7.5, at });
    const [bowl] = await insertTax('demo-bowl', {
      id: 'built-once-b',
      name: "Second 'quoted'",
      rate: 20,
      at: new Date(at.getTime() + 1000),
    });
    expect(builds).toBe(1);
    // Rows come back mapped by the columns (numbers, dates), as drizzle's own statements answer.
    expect([axe.venueId, axe.id, axe.name, axe.rate, axe.createdAt.toISOString()]).toEqual([
      'demo-axe',
      'built-once-a',
      'First <b>',
      7.5,
      '2026-03-01T12:00:00.000Z',
    ]);
    expect([bowl.venueId, bowl.id, bowl.name, bowl.rate, bowl.createdAt.toISOString()]).toEqual([
      'demo-bowl',
      'built-once-b',
      "Second 'quoted'",
      20,
      '2026-03-01T12:00:01.000Z',
    ]);
    const stored = await t.db.select().from(taxes).where(ours).orderBy(asc(taxes.id));
    expect(stored.map((r) => [r.venueId, r.id, r.name, r.rate])).toEqual([
      ['demo-axe', 'built-once-a', 'First <b>', 7.5],
      ['demo-bowl', 'built-once-b', "Second 'quoted'", 20],
    ]);
  });

  it('a placeholder without a value is an error before anything is sent, not a NULL', async () => {
    const statements = new StatementsBuiltOnce();
    const run = () =>
      withTransaction(t.db, (tx) =>
        statements.run(
          tx,
          'tax',
          () =>
            forVenue(tx, sql.placeholder('venueId') as never).insert(taxes, {
              id: sql.placeholder('id') as never,
              name: sql.placeholder('name') as never,
              rate: 1,
            }),
          { venueId: 'demo-axe', id: 'built-once-c' },
        ),
      );
    await expect(run()).rejects.toThrow('No value for the placeholder "name"');
    expect(await t.db.select().from(taxes).where(ours)).toEqual([]);
  });
});
