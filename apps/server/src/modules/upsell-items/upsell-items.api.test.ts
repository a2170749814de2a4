import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectConflict, expectFieldError, expectNoWrites, getItem, itemUrl, list, type Row } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

describeEachDatabase('upsell items: price, image, pausing and the in-use rule', (t) => {
  let venue: Venue;

  beforeAll(async () => {
    venue = await t.addVenue();
  });

  it('the price is integer cents from 0; the image is an upload or an http(s) URL', async () => {
    const free = await create(venue.owner, 'upsell-items', { name: 'Free water', price: 0 });
    expect(free.price).toBe(0);
    for (const image of ['/uploads/demo-axe/0f0f0f0f-0000-4000-8000-000000000000.png', 'https://cdn.example.test/pizza.jpg', '']) {
      expect((await create(venue.owner, 'upsell-items', { name: 'Pizza', price: 2200, image })).image).toBe(image);
    }
    await expectNoWrites(t, async () => {
      expectFieldError(await venue.owner.post(base('upsell-items'), { name: 'X', price: 22.5 }), 'price', 'Price must be in whole cents');
      expectFieldError(await venue.owner.post(base('upsell-items'), { name: 'X', price: -1 }), 'price', 'Price cannot be negative');
      expectFieldError(await venue.owner.post(base('upsell-items'), { name: 'X' }), 'price');
      expectFieldError(await venue.owner.post(base('upsell-items'), { name: 'X', price: 1, image: 'data:image/png;base64,AAAA' }), 'image');
    });
  });

  it('a new item always starts active; isPaused in the body is refused, on POST and PATCH', async () => {
    const item = await create(venue.owner, 'upsell-items', { name: 'Popcorn', price: 400 });
    expect(item.isPaused).toBe(false);
    await expectNoWrites(t, async () => {
      for (const isPaused of [true, false]) {
        expectFieldError(
          await venue.owner.post(base('upsell-items'), { name: 'Hidden', price: 1, isPaused }),
          'isPaused',
          'Unrecognized key',
        );
        expectFieldError(await venue.owner.patch(itemUrl('upsell-items', item.id as string), { isPaused }), 'isPaused', 'Unrecognized key');
      }
    });
    expect(await getItem(venue.staff, 'upsell-items', item.id as string)).toEqual(item);
  });

  it('sorts by price and filters paused items', async () => {
    const own = await t.addVenue();
    const cheap = await create(own.owner, 'upsell-items', { name: 'Cheap', price: 100 });
    await create(own.owner, 'upsell-items', { name: 'Dear', price: 9000 });
    await create(own.owner, 'upsell-items', { name: 'Middle', price: 1500 });
    expect((await list(own.staff, 'upsell-items', { sort: 'price' })).items.map((i) => i.name)).toEqual(['Cheap', 'Middle', 'Dear']);
    await own.manager.post(itemUrl('upsell-items', cheap.id as string, 'pause'));
    expect((await list(own.staff, 'upsell-items', { isPaused: 'true' })).items.map((i) => i.name)).toEqual(['Cheap']);
    expect((await list(own.staff, 'upsell-items', { isPaused: 'false' })).items.map((i) => i.name)).toEqual(['Dear', 'Middle']);
    // The paused state is no sort key.
    expectFieldError(
      await own.staff.get(base('upsell-items'), { query: { sort: 'isPaused' } }),
      'sort',
      'Sort must be one of name, price, createdAt',
    );
  });

  it('an item offered by a live product cannot be deleted (409 naming the product); after removing it there, it can', async () => {
    const item = await create(venue.owner, 'upsell-items', { name: 'Souvenir axe', price: 2900 });
    const id = item.id as string;
    const keep = await create(venue.owner, 'upsell-items', { name: 'Soda', price: 300 });
    const product = await create(venue.owner, 'products', { name: 'Axe hour', upsellItemIds: [keep.id, id] });
    const refused = await expectNoWrites(t, () => venue.manager.delete(itemUrl('upsell-items', id)));
    expectConflict(refused, 'The upsell item Souvenir axe is used by the product Axe hour. Remove it there first.');
    expect(refused.json<Row>().code).toBe('in_use');
    expect(await getItem(venue.staff, 'upsell-items', id)).toEqual(item);

    const patched = await venue.owner.patch(itemUrl('products', product.id as string), { upsellItemIds: [keep.id] });
    expect(patched.statusCode).toBe(200);
    expect((await venue.manager.delete(itemUrl('upsell-items', id))).statusCode).toBe(204);
    expect((await venue.staff.get(itemUrl('upsell-items', id))).statusCode).toBe(404);
    // The other item is still in use.
    expect((await venue.manager.delete(itemUrl('upsell-items', keep.id as string))).statusCode).toBe(409);
  });

  it('an item offered only by a deleted product can be deleted', async () => {
    const id = (await create(venue.owner, 'upsell-items', { name: 'Old snack', price: 100 })).id as string;
    const product = await create(venue.owner, 'products', { name: 'Retired', upsellItemIds: [id] });
    expect((await venue.owner.delete(itemUrl('products', product.id as string))).statusCode).toBe(204);
    expect((await venue.owner.delete(itemUrl('upsell-items', id))).statusCode).toBe(204);
  });

  it('a paused item stays valid for products; pausing keeps every other field', async () => {
    const item = await create(venue.owner, 'upsell-items', { name: 'Nachos', price: 1100, description: 'With cheese' });
    const paused = await venue.manager.post(itemUrl('upsell-items', item.id as string, 'pause'));
    expect(paused.json()).toEqual({ ...item, isPaused: true, updatedAt: expect.any(String) });
    const product = await create(venue.owner, 'products', { name: 'With nachos', upsellItemIds: [item.id] });
    expect(product.upsellItemIds).toEqual([item.id]);
  });
});
