import { and, asc, eq, gte, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { AffiliateStatementItem } from '@lanebook/core/booking-schemas';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookings } from './schema.js';

/**
 * What the affiliates module reads of bookings (decision 031): an affiliate's bookings of a
 * period of venue dates (by event date, inclusive) with what each earned it, and every
 * affiliate's count and commission. Abandoned bookings are left out: they never took money.
 */

const inPeriod = (from: string, to: string) => and(gte(bookings.date, from), lte(bookings.date, to), ne(bookings.status, 'abandoned'));

/** One affiliate's bookings of the period, in event order (the statement's rows). */
export async function affiliateStatementItems(
  db: Db,
  venueId: string,
  affiliateId: string,
  from: string,
  to: string,
): Promise<AffiliateStatementItem[]> {
  const rows = await forVenue(db, venueId).selectFields(
    bookings,
    {
      id: bookings.id,
      bookingReference: bookings.bookingReference,
      registrationCode: bookings.registrationCode,
      startsAt: bookings.startsAt,
      firstName: bookings.firstName,
      lastName: bookings.lastName,
      status: bookings.status,
      total: bookings.total,
      paidTotal: bookings.paidTotal,
      refundedTotal: bookings.refundedTotal,
      commission: bookings.affiliateCommissionAmount,
    },
    and(eq(bookings.affiliateId, affiliateId), inPeriod(from, to)),
    { orderBy: [asc(bookings.startsAt), asc(bookings.id)] },
  );
  return rows.map((row) => ({
    bookingId: row.id,
    bookingReference: row.bookingReference,
    registrationCode: row.registrationCode,
    date: row.startsAt.toISOString(),
    customerName: `${row.firstName} ${row.lastName}`.trim(),
    status: row.status,
    total: row.total,
    netPaid: row.paidTotal - row.refundedTotal,
    commission: row.commission,
  }));
}

/** Each affiliate's bookings and commission in the period (affiliates without any are not listed). */
export async function affiliateTotals(
  db: Db,
  venueId: string,
  from: string,
  to: string,
): Promise<{ affiliateId: string; bookings: number; commission: number }[]> {
  const rows = await forVenue(db, venueId)
    .subselect(
      bookings,
      {
        affiliateId: bookings.affiliateId,
        bookings: sql<number>`count(*)::float8`.as('bookings'),
        commission: sql<number>`coalesce(sum(${bookings.affiliateCommissionAmount}), 0)::float8`.as('commission'),
      },
      and(isNotNull(bookings.affiliateId), inPeriod(from, to)),
    )
    .groupBy(bookings.affiliateId);
  return rows.map((row) => ({
    affiliateId: row.affiliateId as string,
    bookings: Number(row.bookings),
    commission: Number(row.commission),
  }));
}
