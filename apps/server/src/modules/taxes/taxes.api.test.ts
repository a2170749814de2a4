import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectConflict, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

describeEachDatabase('taxes: rates and the in-use rule', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  it('a rate is a percent from 0 to 100, fractions allowed', async () => {
    for (const rate of [0, 8.875, 100]) expect((await create(venue.owner, 'taxes', { name: `Rate ${rate}`, rate })).rate).toBe(rate);
    await expectNoWrites(t, async () => {
      for (const rate of [-0.001, 100.001, 250]) {
        expectFieldError(await venue.owner.post(base('taxes'), { name: 'Bad', rate }), 'rate', 'Rate must be 0 to 100');
      }
      expectFieldError(await venue.owner.post(base('taxes'), { name: 'No rate' }), 'rate');
    });
  });

  it('sorts by rate', async () => {
    const own = await t.addVenue();
    for (const rate of [7, 3.5, 20]) await create(own.owner, 'taxes', { name: `Tax ${rate}`, rate });
    expect((await list(own.staff, 'taxes', { sort: 'rate' })).items.map((tax) => tax.rate)).toEqual([3.5, 7, 20]);
    expect((await list(own.staff, 'taxes', { sort: 'rate', order: 'desc' })).items.map((tax) => tax.rate)).toEqual([20, 7, 3.5]);
  });

  it('a tax used by a live product cannot be deleted (409 naming the product); after removing it there, it can', async () => {
    const tax = await create(venue.owner, 'taxes', { name: 'City tax', rate: 4.5 });
    const id = tax.id as string;
    const product = await create(venue.owner, 'products', { name: 'Axe hour', taxes: [id] });
    const refused = await expectNoWrites(t, () => venue.owner.delete(itemUrl('taxes', id)));
    expectConflict(refused, 'The tax City tax is used by the product Axe hour. Remove it there first.');
    expect(refused.json<Row>().code).toBe('in_use');
    expect(await getItem(venue.staff, 'taxes', id)).toEqual(tax);

    expect((await venue.owner.patch(itemUrl('products', product.id as string), { taxes: [] })).statusCode).toBe(200);
    expect((await venue.owner.delete(itemUrl('taxes', id))).statusCode).toBe(204);
    expect((await venue.staff.get(itemUrl('taxes', id))).statusCode).toBe(404);
  });

  it('the 409 names every product that uses it', async () => {
    const id = (await create(venue.owner, 'taxes', { name: 'State tax', rate: 6 })).id as string;
    await create(venue.owner, 'products', { name: 'Bowling', taxes: [id] });
    await create(venue.owner, 'products', { name: 'Archery', taxes: [id] });
    const refused = await venue.owner.delete(itemUrl('taxes', id));
    expect(refused.statusCode).toBe(409);
    const message = refused.json<{ message: string }>().message;
    expect(message).toMatch(/^The tax State tax is used by the products (Bowling, Archery|Archery, Bowling)\. Remove it there first\.$/);
  });

  it('a tax used only by a deleted product can be deleted', async () => {
    const id = (await create(venue.owner, 'taxes', { name: 'Old tax', rate: 1 })).id as string;
    const product = await create(venue.owner, 'products', { name: 'Retired', taxes: [id] });
    expect((await venue.owner.delete(itemUrl('products', product.id as string))).statusCode).toBe(204);
    expect((await venue.owner.delete(itemUrl('taxes', id))).statusCode).toBe(204);
  });
});
