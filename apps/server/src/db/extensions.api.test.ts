import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';

describeEachDatabase('extensions', (t) => {
  it('btree_gist and pg_trgm are created by the migrations (0004_extensions), on PGlite and on PostgreSQL', async () => {
    const rows = await t.db.execute<{ extname: string }>(sql`select extname from pg_extension order by extname`);
    const names = rows.rows.map((r) => r.extname);
    expect(names).toEqual(expect.arrayContaining(['btree_gist', 'pg_trgm']));
    // And they work: a trigram similarity and a btree_gist operator class.
    const [similar] = (await t.db.execute<{ s: number }>(sql`select similarity('lanebook', 'lanebok') as s`)).rows;
    expect(Number(similar.s)).toBeGreaterThan(0.5);
    const [opclass] = (await t.db.execute<{ n: number }>(sql`select count(*)::int as n from pg_opclass where opcname = 'gist_text_ops'`))
      .rows;
    expect(opclass.n).toBeGreaterThan(0);
  });
});
