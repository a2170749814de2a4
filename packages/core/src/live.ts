/**
 * The live front desk: the tables whose changes the event stream (`GET /api/private/live`)
 * announces, by the names the database's change triggers use.
 */
export const LIVE_TABLES = ['bookings', 'slots', 'venue_non_working_days'] as const;
export type LiveTable = (typeof LIVE_TABLES)[number];

/** A `change` event's data. */
export interface LiveChange {
  tables: LiveTable[];
}
