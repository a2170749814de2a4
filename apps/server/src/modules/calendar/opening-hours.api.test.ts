import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { addDays, DEFAULT_PERMISSIONS, productDefaults, venueToday } from '@lanebook/core';
import type { KeepPopulatedAnswer, PopulateRun, SlotGroup, SlotGroupSaved } from '@lanebook/core/calendar-schemas';
import { products, resources, slots, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites, withoutRole } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';
import { slotGroups } from './schema.js';
import { runPopulate, STALE_RUN_MS } from './populate-runs.js';
import { topUpKeptCalendars } from './top-up.js';

const ZONE = 'America/New_York';
const ALL_WEEK = [0, 1, 2, 3, 4, 5, 6];
const DAY_MS = 24 * 3600_000;
const tenToEight = (weekdays = ALL_WEEK, over: Record<string, unknown> = {}) => ({
  days: weekdays.map((weekday) => ({ weekday, ranges: [{ from: '10:00', to: '20:00' }] })),
  slotMinutes: 60,
  stepMinutes: 60,
  ...over,
});
const HOURS = ['10:00', '11:00', '12:00', '13:00', '14:00', '15:00', '16:00', '17:00', '18:00', '19:00'];

/** A live venue (America/New_York) with two lanes and a product on them; staff may not change the calendar. */
async function setUp(t: TestServer) {
  const venue = await t.addVenue({
    permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'calendar', ['create', 'edit', 'delete', 'setNonWorkingDays']),
  });
  await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, venue.id));
  await t.db.insert(resources).values(['L1', 'L2'].map((id) => ({ venueId: venue.id, id, capacity: 6, minCapacity: 1 })));
  const product = randomUUID();
  await t.db
    .insert(products)
    .values({ ...productDefaults, venueId: venue.id, id: product, name: 'Axes', isPaused: false, price: 2000, resources: ['L1', 'L2'] });
  const today = venueToday(ZONE);
  const group = `/api/private/product/${product}/slot-group/plan`;
  /** The group's slots as `date from-to`, in order, and how many rows share a template and date (never more than one). */
  const groupSlots = async () => {
    const rows = await t.db
      .select({ date: slots.date, from: slots.from, to: slots.to, templateId: slots.slotTemplateId })
      .from(slots)
      .where(and(eq(slots.venueId, venue.id), eq(slots.slotGroupId, 'plan')))
      .orderBy(slots.startsAt);
    const perTemplateDate = new Map<string, number>();
    for (const r of rows) perTemplateDate.set(`${r.templateId} ${r.date}`, (perTemplateDate.get(`${r.templateId} ${r.date}`) ?? 0) + 1);
    return {
      rows,
      labels: rows.map((r) => `${r.date} ${r.from}-${r.to}`),
      duplicates: [...perTemplateDate.values()].filter((n) => n > 1).length,
    };
  };
  /** The group as listed, once its populate in the background has finished (polled, as the console does). */
  const finished = async () =>
    vi.waitFor(
      async () => {
        const listed = (await venue.manager.get(`/api/private/product/${product}/slot-groups`)).json<{ items: SlotGroup[] }>();
        const found = listed.items.find((g) => g.id === 'plan')!;
        expect(found.populate?.state).not.toBe('running');
        return found;
      },
      { timeout: 100_000, interval: 100 },
    );
  /** Populates the range: what it did, answered at once or, for more than one batch, by the background run it started. */
  const populate = async (range: { from: string; to: string }) => {
    const response = await venue.manager.post(`${group}/populate`, range);
    if (response.statusCode === 200) return response.json<{ created: number; updated: number; deleted: number }>();
    expect(response.statusCode, response.body).toBe(202);
    return (await finished()).populate!;
  };
  return { venue, product, today, group, groupSlots, finished, populate };
}

describeEachDatabase('opening hours', (t) => {
  it('10:00-20:00 every 60 minutes, every day, makes 70 rows; saved again it keeps their ids and populate changes nothing', async () => {
    const { venue, today, group, groupSlots, populate } = await setUp(t);
    const saved = await venue.manager.put(group, { startDate: today, openingHours: tenToEight() });
    expect(saved.statusCode, saved.body).toBe(200);
    const plan = saved.json<SlotGroupSaved>();
    expect(plan.templates).toHaveLength(70);
    expect(plan.templates.filter((row) => row.weekday === 3).map((row) => row.from)).toEqual(HOURS);
    expect(plan.templates.at(-1)).toMatchObject({ weekday: 6, from: '19:00', to: '20:00', price: null, isVisibleOnline: true });
    expect(plan.openingHours).toMatchObject({ slotMinutes: 60, stepMinutes: 60 });
    expect(plan.populateWeeksAhead).toBeNull();
    expect(plan.populated).toBeUndefined();

    const week = { from: today, to: addDays(today, 6) };
    expect(await populate(week)).toMatchObject({ created: 70, updated: 0, deleted: 0 });
    const { labels } = await groupSlots();
    expect(labels.filter((l) => l.startsWith(today))).toEqual(HOURS.map((h, i) => `${today} ${h}-${HOURS[i + 1] ?? '20:00'}`));

    // The same hours again: the same template ids, so populate finds every slot in place.
    const again = await venue.manager.put(group, { startDate: today, openingHours: tenToEight() });
    expect(again.json<SlotGroup>().templates.map((row) => row.id)).toEqual(plan.templates.map((row) => row.id));
    expect(await populate(week)).toMatchObject({ created: 0, updated: 0, deleted: 0 });

    // The rows stay editable: saved as rows (one moved, one dropped), the plan is rows now and the kept rows keep their ids.
    const rows = plan.templates.filter((row) => !(row.weekday === 1 && row.from === '19:00'));
    const edited = await venue.manager.put(group, {
      startDate: today,
      templates: rows.map(({ id, weekday, from, to }) =>
        weekday === 2 && from === '10:00' ? { weekday, from: '09:30', to } : { id, weekday, from, to },
      ),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<SlotGroup>().openingHours).toBeNull();
    expect(edited.json<SlotGroup>().templates).toHaveLength(69);
    expect(await populate(week)).toMatchObject({ created: 1, deleted: 2 });

    // 90-minute slots every 120 minutes to 20:30: the last one ends by closing.
    const spaced = await venue.manager.put(group, {
      startDate: today,
      openingHours: { days: [{ weekday: 1, ranges: [{ from: '10:00', to: '20:30' }] }], slotMinutes: 90, stepMinutes: 120, price: 3500 },
    });
    expect(spaced.json<SlotGroup>().templates.map((row) => `${row.from}-${row.to} ${row.price}`)).toEqual([
      '10:00-11:30 3500',
      '12:00-13:30 3500',
      '14:00-15:30 3500',
      '16:00-17:30 3500',
      '18:00-19:30 3500',
    ]);
  });

  it('hostile plans and settings are 400 naming the field, another venue is 404, staff 403, and nothing is written', async () => {
    const { venue, product, today, group } = await setUp(t);
    await venue.manager.put(group, { startDate: today, openingHours: tenToEight([1]) });
    const other = await setUp(t);
    await expectNoWrites(t, async () => {
      const put = (openingHours: unknown, extra: Record<string, unknown> = {}) =>
        venue.manager.put(group, { startDate: today, openingHours, ...extra });
      const range = (from: string, to: string) => tenToEight([1], { days: [{ weekday: 1, ranges: [{ from, to }] }] });
      expectFieldError(await put(range('20:00', '10:00')), 'openingHours.days.0.ranges.0.to', 'after opening');
      expectFieldError(await put(range('22:00', '02:00')), 'openingHours.days.0.ranges.0.to', 'past midnight');
      expectFieldError(await put(range('10:00', '10:30')), 'openingHours.days.0.ranges.0.to', 'shorter than one slot');
      expectFieldError(await put(range('10:\u000000', '20:00')), 'openingHours.days.0.ranges.0.from');
      expectFieldError(await put(range('10:00', '24:00')), 'openingHours.days.0.ranges.0.to');
      expectFieldError(await put(tenToEight([1], { slotMinutes: 0 })), 'openingHours.slotMinutes');
      expectFieldError(await put(tenToEight([1], { slotMinutes: 10000, stepMinutes: 10000 })), 'openingHours.slotMinutes');
      expectFieldError(await put(tenToEight([1], { slotMinutes: 60.5 })), 'openingHours.slotMinutes');
      expectFieldError(
        await put(tenToEight([1], { slotMinutes: 90, stepMinutes: 30 })),
        'openingHours.stepMinutes',
        'at least the slot length',
      );
      expectFieldError(await put(tenToEight([1, 1])), 'openingHours.days.1.weekday');
      expectFieldError(await put(tenToEight([7])), 'openingHours.days.0.weekday');
      expectFieldError(
        await put(
          tenToEight([1], {
            days: [
              {
                weekday: 1,
                ranges: [
                  { from: '10:00', to: '14:00' },
                  { from: '13:00', to: '18:00' },
                ],
              },
            ],
          }),
        ),
        'openingHours.days.0.ranges.1.from',
      );
      expectFieldError(await put(tenToEight(ALL_WEEK, { slotMinutes: 5, stepMinutes: 5 })), 'openingHours.slotMinutes', 'at most 500');
      expectFieldError(await put(tenToEight([1], { color: 'red' })), 'openingHours');
      expectFieldError(await put(tenToEight([1]), { templates: [] }), 'openingHours', 'not both');
      expectFieldError(await venue.manager.put(group, { startDate: today }), 'templates');

      const keep = (body: unknown, caller = venue.manager, url = group) => caller.put(`${url}/keep-populated`, body);
      expectFieldError(await keep({ weeksAhead: 53 }), 'weeksAhead', '1 to 52');
      expectFieldError(await keep({ weeksAhead: 0 }), 'weeksAhead');
      expectFieldError(await keep({ weeksAhead: '4' }), 'weeksAhead');
      expectFieldError(await keep({ weeksAhead: 2.5 }), 'weeksAhead');
      expectFieldError(await keep({ weeksAhead: 4, extra: '\u0000' }), 'extra');
      expectFieldError(await keep({}), 'weeksAhead');
      expect((await keep({ weeksAhead: 4 }, venue.staff)).statusCode).toBe(403);
      expect((await venue.staff.put(group, { startDate: today, openingHours: tenToEight() })).statusCode).toBe(403);
      // Another venue's product and group answer 404 as unknown ones do.
      expect((await keep({ weeksAhead: 4 }, other.venue.manager, group)).statusCode).toBe(404);
      expect((await keep({ weeksAhead: 4 }, venue.manager, `/api/private/product/${product}/slot-group/nope`)).statusCode).toBe(404);
      expect((await other.venue.manager.put(group, { startDate: today, openingHours: tenToEight() })).statusCode).toBe(404);
    });
  });

  it('keeps the calendar populated N weeks ahead: at once when set, then only the new days, idempotent, skipping closed days', async () => {
    const { venue, product, today, group, groupSlots, finished } = await setUp(t);
    await venue.manager.put(group, { startDate: today, openingHours: tenToEight() });
    // Two weeks of 10 slots a day is more than one batch: answered at once, populated in the background.
    const set = await venue.manager.put(`${group}/keep-populated`, { weeksAhead: 2 });
    expect(set.statusCode, set.body).toBe(202);
    const kept = set.json<KeepPopulatedAnswer>();
    expect(kept.populated).toBeNull();
    expect(kept.group).toMatchObject({
      populateWeeksAhead: 2,
      populate: { state: 'running', from: today, to: addDays(today, 13), total: 14 },
    });
    expect(await finished()).toMatchObject({
      populatedThrough: addDays(today, 13),
      populate: { state: 'done', done: 14, total: 14, created: 140, deleted: 0 },
    });
    expect((await groupSlots()).rows).toHaveLength(140);

    // Nothing to do the same day, however often the job runs.
    const now = Date.now();
    expect(await topUpKeptCalendars(t.db, new Date(now))).toMatchObject({ toppedUp: 0, created: 0, failed: [] });

    // Changes by hand inside the covered days stay: a slot of tomorrow deleted is not made again by the job.
    const tomorrowSlot = (await groupSlots()).rows.find((r) => r.date === addDays(today, 1) && r.from === '10:00')!;
    const [{ id: tomorrowId }] = await t.db
      .select({ id: slots.id })
      .from(slots)
      .where(and(eq(slots.venueId, venue.id), eq(slots.slotTemplateId, tomorrowSlot.templateId!), eq(slots.date, tomorrowSlot.date)));
    expect((await venue.manager.delete(`/api/private/product/${product}/slot/${tomorrowId}`)).statusCode).toBe(204);

    // A day later the window's new day is a venue non-working day: covered, nothing made on it.
    const closed = addDays(venueToday(ZONE, new Date(now + DAY_MS)), 13);
    expect((await venue.manager.put(`/api/private/calendar/non-working-days/${closed}`)).statusCode).toBe(200);
    expect(await topUpKeptCalendars(t.db, new Date(now + DAY_MS))).toMatchObject({ toppedUp: 1, created: 0, failed: [] });
    expect((await groupSlots()).labels.filter((l) => l.startsWith(closed))).toEqual([]);
    expect((await groupSlots()).rows).toHaveLength(139);

    // Two days later, two runs at once (two processes): the new day is made once.
    const [a, b] = await Promise.all([
      topUpKeptCalendars(t.db, new Date(now + 2 * DAY_MS)),
      topUpKeptCalendars(t.db, new Date(now + 2 * DAY_MS)),
    ]);
    expect(a.created + b.created).toBe(10);
    expect(a.failed.concat(b.failed)).toEqual([]);
    const after = await groupSlots();
    expect(after.rows).toHaveLength(149);
    expect(after.duplicates).toBe(0);
    const newDay = addDays(venueToday(ZONE, new Date(now + 2 * DAY_MS)), 13);
    expect(after.labels.filter((l) => l.startsWith(newDay))).toHaveLength(10);
    expect(after.labels).not.toContain(`${tomorrowSlot.date} 10:00-11:00`);

    // Saving the plan of a group kept ahead populates its window with the new plan at once.
    const shorter = await venue.manager.put(group, {
      startDate: today,
      openingHours: tenToEight(ALL_WEEK, { days: ALL_WEEK.map((weekday) => ({ weekday, ranges: [{ from: '10:00', to: '18:00' }] })) }),
    });
    expect(shorter.statusCode, shorter.body).toBe(202);
    // The slot deleted by hand comes back (the window follows the plan, as populate does) and 18:00 and 19:00 go on its 14 days.
    expect((await finished()).populate).toMatchObject({ state: 'done', created: 1, updated: 0, deleted: 28, keptBooked: 0 });
    const windowEnd = addDays(today, 13);
    const late = (await groupSlots()).labels.filter(
      (l) => l.slice(0, 10) <= windowEnd && (l.endsWith('18:00-19:00') || l.endsWith('19:00-20:00')),
    );
    expect(late).toEqual([]);

    // Stopped: the job makes nothing more.
    const stop = await venue.manager.put(`${group}/keep-populated`, { weeksAhead: null });
    expect(stop.json<KeepPopulatedAnswer>()).toMatchObject({
      group: { populateWeeksAhead: null, populatedThrough: null },
      populated: null,
    });
    const count = (await groupSlots()).rows.length;
    expect(await topUpKeptCalendars(t.db, new Date(now + 5 * DAY_MS))).toMatchObject({ toppedUp: 0, created: 0 });
    expect((await groupSlots()).rows).toHaveLength(count);
  });

  it('a 52-week keep-populated answers at once; the slots come from the background batches, each once, and a run cut short continues', async () => {
    const { venue, product, today, group, groupSlots, finished } = await setUp(t);
    // Ten slots each Monday: 520 over the year, more than a batch, few enough to stay quick on a busy machine.
    await venue.manager.put(group, { startDate: today, openingHours: tenToEight([1]) });
    const set = await venue.manager.put(`${group}/keep-populated`, { weeksAhead: 52 });
    expect(set.statusCode, set.body).toBe(202);
    const last = addDays(today, 52 * 7 - 1);
    expect(set.json<KeepPopulatedAnswer>()).toMatchObject({
      populated: null,
      group: { populateWeeksAhead: 52, populatedThrough: null, populate: { state: 'running', done: 0, total: 364, to: last } },
    });
    // A second worker on the same run at once (two processes): the batches are under the group's lock, each slot made once.
    const runId = set.json<KeepPopulatedAnswer>().group.populate!.id;
    await runPopulate(t.db, venue.id, ZONE, 'plan', runId);
    const done = await finished();
    expect(done).toMatchObject({ populatedThrough: last, populate: { state: 'done', done: 364, total: 364, created: 520 } });
    const all = await groupSlots();
    expect(all.rows).toHaveLength(520);
    expect(all.duplicates).toBe(0);
    expect(all.rows.at(-1)!.date > addDays(last, -7)).toBe(true);

    // A run cut short (its process died halfway, its cursor in the middle): the hourly job continues it, making nothing twice.
    const halfway = addDays(today, 100);
    const cut: PopulateRun = {
      ...done.populate!,
      state: 'running',
      doneThrough: halfway,
      updatedAt: new Date(Date.now() - STALE_RUN_MS - 1000).toISOString(),
    };
    await t.db
      .update(slotGroups)
      .set({ populateRun: cut })
      .where(and(eq(slotGroups.venueId, venue.id), eq(slotGroups.id, 'plan')));
    const deleted = (await groupSlots()).rows.find((r) => r.date > halfway)!;
    await t.db
      .delete(slots)
      .where(and(eq(slots.venueId, venue.id), eq(slots.slotTemplateId, deleted.templateId!), eq(slots.date, deleted.date)));
    expect(await topUpKeptCalendars(t.db)).toMatchObject({ toppedUp: 1, failed: [] });
    const resumed = await finished();
    expect(resumed.populate).toMatchObject({ state: 'done', doneThrough: last });
    const after = await groupSlots();
    expect(after.rows).toHaveLength(520);
    expect(after.duplicates).toBe(0);

    // Another venue never sees the group or its progress.
    const other = await t.addVenue();
    expect((await other.manager.get(`/api/private/product/${product}/slot-groups`)).statusCode).toBe(404);
  }, 120_000);
});
