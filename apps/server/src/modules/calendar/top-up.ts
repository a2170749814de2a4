import type { Db } from '../../db/client.js';
import { withTransaction } from '../../platform/locking.js';
import { venueRowById } from '../venues/service.js';
import { groupsToTopUp, runPopulate, topUpSlotGroup } from './populate-runs.js';

/**
 * Keeping the calendar populated (decision 034): a job every hour (pg-boss, once across
 * processes) tops up each slot group kept N weeks ahead to N weeks from its venue's today, so
 * each venue's new day is populated within the hour after its midnight. Each group in its own
 * transaction under its lock: the run is idempotent, and one group failing (a slot added by hand
 * in the way) leaves the others done. More than one batch of days (the first top-up after a long
 * stop) is worked through in batches here, and so is a background run whose worker died.
 */

export const CALENDAR_TOP_UP_QUEUE = 'calendar-top-up';
export const CALENDAR_TOP_UP_CRON = '7 * * * *';

export interface TopUpResult {
  /** Groups that had days to populate. */
  toppedUp: number;
  created: number;
  failed: { venueId: string; groupId: string; message: string }[];
}

export async function topUpKeptCalendars(db: Db, now = new Date()): Promise<TopUpResult> {
  const result: TopUpResult = { toppedUp: 0, created: 0, failed: [] };
  const zones = new Map<string, string | null>();
  for (const group of await groupsToTopUp(db)) {
    if (!zones.has(group.venueId)) zones.set(group.venueId, (await venueRowById(db, group.venueId))?.timezone ?? null);
    const timeZone = zones.get(group.venueId);
    if (!timeZone) continue;
    try {
      const outcome = await withTransaction(db, (tx) => topUpSlotGroup(tx, group.venueId, timeZone, group.id, now));
      if (!outcome) continue;
      result.toppedUp += 1;
      if (outcome.populated) {
        result.created += outcome.populated.created;
        continue;
      }
      const run = await runPopulate(db, group.venueId, timeZone, group.id, outcome.run.id);
      if (run?.state === 'failed') throw new Error(run.message ?? 'The populate failed');
      result.created += run?.created ?? 0;
    } catch (error) {
      result.failed.push({ venueId: group.venueId, groupId: group.id, message: (error as Error).message });
    }
  }
  return result;
}
