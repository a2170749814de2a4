import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { addDays, dateRangeOf, instantOf, venueToday, LIVE_BOOKING_STATUSES } from '@lanebook/core';
import { bookingListRange, bookingListSort, type BookingListQuery } from '@lanebook/core/booking-schemas';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingAnswer } from './records.js';
import { bookings } from './schema.js';
import { searchOf, type SearchVenue } from './search.js';

/** The list counts its matches up to this many; past it the answer says so (decision 017). */
export const TOTAL_CAP = 1_000;

function filterOf(filter: BookingListQuery['activeFilter']): SQL | undefined {
  const now = sql`now()`;
  switch (filter) {
    case 'wait_for_payment':
    case 'paid':
    case 'abandoned':
    case 'canceled':
      return eq(bookings.status, filter);
    case 'upcoming':
      return and(gt(bookings.startsAt, now), inArray(bookings.status, [...LIVE_BOOKING_STATUSES]));
    case 'ended':
      // Written as the partial index bookings_live_created_idx is, so it serves this filter.
      return and(lte(bookings.endsAt, now), inArray(bookings.status, [...LIVE_BOOKING_STATUSES]));
    case 'saved':
      return eq(bookings.isSaved, true);
    case 'warning':
      return eq(bookings.isWarning, true);
    case 'refunded':
      return eq(bookings.isRefunded, true);
    default:
      return undefined;
  }
}

/** The range's first and last venue dates: a named one around the venue's today, or from and to. */
function rangeOf(query: BookingListQuery, timeZone: string, firstDayOfWeek: number): { from?: string; to?: string } {
  if (query.dateRange && query.dateRange !== 'custom') return dateRangeOf(query.dateRange, venueToday(timeZone), firstDayOfWeek);
  return bookingListRange(query);
}

function dateConditions(query: BookingListQuery, timeZone: string, firstDayOfWeek: number): SQL | undefined {
  const { from, to } = rangeOf(query, timeZone, firstDayOfWeek);
  // Instants between the venue's midnights: when the booking was made, or when it starts (its
  // event date is the venue date of its start), on the index its sort uses.
  const column = query.dateField === 'date' ? bookings.startsAt : bookings.createdAt;
  const start = from ? instantOf(from, '00:00', timeZone) : null;
  const end = to ? instantOf(addDays(to, 1), '00:00', timeZone) : null;
  return and(start ? gte(column, start) : undefined, end ? lt(column, end) : undefined);
}

/** GET /api/private/booking/detailed: filters, search, date range, sort and paging, in SQL. */
export async function listBookings(
  db: Db,
  venue: { id: string; timezone: string; firstDayOfWeek: number } & SearchVenue,
  query: BookingListQuery,
) {
  const sortColumn = query.dateField === 'date' ? bookings.startsAt : bookings.createdAt;
  const newest = [desc(bookings.createdAt), desc(bookings.id)];
  // The columns the desk sorts by (decision 017): the stored lower-case email and E.164 phone,
  // the first lane's id then how many lanes, and the length; ties newest first.
  const firstLane = sql`${bookings.resourceIds} ->> 0`;
  const laneCount = sql`jsonb_array_length(${bookings.resourceIds})`;
  const duration = sql`${bookings.endsAt} - ${bookings.startsAt}`;
  const orderBy = {
    new: [desc(sortColumn), desc(bookings.id)],
    old: [asc(sortColumn), asc(bookings.id)],
    // As the index bookings_name_sort is.
    az: [asc(sql`lower(${bookings.lastName})`), asc(sql`lower(${bookings.firstName})`), asc(bookings.id)],
    za: [desc(sql`lower(${bookings.lastName})`), desc(sql`lower(${bookings.firstName})`), desc(bookings.id)],
    email_asc: [asc(bookings.email), ...newest],
    email_desc: [desc(bookings.email), ...newest],
    phone_asc: [asc(bookings.phone), ...newest],
    phone_desc: [desc(bookings.phone), ...newest],
    lanes_asc: [asc(firstLane), asc(laneCount), ...newest],
    lanes_desc: [desc(firstLane), desc(laneCount), ...newest],
    duration_asc: [asc(duration), ...newest],
    duration_desc: [desc(duration), ...newest],
  }[bookingListSort(query)];
  const where = and(
    filterOf(query.activeFilter),
    searchOf(query.search, venue),
    query.productId ? eq(bookings.productId, query.productId) : undefined,
    query.affiliateId ? eq(bookings.affiliateId, query.affiliateId) : undefined,
    dateConditions(query, venue.timezone, venue.firstDayOfWeek),
  );
  const scoped = forVenue(db, venue.id);
  // The page's ids first, where an index alone can answer them (bookings_created_idx holds every
  // searched field), then only the page's rows; the count at once, on a second connection.
  const [page, total] = await Promise.all([
    scoped.selectFields(bookings, { id: bookings.id }, where, { orderBy, limit: query.limit, offset: query.offset }),
    scoped.countUpTo(bookings, where, TOTAL_CAP + 1),
  ]);
  const found = page.length
    ? await scoped.select(
        bookings,
        inArray(
          bookings.id,
          page.map((row) => row.id),
        ),
      )
    : [];
  const byId = new Map(found.map((row) => [row.id, row]));
  // In the page's order; one deleted between the two reads is left out.
  const rows = page.flatMap(({ id }) => byId.get(id) ?? []);
  return {
    totalCapped: total > TOTAL_CAP,
    items: rows.map((row) => {
      const { quote: _quote, customFields: _fields, upsellItems: _items, checkoutInfo: _payments, ...item } = bookingAnswer(row, []);
      return item;
    }),
    total: Math.min(total, TOTAL_CAP),
  };
}
