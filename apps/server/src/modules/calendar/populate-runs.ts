import { randomUUID } from 'node:crypto';
import { eq, isNotNull, or, sql } from 'drizzle-orm';
import { addDays, daysBetween, venueToday, weekdayOf, type SlotTemplate } from '@lanebook/core';
import type { KeepPopulatedAnswer, PopulateAnswer, PopulateRun } from '@lanebook/core/calendar-schemas';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey, withTransaction } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { slotGroups } from './schema.js';
import { groupAnswer, groupLock, groupOrNotFound, populateSlotGroup, productOrNotFound } from './service.js';

/**
 * Large populates in the background (decision 034). On the embedded database one transaction
 * holds every other request, so a populate of more than one batch is not done in the request:
 * the request records a run on the group (`populate_run`) and a job works through it, each batch
 * of days its own transaction under the group's lock, yielding to the event loop between. The
 * run's cursor (`doneThrough`) moves in the batch's transaction, so a run cut short continues
 * where it stopped (the job's retry, or the hourly top-up for a run left stale); populate's own
 * rules make a batch done twice change nothing, and the `slots_group_template_date` index makes
 * each slot once.
 */

export const CALENDAR_POPULATE_QUEUE = 'calendar-populate';
/**
 * The slots one batch writes at most, and so what the request itself may populate: about 40 ms
 * of the embedded database's time on this machine (`npm run bench -- populate`).
 */
export const BATCH_SLOTS = 60;
/** At most a week a batch, whatever the plan: deleting a week of an old plan stays small too. */
const BATCH_DAYS_AT_MOST = 7;
/** A run not moved for this long has lost its worker (the process died): the top-up continues it. */
export const STALE_RUN_MS = 5 * 60_000;

/** What a populate did in the request, or the run it left to the background. */
export type PopulateOutcome = { populated: PopulateAnswer; run: null } | { populated: null; run: PopulateRun };

/** The most slots the plan makes on one weekday. */
function slotsPerDayAtMost(templates: SlotTemplate[]): number {
  const perWeekday = new Array<number>(7).fill(0);
  for (const t of templates) perWeekday[t.weekday] += 1;
  return Math.max(...perWeekday);
}

const daysPerBatch = (templates: SlotTemplate[]) =>
  Math.min(BATCH_DAYS_AT_MOST, Math.max(1, Math.floor(BATCH_SLOTS / Math.max(1, slotsPerDayAtMost(templates)))));

/** The slots the plan makes over the dates at most (before days off and closed days). */
function plannedSlotsAtMost(templates: SlotTemplate[], from: string, to: string): number {
  const perWeekday = new Array<number>(7).fill(0);
  for (const t of templates) perWeekday[t.weekday] += 1;
  let count = 0;
  for (let date = from; date <= to; date = addDays(date, 1)) count += perWeekday[weekdayOf(date)];
  return count;
}

/**
 * Populates the range in the caller's transaction when it fits in one batch, as before; otherwise
 * records a run on the group for the background (the caller sends `populateJob` after commit).
 * A keep-ahead window (`keepsWindow`) moves `populatedThrough`. A new run replaces a running one,
 * whose next batch then stops.
 */
export async function populateOrStartRun(
  tx: Tx,
  venueId: string,
  timeZone: string,
  productId: string,
  groupId: string,
  range: { from: string; to: string },
  keepsWindow: boolean,
  now = new Date(),
): Promise<PopulateOutcome> {
  await productOrNotFound(tx, venueId, productId);
  await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
  const group = await groupOrNotFound(tx, venueId, productId, groupId);
  const venue = forVenue(tx, venueId);
  const today = venueToday(timeZone, now);
  const from = range.from < today ? today : range.from;
  if (from > range.to || plannedSlotsAtMost(group.templates, from, range.to) <= BATCH_SLOTS) {
    const populated = await populateSlotGroup(tx, venueId, timeZone, productId, groupId, range, now);
    if (keepsWindow) await venue.update(slotGroups, eq(slotGroups.id, groupId), { populatedThrough: range.to, updatedAt: new Date() });
    return { populated, run: null };
  }
  const run: PopulateRun = {
    id: randomUUID(),
    state: 'running',
    from,
    to: range.to,
    doneThrough: null,
    done: 0,
    total: daysBetween(from, range.to) + 1,
    created: 0,
    updated: 0,
    deleted: 0,
    keptBooked: 0,
    skipped: 0,
    message: null,
    keepsWindow,
    startedAt: now.toISOString(),
    updatedAt: now.toISOString(),
  };
  await venue.update(slotGroups, eq(slotGroups.id, groupId), { populateRun: run, updatedAt: new Date() });
  return { populated: null, run };
}

/**
 * One batch of the run, in its own transaction under the group's lock: the days after its cursor,
 * populated, and the cursor moved. Answers whether more is left; a run replaced, finished or
 * gone (the group deleted) has nothing left.
 */
export async function populateNextBatch(db: Db, venueId: string, timeZone: string, groupId: string, runId: string): Promise<boolean> {
  return withTransaction(db, async (tx) => {
    await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
    const venue = forVenue(tx, venueId);
    const group = await venue.first(slotGroups, eq(slotGroups.id, groupId));
    const run = group?.populateRun;
    if (!group || !run || run.id !== runId || run.state !== 'running') return false;
    const from = run.doneThrough ? addDays(run.doneThrough, 1) : run.from;
    const last = addDays(from, daysPerBatch(group.templates) - 1);
    const to = last < run.to ? last : run.to;
    const done = await populateSlotGroup(tx, venueId, timeZone, group.productId, groupId, { from, to });
    const next: PopulateRun = {
      ...run,
      state: to >= run.to ? 'done' : 'running',
      doneThrough: to,
      done: daysBetween(run.from, to) + 1,
      created: run.created + done.created,
      updated: run.updated + done.updated,
      deleted: run.deleted + done.deleted,
      keptBooked: run.keptBooked + done.keptBooked.length,
      skipped: run.skipped + done.skipped.length,
      updatedAt: new Date().toISOString(),
    };
    const covered = run.keepsWindow && (!group.populatedThrough || group.populatedThrough < to) ? { populatedThrough: to } : {};
    await venue.update(slotGroups, eq(slotGroups.id, groupId), { populateRun: next, ...covered, updatedAt: new Date() });
    return next.state === 'running';
  });
}

/**
 * Works through the run batch by batch, yielding to the event loop between batches so other
 * requests go first. A rule refusing a batch (a slot added by hand in the way, 409) fails the run
 * with its message, kept on the group; any other error is thrown for the job to retry, and the
 * retry continues after the last batch done. Answers the run as it ended.
 */
export async function runPopulate(db: Db, venueId: string, timeZone: string, groupId: string, runId: string) {
  try {
    while (await populateNextBatch(db, venueId, timeZone, groupId, runId)) await new Promise((resolve) => setImmediate(resolve));
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    await withTransaction(db, async (tx) => {
      await lockKeys(tx, [groupLock(venueId, groupId)]);
      const venue = forVenue(tx, venueId);
      const run = (await venue.first(slotGroups, eq(slotGroups.id, groupId)))?.populateRun;
      if (run?.id !== runId) return;
      const failed: PopulateRun = { ...run, state: 'failed', message: error.message, updatedAt: new Date().toISOString() };
      await venue.update(slotGroups, eq(slotGroups.id, groupId), { populateRun: failed });
    });
  }
  return (await forVenue(db, venueId).first(slotGroups, eq(slotGroups.id, groupId)))?.populateRun ?? null;
}

/** The job that works through a run; sent after the run's transaction commits. */
export const populateJob = (venueId: string, groupId: string, runId: string) =>
  [
    CALENDAR_POPULATE_QUEUE,
    { venueId, groupId, runId },
    { singletonKey: `${venueId}:${groupId}:${runId}`, retryLimit: 5, retryDelaySeconds: 10 },
  ] as const;

/** Whether a running run has lost its worker (not moved for a while). */
export const isStale = (run: PopulateRun, now: Date) => Date.parse(run.updatedAt) < now.getTime() - STALE_RUN_MS;

// ---- Keeping the calendar populated N weeks ahead ----

/** The last venue date of a window of `weeks` weeks from the venue's today. */
const windowEnd = (timeZone: string, weeks: number, now: Date) => addDays(venueToday(timeZone, now), weeks * 7 - 1);

/**
 * Populates the group's whole keep-ahead window (today to N weeks ahead) as populate does, in the
 * request when it fits in one batch, in the background otherwise. Run when the setting or the
 * plan is saved.
 */
export async function populateKeptWindow(
  tx: Tx,
  venueId: string,
  timeZone: string,
  productId: string,
  groupId: string,
  weeks: number,
  now = new Date(),
): Promise<PopulateOutcome> {
  const range = { from: venueToday(timeZone, now), to: windowEnd(timeZone, weeks, now) };
  return populateOrStartRun(tx, venueId, timeZone, productId, groupId, range, true, now);
}

/**
 * Keeps the group's calendar populated `weeksAhead` weeks ahead from now on (populating the window
 * at once, or starting its run), or stops (null, which also stops a keep-ahead run).
 */
export async function setKeepPopulated(
  tx: Tx,
  venueId: string,
  timeZone: string,
  productId: string,
  groupId: string,
  weeksAhead: number | null,
  now = new Date(),
): Promise<KeepPopulatedAnswer & { run: PopulateRun | null }> {
  await productOrNotFound(tx, venueId, productId);
  await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
  const before = await groupOrNotFound(tx, venueId, productId, groupId);
  const stopsRun = before.populateRun?.state === 'running' && before.populateRun.keepsWindow;
  await forVenue(tx, venueId).update(slotGroups, eq(slotGroups.id, groupId), {
    populateWeeksAhead: weeksAhead,
    populatedThrough: null,
    ...(stopsRun ? { populateRun: null } : {}),
    updatedAt: new Date(),
  });
  const outcome = weeksAhead ? await populateKeptWindow(tx, venueId, timeZone, productId, groupId, weeksAhead, now) : null;
  const group = await groupOrNotFound(tx, venueId, productId, groupId);
  return { group: groupAnswer(group), populated: outcome?.populated ?? null, run: outcome?.run ?? null };
}

/**
 * The hourly job's work on one group: populates only the days after the last one covered, up to
 * N weeks from the venue's today (days already covered keep any change made by hand). Under the
 * group's lock, re-reading how far it went: a second run at the same time finds nothing to do.
 * A group whose run is in the background is left to it, unless the run is stale: then it is
 * answered to be continued. Answers null when there is nothing to do.
 */
export async function topUpSlotGroup(tx: Tx, venueId: string, timeZone: string, groupId: string, now = new Date()) {
  await lockKeys(tx, [groupLock(venueId, groupId), slotOccupancyKey(venueId)]);
  const group = await forVenue(tx, venueId).first(slotGroups, eq(slotGroups.id, groupId));
  if (group?.populateRun?.state === 'running') return isStale(group.populateRun, now) ? { populated: null, run: group.populateRun } : null;
  if (!group?.populateWeeksAhead) return null;
  const today = venueToday(timeZone, now);
  const to = windowEnd(timeZone, group.populateWeeksAhead, now);
  if (group.populatedThrough && group.populatedThrough >= to) return null;
  const after = group.populatedThrough ? addDays(group.populatedThrough, 1) : today;
  const from = after > today ? after : today;
  return populateOrStartRun(tx, venueId, timeZone, group.productId, groupId, { from, to }, true, now);
}

/** The groups the hourly job looks at, across venues: kept ahead, or with a run in the background. */
export async function groupsToTopUp(db: Db): Promise<{ venueId: string; id: string }[]> {
  return (
    db
      .select({ venueId: slotGroups.venueId, id: slotGroups.id })
      // eslint-disable-next-line no-restricted-syntax -- the top-up job serves every venue: it finds the groups, then populates each within its own venue
      .from(slotGroups)
      .where(or(isNotNull(slotGroups.populateWeeksAhead), sql`${slotGroups.populateRun}->>'state' = 'running'`))
  );
}
