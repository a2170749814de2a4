import { AFFILIATE_PERIOD_MAX_DAYS, type AffiliatePeriodQuery, type AffiliateStatement } from '@lanebook/core/booking-schemas';
import { daysBetween, venueToday } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import { fieldError, notFound } from '../../platform/errors.js';
import { affiliateStatementItems } from '../bookings/affiliate-statement.js';
import { csvCell } from '../../platform/csv.js';
import { affiliateById } from './service.js';

/** The last day of a date's month (YYYY-MM-DD). */
const monthEnd = (date: string) => {
  const [year, month] = date.split('-').map(Number);
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
};

/**
 * The period asked, in venue dates (decision 031): left out, this month in the venue's zone; only
 * one end sent, the other is its month's other end. At most AFFILIATE_PERIOD_MAX_DAYS days (a 400
 * naming `to`).
 */
export function periodOf(query: AffiliatePeriodQuery, timeZone: string, now = new Date()): { from: string; to: string } {
  const anchor = query.from ?? query.to ?? venueToday(timeZone, now);
  const from = query.from ?? `${anchor.slice(0, 8)}01`;
  const to = query.to ?? monthEnd(anchor);
  if (to < from) throw fieldError('The period must end on or after its start', 'to');
  if (daysBetween(from, to) + 1 > AFFILIATE_PERIOD_MAX_DAYS)
    throw fieldError(`A period covers at most ${AFFILIATE_PERIOD_MAX_DAYS} days`, 'to');
  return { from, to };
}

/** The affiliate's statement of the period; another venue's affiliate is a 404 like a missing one. */
export async function affiliateStatement(
  db: Db,
  venueId: string,
  affiliateId: string,
  period: { from: string; to: string },
): Promise<AffiliateStatement> {
  const affiliate = await affiliateById(db, venueId, affiliateId);
  if (!affiliate) throw notFound('Affiliate');
  const items = await affiliateStatementItems(db, venueId, affiliate.id, period.from, period.to);
  const totals = { bookings: items.length, total: 0, netPaid: 0, commission: 0 };
  for (const item of items) {
    totals.total += item.total;
    totals.netPaid += item.netPaid;
    totals.commission += item.commission;
  }
  return { affiliate: { id: affiliate.id, name: affiliate.name }, ...period, items, totals };
}

const CSV_COLUMNS = ['Registration code', 'Booking reference', 'Event date', 'Customer', 'Status', 'Total', 'Net paid', 'Commission'];
const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;
/** Cents as a decimal amount a spreadsheet adds up (1234 → 12.34, -50 → -0.50). */
const amount = (cents: number) => (cents / 100).toFixed(2);

/** The statement's rows as CSV: event times in the venue's zone, amounts as decimals, formulas neutralized (csvCell). */
export function statementCsv(statement: AffiliateStatement, timeZone: string): string {
  const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone, dateStyle: 'short', timeStyle: 'short' });
  const rows = statement.items.map((item) =>
    line([
      item.registrationCode,
      item.bookingReference,
      stamp.format(new Date(item.date)),
      item.customerName,
      item.status,
      amount(item.total),
      amount(item.netPaid),
      amount(item.commission),
    ]),
  );
  return '\uFEFF' + line(CSV_COLUMNS) + rows.join('');
}

/** The CSV file's name: affiliate-<name>-<from>-<to>.csv, the name reduced to letters, digits and dashes. */
export function statementFileName(statement: AffiliateStatement): string {
  const slug =
    statement.affiliate.name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'affiliate';
  return `affiliate-${slug}-${statement.from}-${statement.to}.csv`;
}
