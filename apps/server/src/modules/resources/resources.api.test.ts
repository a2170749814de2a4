import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LANE_DELETE_BLOCKED, laneExistsMessage } from '@lanebook/core';
import { resources } from '../../db/schema.js';
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

describeEachDatabase('lanes (resources): ids, natural order and the delete rule', (t) => {
  let axeOwner: Caller;
  let bowlOwner: Caller;

  beforeAll(async () => {
    axeOwner = await t.as('owner@demo.test', 'demo-axe');
    bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
  });

  describe('lane ids', () => {
    it('a second POST with a taken id is 409 with the spec’s message, writing nothing', async () => {
      const id = `Lane ${uniqueKey()}`;
      await create(axeOwner, 'resources', { id, capacity: 4 });
      const again = await expectNoWrites(t, () => axeOwner.post(base('resources'), { id, capacity: 8 }));
      expectConflict(again, `Lane with ID '${id}' already exists`);
      expect(again.json()).toEqual({ message: laneExistsMessage(id), code: 'duplicate' });
      // The first lane is untouched.
      expect((await getItem(axeOwner, 'resources', id)).capacity).toBe(4);
    });

    it('the seeded Lane 1 of demo-axe is taken; a padded id is trimmed and taken as well', async () => {
      expectConflict(await axeOwner.post(base('resources'), { id: 'Lane 1' }), "Lane with ID 'Lane 1' already exists");
      expectConflict(await axeOwner.post(base('resources'), { id: '  Lane 1  ' }), "Lane with ID 'Lane 1' already exists");
    });

    it('the same lane id in another venue is fine, and each venue sees its own lane', async () => {
      const id = `Lane ${uniqueKey()}`;
      const axe = await create(axeOwner, 'resources', { id, capacity: 3 });
      const bowl = await create(bowlOwner, 'resources', { id, capacity: 9 });
      expect(axe).toMatchObject({ id, capacity: 3 });
      expect(bowl).toMatchObject({ id, capacity: 9 });
      expect((await getItem(axeOwner, 'resources', id)).capacity).toBe(3);
      expect((await getItem(bowlOwner, 'resources', id)).capacity).toBe(9);
      // Deleting one venue's lane leaves the other's.
      expect((await axeOwner.delete(itemUrl('resources', id))).statusCode).toBe(204);
      expect((await getItem(bowlOwner, 'resources', id)).capacity).toBe(9);
    });

    it('ids with spaces, dashes and underscores work in the URL', async () => {
      const id = `Court 7-b_${uniqueKey()}`;
      await create(axeOwner, 'resources', { id });
      expect((await getItem(axeOwner, 'resources', id)).id).toBe(id);
      const paused = await axeOwner.post(itemUrl('resources', id, 'pause'));
      expect(paused.statusCode).toBe(200);
      expect(paused.json<Row>().isPaused).toBe(true);
    });

    it('lists lanes in natural order: Lane 2 before Lane 10', async () => {
      const venue = await t.addVenue();
      for (const id of ['Lane 10', 'Lane 2', 'Court 3', 'Lane 1', 'Lane 11']) await create(venue.owner, 'resources', { id });
      const ids = async (query: Record<string, string> = {}) => (await list(venue.staff, 'resources', query)).items.map((r) => r.id);
      expect(await ids()).toEqual(['Court 3', 'Lane 1', 'Lane 2', 'Lane 10', 'Lane 11']);
      expect(await ids({ sort: 'id', order: 'desc' })).toEqual(['Lane 11', 'Lane 10', 'Lane 2', 'Lane 1', 'Court 3']);
      expect(await ids({ search: 'lane 1' })).toEqual(['Lane 1', 'Lane 10', 'Lane 11']);
    });

    it('a new lane always starts active; isPaused in the body is refused, only pause/resume switch it', async () => {
      const id = `Lane ${uniqueKey()}`;
      const lane = await create(axeOwner, 'resources', { id, capacity: 4 });
      expect(lane.isPaused).toBe(false);
      await expectNoWrites(t, async () => {
        for (const isPaused of [true, false]) {
          const chosen = await axeOwner.post(base('resources'), { id: `Lane ${uniqueKey()}`, isPaused });
          expectFieldError(chosen, 'isPaused', 'Unrecognized key');
          expectFieldError(await axeOwner.patch(itemUrl('resources', id), { isPaused }), 'isPaused', 'Unrecognized key');
          expectFieldError(await axeOwner.patch(itemUrl('resources', id), { capacity: 5, isPaused }), 'isPaused', 'Unrecognized key');
        }
      });
      expect(await getItem(axeOwner, 'resources', id)).toEqual(lane);
      expect((await axeOwner.post(itemUrl('resources', id, 'pause'))).json<Row>().isPaused).toBe(true);
      const patched = await axeOwner.patch(itemUrl('resources', id), { capacity: 5 });
      expect(patched.json()).toMatchObject({ capacity: 5, isPaused: true });
    });

    it('sorts by id, capacity or createdAt only: another sort key is 400 naming sort', async () => {
      const venue = await t.addVenue();
      for (const id of ['Lane 2', 'Lane 1']) await create(venue.owner, 'resources', { id });
      for (const sort of ['name', 'minCapacity', 'type', 'isPaused']) {
        const response = await venue.staff.get(base('resources'), { query: { sort } });
        expectFieldError(response, 'sort', 'Sort must be one of id, capacity, createdAt');
      }
    });

    it('sorts by capacity', async () => {
      const venue = await t.addVenue();
      for (const [id, capacity] of [
        ['Lane 1', 8],
        ['Lane 2', 2],
        ['Lane 3', 5],
      ] as const)
        await create(venue.owner, 'resources', { id, capacity });
      const capacities = (await list(venue.staff, 'resources', { sort: 'capacity' })).items.map((r) => r.capacity);
      expect(capacities).toEqual([2, 5, 8]);
    });
  });

  describe('capacity', () => {
    it('PATCH capacity below the min capacity is 400 naming minCapacity, writing nothing', async () => {
      const id = `Lane ${uniqueKey()}`;
      const lane = await create(axeOwner, 'resources', { id, capacity: 8, minCapacity: 4 });
      const response = await expectNoWrites(t, () => axeOwner.patch(itemUrl('resources', id), { capacity: 3 }));
      expectFieldError(response, 'minCapacity', 'Min capacity cannot be above capacity');
      expect(await getItem(axeOwner, 'resources', id)).toEqual(lane);
      // Both at once is fine.
      const both = await axeOwner.patch(itemUrl('resources', id), { capacity: 3, minCapacity: 2 });
      expect(both.statusCode, both.body).toBe(200);
      expect(both.json()).toMatchObject({ capacity: 3, minCapacity: 2 });
    });

    it('takes the limits 1 and 100', async () => {
      const low = await create(axeOwner, 'resources', { id: `Lane ${uniqueKey()}`, capacity: 1, minCapacity: 1 });
      const high = await create(axeOwner, 'resources', { id: `Lane ${uniqueKey()}`, capacity: 100, minCapacity: 100 });
      expect([low.capacity, high.capacity, high.minCapacity]).toEqual([1, 100, 100]);
    });
  });

  describe('deleting a lane', () => {
    let venue: Venue;
    let productId: string;

    beforeAll(async () => {
      venue = await t.addVenue();
      productId = (await create(venue.owner, 'products', { name: 'Bookings holder' })).id as string;
    });

    /** A lane of the venue, offered by a new product along with a lane that stays. */
    async function laneWithProduct() {
      const lane = `Lane ${uniqueKey()}`;
      const other = `Lane ${uniqueKey()}`;
      await create(venue.owner, 'resources', { id: lane });
      await create(venue.owner, 'resources', { id: other });
      const product = await create(venue.owner, 'products', { name: `Uses ${lane}`, resources: [other, lane] });
      return { lane, other, product };
    }

    const booking = (lane: string, input: Partial<BookingInput>): BookingInput => ({
      productId,
      status: 'paid',
      startsAt: hoursFromNow(24),
      endsAt: hoursFromNow(25),
      resourceIds: [lane],
      ...input,
    });

    for (const status of ['new', 'wait_for_payment', 'paid'] as const) {
      it(`is refused with 409 while a ${status} booking not over yet holds it; nothing is written`, async () => {
        const { lane, product } = await laneWithProduct();
        await insertBooking(t, venue.id, booking(lane, { status }));
        const response = await expectNoWrites(t, () => venue.manager.delete(itemUrl('resources', lane)));
        expectConflict(response, LANE_DELETE_BLOCKED);
        expect(response.json()).toMatchObject({
          message: 'The lane with upcoming bookings cannot be deleted',
          code: 'lane_has_upcoming_bookings',
        });
        expect((await getItem(venue.staff, 'resources', lane)).id).toBe(lane);
        expect(await getItem(venue.staff, 'products', product.id as string)).toEqual(product);
      });
    }

    it('is refused while a booking that started already is still going on', async () => {
      const { lane } = await laneWithProduct();
      await insertBooking(t, venue.id, booking(lane, { startsAt: hoursFromNow(-1), endsAt: hoursFromNow(1) }));
      expectConflict(await venue.owner.delete(itemUrl('resources', lane)), LANE_DELETE_BLOCKED);
    });

    it('is refused when the booking holds several lanes, this one among them', async () => {
      const { lane, other } = await laneWithProduct();
      await insertBooking(t, venue.id, booking(lane, { resourceIds: [other, lane] }));
      expectConflict(await venue.owner.delete(itemUrl('resources', lane)), LANE_DELETE_BLOCKED);
    });

    it('is allowed when the only bookings are over, canceled or abandoned, or hold other lanes', async () => {
      const { lane, other, product } = await laneWithProduct();
      await insertBooking(t, venue.id, booking(lane, { startsAt: hoursFromNow(-3), endsAt: hoursFromNow(-2) }));
      await insertBooking(t, venue.id, booking(lane, { status: 'canceled' }));
      await insertBooking(t, venue.id, booking(lane, { status: 'abandoned' }));
      // A lane whose id only starts like this one's.
      await create(venue.owner, 'resources', { id: `${lane}0` });
      await insertBooking(t, venue.id, booking(`${lane}0`, {}));
      await insertBooking(t, venue.id, booking(other, {}));
      const response = await venue.manager.delete(itemUrl('resources', lane));
      expect(response.statusCode, response.body).toBe(204);
      expect((await venue.staff.get(itemUrl('resources', lane))).statusCode).toBe(404);
      // The product stops offering it, in the same delete; the other lane stays.
      const after = await getItem(venue.staff, 'products', product.id as string);
      expect(after.resources).toEqual([other]);
      expect({ ...after, resources: product.resources, updatedAt: product.updatedAt }).toEqual(product);
    });

    it('a booking of another venue holding a lane with the same id does not block it', async () => {
      const id = `Lane ${uniqueKey()}`;
      await create(venue.owner, 'resources', { id });
      const bowlProduct = (await list(bowlOwner, 'products')).items[0].id as string;
      await create(bowlOwner, 'resources', { id });
      await insertBooking(t, 'demo-bowl', { productId: bowlProduct, status: 'paid', startsAt: hoursFromNow(2), resourceIds: [id] });
      expect((await venue.owner.delete(itemUrl('resources', id))).statusCode).toBe(204);
      // demo-bowl's lane, still booked, cannot go.
      expectConflict(await bowlOwner.delete(itemUrl('resources', id)), LANE_DELETE_BLOCKED);
    });

    it('removes the lane from every product of the venue that offered it, and from no product of another venue', async () => {
      const id = `Lane ${uniqueKey()}`;
      await create(venue.owner, 'resources', { id });
      await create(venue.owner, 'resources', { id: `${id} b` });
      const first = await create(venue.owner, 'products', { name: 'First', resources: [id] });
      const second = await create(venue.owner, 'products', { name: 'Second', resources: [`${id} b`, id] });
      const untouched = await create(venue.owner, 'products', { name: 'Untouched', resources: [`${id} b`] });
      await create(bowlOwner, 'resources', { id });
      const bowlProduct = await create(bowlOwner, 'products', { name: `Bowl ${id}`, resources: [id] });

      expect((await venue.owner.delete(itemUrl('resources', id))).statusCode).toBe(204);
      expect((await getItem(venue.staff, 'products', first.id as string)).resources).toEqual([]);
      expect((await getItem(venue.staff, 'products', second.id as string)).resources).toEqual([`${id} b`]);
      expect(await getItem(venue.staff, 'products', untouched.id as string)).toEqual(untouched);
      expect(await getItem(bowlOwner, 'products', bowlProduct.id as string)).toEqual(bowlProduct);
      const [row] = await t.db
        .select()
        .from(resources)
        .where(and(eq(resources.venueId, venue.id), eq(resources.id, id)));
      expect(row).toBeUndefined();
    });

    it('a deleted lane cannot be offered by a product any more', async () => {
      const id = `Lane ${uniqueKey()}`;
      await create(venue.owner, 'resources', { id });
      expect((await venue.owner.delete(itemUrl('resources', id))).statusCode).toBe(204);
      const response = await expectNoWrites(t, () => venue.owner.post(base('products'), { name: 'Late', resources: [id] }));
      expectFieldError(response, 'resources', `Lane '${id}' not found`);
    });
  });
});
