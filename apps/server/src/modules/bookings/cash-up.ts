import { and, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingPayments } from './schema.js';

/** What a member, the customer online or the payment provider took or gave with one method. */
export interface MoneyTaken {
  method: string;
  /** The member who took it; null for the customer online, the provider, and rows older than migration 0031 whose taker was not found. */
  userId: string | null;
  /** The name kept on the rows (the member's name when they were taken). */
  userName: string;
  payments: number;
  refunds: number;
}

/**
 * What the cash-up reads of the ledger (decision 038): the venue's payments and refunds taken in
 * [start, end), by when they were taken, whatever the booking's dates, summed by method and taker.
 * Refunds count as the money rule counts them: pending card refunds as given back, failed ones not.
 * A gift card's payments and the refunds back to it are not money taken, and are left out.
 */
export async function moneyTakenBetween(db: Db, venueId: string, start: Date, end: Date): Promise<MoneyTaken[]> {
  const rows = await forVenue(db, venueId)
    .subselect(
      bookingPayments,
      {
        method: bookingPayments.method,
        userId: bookingPayments.userId,
        userName: bookingPayments.userName,
        payments: sql<number>`coalesce(sum(${bookingPayments.amount}) filter (where ${bookingPayments.kind} = 'payment'), 0)::float8`.as(
          'payments',
        ),
        refunds: sql<number>`coalesce(sum(${bookingPayments.amount}) filter (where ${bookingPayments.kind} = 'refund'), 0)::float8`.as(
          'refunds',
        ),
      },
      and(
        gte(bookingPayments.createdAt, start),
        lt(bookingPayments.createdAt, end),
        ne(bookingPayments.status, 'failed'),
        // A gift card paying, or taking back, moves no money: the card's sale did (decision 045).
        isNull(bookingPayments.giftCardId),
      ),
    )
    .groupBy(bookingPayments.method, bookingPayments.userId, bookingPayments.userName);
  return rows.map((row) => ({
    method: row.method,
    userId: row.userId,
    userName: row.userName,
    payments: Number(row.payments),
    refunds: Number(row.refunds),
  }));
}
