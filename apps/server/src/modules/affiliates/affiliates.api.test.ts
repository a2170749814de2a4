import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { Caller, TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

const ADDRESS = { country: 'US', state: 'NY', city: 'Brooklyn', zip: '11201', street: '1 Market Street' };

describeEachDatabase('affiliates: address, discounts, references', (t) => {
  let venue: Venue;
  let bowlOwner: Caller;

  beforeAll(async () => {
    venue = await t.addVenue();
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
  });

  it('keeps the address; a PATCH replaces it whole and must send all of it', async () => {
    const made = await create(venue.owner, 'affiliates', { name: 'City Events', discount: 15, address: ADDRESS });
    expect(made.address).toEqual(ADDRESS);
    const moved = { country: 'US', state: 'IL', city: 'Chicago', zip: '60601', street: '42 Strike Avenue' };
    const patched = await venue.owner.patch(itemUrl('affiliates', made.id as string), { address: moved });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toEqual({ ...made, address: moved, updatedAt: expect.any(String) });

    const partial = await expectNoWrites(t, () =>
      venue.owner.patch(itemUrl('affiliates', made.id as string), { address: { city: 'Boston' } }),
    );
    expectFieldError(partial, 'address.country');
    expectFieldError(partial, 'address.street');
    expect((await getItem(venue.staff, 'affiliates', made.id as string)).address).toEqual(moved);
  });

  it('searches the name and the business name', async () => {
    const own = await t.addVenue();
    await create(own.owner, 'affiliates', { name: 'Hotel Partner', businessName: 'Grand Stay LLC', discount: 5 });
    await create(own.owner, 'affiliates', { name: 'Tour Desk', businessName: 'City Walks Inc', discount: 5 });
    expect((await list(own.staff, 'affiliates', { search: 'grand' })).items.map((a) => a.name)).toEqual(['Hotel Partner']);
    expect((await list(own.staff, 'affiliates', { search: 'desk' })).items.map((a) => a.name)).toEqual(['Tour Desk']);
  });

  it('a fixed discount is whole cents; a percent discount 0 to 100; the merged record is checked', async () => {
    const fixed = await create(venue.owner, 'affiliates', { name: 'Fixed', discount: 1500, discountType: 'fixed' });
    const response = await expectNoWrites(t, () =>
      venue.owner.patch(itemUrl('affiliates', fixed.id as string), { discountType: 'percent' }),
    );
    expectFieldError(response, 'discount', 'A percent discount must be 0 to 100');
    expect(await getItem(venue.staff, 'affiliates', fixed.id as string)).toEqual(fixed);
  });

  it('products and upsell items must be live records of the venue', async () => {
    const product = await create(venue.owner, 'products', { name: 'Affiliate product' });
    const item = await create(venue.owner, 'upsell-items', { name: 'Affiliate item', price: 100 });
    const made = await create(venue.owner, 'affiliates', { name: 'Refs', discount: 5, products: [product.id], upsellItems: [item.id] });
    expect(made).toMatchObject({ products: [product.id], upsellItems: [item.id] });

    const bowlProduct = (await list(bowlOwner, 'products')).items[0].id as string;
    const bowlItem = (await list(bowlOwner, 'upsell-items')).items[0].id as string;
    expect((await venue.owner.delete(itemUrl('products', product.id as string))).statusCode).toBe(204);
    await expectNoWrites(t, async () => {
      for (const [field, id, label] of [
        ['products', bowlProduct, 'Product'],
        ['products', product.id, 'Product'],
        ['upsellItems', bowlItem, 'Upsell item'],
      ] as const) {
        const message = `${label} '${String(id)}' not found`;
        expectFieldError(await venue.owner.post(base('affiliates'), { name: 'X', discount: 5, [field]: [id] }), field, message);
        expectFieldError(await venue.owner.patch(itemUrl('affiliates', made.id as string), { [field]: [id] }), field, message);
      }
    });
    // A PATCH of other fields keeps the stored list, even if it names a product deleted since.
    const renamed = await venue.owner.patch(itemUrl('affiliates', made.id as string), { name: 'Renamed' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<Row>().products).toEqual([product.id]);
  });
});
