import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { addDays, DEFAULT_PERMISSIONS, productDefaults, venueToday, weekdayOf } from '@lanebook/core';
import type { CalendarAnswer, PopulateAnswer, Slot, SlotGroup } from '@lanebook/core/calendar-schemas';
import { bookingLanes, bookings, products, promocodes, resources, slots, upsellItems, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites, withoutRole } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

const ZONE = 'America/New_York';
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const template = (weekday: number, from: string, to: string, extra: Record<string, unknown> = {}) => ({ weekday, from, to, ...extra });

/** A live venue with four lanes and two products: A on lanes 1-3, B on lanes 3-4 (lane 3 is shared). */
async function setUp(t: TestServer) {
  const venue = await t.addVenue({
    permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'calendar', ['create', 'edit', 'delete', 'setNonWorkingDays']),
  });
  await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, venue.id));
  await t.db.insert(resources).values(['L1', 'L2', 'L3', 'L4'].map((id) => ({ venueId: venue.id, id, capacity: 6, minCapacity: 1 })));
  const product = async (lanes: string[], extra: Partial<typeof products.$inferInsert> = {}) => {
    const id = randomUUID();
    await t.db
      .insert(products)
      .values({ ...productDefaults, venueId: venue.id, id, name: `P ${id}`, isPaused: false, price: 1000, resources: lanes, ...extra });
    return id;
  };
  const a = await product(['L1', 'L2', 'L3']);
  const b = await product(['L3', 'L4']);
  const today = venueToday(ZONE);
  return { venue, a, b, product, today, url: (productId: string) => `/api/private/product/${productId}` };
}

describeEachDatabase('calendar', (t) => {
  it('creates and replaces a slot group; bad plans are 400 naming the field, with nothing written', async () => {
    const { venue, a, today, url } = await setUp(t);
    const put = await venue.manager.put(`${url(a)}/slot-group/g1`, { startDate: today, templates: [template(1, '10:00', '11:00')] });
    expect(put.statusCode, put.body).toBe(200);
    const group = put.json<SlotGroup>();
    expect(group.templates[0]).toMatchObject({
      weekday: 1,
      from: '10:00',
      to: '11:00',
      breakTime: null,
      isPrivate: false,
      isVisibleOnline: true,
    });
    expect(group.templates[0].id).toBeTruthy();
    const replaced = await venue.manager.put(`${url(a)}/slot-group/g1`, {
      startDate: today,
      templates: [template(1, '10:00', '11:00'), template(1, '11:00', '12:00')],
    });
    expect(replaced.json<SlotGroup>().templates).toHaveLength(2);
    // The product's plans read back, for every member (staff included); another product has none.
    const listed = await venue.staff.get(`${url(a)}/slot-groups`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual({ items: [replaced.json()], total: 1 });

    await expectNoWrites(t, async () => {
      const send = (body: unknown) => venue.manager.put(`${url(a)}/slot-group/g2`, body);
      expectFieldError(await send({ startDate: today, templates: [template(1, '11:00', '10:00')] }), 'templates.0.to');
      expectFieldError(
        await send({ startDate: today, templates: [template(1, '10:00', '12:00'), template(1, '11:00', '13:00')] }),
        'templates.1.from',
      );
      expectFieldError(await send({ startDate: today, templates: [template(1, '25:00', '26:00')] }), 'templates.0.from');
      expectFieldError(await send({ startDate: '2026-02-30', templates: [] }), 'startDate');
      expect((await venue.staff.put(`${url(a)}/slot-group/g2`, { startDate: today, templates: [] })).statusCode).toBe(403);
    });
  });

  it('populates idempotently, skipping holidays and venue non-working days; refuses ranges over a year', async () => {
    const { venue, a, today, url } = await setUp(t);
    const holiday = addDays(today, 3);
    const closed = addDays(today, 4);
    await t.db
      .update(products)
      .set({ holidays: [holiday] })
      .where(eq(products.id, a));
    expect((await venue.manager.put(`/api/private/calendar/non-working-days/${closed}`)).statusCode).toBe(200);
    await venue.manager.put(`${url(a)}/slot-group/g1`, {
      startDate: today,
      templates: ALL_WEEK.map((d) => template(d, '18:00', '19:00')),
    });
    const range = { from: addDays(today, 1), to: addDays(today, 7) };
    const first = await venue.manager.post(`${url(a)}/slot-group/g1/populate`, range);
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json<PopulateAnswer>();
    expect(answer).toMatchObject({ created: 5, updated: 0, deleted: 0, keptBooked: [] });
    expect(answer.skipped).toEqual(
      expect.arrayContaining([
        { date: holiday, reason: 'product holiday' },
        { date: closed, reason: 'venue non-working day' },
      ]),
    );
    const again = await venue.manager.post(`${url(a)}/slot-group/g1/populate`, range);
    expect(again.json<PopulateAnswer>()).toMatchObject({ created: 0, updated: 0, deleted: 0 });
    expect(await t.db.select().from(slots).where(eq(slots.productId, a))).toHaveLength(5);

    // A changed plan updates the unbooked slots and deletes what it no longer makes, but leaves a booked one.
    const made = await t.db.select().from(slots).where(eq(slots.productId, a));
    const booked = made[0];
    await t.db.insert(bookings).values({
      venueId: venue.id,
      id: 'bk-1',
      productId: a,
      status: 'paid',
      startsAt: booked.startsAt,
      endsAt: booked.endsAt,
      slotIds: [booked.id],
      resourceIds: ['L1'],
    });
    const kept = weekdayOf(booked.date);
    await venue.manager.put(`${url(a)}/slot-group/g1`, {
      startDate: today,
      templates: ALL_WEEK.filter((d) => d !== kept).map((d) => template(d, '18:00', '19:00', { price: 1500 })),
    });
    // Templates at the same weekday and times keep their ids (decision 034), so the unbooked slots are repriced in
    // place; the booked slot's weekday is no longer planned, and it stays.
    const changed = (await venue.manager.post(`${url(a)}/slot-group/g1/populate`, range)).json<PopulateAnswer>();
    expect(changed.keptBooked.map((s) => s.id)).toEqual([booked.id]);
    expect(changed).toMatchObject({ created: 0, updated: 4, deleted: 0 });
    expect((await t.db.select().from(slots).where(eq(slots.productId, a))).filter((s) => s.price === 1500)).toHaveLength(4);

    await expectNoWrites(t, async () => {
      expectFieldError(await venue.manager.post(`${url(a)}/slot-group/g1/populate`, { from: today, to: addDays(today, 366) }), 'to');
      expectFieldError(await venue.manager.post(`${url(a)}/slot-group/g1/populate`, { from: 'soon', to: today }), 'from');
      expect((await venue.staff.post(`${url(a)}/slot-group/g1/populate`, range)).statusCode).toBe(403);
      // The group cannot go while the booked slot is to come.
      const refused = await venue.manager.delete(`${url(a)}/slot-group/g1`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/bookings/);
    });
    await t.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, 'bk-1'));
    expect((await venue.manager.delete(`${url(a)}/slot-group/g1`)).statusCode).toBe(204);
    expect(await t.db.select().from(slots).where(eq(slots.productId, a))).toHaveLength(0);
  });

  it('populate through a spring-forward day leaves the missing time out and says so; a fall-back time is one slot', async () => {
    const { venue, a, url } = await setUp(t);
    // 2027-03-14 and 2027-11-07 are the clock changes in New York.
    await venue.manager.put(`${url(a)}/slot-group/dst`, {
      startDate: '2027-03-01',
      templates: [template(0, '01:30', '02:00'), template(0, '02:30', '03:30')],
    });
    const spring = (
      await venue.manager.post(`${url(a)}/slot-group/dst/populate`, { from: '2027-03-14', to: '2027-03-14' })
    ).json<PopulateAnswer>();
    expect(spring.created).toBe(1);
    expect(spring.skipped).toEqual([{ date: '2027-03-14', from: '02:30', reason: 'clock change' }]);
    const fall = (
      await venue.manager.post(`${url(a)}/slot-group/dst/populate`, { from: '2027-11-07', to: '2027-11-07' })
    ).json<PopulateAnswer>();
    expect(fall).toMatchObject({ created: 2, skipped: [] });
    const early = (await t.db.select().from(slots).where(eq(slots.productId, a))).find(
      (s) => s.date === '2027-11-07' && s.from === '01:30',
    )!;
    expect(early.startsAt.toISOString()).toBe('2027-11-07T05:30:00.000Z');
  });

  it('two populates at once make each slot once; a plan overlapping a slot added by hand is a 409 with nothing written', async () => {
    const { venue, a, today, url } = await setUp(t);
    await venue.manager.put(`${url(a)}/slot-group/g1`, { startDate: today, templates: ALL_WEEK.map((d) => template(d, '18:00', '19:00')) });
    const range = { from: addDays(today, 1), to: addDays(today, 14) };
    const both = await Promise.all([1, 2].map(() => venue.manager.post(`${url(a)}/slot-group/g1/populate`, range)));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(both.map((r) => r.json<PopulateAnswer>().created).sort()).toEqual([0, 14]);
    expect(await t.db.select().from(slots).where(eq(slots.productId, a))).toHaveLength(14);

    await venue.manager.post(`${url(a)}/slot`, { date: addDays(today, 20), from: '18:30', to: '19:30' });
    await expectNoWrites(t, async () => {
      const clash = await venue.manager.post(`${url(a)}/slot-group/g1/populate`, { from: addDays(today, 15), to: addDays(today, 21) });
      expect(clash.statusCode).toBe(409);
      expect(clash.json().message).toMatch(/overlaps another slot/);
    });
  });

  it('adds, edits and deletes one slot: gap starts, overlaps and booked slots are refused', async () => {
    const { venue, a, today, url } = await setUp(t);
    const date = addDays(today, 2);
    const created = await venue.manager.post(`${url(a)}/slot`, { date, from: '10:00', to: '11:00' });
    expect(created.statusCode, created.body).toBe(201);
    const slot = created.json<Slot>();
    expect(slot).toMatchObject({ date, from: '10:00', to: '11:00', price: null, isPrivate: false });

    await expectNoWrites(t, async () => {
      const overlap = await venue.manager.post(`${url(a)}/slot`, { date, from: '10:30', to: '11:30' });
      expect(overlap.statusCode).toBe(409);
      expect(overlap.json().message).toMatch(/overlaps another slot/);
      expectFieldError(await venue.manager.post(`${url(a)}/slot`, { date: '2030-03-10', from: '02:30', to: '03:30' }), 'from');
      expectFieldError(await venue.manager.post(`${url(a)}/slot`, { date, from: '12:00', to: '12:00' }), 'to');
      expect((await venue.staff.post(`${url(a)}/slot`, { date, from: '12:00', to: '13:00' })).statusCode).toBe(403);
    });

    const moved = await venue.manager.patch(`${url(a)}/slot/${slot.id}`, { from: '12:00', to: '13:00', price: 2000 });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Slot>()).toMatchObject({ from: '12:00', to: '13:00', price: 2000 });

    await t.db.insert(bookings).values({
      venueId: venue.id,
      id: 'bk-slot',
      productId: a,
      status: 'new',
      startsAt: new Date(moved.json<Slot>().startsAt),
      endsAt: new Date(moved.json<Slot>().endsAt),
      slotIds: [slot.id],
    });
    expect((await venue.manager.patch(`${url(a)}/slot/${slot.id}`, { from: '14:00', to: '15:00' })).statusCode).toBe(409);
    const refused = await venue.manager.delete(`${url(a)}/slot/${slot.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/booking is on this slot/);
    await t.db.update(bookings).set({ status: 'abandoned' }).where(eq(bookings.id, 'bk-slot'));
    expect((await venue.staff.delete(`${url(a)}/slot/${slot.id}`)).statusCode).toBe(403);
    expect((await venue.manager.delete(`${url(a)}/slot/${slot.id}`)).statusCode).toBe(204);
  });

  it("another venue's product, group and slot are 404", async () => {
    const mine = await setUp(t);
    const other = await setUp(t);
    const slot = (
      await other.venue.manager.post(`${other.url(other.a)}/slot`, { date: addDays(other.today, 2), from: '10:00', to: '11:00' })
    ).json<Slot>();
    await other.venue.manager.put(`${other.url(other.a)}/slot-group/og`, { startDate: other.today, templates: [] });
    await expectNoWrites(t, async () => {
      const m = mine.venue.manager;
      expect((await m.put(`${mine.url(other.a)}/slot-group/og`, { startDate: mine.today, templates: [] })).statusCode).toBe(404);
      expect((await m.delete(`${mine.url(other.a)}/slot-group/og`)).statusCode).toBe(404);
      expect((await m.get(`${mine.url(other.a)}/slot-groups`)).statusCode).toBe(404);
      expect((await m.post(`${mine.url(other.a)}/slot-group/og/populate`, { from: mine.today, to: mine.today })).statusCode).toBe(404);
      expect((await m.post(`${mine.url(mine.a)}/slot-group/og/populate`, { from: mine.today, to: mine.today })).statusCode).toBe(404);
      expect((await m.patch(`${mine.url(mine.a)}/slot/${slot.id}`, { price: 1 })).statusCode).toBe(404);
      expect((await m.delete(`${mine.url(other.a)}/slot/${slot.id}`)).statusCode).toBe(404);
      expect((await m.post(`${mine.url(other.a)}/slot`, { date: mine.today, from: '10:00', to: '11:00' })).statusCode).toBe(404);
    });
  });

  it('the staff calendar shows lanes taken across products and the bookings in each slot', async () => {
    const { venue, a, b, today, url } = await setUp(t);
    const date = addDays(today, 2);
    const slotA = (await venue.manager.post(`${url(a)}/slot`, { date, from: '10:00', to: '11:00', isPrivate: true })).json<Slot>();
    const slotB = (await venue.manager.post(`${url(b)}/slot`, { date, from: '10:00', to: '11:00' })).json<Slot>();
    await t.db.insert(bookings).values({
      venueId: venue.id,
      id: 'bk-a',
      productId: a,
      status: 'paid',
      startsAt: new Date(slotA.startsAt),
      endsAt: new Date(slotA.endsAt),
      slotIds: [slotA.id],
      resourceIds: ['L3'],
      playersCount: 4,
      reservationInfo: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    await t.db.insert(bookingLanes).values({
      venueId: venue.id,
      bookingId: 'bk-a',
      resourceId: 'L3',
      startsAt: new Date(slotA.startsAt),
      blockedUntil: new Date(slotA.endsAt),
    });
    await venue.manager.put(`/api/private/calendar/non-working-days/${addDays(today, 3)}`);
    const response = await venue.staff.get('/api/private/product/calendar', { query: { from: today, to: addDays(today, 6) } });
    expect(response.statusCode, response.body).toBe(200);
    const calendar = response.json<CalendarAnswer>();
    expect(calendar.nonWorkingDays).toEqual([addDays(today, 3)]);
    const day = calendar.days.find((d) => d.dateIso === date)!;
    const shownA = day.slots.find((s) => s.id === slotA.id)!;
    const shownB = day.slots.find((s) => s.id === slotB.id)!;
    expect(shownA).toMatchObject({ isPrivate: true, lanesTotal: 3, lanesTaken: 1, lanesFree: 2 });
    expect(shownA.bookings).toEqual([
      {
        id: 'bk-a',
        name: 'Ada Lovelace',
        status: 'paid',
        playersCount: 4,
        resourceIds: ['L3'],
        presenceStatus: 'no',
        numberOfSignedWaivers: 0,
        waiverRequired: false,
      },
    ]);
    // Lane 3 is shared: product A's booking takes it for product B too.
    expect(shownB).toMatchObject({ lanesTotal: 2, lanesTaken: 1, lanesFree: 1, bookings: [] });
    const onlyB = (
      await venue.staff.get('/api/private/product/calendar', { query: { from: date, to: date, productIds: b } })
    ).json<CalendarAnswer>();
    expect(onlyB.days[0].slots.map((s) => s.id)).toEqual([slotB.id]);
    expectFieldError(await venue.staff.get('/api/private/product/calendar', { query: { from: 'x', to: date } }), 'from');
    expect((await venue.staff.put(`/api/private/calendar/non-working-days/${date}`)).statusCode).toBe(403);
    const reopened = await venue.manager.delete(`/api/private/calendar/non-working-days/${addDays(today, 3)}`);
    expect(reopened.json()).toEqual({ date: addDays(today, 3), isNonWorking: false });
  });

  it("the lane view's bookings carry who is in and the waivers signed of the players, where the product asks for one; another venue's stay out", async () => {
    const { venue, a, b, today, url } = await setUp(t);
    const other = await setUp(t);
    await t.db.update(products).set({ activeWaiverId: 'waiver-desk' }).where(eq(products.id, a));
    const date = addDays(today, 2);
    const slotA = (await venue.manager.post(`${url(a)}/slot`, { date, from: '18:00', to: '19:00' })).json<Slot>();
    const slotB = (await venue.manager.post(`${url(b)}/slot`, { date, from: '18:00', to: '19:00' })).json<Slot>();
    const otherSlot = (await other.venue.manager.post(`${other.url(other.a)}/slot`, { date, from: '18:00', to: '19:00' })).json<Slot>();
    const book = (venueId: string, id: string, productId: string, slot: Slot, lane: string, extra: Partial<typeof bookings.$inferInsert>) =>
      t.db.insert(bookings).values({
        venueId,
        id,
        productId,
        status: 'paid',
        startsAt: new Date(slot.startsAt),
        endsAt: new Date(slot.endsAt),
        slotIds: [slot.id],
        resourceIds: [lane],
        playersCount: 4,
        reservationInfo: { firstName: 'Grace', lastName: `Hopper ${id}` },
        ...extra,
      });
    await book(venue.id, 'bk-in', a, slotA, 'L1', { presenceStatus: 'partially', numberOfSignedWaivers: 2 });
    await book(venue.id, 'bk-free', b, slotB, 'L4', { presenceStatus: 'fully', numberOfSignedWaivers: 0 });
    await book(other.venue.id, 'bk-elsewhere', other.a, otherSlot, 'L1', {});

    const response = await venue.staff.get('/api/private/product/calendar', { query: { from: date, to: date } });
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json<CalendarAnswer>().days.flatMap((day) => day.slots.flatMap((slot) => slot.bookings));
    expect(shown.map((booking) => booking.id).sort()).toEqual(['bk-free', 'bk-in']);
    expect(shown.find((booking) => booking.id === 'bk-in')).toMatchObject({
      name: 'Grace Hopper bk-in',
      presenceStatus: 'partially',
      numberOfSignedWaivers: 2,
      playersCount: 4,
      waiverRequired: true,
    });
    // Product B asks for no waiver: nothing to sign, whatever the count.
    expect(shown.find((booking) => booking.id === 'bk-free')).toMatchObject({ presenceStatus: 'fully', waiverRequired: false });
  });

  it('public dates and slots: lane sharing, break time, cutoff, private slots and non-working days', async () => {
    const { venue, a, b, product, today, url } = await setUp(t);
    await t.db.update(products).set({ maxPlayers: 12 }).where(eq(products.id, b));
    const date = addDays(today, 5);
    const month = date.slice(0, 7);
    const add = (productId: string, from: string, to: string, extra: Record<string, unknown> = {}) =>
      venue.manager.post(`${url(productId)}/slot`, { date, from, to, ...extra }).then((r) => r.json<Slot>());
    const slotB = await add(b, '10:00', '11:00');
    const privateB = await add(b, '12:00', '13:00', { isPrivate: true });
    const hiddenB = await add(b, '13:00', '14:00', { isVisibleOnline: false });
    const laterB = await add(b, '11:00', '12:00');

    const slotsOf = async (productId: string, query: Record<string, string>) => {
      const response = await t.request('GET', `/api/public/product/${productId}/slots`, { query: { date, playersCount: '2', ...query } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ slots: { id: string; freeLanes: number; lanesNeeded: number; price: number }[] }>().slots;
    };
    const before = await slotsOf(b, {});
    expect(before.map((s) => s.id)).toEqual([slotB.id, laterB.id]);
    expect(before[0]).toMatchObject({ freeLanes: 2, lanesTotal: 2, lanesNeeded: 1, price: 2000 });
    expect(before.map((s) => s.id)).not.toContain(privateB.id);
    expect(before.map((s) => s.id)).not.toContain(hiddenB.id);

    // A booking of product A on lane 3 (shared) from 09:00 to 10:30: lane 3 is busy for B's 10:00 slot.
    await t.db.insert(bookings).values({
      venueId: venue.id,
      id: 'bk-share',
      productId: a,
      status: 'paid',
      startsAt: new Date(slotB.startsAt),
      endsAt: new Date(slotB.endsAt),
      resourceIds: ['L3'],
    });
    await t.db.insert(bookingLanes).values({
      venueId: venue.id,
      bookingId: 'bk-share',
      resourceId: 'L3',
      startsAt: new Date(new Date(slotB.startsAt).getTime() - 3600_000),
      blockedUntil: new Date(new Date(slotB.startsAt).getTime() + 30 * 60_000),
    });
    const shared = await slotsOf(b, {});
    expect(shared.find((s) => s.id === slotB.id)).toMatchObject({ freeLanes: 1, lanesTotal: 2 });
    expect(shared.find((s) => s.id === laterB.id)!.freeLanes).toBe(2);
    // The booking itself being moved does not count against it.
    expect((await slotsOf(b, { bookingId: 'bk-share' })).find((s) => s.id === slotB.id)!.freeLanes).toBe(2);
    // Seven players need both lanes; with lane 3 taken the 10:00 slot is gone.
    expect((await slotsOf(b, { playersCount: '7' })).map((s) => s.id)).toEqual([laterB.id]);

    // Break time widens a slot: 08:00-08:55 with a 60-minute break reaches into the hold from 09:00.
    const early = await add(b, '08:00', '08:55', { breakTime: 60 });
    const withBreak = await slotsOf(b, {});
    expect(withBreak.find((s) => s.id === early.id)!.freeLanes).toBe(1);

    // Players count outside the product's min and max.
    const tooMany = await t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '7000' } });
    expectFieldError(tooMany, 'playersCount');
    await t.db.update(products).set({ maxPlayers: 3 }).where(eq(products.id, b));
    expectFieldError(await t.request('GET', `/api/public/product/${b}/dates`, { query: { month, playersCount: '4' } }), 'playersCount');
    await t.db.update(products).set({ maxPlayers: 12 }).where(eq(products.id, b));

    const dates = await t.request('GET', `/api/public/product/${b}/dates`, { query: { month, playersCount: '2' } });
    expect(dates.statusCode, dates.body).toBe(200);
    expect(dates.json().dates).toContain(date);
    await venue.manager.put(`/api/private/calendar/non-working-days/${date}`);
    const closed = await t.request('GET', `/api/public/product/${b}/dates`, { query: { month, playersCount: '2' } });
    expect(closed.json().dates).not.toContain(date);
    await venue.manager.delete(`/api/private/calendar/non-working-days/${date}`);

    // Cutoff: a product whose cutoff is beyond the slot hides it.
    const soon = await product(['L4'], { cutoffTime: 24 * 30 });
    await venue.manager.post(`${url(soon)}/slot`, { date, from: '10:00', to: '11:00' });
    expect(await slotsOf(soon, {})).toEqual([]);

    // Unknown, paused, or in a venue that is not live: 404.
    expect((await t.request('GET', `/api/public/product/nope/slots`, { query: { date, playersCount: '2' } })).statusCode).toBe(404);
    await t.db.update(products).set({ isPaused: true }).where(eq(products.id, a));
    expect((await t.request('GET', `/api/public/product/${a}/slots`, { query: { date, playersCount: '2' } })).statusCode).toBe(404);
    await t.db.update(venues).set({ status: 'pending' }).where(eq(venues.id, venue.id));
    expect((await t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '2' } })).statusCode).toBe(404);
  });

  it('a public slots or dates call reads the slots once, then answers from memory; a move reads its holds too', async () => {
    // The slots carry their lanes held (decision 015); the product's venue, the product and its
    // lanes are in memory after the first call; an answer asked again is too.
    const { venue, b, today, url } = await setUp(t);
    const date = addDays(today, 5);
    await venue.manager.post(`${url(b)}/slot`, { date, from: '10:00', to: '11:00' });
    const ask = () => t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '2' } });
    const first = await ask();
    expect(first.statusCode).toBe(200);
    const client = (t.db as unknown as { session: { client: { query: (...args: unknown[]) => unknown } } }).session.client;
    const spy = vi.spyOn(client, 'query');
    // The background jobs' look for ready jobs shares the client: only this call's reads count.
    const reads = () =>
      spy.mock.calls.filter(([query]) => !String(typeof query === 'string' ? query : (query as { text?: string })?.text).includes('pgboss'))
        .length;
    try {
      const again = await ask();
      expect(again.statusCode).toBe(200);
      expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(again.json()).toEqual(first.json());
      expect(reads()).toBe(0);
      const other = await t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '3' } });
      expect(other.statusCode).toBe(200);
      expect(reads()).toBe(1);
      spy.mockClear();
      const month = await t.request('GET', `/api/public/product/${b}/dates`, { query: { month: date.slice(0, 7), playersCount: '2' } });
      expect(month.statusCode).toBe(200);
      expect(reads()).toBe(1);
      spy.mockClear();
      for (let i = 0; i < 2; i += 1) {
        const moving = await t.request('GET', `/api/public/product/${b}/dates`, {
          query: { month: date.slice(0, 7), playersCount: '2', bookingId: 'any' },
        });
        expect(moving.statusCode).toBe(200);
      }
      expect(reads()).toBe(4);
    } finally {
      spy.mockRestore();
    }
  });

  it('public answers kept in memory follow every change: lanes held, slots, closed days, the product, its lanes, and the cutoff passing', async () => {
    const { venue, b, today, url } = await setUp(t);
    const date = addDays(today, 5);
    const month = date.slice(0, 7);
    const slot = (await venue.manager.post(`${url(b)}/slot`, { date, from: '10:00', to: '11:00' })).json<Slot>();
    const slotsOf = async () => {
      const response = await t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '2' } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ slots: { id: string; freeLanes: number; price: number }[] }>().slots;
    };
    const datesOf = async () => {
      const response = await t.request('GET', `/api/public/product/${b}/dates`, { query: { month, playersCount: '2' } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ dates: string[] }>().dates;
    };
    expect(await slotsOf()).toMatchObject([{ id: slot.id, freeLanes: 2, price: 2000 }]);
    expect(await datesOf()).toEqual([date]);

    // A lane held (written straight to the database, as a job or another process would).
    await t.db.insert(bookings).values({
      venueId: venue.id,
      id: 'bk-kept',
      productId: b,
      status: 'paid',
      startsAt: new Date(slot.startsAt),
      endsAt: new Date(slot.endsAt),
      resourceIds: ['L3'],
    });
    await t.db.insert(bookingLanes).values({
      venueId: venue.id,
      bookingId: 'bk-kept',
      resourceId: 'L3',
      startsAt: new Date(slot.startsAt),
      blockedUntil: new Date(slot.endsAt),
    });
    expect((await slotsOf())[0].freeLanes).toBe(1);
    await t.db.delete(bookingLanes).where(eq(bookingLanes.bookingId, 'bk-kept'));
    expect((await slotsOf())[0].freeLanes).toBe(2);
    // The slot's price, then a lane paused, then the product's price.
    await venue.manager.patch(`${url(b)}/slot/${slot.id}`, { price: 1500 });
    expect((await slotsOf())[0].price).toBe(3000);
    await t.db.update(resources).set({ isPaused: true }).where(eq(resources.id, 'L4'));
    expect((await slotsOf())[0].freeLanes).toBe(1);
    await venue.manager.patch(`${url(b)}/slot/${slot.id}`, { price: null });
    await t.db.update(products).set({ price: 700 }).where(eq(products.id, b));
    expect((await slotsOf())[0].price).toBe(1400);
    // The venue closed that day.
    await venue.manager.put(`/api/private/calendar/non-working-days/${date}`);
    expect(await slotsOf()).toEqual([]);
    expect(await datesOf()).toEqual([]);
    await venue.manager.delete(`/api/private/calendar/non-working-days/${date}`);
    expect(await datesOf()).toEqual([date]);
    // The product paused: the public path does not find it; back again, it does.
    await t.db.update(products).set({ isPaused: true }).where(eq(products.id, b));
    expect((await t.request('GET', `/api/public/product/${b}/slots`, { query: { date, playersCount: '2' } })).statusCode).toBe(404);
    await t.db.update(products).set({ isPaused: false }).where(eq(products.id, b));
    expect(await slotsOf()).toHaveLength(1);

    // Time alone: once the slot passes the product's cutoff the kept answer no longer holds.
    const cutoffTime = 2;
    await t.db.update(products).set({ cutoffTime }).where(eq(products.id, b));
    expect(await slotsOf()).toHaveLength(1);
    expect(await datesOf()).toEqual([date]);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(slot.startsAt).getTime() - cutoffTime * 3600_000 });
    try {
      expect(await slotsOf()).toEqual([]);
      expect(await datesOf()).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('public price: a quote of consecutive slots; unknown promocode is a 400 naming promocode', async () => {
    const { venue, b, today, url } = await setUp(t);
    const date = addDays(today, 5);
    const first = (await venue.manager.post(`${url(b)}/slot`, { date, from: '10:00', to: '11:00' })).json<Slot>();
    const second = (await venue.manager.post(`${url(b)}/slot`, { date, from: '11:00', to: '12:00', price: 1500 })).json<Slot>();
    const gap = (await venue.manager.post(`${url(b)}/slot`, { date, from: '13:00', to: '14:00' })).json<Slot>();
    await t.db.insert(promocodes).values({
      venueId: venue.id,
      id: randomUUID(),
      code: 'HALF',
      discount: 50,
      discountType: 'percent',
      taxBehaviour: 'before',
    });
    const price = (query: Record<string, string>) =>
      t.request('GET', `/api/public/product/${b}/price`, { query: { playersCount: '2', ...query } });
    const quote = await price({ slots: `${first.id},${second.id}` });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json()).toMatchObject({ subtotal: 2000 + 3000, total: 5000, dueNow: 5000 });
    expect((await price({ slots: `${first.id},${second.id}`, promocode: 'half' })).json()).toMatchObject({ total: 2500 });
    expectFieldError(await price({ slots: first.id, promocode: 'NOPE' }), 'promocode');
    await t.db.update(promocodes).set({ useCount: 1 }).where(eq(promocodes.code, 'HALF'));
    expectFieldError(await price({ slots: first.id, promocode: 'HALF' }), 'promocode');
    await t.db.insert(upsellItems).values({ venueId: venue.id, id: 'pizza', name: 'Pizza', price: 700 });
    const withPizza = await price({ slots: first.id, upsellItems: 'pizza:2' });
    expect(withPizza.json()).toMatchObject({ subtotal: 2000 + 1400, total: 3400 });
    expectFieldError(await price({ slots: first.id, upsellItems: 'nope:1' }), 'upsellItems');
    // An unknown affiliate in a tracked link is left out, not refused (decision 031).
    const stale = await price({ slots: first.id, affiliateId: 'nobody' });
    expect(stale.statusCode, stale.body).toBe(200);
    expect(stale.json()).toMatchObject({ subtotal: 2000, total: 2000, affiliateDiscount: 0 });
    expectFieldError(await price({ slots: `${first.id},${gap.id}` }), 'slots');
    expectFieldError(await price({ slots: first.id, playersCount: '99' }), 'playersCount');
  });

  it("staff price: the front desk's quote covers private slots the public price refuses; it needs bookings.create", async () => {
    const { venue, b, today, url } = await setUp(t);
    const hidden = (
      await venue.manager.post(`${url(b)}/slot`, { date: addDays(today, 3), from: '10:00', to: '11:00', isPrivate: true })
    ).json<Slot>();
    const query = { playersCount: '2', slots: hidden.id };
    const publicQuote = await t.request('GET', `/api/public/product/${b}/price`, { query });
    expect(publicQuote.statusCode, publicQuote.body).toBe(409);
    expect(publicQuote.json()).toMatchObject({ code: 'slot_unavailable' });
    const staffQuote = await venue.staff.get(`/api/private/product/${b}/price`, { query });
    expect(staffQuote.statusCode, staffQuote.body).toBe(200);
    expect(staffQuote.json()).toMatchObject({ subtotal: 2000, total: 2000 });
    expectFieldError(await venue.staff.get(`/api/private/product/${b}/price`, { query: { ...query, playersCount: '99' } }), 'playersCount');
    const other = await t.addVenue();
    expect((await other.owner.get(`/api/private/product/${b}/price`, { query })).statusCode).toBe(404);
    await t.db
      .update(venues)
      .set({ permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'bookings', ['create']) })
      .where(eq(venues.id, venue.id));
    expect((await venue.staff.get(`/api/private/product/${b}/price`, { query })).statusCode).toBe(403);
  });
});
