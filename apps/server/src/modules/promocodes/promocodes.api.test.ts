import { beforeAll, describe, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import {
  base,
  create,
  expectConflict,
  expectFieldError,
  expectNoWrites,
  getItem,
  itemUrl,
  list,
  uniqueKey,
  type Row,
} from '../../../test/catalog.js';
import type { Caller, TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

describeEachDatabase('promocodes: codes unique per venue whatever their case, discounts, references', (t) => {
  let venue: Venue;
  let bowlOwner: Caller;

  beforeAll(async () => {
    venue = await t.addVenue();
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
  });

  describe('codes', () => {
    it('a new code gets maxUseNumber 1 and is shown as typed', async () => {
      const made = await create(venue.owner, 'promocodes', { code: 'Summer-Fun_2030', discount: 10 });
      expect(made).toMatchObject({ code: 'Summer-Fun_2030', maxUseNumber: 1, useCount: 0, isActive: true });
      expect((await getItem(venue.staff, 'promocodes', made.id as string)).code).toBe('Summer-Fun_2030');
    });

    it('SUMMER then summer is 409 "Promocode \'SUMMER\' already exists", writing nothing', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'promocodes', { code: 'SUMMER', discount: 10 });
      for (const code of ['summer', 'Summer', 'SUMMER', ' sUmMeR ']) {
        const response = await expectNoWrites(t, () => own.owner.post(base('promocodes'), { code, discount: 20 }));
        expectConflict(response, "Promocode 'SUMMER' already exists");
        expect(response.json<Row>().code).toBe('duplicate');
      }
      expect((await list(own.staff, 'promocodes')).total).toBe(1);
    });

    it('the same code in another venue is fine', async () => {
      const code = `SHARED${uniqueKey()}`;
      await create(venue.owner, 'promocodes', { code, discount: 10 });
      const theirs = await create(bowlOwner, 'promocodes', { code: code.toLowerCase(), discount: 15 });
      expect(theirs.code).toBe(code.toLowerCase());
    });

    it('PATCH renaming into a taken code (any case) is 409, writing nothing; changing the case of its own code is fine', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'promocodes', { code: 'WINTER', discount: 10 });
      const other = await create(own.owner, 'promocodes', { code: 'AUTUMN', discount: 10 });
      const id = other.id as string;
      for (const code of ['winter', 'WINTER']) {
        const response = await expectNoWrites(t, () => own.owner.patch(itemUrl('promocodes', id), { code }));
        expectConflict(response, "Promocode 'WINTER' already exists");
      }
      expect(await getItem(own.staff, 'promocodes', id)).toEqual(other);
      const recased = await own.owner.patch(itemUrl('promocodes', id), { code: 'Autumn' });
      expect(recased.statusCode, recased.body).toBe(200);
      expect(recased.json<Row>().code).toBe('Autumn');
    });

    it('a deleted code is free again', async () => {
      const made = await create(venue.owner, 'promocodes', { code: 'ONCE', discount: 10 });
      expect((await venue.owner.delete(itemUrl('promocodes', made.id as string))).statusCode).toBe(204);
      expect((await create(venue.owner, 'promocodes', { code: 'once', discount: 10 })).code).toBe('once');
    });

    it('two creates of the same code at once: exactly one 201 and one 409', async () => {
      for (let round = 0; round < 3; round += 1) {
        const code = `RACE${uniqueKey()}`;
        const responses = await Promise.all([
          venue.owner.post(base('promocodes'), { code, discount: 5 }),
          venue.manager.post(base('promocodes'), { code: code.toLowerCase(), discount: 6 }),
        ]);
        expect(responses.map((r) => r.statusCode).sort(), responses.map((r) => r.body).join(' / ')).toEqual([201, 409]);
        const refused = responses.find((r) => r.statusCode === 409)!;
        expect(refused.json<Row>().message).toBe(`Promocode '${code}' already exists`);
        expect((await list(venue.staff, 'promocodes', { search: code })).total).toBe(1);
      }
    });

    it('two PATCHes renaming different codes into the same new code at once: exactly one wins', async () => {
      const a = await create(venue.owner, 'promocodes', { code: `A${uniqueKey()}`, discount: 5 });
      const b = await create(venue.owner, 'promocodes', { code: `B${uniqueKey()}`, discount: 5 });
      const code = `TARGET${uniqueKey()}`;
      const responses = await Promise.all([
        venue.owner.patch(itemUrl('promocodes', a.id as string), { code }),
        venue.manager.patch(itemUrl('promocodes', b.id as string), { code: code.toLowerCase() }),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect((await list(venue.staff, 'promocodes', { search: code })).total).toBe(1);
    });
  });

  describe('discounts', () => {
    it('a fixed discount is whole cents and may exceed 100; a percent discount is 0 to 100', async () => {
      const fixed = await create(venue.owner, 'promocodes', { code: `FIX${uniqueKey()}`, discount: 2500, discountType: 'fixed' });
      expect(fixed).toMatchObject({ discount: 2500, discountType: 'fixed' });
      const percent = await create(venue.owner, 'promocodes', { code: `PCT${uniqueKey()}`, discount: 12.5 });
      expect(percent).toMatchObject({ discount: 12.5, discountType: 'percent' });
      await expectNoWrites(t, async () => {
        // The merged record is checked: switching a 2500 fixed discount to percent is refused.
        expectFieldError(
          await venue.owner.patch(itemUrl('promocodes', fixed.id as string), { discountType: 'percent' }),
          'discount',
          'A percent discount must be 0 to 100',
        );
        expectFieldError(
          await venue.owner.patch(itemUrl('promocodes', percent.id as string), { discountType: 'fixed' }),
          'discount',
          'A fixed discount must be in whole cents',
        );
      });
    });

    it('filters active codes', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'promocodes', { code: 'ON', discount: 1 });
      await create(own.owner, 'promocodes', { code: 'OFF', discount: 1, isActive: false });
      expect((await list(own.staff, 'promocodes', { isActive: 'true' })).items.map((p) => p.code)).toEqual(['ON']);
      expect((await list(own.staff, 'promocodes', { isActive: 'false' })).items.map((p) => p.code)).toEqual(['OFF']);
    });
  });

  describe('references', () => {
    it('products and upsell items of the venue are taken; another venue’s or a deleted product’s ids are 400, nothing written', async () => {
      const product = await create(venue.owner, 'products', { name: 'Promo product' });
      const item = await create(venue.owner, 'upsell-items', { name: 'Promo item', price: 100 });
      const made = await create(venue.owner, 'promocodes', {
        code: `REF${uniqueKey()}`,
        discount: 5,
        products: [product.id],
        upsellItems: [item.id],
      });
      expect(made).toMatchObject({ products: [product.id], upsellItems: [item.id] });

      const bowlProduct = (await list(bowlOwner, 'products')).items[0].id as string;
      const bowlItem = (await list(bowlOwner, 'upsell-items')).items[0].id as string;
      const gone = await create(venue.owner, 'products', { name: 'Gone' });
      expect((await venue.owner.delete(itemUrl('products', gone.id as string))).statusCode).toBe(204);
      await expectNoWrites(t, async () => {
        for (const [field, id, label] of [
          ['products', bowlProduct, 'Product'],
          ['products', gone.id, 'Product'],
          ['upsellItems', bowlItem, 'Upsell item'],
        ] as const) {
          const message = `${label} '${String(id)}' not found`;
          expectFieldError(
            await venue.owner.post(base('promocodes'), { code: `X${uniqueKey()}`, discount: 5, [field]: [id] }),
            field,
            message,
          );
          expectFieldError(await venue.owner.patch(itemUrl('promocodes', made.id as string), { [field]: [id] }), field, message);
        }
      });
    });
  });
});
