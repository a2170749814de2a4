import type { ModuleJobs } from '../../platform/module.js';
import { venueRowById } from '../venues/service.js';
import { CALENDAR_POPULATE_QUEUE, runPopulate } from './populate-runs.js';
import { CALENDAR_TOP_UP_CRON, CALENDAR_TOP_UP_QUEUE, topUpKeptCalendars } from './top-up.js';

/** The calendar module's background work (decision 034): the hourly top-up and the large populates, batch by batch. */
export const calendarJobs: ModuleJobs = async (deps, log) => {
  const { db } = deps.database;
  // Calendars kept populated ahead are topped up every hour (top-up.ts, decision 034).
  if (deps.config.calendarTopUp !== false) {
    await deps.jobs.work(CALENDAR_TOP_UP_QUEUE, async () => {
      const result = await topUpKeptCalendars(db);
      for (const failure of result.failed)
        log.warn(`Calendar top-up of slot group ${failure.groupId} (venue ${failure.venueId}) failed: ${failure.message}`);
    });
    await deps.jobs.schedule(CALENDAR_TOP_UP_QUEUE, CALENDAR_TOP_UP_CRON);
  }

  // Large populates run in the background, batch by batch (populate-runs.ts, decision 034).
  await deps.jobs.work<{ venueId: string; groupId: string; runId: string }>(
    CALENDAR_POPULATE_QUEUE,
    async ({ venueId, groupId, runId }) => {
      const venue = await venueRowById(db, venueId);
      if (venue) await runPopulate(db, venueId, venue.timezone, groupId, runId);
    },
  );
};
