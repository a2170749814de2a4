import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRODUCT_DELETE_BLOCKED, PRODUCT_ICONS, productDefaults } from '@lanebook/core';
import { products } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import {
  base,
  create,
  expectConflict,
  expectFieldError,
  expectNoWrites,
  getItem,
  hoursFromNow,
  insertBooking,
  itemUrl,
  list,
  uniqueKey,
  type BookingInput,
  type Row,
} from '../../../test/catalog.js';
import type { Caller, TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<TestServer['addVenue']>>;

const selectField = (options: string[]) => ({ type: 'select', label: 'T-shirt size', hint: '', isRequired: true, sortWeight: 1, options });

describeEachDatabase('products: rules across fields, references, soft delete', (t) => {
  let venue: Venue;
  let bowlOwner: Caller;
  /** Records of venue, for references. */
  let lane: string;
  let taxId: string;
  let termsId: string;
  let upsellId: string;
  /** Records of demo-bowl, for cross-venue references. */
  let bowl: { lane: string; taxId: string; termsId: string; upsellId: string };

  beforeAll(async () => {
    venue = await t.addVenue();
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
    lane = (await create(venue.owner, 'resources', { id: 'Lane 1' })).id as string;
    taxId = (await create(venue.owner, 'taxes', { name: 'Sales tax', rate: 8.875 })).id as string;
    termsId = (await create(venue.owner, 'terms', { name: 'Terms', text: 'Be nice.' })).id as string;
    upsellId = (await create(venue.owner, 'upsell-items', { name: 'Pizza', price: 2200 })).id as string;
    bowl = {
      lane: `Lane ${uniqueKey()}`,
      taxId: (await create(bowlOwner, 'taxes', { name: 'Bowl tax', rate: 10 })).id as string,
      termsId: (await create(bowlOwner, 'terms', { name: 'Bowl terms', text: 'Bowl.' })).id as string,
      upsellId: (await create(bowlOwner, 'upsell-items', { name: 'Shoes', price: 500 })).id as string,
    };
    await create(bowlOwner, 'resources', { id: bowl.lane });
  });

  const product = (extra: Row = {}) => create(venue.owner, 'products', { name: `Product ${uniqueKey()}`, ...extra });

  describe('create', () => {
    it('a new product starts paused with the defaults; a full body is kept as sent, still paused', async () => {
      const minimal = await product();
      expect(minimal).toMatchObject({ ...productDefaults, isPaused: true });
      const full = {
        name: 'Axe Throwing 1 hour',
        title: 'Axe Throwing: 1 hour',
        description: 'Coaching included.',
        icon: 'axe',
        image: '/uploads/x/0f0f0f0f-0000-4000-8000-000000000000.png',
        duration: 2,
        breakTime: 15,
        cutoffTime: 2,
        price: 2500,
        deposit: 1000,
        isDeposit: true,
        fixedPrice: 500,
        minPlayers: 2,
        maxPlayers: 12,
        typeOfPricing: 'group-range',
        groups: [
          { id: 'small', from: 2, to: 6, price: 9900 },
          { id: 'large', from: 7, to: 12, price: 17900 },
        ],
        resources: [lane],
        taxes: [taxId],
        nonWorkingDays: [0, 1],
        holidays: ['2030-12-25'],
        customFields: { size: selectField(['S', 'M', 'L']), notes: { ...selectField([]), type: 'text', isRequired: false } },
        termsId,
        largeGroupDisclaimerId: termsId,
        upsellItemIds: [upsellId],
        cancellationPeriodAmount: 2,
        cancellationPeriodUnit: 'days',
        widgetNote: 'Closed-toe shoes',
        activeWaiverId: null,
      };
      const created = await create(venue.manager, 'products', full);
      expect(created).toEqual({
        ...full,
        isPaused: true,
        // The spec's field: a product the API answers is never deleted.
        isDeleted: false,
        id: expect.any(String),
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      });
      expect(await getItem(venue.staff, 'products', created.id as string)).toEqual(created);
    });

    it('isPaused in the body is refused (400 naming it), even to start it active; only resume makes it bookable', async () => {
      const made = await product();
      const id = made.id as string;
      await expectNoWrites(t, async () => {
        for (const isPaused of [false, true]) {
          expectFieldError(await venue.owner.post(base('products'), { name: 'Live at once', isPaused }), 'isPaused', 'Unrecognized key');
          expectFieldError(await venue.owner.patch(itemUrl('products', id), { isPaused }), 'isPaused', 'Unrecognized key');
          expectFieldError(await venue.owner.patch(itemUrl('products', id), { price: 100, isPaused }), 'isPaused', 'Unrecognized key');
        }
      });
      expect(await getItem(venue.staff, 'products', id)).toEqual(made);
      const resumed = await venue.manager.post(itemUrl('products', id, 'resume'));
      expect(resumed.statusCode, resumed.body).toBe(200);
      expect(resumed.json()).toEqual({ ...made, isPaused: false, updatedAt: expect.any(String) });
      // A save of other fields keeps it active.
      const patched = await venue.owner.patch(itemUrl('products', id), { price: 100 });
      expect(patched.json()).toMatchObject({ price: 100, isPaused: false });
    });

    it('the icon is empty or one of the product icons; anything else is 400 listing them', async () => {
      expect((await product({ icon: '' })).icon).toBe('');
      for (const icon of PRODUCT_ICONS) expect((await product({ icon })).icon).toBe(icon);
      const made = await product();
      await expectNoWrites(t, async () => {
        for (const icon of ['rocket', 'AXE', ' ', null, 1]) {
          const message = `Icon must be empty or one of ${PRODUCT_ICONS.join(', ')}`;
          expectFieldError(await venue.owner.post(base('products'), { name: 'Icon', icon }), 'icon', message);
          expectFieldError(await venue.owner.patch(itemUrl('products', made.id as string), { icon }), 'icon', message);
        }
      });
    });

    it('money is integer cents from 0: zero is fine, fractions and negatives are 400', async () => {
      const free = await product({ price: 0, fixedPrice: 0, deposit: 0 });
      expect([free.price, free.fixedPrice, free.deposit]).toEqual([0, 0, 0]);
      await expectNoWrites(t, async () => {
        for (const field of ['price', 'deposit', 'fixedPrice']) {
          expectFieldError(await venue.owner.post(base('products'), { name: 'Bad money', [field]: 10.01 }), field, 'whole cents');
          expectFieldError(await venue.owner.post(base('products'), { name: 'Bad money', [field]: -100 }), field, 'cannot be negative');
        }
      });
    });

    it('min players above max players is 400 naming minPlayers; equal is fine', async () => {
      const response = await expectNoWrites(t, () => venue.owner.post(base('products'), { name: 'X', minPlayers: 8, maxPlayers: 4 }));
      expectFieldError(response, 'minPlayers', 'Min players cannot be above max players');
      expect(await product({ minPlayers: 4, maxPlayers: 4 })).toMatchObject({ minPlayers: 4, maxPlayers: 4 });
    });
  });

  describe('group-range pricing', () => {
    const body = (groups: Row[], extra: Row = {}) => ({
      name: `Groups ${uniqueKey()}`,
      typeOfPricing: 'group-range',
      minPlayers: 2,
      maxPlayers: 20,
      groups,
      ...extra,
    });

    it('needs at least one group', async () => {
      const response = await expectNoWrites(t, () => venue.owner.post(base('products'), body([])));
      expectFieldError(response, 'groups', 'Group-range pricing needs at least one group');
    });

    it('refuses overlapping groups, groups leaving min..max and a group starting above its end', async () => {
      const cases: [Row[], string, string][] = [
        [
          [
            { id: 'a', from: 2, to: 10, price: 100 },
            { id: 'b', from: 10, to: 20, price: 200 },
          ],
          'groups.1',
          'overlaps',
        ],
        [
          [
            { id: 'a', from: 5, to: 12, price: 100 },
            { id: 'b', from: 2, to: 8, price: 200 },
          ],
          'groups',
          'overlaps',
        ],
        [[{ id: 'a', from: 1, to: 10, price: 100 }], 'groups.0', 'Groups must stay within 2-20 players'],
        [[{ id: 'a', from: 10, to: 21, price: 100 }], 'groups.0', 'Groups must stay within 2-20 players'],
        [[{ id: 'a', from: 10, to: 5, price: 100 }], 'groups.0.from', 'A group cannot start above its end'],
        [[{ id: 'a', from: 2, to: 5, price: 99.5 }], 'groups.0.price', 'whole cents'],
      ];
      await expectNoWrites(t, async () => {
        for (const [groups, path, message] of cases) {
          expectFieldError(await venue.owner.post(base('products'), body(groups)), path, message);
        }
      });
    });

    it('takes adjacent groups that stay within min..max', async () => {
      const groups = [
        { id: 'a', from: 2, to: 9, price: 100 },
        { id: 'b', from: 10, to: 20, price: 200 },
      ];
      expect((await create(venue.owner, 'products', body(groups))).groups).toEqual(groups);
    });

    it('PATCH is checked as the merged record: a smaller max or switching to group-range without groups is 400, nothing written', async () => {
      const made = await create(venue.owner, 'products', body([{ id: 'a', from: 2, to: 20, price: 100 }]));
      const id = made.id as string;
      await expectNoWrites(t, async () => {
        expectFieldError(await venue.owner.patch(itemUrl('products', id), { maxPlayers: 10 }), 'groups.0', 'Groups must stay within 2-10');
        expectFieldError(await venue.owner.patch(itemUrl('products', id), { groups: [] }), 'groups', 'needs at least one group');
      });
      const perPerson = await product();
      const response = await expectNoWrites(t, () =>
        venue.owner.patch(itemUrl('products', perPerson.id as string), { typeOfPricing: 'group-range' }),
      );
      expectFieldError(response, 'groups', 'Group-range pricing needs at least one group');
      expect(await getItem(venue.staff, 'products', id)).toEqual(made);
    });

    it('per-person pricing does not check groups', async () => {
      const made = await product({ typeOfPricing: 'person', groups: [] });
      expect(made.groups).toEqual([]);
    });
  });

  describe('PATCH', () => {
    it('min players above max players is 400 naming minPlayers, and nothing is written', async () => {
      const made = await product({ minPlayers: 2, maxPlayers: 6 });
      const id = made.id as string;
      await expectNoWrites(t, async () => {
        expectFieldError(
          await venue.owner.patch(itemUrl('products', id), { minPlayers: 7 }),
          'minPlayers',
          'Min players cannot be above max',
        );
        expectFieldError(
          await venue.owner.patch(itemUrl('products', id), { maxPlayers: 1 }),
          'minPlayers',
          'Min players cannot be above max',
        );
      });
      expect(await getItem(venue.staff, 'products', id)).toEqual(made);
      const both = await venue.owner.patch(itemUrl('products', id), { minPlayers: 7, maxPlayers: 9 });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json()).toMatchObject({ minPlayers: 7, maxPlayers: 9 });
    });

    it('turning the deposit on needs a deposit amount', async () => {
      const made = await product();
      const response = await expectNoWrites(t, () => venue.owner.patch(itemUrl('products', made.id as string), { isDeposit: true }));
      expectFieldError(response, 'deposit', 'Set a deposit amount');
      const ok = await venue.owner.patch(itemUrl('products', made.id as string), { isDeposit: true, deposit: 1500 });
      expect(ok.json()).toMatchObject({ isDeposit: true, deposit: 1500 });
    });

    it('custom fields are replaced whole', async () => {
      const made = await product({ customFields: { size: selectField(['S', 'M']) } });
      const replaced = await venue.owner.patch(itemUrl('products', made.id as string), {
        customFields: { team: { ...selectField([]), type: 'text', label: 'Team name' } },
      });
      expect(replaced.statusCode, replaced.body).toBe(200);
      expect(Object.keys(replaced.json<{ customFields: Row }>().customFields)).toEqual(['team']);
    });
  });

  describe('custom fields', () => {
    it('select and multiple fields need options; other types do not', async () => {
      await expectNoWrites(t, async () => {
        for (const type of ['select', 'multiple']) {
          const response = await venue.owner.post(base('products'), {
            name: 'Fields',
            customFields: { pick: { ...selectField([]), type } },
          });
          expectFieldError(response, 'customFields.pick.options', 'Select and multiple fields need options');
        }
      });
      for (const type of ['select', 'multiple']) {
        const made = await product({ customFields: { pick: { ...selectField(['One', 'Two']), type } } });
        expect((made.customFields as Record<string, Row>).pick.options).toEqual(['One', 'Two']);
      }
      for (const type of ['text', 'phone', 'email', 'date', 'numeric', 'flag']) {
        await product({ customFields: { f: { ...selectField([]), type } } });
      }
    });

    it('an empty option or a bad field key is 400', async () => {
      await expectNoWrites(t, async () => {
        expectFieldError(
          await venue.owner.post(base('products'), { name: 'F', customFields: { pick: selectField(['One', ' ']) } }),
          'customFields.pick.options',
          'Options cannot be empty',
        );
        expectFieldError(
          await venue.owner.post(base('products'), { name: 'F', customFields: { 'bad key!': selectField(['a']) } }),
          'customFields',
        );
        expectFieldError(
          await venue.owner.post(base('products'), { name: 'F', customFields: { f: { ...selectField(['a']), label: '' } } }),
          'customFields.f.label',
          'Field label is required',
        );
      });
    });
  });

  describe('references', () => {
    const fields = () =>
      [
        ['resources', [bowl.lane], `Lane '${bowl.lane}' not found`],
        ['taxes', [bowl.taxId], `Tax '${bowl.taxId}' not found`],
        ['termsId', bowl.termsId, `Terms '${bowl.termsId}' not found`],
        ['largeGroupDisclaimerId', bowl.termsId, `Terms '${bowl.termsId}' not found`],
        ['upsellItemIds', [bowl.upsellId], `Upsell item '${bowl.upsellId}' not found`],
      ] as const;

    it('ids of the venue’s own lanes, taxes, terms and upsell items are taken', async () => {
      const made = await product({
        resources: [lane],
        taxes: [taxId],
        termsId,
        largeGroupDisclaimerId: termsId,
        upsellItemIds: [upsellId],
      });
      expect(made).toMatchObject({
        resources: [lane],
        taxes: [taxId],
        termsId,
        largeGroupDisclaimerId: termsId,
        upsellItemIds: [upsellId],
      });
    });

    it('another venue’s id is refused like an unknown one (400 naming the field, "not found"), on POST and PATCH, nothing written', async () => {
      const made = await product();
      await expectNoWrites(t, async () => {
        for (const [field, value, message] of fields()) {
          expectFieldError(await venue.owner.post(base('products'), { name: 'Cross', [field]: value }), field, message);
          expectFieldError(await venue.owner.patch(itemUrl('products', made.id as string), { [field]: value }), field, message);
          // Mixed with a valid id of the venue, still refused.
          if (field === 'taxes') {
            expectFieldError(await venue.owner.post(base('products'), { name: 'Mixed', taxes: [taxId, bowl.taxId] }), field, message);
          }
        }
      });
      expect(await getItem(venue.staff, 'products', made.id as string)).toEqual(made);
    });

    it('a lane id that exists in both venues is this venue’s lane', async () => {
      // demo-bowl has Lane 1 too; the product of this venue offers this venue's Lane 1.
      const made = await product({ resources: ['Lane 1'] });
      expect(made.resources).toEqual(['Lane 1']);
    });

    it('an activeWaiverId naming no waiver of the venue is refused', async () => {
      const made = await product();
      await expectNoWrites(t, async () => {
        expectFieldError(
          await venue.owner.post(base('products'), { name: 'W', activeWaiverId: 'waiver-1' }),
          'activeWaiverId',
          "Waiver 'waiver-1' not found",
        );
        expectFieldError(
          await venue.owner.patch(itemUrl('products', made.id as string), { activeWaiverId: 'w' }),
          'activeWaiverId',
          "Waiver 'w' not found",
        );
      });
      expect((await venue.owner.patch(itemUrl('products', made.id as string), { activeWaiverId: null })).statusCode).toBe(200);
    });
  });

  describe('delete', () => {
    async function isDeletedInDb(id: string) {
      const [row] = await t.db
        .select({ isDeleted: products.isDeleted })
        .from(products)
        .where(and(eq(products.venueId, venue.id), eq(products.id, id)));
      return row?.isDeleted;
    }

    it('is soft: the row stays marked deleted; GET, PATCH, pause, DELETE answer 404 and the list leaves it out', async () => {
      const key = uniqueKey();
      const made = await product({ name: `Soft ${key}` });
      const id = made.id as string;
      const before = (await list(venue.staff, 'products')).total;
      const response = await venue.manager.delete(itemUrl('products', id));
      expect(response.statusCode, response.body).toBe(204);
      expect(await isDeletedInDb(id)).toBe(true);
      for (const answer of [
        await venue.staff.get(itemUrl('products', id)),
        await venue.owner.patch(itemUrl('products', id), { price: 1 }),
        await venue.owner.post(itemUrl('products', id, 'pause')),
        await venue.owner.post(itemUrl('products', id, 'resume')),
        await venue.owner.delete(itemUrl('products', id)),
      ]) {
        expect(answer.statusCode).toBe(404);
        expect(answer.json()).toEqual({ message: 'Product not found.', code: 'not_found' });
      }
      const after = await list(venue.staff, 'products', { limit: '500' });
      expect(after.total).toBe(before - 1);
      expect(after.items.map((p) => p.id)).not.toContain(id);
      expect((await list(venue.staff, 'products', { search: key })).total).toBe(0);
      for (const flag of ['true', 'false']) {
        expect((await list(venue.staff, 'products', { isPaused: flag, limit: '500' })).items.map((p) => p.id)).not.toContain(id);
      }
      // A later change of the record stays impossible: the row is unchanged by the refused PATCH.
      expect(await isDeletedInDb(id)).toBe(true);
    });

    it('a deleted product cannot be referenced by a promocode, an affiliate or a widget template', async () => {
      const made = await product();
      const id = made.id as string;
      expect((await venue.owner.delete(itemUrl('products', id))).statusCode).toBe(204);
      const message = `Product '${id}' not found`;
      await expectNoWrites(t, async () => {
        expectFieldError(
          await venue.owner.post(base('promocodes'), { code: `P${uniqueKey()}`, discount: 5, products: [id] }),
          'products',
          message,
        );
        expectFieldError(await venue.owner.post(base('affiliates'), { name: 'A', discount: 5, products: [id] }), 'products', message);
        expectFieldError(await venue.owner.post(base('widget-templates'), { name: 'W', productId: id }), 'productId', message);
      });
    });

    const booking = (productId: string, input: Partial<BookingInput>): BookingInput => ({
      productId,
      status: 'paid',
      startsAt: hoursFromNow(48),
      resourceIds: [lane],
      paidTotal: 5000,
      ...input,
    });

    const blocking: [string, Partial<BookingInput>][] = [
      ['a future booking waiting for payment', { status: 'wait_for_payment', paidTotal: 0 }],
      ['a future paid booking', { status: 'paid' }],
      ['a future paid booking refunded only in part', { isRefunded: true, refundedTotal: 2000 }],
      ['a future paid booking with refunds not marked refunded', { isRefunded: false, refundedTotal: 5000 }],
      [
        'a future booking waiting for payment, marked refunded but with money paid',
        { status: 'wait_for_payment', isRefunded: true, paidTotal: 1000 },
      ],
    ];
    for (const [name, input] of blocking) {
      it(`is refused with the spec’s 409 for ${name}; nothing is written`, async () => {
        const made = await product();
        const id = made.id as string;
        await insertBooking(t, venue.id, booking(id, input));
        const response = await expectNoWrites(t, () => venue.owner.delete(itemUrl('products', id)));
        expectConflict(response, "Product with active bookings can't be deleted.");
        expect(response.json()).toEqual({ message: PRODUCT_DELETE_BLOCKED, code: 'product_has_bookings' });
        expect(await isDeletedInDb(id)).toBe(false);
        expect(await getItem(venue.staff, 'products', id)).toEqual(made);
      });
    }

    const allowed: [string, Partial<BookingInput>][] = [
      ['a future booking refunded with no net paid amount', { isRefunded: true, paidTotal: 5000, refundedTotal: 5000 }],
      ['a future booking refunded more than paid', { isRefunded: true, paidTotal: 5000, refundedTotal: 6000 }],
      ['a past paid booking', { startsAt: hoursFromNow(-48) }],
      ['a future canceled booking', { status: 'canceled' }],
    ];
    for (const [name, input] of allowed) {
      it(`is allowed with only ${name}`, async () => {
        const made = await product();
        const id = made.id as string;
        await insertBooking(t, venue.id, booking(id, input));
        const response = await venue.owner.delete(itemUrl('products', id));
        expect(response.statusCode, response.body).toBe(204);
        expect(await isDeletedInDb(id)).toBe(true);
      });
    }

    it('a booking of another product does not block it', async () => {
      const made = await product();
      const other = await product();
      await insertBooking(t, venue.id, booking(other.id as string, {}));
      expect((await venue.owner.delete(itemUrl('products', made.id as string))).statusCode).toBe(204);
      expectConflict(await venue.owner.delete(itemUrl('products', other.id as string)), PRODUCT_DELETE_BLOCKED);
    });
  });
});
