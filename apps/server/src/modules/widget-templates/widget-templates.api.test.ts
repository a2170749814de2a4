import { beforeAll, describe, expect, it } from 'vitest';
import { widgetTemplateDefaults } from '@lanebook/core';
import { describeEachDatabase } from '../../../test/each-database.js';
import { base, create, expectFieldError, expectNoWrites, getItem, itemUrl, list, uniqueKey, type Row } from '../../../test/catalog.js';
import type { Caller, TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

describeEachDatabase('widget templates: one default per venue, product reference, view', (t) => {
  let bowlOwner: Caller;

  beforeAll(async () => {
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
  });

  const defaults = async (caller: Caller) => (await list(caller, 'widget-templates', { isDefault: 'true' })).items.map((w) => w.name);

  describe('the default template', () => {
    let venue: Venue;

    beforeAll(async () => {
      venue = await t.addVenue();
    });

    it('creating a second default unsets the first; patching another to default unsets that one', async () => {
      const first = await create(venue.owner, 'widget-templates', { name: 'First', isDefault: true });
      expect(first.isDefault).toBe(true);
      expect(await defaults(venue.staff)).toEqual(['First']);

      const second = await create(venue.owner, 'widget-templates', { name: 'Second', isDefault: true });
      expect(second.isDefault).toBe(true);
      expect(await defaults(venue.staff)).toEqual(['Second']);
      expect((await getItem(venue.staff, 'widget-templates', first.id as string)).isDefault).toBe(false);

      const patched = await venue.manager.patch(itemUrl('widget-templates', first.id as string), { isDefault: true });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Row>().isDefault).toBe(true);
      expect(await defaults(venue.staff)).toEqual(['First']);
      expect((await list(venue.staff, 'widget-templates', { isDefault: 'false' })).items.map((w) => w.name)).toEqual(['Second']);

      // Saving the default again keeps it the default.
      const again = await venue.manager.patch(itemUrl('widget-templates', first.id as string), { isDefault: true, name: 'First again' });
      expect(again.json<Row>().isDefault).toBe(true);
      expect(await defaults(venue.staff)).toEqual(['First again']);
      // Unsetting it leaves none.
      await venue.manager.patch(itemUrl('widget-templates', first.id as string), { isDefault: false });
      expect(await defaults(venue.staff)).toEqual([]);
    });

    it('a default of another venue is untouched', async () => {
      const before = await defaults(bowlOwner);
      expect(before).toEqual(['Main booking widget']);
      await create(venue.owner, 'widget-templates', { name: `Mine ${uniqueKey()}`, isDefault: true });
      expect(await defaults(bowlOwner)).toEqual(before);
      const bowlDefault = await create(bowlOwner, 'widget-templates', { name: 'Bowl default', isDefault: true });
      expect(await defaults(bowlOwner)).toEqual(['Bowl default']);
      expect((await defaults(venue.staff)).length).toBe(1);
      expect(bowlDefault.isDefault).toBe(true);
    });

    it('two concurrent "make default" PATCHes leave exactly one default', async () => {
      const own = await t.addVenue();
      await create(own.owner, 'widget-templates', { name: 'Old default', isDefault: true });
      for (let round = 0; round < 3; round += 1) {
        const a = await create(own.owner, 'widget-templates', { name: `A${round}` });
        const b = await create(own.owner, 'widget-templates', { name: `B${round}` });
        const responses = await Promise.all([
          own.owner.patch(itemUrl('widget-templates', a.id as string), { isDefault: true }),
          own.manager.patch(itemUrl('widget-templates', b.id as string), { isDefault: true }),
        ]);
        for (const response of responses) expect([200, 409], response.body).toContain(response.statusCode);
        expect(responses.some((r) => r.statusCode === 200)).toBe(true);
        const now = await list(own.staff, 'widget-templates', { isDefault: 'true' });
        expect(now.total).toBe(1);
        const winners = responses.filter((r) => r.statusCode === 200).map((r) => r.json<Row>().id);
        expect(winners).toContain(now.items[0].id);
      }
    });

    it('two concurrent creates of a default leave exactly one default', async () => {
      const own = await t.addVenue();
      const responses = await Promise.all(
        ['X', 'Y', 'Z'].map((name) => own.owner.post(base('widget-templates'), { name, isDefault: true })),
      );
      for (const response of responses) expect([201, 409], response.body).toContain(response.statusCode);
      expect(responses.some((r) => r.statusCode === 201)).toBe(true);
      expect((await list(own.staff, 'widget-templates', { isDefault: 'true' })).total).toBe(1);
    });
  });

  describe('product and view', () => {
    let venue: Venue;

    beforeAll(async () => {
      venue = await t.addVenue();
    });

    it('productId names a live product of the venue, or null', async () => {
      const product = await create(venue.owner, 'products', { name: 'Widget product' });
      const made = await create(venue.owner, 'widget-templates', { name: 'For one product', productId: product.id });
      expect(made.productId).toBe(product.id);
      expect(
        (await venue.owner.patch(itemUrl('widget-templates', made.id as string), { productId: null })).json<Row>().productId,
      ).toBeNull();

      const bowlProduct = (await list(bowlOwner, 'products')).items[0].id as string;
      const gone = await create(venue.owner, 'products', { name: 'Gone' });
      expect((await venue.owner.delete(itemUrl('products', gone.id as string))).statusCode).toBe(204);
      await expectNoWrites(t, async () => {
        for (const id of [bowlProduct, gone.id as string]) {
          const message = `Product '${id}' not found`;
          expectFieldError(await venue.owner.post(base('widget-templates'), { name: 'X', productId: id }), 'productId', message);
          expectFieldError(
            await venue.owner.patch(itemUrl('widget-templates', made.id as string), { productId: id }),
            'productId',
            message,
          );
        }
      });
    });

    it('the view is replaced whole by a PATCH and must be complete', async () => {
      const made = await create(venue.owner, 'widget-templates', { name: 'Styled' });
      expect(made.view).toEqual(widgetTemplateDefaults.view);
      const view = {
        fontFamily: 'Georgia',
        viewMode: 'table',
        colors: { primary: '#ED6A3F', secondary: '#262626' },
        isUseAvailabilityColors: false,
      };
      const patched = await venue.owner.patch(itemUrl('widget-templates', made.id as string), { view });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json<Row>().view).toEqual(view);
      const partial = await expectNoWrites(t, () =>
        venue.owner.patch(itemUrl('widget-templates', made.id as string), { view: { fontFamily: 'Arial' } }),
      );
      expectFieldError(partial, 'view.viewMode');
      expectFieldError(partial, 'view.colors');
      expect((await getItem(venue.staff, 'widget-templates', made.id as string)).view).toEqual(view);
    });
  });
});
