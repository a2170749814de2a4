import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import { create, expectConflict, expectNoWrites, getItem, itemUrl, type Row } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

describeEachDatabase('terms: the in-use rule', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  for (const field of ['termsId', 'largeGroupDisclaimerId'] as const) {
    it(`terms used by a live product as ${field} cannot be deleted (409 naming the product); after removing them there, they can`, async () => {
      const terms = await create(venue.owner, 'terms', { name: `Terms for ${field}`, text: 'Arrive early.' });
      const id = terms.id as string;
      const product = await create(venue.owner, 'products', { name: `Party ${field}`, [field]: id });
      const refused = await expectNoWrites(t, () => venue.manager.delete(itemUrl('terms', id)));
      expectConflict(refused, `The terms Terms for ${field} is used by the product Party ${field}. Remove it there first.`);
      expect(refused.json<Row>().code).toBe('in_use');
      expect(await getItem(venue.staff, 'terms', id)).toEqual(terms);

      expect((await venue.owner.patch(itemUrl('products', product.id as string), { [field]: null })).statusCode).toBe(200);
      expect((await venue.manager.delete(itemUrl('terms', id))).statusCode).toBe(204);
      expect((await venue.staff.get(itemUrl('terms', id))).statusCode).toBe(404);
    });
  }

  it('terms used both ways by two products name the first that holds them; removing both frees them', async () => {
    const id = (await create(venue.owner, 'terms', { name: 'Shared', text: 'x' })).id as string;
    const a = await create(venue.owner, 'products', { name: 'Uses terms', termsId: id });
    const b = await create(venue.owner, 'products', { name: 'Uses disclaimer', largeGroupDisclaimerId: id });
    expectConflict(
      await venue.owner.delete(itemUrl('terms', id)),
      'The terms Shared is used by the product Uses terms. Remove it there first.',
    );
    await venue.owner.patch(itemUrl('products', a.id as string), { termsId: null });
    expectConflict(
      await venue.owner.delete(itemUrl('terms', id)),
      'The terms Shared is used by the product Uses disclaimer. Remove it there first.',
    );
    await venue.owner.patch(itemUrl('products', b.id as string), { largeGroupDisclaimerId: null });
    expect((await venue.owner.delete(itemUrl('terms', id))).statusCode).toBe(204);
  });

  it('terms used only by a deleted product can be deleted', async () => {
    const id = (await create(venue.owner, 'terms', { name: 'Retired terms', text: 'x' })).id as string;
    const product = await create(venue.owner, 'products', { name: 'Retired', termsId: id, largeGroupDisclaimerId: id });
    expect((await venue.owner.delete(itemUrl('products', product.id as string))).statusCode).toBe(204);
    const response = await venue.owner.delete(itemUrl('terms', id));
    expect(response.statusCode, response.body).toBe(204);
    expect((await venue.staff.get(itemUrl('terms', id))).statusCode).toBe(404);
  });
});
