import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';

describeEachDatabase('extensions', (t) => {
  const rowsOf = async <T>(query: ReturnType<typeof sql>) => ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('btree_gist and pg_trgm are created by the migrations (0004_extensions), on PGlite and on PostgreSQL', async () => {
    const names = (await rowsOf<{ extname: string }>(sql`select extname from pg_extension order by extname`)).map((r) => r.extname);
    expect(names).toEqual(expect.arrayContaining(['btree_gist', 'pg_trgm']));
    // And they work: a trigram similarity and a btree_gist operator class.
    const [similar] = await rowsOf<{ s: number }>(sql`select similarity('lanebook', 'lanebok') as s`);
    expect(Number(similar.s)).toBeGreaterThan(0.5);
    const [opclass] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from pg_opclass where opcname = 'gist_text_ops'`);
    expect(opclass.n).toBeGreaterThan(0);
  });
});
