import { and, asc, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingPayments, bookings } from './schema.js';

/**
 * The bookings behind the dashboard's figures (issue 24), for the statistics module: the rows of a
 * figure with what each adds to it, the payment methods' sums, the lane time of the heatmap and the
 * days ahead. The figures themselves are added up by the database (statistics_days, migration
 * 0015); the taxes kept use the same SQL function as its trigger, so a list sums to its tile.
 */

/** The bookings of a period: created in it (instants of the venue's days) or taking place in it (venue dates). */
export interface BookingPeriod {
  field: 'createdAt' | 'date';
  from: string;
  to: string;
  /** The first instant of `from` and of the day after `to`, in the venue's zone. */
  fromInstant: Date;
  untilInstant: Date;
  productId: string | null;
}

/** What a listed booking adds to its figure. */
export type BookingFigure = 'paid' | 'refunded' | 'net' | 'taxes' | 'counted' | 'cancelled' | 'refundedBookings' | 'laneMinutes';

const taxesKept = sql<number>`statistics_booking_taxes(${bookings.paidTotal}, ${bookings.refundedTotal}, ${bookings.total}, ${bookings.quote})`;
const isLive = inArray(bookings.status, [...LIVE_BOOKING_STATUSES]);
const laneMinutes = sql<number>`case when ${isLive} then jsonb_array_length(${bookings.resourceIds}) * round(extract(epoch from ${bookings.endsAt} - ${bookings.startsAt}) / 60)::bigint else 0 end`;

const FIGURES: Record<BookingFigure, { where: SQL; value: SQL<number> }> = {
  paid: { where: sql`${bookings.paidTotal} <> 0`, value: sql`${bookings.paidTotal}` },
  refunded: { where: sql`${bookings.refundedTotal} <> 0`, value: sql`${bookings.refundedTotal}` },
  net: {
    where: sql`(${bookings.paidTotal} <> 0 or ${bookings.refundedTotal} <> 0)`,
    value: sql`${bookings.paidTotal} - ${bookings.refundedTotal}`,
  },
  taxes: { where: sql`${taxesKept} <> 0`, value: taxesKept },
  counted: { where: sql`${bookings.status} <> 'abandoned'`, value: sql`1` },
  cancelled: { where: eq(bookings.status, 'canceled'), value: sql`1` },
  refundedBookings: { where: sql`${bookings.refundedTotal} > 0`, value: sql`1` },
  laneMinutes: { where: isLive, value: laneMinutes },
};

function inPeriod(period: BookingPeriod): SQL {
  const when =
    period.field === 'createdAt'
      ? and(gte(bookings.createdAt, period.fromInstant), lt(bookings.createdAt, period.untilInstant))
      : and(gte(bookings.date, period.from), lte(bookings.date, period.to));
  return and(when, period.productId === null ? undefined : eq(bookings.productId, period.productId))!;
}

export interface StatisticsBookingRow {
  id: string;
  registrationCode: string | null;
  bookingReference: string | null;
  firstName: string;
  lastName: string;
  productId: string;
  status: string;
  source: 'online' | 'phone' | 'walk_in';
  createdAt: Date;
  date: string | null;
  startsAt: Date;
  total: number;
  paid: number;
  refunded: number;
  taxes: number;
  laneMinutes: number;
  value: number;
}

/** A page of the bookings behind a figure, newest first by the period's date field; `sum` adds every match's value. */
export async function statisticsBookingsPage(
  db: Db,
  venueId: string,
  period: BookingPeriod,
  figure: BookingFigure,
  page: { limit: number; offset: number },
): Promise<{ rows: StatisticsBookingRow[]; total: number; sum: number }> {
  const venue = forVenue(db, venueId);
  const { where, value } = FIGURES[figure];
  const matching = and(inPeriod(period), where);
  const order =
    period.field === 'createdAt'
      ? [desc(bookings.createdAt), desc(bookings.id)]
      : [desc(bookings.date), desc(bookings.startsAt), desc(bookings.id)];
  const [rows, totals] = await Promise.all([
    venue.selectFields(
      bookings,
      {
        id: bookings.id,
        registrationCode: bookings.registrationCode,
        bookingReference: bookings.bookingReference,
        firstName: bookings.firstName,
        lastName: bookings.lastName,
        productId: bookings.productId,
        status: bookings.status,
        source: bookings.source,
        createdAt: bookings.createdAt,
        date: bookings.date,
        startsAt: bookings.startsAt,
        total: bookings.total,
        paid: bookings.paidTotal,
        refunded: bookings.refundedTotal,
        taxes: sql<number>`${taxesKept}::int`,
        laneMinutes: sql<number>`(${laneMinutes})::int`,
        value: sql<number>`(${value})::int`,
      },
      matching,
      { orderBy: order, limit: page.limit, offset: page.offset },
    ),
    venue.aggregate(bookings, { total: sql<number>`count(*)::int`, sum: sql<number>`coalesce(sum(${value}), 0)::bigint` }, matching),
  ]);
  return { rows, total: Number(totals.total), sum: Number(totals.sum) };
}

/** The bookings of one venue day (a chart's hours): when each was created and takes place, and its figures. */
export async function statisticsBookingsOfDay(db: Db, venueId: string, period: BookingPeriod) {
  return forVenue(db, venueId).selectFields(
    bookings,
    {
      createdAt: bookings.createdAt,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      source: bookings.source,
      paid: bookings.paidTotal,
      refunded: bookings.refundedTotal,
      taxes: sql<number>`${taxesKept}::int`,
      lanes: sql<number>`jsonb_array_length(${bookings.resourceIds})`,
    },
    inPeriod(period),
  );
}

/**
 * The figures of one venue day's bookings per hour, added up by the database: `hourStarts` are
 * the first instants of the day's hours and of the next day (an hour is not always 60 minutes
 * from midnight: DST, half-hour zones), `at` the instant that places a booking. `hour` is the
 * index in `hourStarts`; a booking outside them is left out. `taxes` is 0 unless `withTaxes`.
 */
export async function statisticsBookingsByHour(
  db: Db,
  venueId: string,
  period: BookingPeriod,
  hourStarts: Date[],
  at: 'createdAt' | 'startsAt',
  withTaxes: boolean,
) {
  const venue = forVenue(db, venueId);
  const thresholds = sql`${`{${hourStarts.map((instant) => instant.toISOString()).join(',')}}`}::timestamptz[]`;
  const hour = sql<number>`width_bucket(${at === 'createdAt' ? bookings.createdAt : bookings.startsAt}, ${thresholds}) - 1`;
  const counted = sql`${bookings.status} <> 'abandoned'`;
  const count = (where: SQL) => sql<number>`count(*) filter (where ${where})::int`;
  const rows = await db
    .select({
      hour,
      bookings: count(counted),
      cancelled: count(eq(bookings.status, 'canceled')),
      online: count(sql`${counted} and ${bookings.source} = 'online'`),
      phone: count(sql`${counted} and ${bookings.source} = 'phone'`),
      refundedBookings: count(sql`${bookings.refundedTotal} > 0`),
      gross: sql<number>`sum(${bookings.paidTotal})::bigint`,
      refunded: sql<number>`sum(${bookings.refundedTotal})::bigint`,
      // The taxes kept are a function call a booking: only for the chart that shows them.
      taxes: withTaxes ? sql<number>`sum(${taxesKept})::bigint` : sql<number>`0`,
    })
    // eslint-disable-next-line no-restricted-syntax -- forVenue has no GROUP BY: the where is the venue's scope (venue.scope)
    .from(bookings)
    .where(venue.scope(bookings, inPeriod(period)))
    .groupBy(sql`1`);
  return rows
    .map((row) => ({
      hour: Number(row.hour),
      bookings: row.bookings,
      cancelled: row.cancelled,
      online: row.online,
      phone: row.phone,
      // What is neither online nor by phone counts as walk-in, as the per-day aggregates do.
      walkIn: row.bookings - row.online - row.phone,
      refundedBookings: row.refundedBookings,
      gross: Number(row.gross),
      refunded: Number(row.refunded),
      taxes: Number(row.taxes),
    }))
    .filter((row) => row.hour >= 0 && row.hour < hourStarts.length - 1);
}

/** Payments and refunds of the period's bookings by the ledger's method; `card` is true for the provider's. */
export async function paymentMethodSums(db: Db, venueId: string, period: BookingPeriod) {
  const venue = forVenue(db, venueId);
  const rows = await db
    .select({
      method: bookingPayments.method,
      card: sql<boolean>`${bookingPayments.provider} is not null`,
      paid: sql<number>`coalesce(sum(${bookingPayments.amount}) filter (where ${bookingPayments.kind} = 'payment'), 0)::bigint`,
      refunded: sql<number>`coalesce(sum(${bookingPayments.amount}) filter (where ${bookingPayments.kind} = 'refund' and ${bookingPayments.status} <> 'failed'), 0)::bigint`,
    })
    // eslint-disable-next-line no-restricted-syntax -- forVenue has no GROUP BY: the where is the venue's scope (venue.scope)
    .from(bookingPayments)
    .innerJoin(bookings, venue.scope(bookings, eq(bookings.id, bookingPayments.bookingId)))
    .where(venue.scope(bookingPayments, inPeriod(period)))
    .groupBy(bookingPayments.method, sql`${bookingPayments.provider} is not null`)
    .orderBy(asc(bookingPayments.method));
  return rows.map((row) => ({ method: row.method, card: row.card, paid: Number(row.paid), refunded: Number(row.refunded) }));
}

/**
 * Lane-minutes held by live bookings of the period (by event date), by the venue's weekday
 * (0 = Sunday) and hour: each booking's time spread over the hours it covers.
 */
export async function heldLaneMinutesByHour(db: Db, venueId: string, period: BookingPeriod, timeZone: string) {
  const venue = forVenue(db, venueId);
  const hour = sql`h.hour`;
  const local = sql`(${hour} at time zone ${timeZone})`;
  const rows = await db
    .select({
      weekday: sql<number>`extract(dow from ${local})::int`,
      hour: sql<number>`extract(hour from ${local})::int`,
      minutes: sql<number>`sum(jsonb_array_length(${bookings.resourceIds}) * extract(epoch from least(${bookings.endsAt}, ${hour} + interval '1 hour') - greatest(${bookings.startsAt}, ${hour})) / 60)::bigint`,
    })
    // eslint-disable-next-line no-restricted-syntax -- forVenue has no GROUP BY: the where is the venue's scope (venue.scope)
    .from(bookings)
    .innerJoin(
      sql`lateral generate_series(date_trunc('hour', ${bookings.startsAt}), ${bookings.endsAt} - interval '1 microsecond', interval '1 hour') as h(hour)`,
      sql`true`,
    )
    .where(venue.scope(bookings, and(inPeriod({ ...period, field: 'date' }), isLive)))
    .groupBy(sql`1`, sql`2`);
  return rows.map((row) => ({ weekday: row.weekday, hour: row.hour, minutes: Number(row.minutes) }));
}

/** The live bookings of each venue date from `from` to `to`: how many, their totals, their lane-minutes. */
export async function liveBookingsByDate(db: Db, venueId: string, from: string, to: string, productId: string | null) {
  const venue = forVenue(db, venueId);
  const rows = await db
    .select({
      date: bookings.date,
      count: sql<number>`count(*)::int`,
      total: sql<number>`coalesce(sum(${bookings.total}), 0)::bigint`,
      laneMinutes: sql<number>`coalesce(sum(${laneMinutes}), 0)::bigint`,
    })
    // eslint-disable-next-line no-restricted-syntax -- forVenue has no GROUP BY: the where is the venue's scope (venue.scope)
    .from(bookings)
    .where(
      venue.scope(
        bookings,
        and(gte(bookings.date, from), lte(bookings.date, to), isLive, productId === null ? undefined : eq(bookings.productId, productId)),
      ),
    )
    .groupBy(bookings.date);
  return rows.map((row) => ({ date: row.date!, count: row.count, total: Number(row.total), laneMinutes: Number(row.laneMinutes) }));
}
