import { and, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { widgetVisits } from './schema.js';

/**
 * The visits behind the dashboard's bounce rate (issue 24): those whose event date is in the
 * period, the product's only when one is named. A visit bounced while it has not reached
 * payment success (step 5); the rate itself is added up by the database (statistics_days).
 */

const inPeriod = (from: string, to: string, productId: string | null) =>
  and(
    gte(widgetVisits.eventDate, from),
    lte(widgetVisits.eventDate, to),
    productId === null ? undefined : eq(widgetVisits.productId, productId),
  );
const bounced = sql<number>`case when ${widgetVisits.step} >= 5 then 0 else 1 end`;

/** A page of the period's visits, newest event date first; `sum` counts every bounced one. */
export async function statisticsVisitsPage(
  db: Db,
  venueId: string,
  period: { from: string; to: string; productId: string | null },
  page: { limit: number; offset: number },
) {
  const venue = forVenue(db, venueId);
  const where = inPeriod(period.from, period.to, period.productId);
  const [rows, totals] = await Promise.all([
    venue.selectFields(
      widgetVisits,
      {
        id: widgetVisits.id,
        createdAt: widgetVisits.createdAt,
        eventDate: widgetVisits.eventDate,
        productId: widgetVisits.productId,
        step: widgetVisits.step,
        bookingId: widgetVisits.bookingId,
        value: bounced,
      },
      where,
      { orderBy: [desc(widgetVisits.eventDate), desc(widgetVisits.createdAt), desc(widgetVisits.id)], ...page },
    ),
    venue.aggregate(widgetVisits, { total: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${bounced}), 0)::int` }, where),
  ]);
  return { rows: rows.map((row) => ({ ...row, value: Number(row.value) })), total: Number(totals.total), sum: Number(totals.sum) };
}

/** The visits of one event date (a chart's hours, by the hour each was opened). */
export async function statisticsVisitsOfDay(db: Db, venueId: string, date: string, productId: string | null) {
  return forVenue(db, venueId).selectFields(
    widgetVisits,
    { createdAt: widgetVisits.createdAt, step: widgetVisits.step },
    inPeriod(date, date, productId),
  );
}
