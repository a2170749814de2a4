import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { user, venues } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { likePattern } from './http.js';

type Named = { items: { name?: string; email?: string; id?: string }[]; total: number };

/** Search means what was typed: `%`, `_` and `\` match themselves in every list (platform/http.ts). */
describeEachDatabase('search matches % and _ literally', (t) => {
  it('likePattern escapes %, _ and backslash', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('in the venue users list', async () => {
    const venue = await t.addVenue();
    await t.db.update(user).set({ name: '100% Staff' }).where(eq(user.id, venue.staff.id));
    await t.db.update(user).set({ name: 'Snake_case Manager' }).where(eq(user.id, venue.manager.id));
    const search = async (text: string) =>
      (await venue.owner.get('/api/private/users', { query: { search: text } })).json<Named>().items.map((u) => u.name);
    expect(await search('%')).toEqual(['100% Staff']);
    expect(await search('_')).toEqual(['Snake_case Manager']);
    expect(await search('0%')).toEqual(['100% Staff']);
    // Paged like every list: limit and offset, total counts every match.
    const page = (await venue.owner.get('/api/private/users', { query: { limit: '1', offset: '1' } })).json<Named>();
    expect(page.items).toHaveLength(1);
    expect(page.total).toBe(3);
  });

  it('in the superadmin venues and users lists', async () => {
    const admin = await t.as('admin@demo.test');
    const tag = randomUUID().slice(0, 6);
    await t.db.insert(venues).values([
      { id: `pct-${tag}`, name: `Deal 100% ${tag}`, timezone: 'UTC', permissions: {} },
      { id: `plain-${tag}`, name: `Deal 1000 ${tag}`, timezone: 'UTC', permissions: {} },
    ] as (typeof venues.$inferInsert)[]);
    const venueSearch = async (text: string) =>
      (await admin.get('/api/private/superadmin/venues', { query: { search: text } })).json<Named>().items.map((v) => v.id);
    expect(await venueSearch(`0% ${tag}`)).toEqual([`pct-${tag}`]);
    expect(await venueSearch(`Deal 100_ ${tag}`)).toEqual([]);

    const underscored = await t.addUser({ email: `under_score-${tag}@example.test` });
    await t.addUser({ email: `underXscore-${tag}@example.test` });
    const userSearch = async (text: string) =>
      (await admin.get('/api/private/superadmin/users', { query: { search: text } })).json<Named>().items.map((u) => u.email);
    expect(await userSearch(`under_score-${tag}`)).toEqual([underscored.email]);
    expect(await userSearch(`%${tag}`)).toEqual([]);
  });
});
