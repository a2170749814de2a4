import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { addDays, isLiveStatus } from '@lanebook/core';
import { GIFT_CARD_METHOD } from '@lanebook/core/gift-cards';
import {
  bucketOf,
  dateBucketsOf,
  EVENT_DATE_STATISTICS,
  hourBucketsOf,
  percent,
  previousPeriodOf,
  startOfDay,
  type BookingSourceCounts,
  type PaymentMethodKind,
  type Period,
  type StatisticDateField,
  type StatisticKey,
  type Statistics,
  type StatisticsAhead,
  type StatisticsBreakdown,
  type StatisticsChart,
  type StatisticsFigures,
  type StatisticsHeatmap,
  type StatisticsList,
  type StatisticsListItem,
  type StatisticsPoint,
} from '@lanebook/core/statistics-schemas';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import {
  heldLaneMinutesByHour,
  liveBookingsByDate,
  paymentMethodSums,
  statisticsBookingsByHour,
  statisticsBookingsOfDay,
  statisticsBookingsPage,
  type BookingFigure,
  type BookingPeriod,
  type StatisticsBookingRow,
} from '../bookings/statistics.js';
import { nonWorkingDaysBetween } from '../calendar/service.js';
import { workingSlotsBetween } from '../calendar/statistics.js';
import { liveProducts } from '../products/service.js';
import { lanesByIds } from '../resources/service.js';
import { statisticsVisitsOfDay, statisticsVisitsPage } from '../widget/statistics.js';
import { statisticsDays, statisticsSlotDays } from './schema.js';

/**
 * The dashboard's figures (issue 24; definitions in packages/core/src/statistics-schemas.ts).
 * Tiles and charts of days, weeks and months add up the per-day rows the database keeps
 * (statistics_days, migration 0015) and the slot minutes beside them (statistics_slot_days,
 * migration 0019); a chart of one day's hours, the lists and the heatmap read
 * the bookings, visits and slots through their modules.
 */

export interface VenueClock {
  venueId: string;
  timeZone: string;
  firstDayOfWeek: number;
}

export interface Selection extends Period {
  dateField: StatisticDateField;
  productId: string | null;
}

/** The sums a figure is made of, over some days. */
interface Sums {
  bookings: number;
  cancelled: number;
  online: number;
  phone: number;
  walkIn: number;
  refundedBookings: number;
  gross: number;
  refunded: number;
  taxes: number;
  /** By event date, whatever the date field. */
  laneMinutes: number;
  visits: number;
  bounced: number;
  /** Lane-minutes of the slots (occupancy's denominator). */
  available: number;
}

const BOOKING_SUMS = ['bookings', 'cancelled', 'online', 'phone', 'walkIn', 'refundedBookings', 'gross', 'refunded', 'taxes'] as const;
const EVENT_SUMS = ['laneMinutes', 'visits', 'bounced'] as const;

const zero = (): Sums => ({
  bookings: 0,
  cancelled: 0,
  online: 0,
  phone: 0,
  walkIn: 0,
  refundedBookings: 0,
  gross: 0,
  refunded: 0,
  taxes: 0,
  laneMinutes: 0,
  visits: 0,
  bounced: 0,
  available: 0,
});

const basisOf = (dateField: StatisticDateField) => (dateField === 'createdAt' ? 'created' : 'event');

/** Per venue date: the booking sums on the date field's basis and the event sums, from statistics_days. */
async function sumsByDate(db: Db, venueId: string, period: Period, dateField: StatisticDateField, productId: string | null) {
  const d = statisticsDays;
  const total = (column: typeof d.bookings | typeof d.gross) => sql<number>`sum(${column})::bigint`;
  const rows = await db
    .select({
      basis: d.basis,
      day: d.day,
      bookings: total(d.bookings),
      cancelled: total(d.cancelled),
      online: total(d.online),
      phone: total(d.phone),
      walkIn: total(d.walkIn),
      refundedBookings: total(d.refundedBookings),
      gross: total(d.gross),
      refunded: total(d.refunded),
      taxes: total(d.taxes),
      laneMinutes: total(d.laneMinutes),
      visits: total(d.visits),
      bounced: total(d.bounced),
    })
    .from(d)
    .where(
      forVenue(db, venueId).scope(
        d,
        and(gte(d.day, period.from), lte(d.day, period.to), productId === null ? undefined : eq(d.productId, productId)),
      ),
    )
    .groupBy(d.basis, d.day);
  const byDate = new Map<string, Sums>();
  const at = (date: string) => byDate.get(date) ?? byDate.set(date, zero()).get(date)!;
  const basis = basisOf(dateField);
  for (const row of rows) {
    const sums = at(row.day);
    if (row.basis === basis) for (const key of BOOKING_SUMS) sums[key] += Number(row[key]);
    if (row.basis === 'event') for (const key of EVENT_SUMS) sums[key] += Number(row[key]);
  }
  return byDate;
}

/** Each product's lanes that are not paused (the product's only when one is named). */
async function laneCountsOf(db: Db, venueId: string, productId: string | null): Promise<Map<string, number>> {
  const products = await liveProducts(db, venueId, productId === null ? undefined : [productId]);
  const laneIds = [...new Set(products.flatMap((product) => product.resources))];
  const open = new Set((await lanesByIds(db, venueId, laneIds)).filter((lane) => !lane.isPaused).map((lane) => lane.id));
  return new Map(products.map((product) => [product.id, product.resources.filter((id) => open.has(id)).length]));
}

/**
 * Lane-minutes of the slots per venue date: each product's slot minutes (statistics_slot_days,
 * kept by the database) times its open lanes, on the days the venue works.
 */
async function availableByDate(db: Db, venueId: string, period: Period, productId: string | null, lanes: Promise<Map<string, number>>) {
  const d = statisticsSlotDays;
  const [rows, closed, laneCounts] = await Promise.all([
    db
      .select({ day: d.day, productId: d.productId, minutes: d.minutes })
      .from(d)
      .where(
        forVenue(db, venueId).scope(
          d,
          and(gte(d.day, period.from), lte(d.day, period.to), productId === null ? undefined : eq(d.productId, productId)),
        ),
      ),
    nonWorkingDaysBetween(db, venueId, period.from, period.to),
    lanes,
  ]);
  const closedDays = new Set(closed);
  const byDate = new Map<string, number>();
  for (const row of rows) {
    if (closedDays.has(row.day)) continue;
    byDate.set(row.day, (byDate.get(row.day) ?? 0) + Number(row.minutes) * (laneCounts.get(row.productId) ?? 0));
  }
  return byDate;
}

/** The sums of each date of a period, with the slots' lane-minutes. */
async function dailySums(db: Db, clock: VenueClock, period: Period, dateField: StatisticDateField, productId: string | null) {
  const [sums, available] = await Promise.all([
    sumsByDate(db, clock.venueId, period, dateField, productId),
    availableByDate(db, clock.venueId, period, productId, laneCountsOf(db, clock.venueId, productId)),
  ]);
  for (const [date, minutes] of available) {
    const day = sums.get(date) ?? sums.set(date, zero()).get(date)!;
    day.available += minutes;
  }
  return sums;
}

function addUp(byDate: Map<string, Sums>, from: string, to: string): Sums {
  const total = zero();
  for (const [date, sums] of byDate) {
    if (date < from || date > to) continue;
    for (const key of Object.keys(total) as (keyof Sums)[]) total[key] += sums[key];
  }
  return total;
}

function figuresOf(sums: Sums): StatisticsFigures {
  return {
    grossRevenue: sums.gross,
    refundedAmount: sums.refunded,
    netRevenue: sums.gross - sums.refunded,
    bounceRate: percent(sums.bounced, sums.visits),
    taxesAmount: sums.taxes,
    bookingsCount: sums.bookings,
    cancelledBookings: sums.cancelled,
    refundedBookings: sums.refundedBookings,
    occupancyRate: percent(sums.laneMinutes, sums.available),
    bookingSource: sourceOf(sums),
  };
}

const sourceOf = (sums: Pick<Sums, 'online' | 'phone' | 'walkIn'>): BookingSourceCounts => ({
  online: sums.online,
  phone: sums.phone,
  walkIn: sums.walkIn,
});

function valueOf(key: StatisticKey, sums: Sums): number {
  const figures = figuresOf(sums);
  return key === 'bookingSource' ? figures.bookingsCount : figures[key];
}

/** GET /api/private/statistics: every tile of the period and of the period before. */
export async function statisticsOf(db: Db, clock: VenueClock, selection: Selection, now: Date): Promise<Statistics> {
  const previous = previousPeriodOf(selection);
  const byDate = await dailySums(db, clock, { from: previous.from, to: selection.to }, selection.dateField, selection.productId);
  return {
    ...answerPeriod(selection, now),
    previousFrom: previous.from,
    previousTo: previous.to,
    stats: figuresOf(addUp(byDate, selection.from, selection.to)),
    previous: figuresOf(addUp(byDate, previous.from, previous.to)),
  };
}

const answerPeriod = (selection: Selection, now: Date) => ({
  from: selection.from,
  to: selection.to,
  dateField: selection.dateField,
  productId: selection.productId,
  cachedAt: now.toISOString(),
});

/** The bookings of a selection, as the bookings module reads them. */
export function bookingPeriodOf(selection: Selection, timeZone: string, field = selection.dateField): BookingPeriod {
  return {
    field,
    from: selection.from,
    to: selection.to,
    fromInstant: startOfDay(selection.from, timeZone),
    untilInstant: startOfDay(addDays(selection.to, 1), timeZone),
    productId: selection.productId,
  };
}

/** GET /api/private/statistics/{key}/chart. */
export async function chartOf(db: Db, clock: VenueClock, key: StatisticKey, selection: Selection, now: Date): Promise<StatisticsChart> {
  const bucket = bucketOf(selection);
  const points =
    bucket === 'hour'
      ? await hourPoints(db, clock, key, selection)
      : await dailySums(db, clock, selection, selection.dateField, selection.productId).then((byDate) =>
          dateBucketsOf(selection, bucket, clock.firstDayOfWeek).map(({ start, end }) =>
            point(key, addUp(byDate, start, end), start, end, start),
          ),
        );
  return { ...answerPeriod(selection, now), key, bucket, points };
}

function point(key: StatisticKey, sums: Sums, start: string, end: string, label: string): StatisticsPoint {
  const value = valueOf(key, sums);
  return key === 'bookingSource' ? { start, end, label, value, parts: sourceOf(sums) } : { start, end, label, value };
}

const overlapMinutes = (aStart: Date, aEnd: Date, bStart: Date, bEnd: Date) =>
  Math.max(0, Math.min(aEnd.getTime(), bEnd.getTime()) - Math.max(aStart.getTime(), bStart.getTime())) / 60_000;

/**
 * One day by hour: bookings in the hour they were created (createdAt) or start (date); lane time
 * and slot time where they overlap each hour; visits in the hour they were opened.
 */
async function hourPoints(db: Db, clock: VenueClock, key: StatisticKey, selection: Selection): Promise<StatisticsPoint[]> {
  const hours = hourBucketsOf(selection.from, clock.timeZone);
  const sums = hours.map(() => zero());
  const hourOf = (instant: Date) => hours.findIndex((hour) => instant >= hour.start && instant < hour.end);
  const period = bookingPeriodOf(selection, clock.timeZone);
  if (key === 'occupancyRate') {
    const lanes = await laneCountsOf(db, clock.venueId, selection.productId);
    const [held, slotRows] = await Promise.all([
      statisticsBookingsOfDay(db, clock.venueId, { ...period, field: 'date' }),
      workingSlotsBetween(db, clock.venueId, selection.from, selection.to, [...lanes.keys()]),
    ]);
    hours.forEach((hour, at) => {
      for (const row of held)
        if (isLiveStatus(row.status)) sums[at].laneMinutes += overlapMinutes(row.startsAt, row.endsAt, hour.start, hour.end) * row.lanes;
      for (const slot of slotRows)
        sums[at].available += overlapMinutes(slot.startsAt, slot.endsAt, hour.start, hour.end) * (lanes.get(slot.productId) ?? 0);
    });
  } else if (key === 'bounceRate') {
    for (const visit of await statisticsVisitsOfDay(db, clock.venueId, selection.from, selection.productId)) {
      const at = hourOf(visit.createdAt);
      if (at < 0) continue; // opened on another day for this event date: it counts in the day's total only
      sums[at].visits += 1;
      if (visit.step < 5) sums[at].bounced += 1;
    }
  } else {
    const hourStarts = [...hours.map((hour) => hour.start), hours[hours.length - 1].end];
    const at = selection.dateField === 'createdAt' ? 'createdAt' : 'startsAt';
    for (const row of await statisticsBookingsByHour(db, clock.venueId, period, hourStarts, at, key === 'taxesAmount')) {
      const { hour, ...figures } = row;
      Object.assign(sums[hour], figures);
    }
  }
  return hours.map((hour, at) => point(key, sums[at], hour.start.toISOString(), hour.end.toISOString(), hour.label));
}

const LIST_FIGURES: Record<Exclude<StatisticKey, 'bounceRate'>, BookingFigure> = {
  grossRevenue: 'paid',
  refundedAmount: 'refunded',
  netRevenue: 'net',
  taxesAmount: 'taxes',
  bookingsCount: 'counted',
  bookingSource: 'counted',
  cancelledBookings: 'cancelled',
  refundedBookings: 'refundedBookings',
  occupancyRate: 'laneMinutes',
};

const SOURCES = { online: 'online', phone: 'phone', walk_in: 'walkIn' } as const;

function bookingItem(row: StatisticsBookingRow): StatisticsListItem {
  return {
    type: 'booking',
    id: row.id,
    registrationCode: row.registrationCode,
    bookingReference: row.bookingReference,
    firstName: row.firstName,
    lastName: row.lastName,
    productId: row.productId,
    status: row.status,
    source: SOURCES[row.source] ?? 'phone',
    createdAt: row.createdAt.toISOString(),
    date: row.date,
    startsAt: row.startsAt.toISOString(),
    total: row.total,
    paid: row.paid,
    refunded: row.refunded,
    taxes: Number(row.taxes),
    laneMinutes: Number(row.laneMinutes),
    value: Number(row.value),
  };
}

/**
 * GET /api/private/statistics/{key}/list: the bookings (or visits) behind a figure. `figure` is the
 * tile; `sum` adds every row's value (the tile itself for money and counts, a rate's numerator),
 * `of` a rate's denominator.
 */
export async function listOf(
  db: Db,
  clock: VenueClock,
  key: StatisticKey,
  selection: Selection,
  page: { limit: number; offset: number },
  now: Date,
): Promise<StatisticsList> {
  const figures = statisticsFiguresOnly(db, clock, selection);
  if (key === 'bounceRate') {
    const [found, tiles] = await Promise.all([statisticsVisitsPage(db, clock.venueId, selection, page), figures]);
    return {
      ...answerPeriod(selection, now),
      key,
      items: found.rows.map((row) => ({
        type: 'visit' as const,
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        eventDate: row.eventDate,
        productId: row.productId,
        step: row.step,
        bookingId: row.bookingId,
        value: row.value,
      })),
      total: found.total,
      sum: found.sum,
      of: found.total,
      figure: tiles.figures.bounceRate,
    };
  }
  const field = EVENT_DATE_STATISTICS.includes(key) ? 'date' : selection.dateField;
  const [found, tiles] = await Promise.all([
    statisticsBookingsPage(db, clock.venueId, bookingPeriodOf(selection, clock.timeZone, field), LIST_FIGURES[key], page),
    figures,
  ]);
  return {
    ...answerPeriod(selection, now),
    key,
    items: found.rows.map(bookingItem),
    total: found.total,
    sum: found.sum,
    of: key === 'occupancyRate' ? tiles.sums.available : null,
    figure: valueOf(key, tiles.sums),
  };
}

async function statisticsFiguresOnly(db: Db, clock: VenueClock, selection: Selection) {
  const sums = addUp(await dailySums(db, clock, selection, selection.dateField, selection.productId), selection.from, selection.to);
  return { sums, figures: figuresOf(sums) };
}

/** Every row of a figure for the CSV export, a page at a time. */
export async function* listRowsOf(
  db: Db,
  clock: VenueClock,
  key: StatisticKey,
  selection: Selection,
): AsyncGenerator<StatisticsListItem[]> {
  const PAGE = 5000;
  for (let offset = 0; ; offset += PAGE) {
    let items: StatisticsListItem[];
    if (key === 'bounceRate') {
      const found = await statisticsVisitsPage(db, clock.venueId, selection, { limit: PAGE, offset });
      items = found.rows.map((row) => ({
        type: 'visit' as const,
        id: row.id,
        createdAt: row.createdAt.toISOString(),
        eventDate: row.eventDate,
        productId: row.productId,
        step: row.step,
        bookingId: row.bookingId,
        value: row.value,
      }));
    } else {
      const field = EVENT_DATE_STATISTICS.includes(key) ? 'date' : selection.dateField;
      const found = await statisticsBookingsPage(db, clock.venueId, bookingPeriodOf(selection, clock.timeZone, field), LIST_FIGURES[key], {
        limit: PAGE,
        offset,
      });
      items = found.rows.map(bookingItem);
    }
    if (items.length) yield items;
    if (items.length < PAGE) return;
  }
}

/** GET /api/private/statistics/breakdown: revenue by product and by payment method. */
export async function breakdownOf(db: Db, clock: VenueClock, selection: Selection, now: Date): Promise<StatisticsBreakdown> {
  const d = statisticsDays;
  const [products, methods] = await Promise.all([
    db
      .select({
        productId: d.productId,
        bookings: sql<number>`sum(${d.bookings})::bigint`,
        gross: sql<number>`sum(${d.gross})::bigint`,
        refunded: sql<number>`sum(${d.refunded})::bigint`,
      })
      .from(d)
      .where(
        forVenue(db, clock.venueId).scope(
          d,
          and(
            eq(d.basis, basisOf(selection.dateField)),
            gte(d.day, selection.from),
            lte(d.day, selection.to),
            selection.productId === null ? undefined : eq(d.productId, selection.productId),
          ),
        ),
      )
      .groupBy(d.productId),
    paymentMethodSums(db, clock.venueId, bookingPeriodOf(selection, clock.timeZone)),
  ]);
  return {
    ...answerPeriod(selection, now),
    byProduct: products
      .map((row) => ({
        productId: row.productId,
        bookingsCount: Number(row.bookings),
        grossRevenue: Number(row.gross),
        refundedAmount: Number(row.refunded),
        netRevenue: Number(row.gross) - Number(row.refunded),
      }))
      .filter((row) => row.bookingsCount !== 0 || row.grossRevenue !== 0 || row.refundedAmount !== 0)
      .sort((a, b) => b.netRevenue - a.netRevenue || a.productId.localeCompare(b.productId)),
    byPaymentMethod: methods
      .map((row) => ({
        method: row.method,
        kind: paymentMethodKind(row.method, row.card),
        grossRevenue: row.paid,
        refundedAmount: row.refunded,
        netRevenue: row.paid - row.refunded,
      }))
      .sort((a, b) => b.netRevenue - a.netRevenue || a.method.localeCompare(b.method)),
  };
}

/** Slots the heatmap adds up between two turns of the event loop. */
const HEATMAP_SLOTS_PER_TURN = 2000;

/** GET /api/private/statistics/heatmap: lane time taken by weekday and hour, by event date. */
export async function heatmapOf(db: Db, clock: VenueClock, selection: Selection, now: Date): Promise<StatisticsHeatmap> {
  const lanes = await laneCountsOf(db, clock.venueId, selection.productId);
  const [held, slotRows] = await Promise.all([
    heldLaneMinutesByHour(db, clock.venueId, bookingPeriodOf(selection, clock.timeZone, 'date'), clock.timeZone),
    workingSlotsBetween(db, clock.venueId, selection.from, selection.to, [...lanes.keys()]),
  ]);
  const cells = Array.from({ length: 7 * 24 }, (_, at) => ({
    weekday: Math.floor(at / 24),
    hour: at % 24,
    heldMinutes: 0,
    availableMinutes: 0,
  }));
  for (const row of held) cells[row.weekday * 24 + row.hour].heldMinutes += row.minutes;
  const local = new Intl.DateTimeFormat('en-US', { timeZone: clock.timeZone, weekday: 'short', hour: 'numeric', hourCycle: 'h23' });
  const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  // The cell of each instant, formatted once: slots share starts and hour boundaries, and formatting is most of the work.
  const cellAt = new Map<number, number>();
  const cellOf = (instant: number) => {
    let cell = cellAt.get(instant);
    if (cell === undefined) {
      const parts = Object.fromEntries(local.formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
      cell = WEEKDAYS.indexOf(parts.weekday) * 24 + Number(parts.hour);
      cellAt.set(instant, cell);
    }
    return cell;
  };
  for (const [at, slot] of slotRows.entries()) {
    // A year of a large plan is tens of thousands of slots: let other requests in now and then.
    if (at > 0 && at % HEATMAP_SLOTS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    const laneCount = lanes.get(slot.productId) ?? 0;
    if (!laneCount) continue;
    // Hour by hour from the slot's start, each piece in the venue's weekday and hour.
    for (let start = slot.startsAt.getTime(); start < slot.endsAt.getTime();) {
      const end = Math.min(slot.endsAt.getTime(), Math.floor(start / 3_600_000) * 3_600_000 + 3_600_000);
      cells[cellOf(start)].availableMinutes += ((end - start) / 60_000) * laneCount;
      start = end;
    }
  }
  return {
    ...answerPeriod(selection, now),
    cells: cells.map((cell) => ({
      ...cell,
      heldMinutes: Math.round(cell.heldMinutes),
      availableMinutes: Math.round(cell.availableMinutes),
      rate: percent(cell.heldMinutes, cell.availableMinutes),
    })),
  };
}

/** GET /api/private/statistics/ahead: today and the 13 days after. */
export async function aheadOf(db: Db, clock: VenueClock, today: string, productId: string | null, now: Date): Promise<StatisticsAhead> {
  const period = { from: today, to: addDays(today, 13) };
  const [booked, available] = await Promise.all([
    liveBookingsByDate(db, clock.venueId, period.from, period.to, productId),
    availableByDate(db, clock.venueId, period, productId, laneCountsOf(db, clock.venueId, productId)),
  ]);
  const byDate = new Map(booked.map((row) => [row.date, row]));
  return {
    productId,
    cachedAt: now.toISOString(),
    days: Array.from({ length: 14 }, (_, at) => {
      const date = addDays(today, at);
      const day = byDate.get(date);
      return {
        date,
        bookingsCount: day?.count ?? 0,
        bookedRevenue: day?.total ?? 0,
        occupancyRate: percent(day?.laneMinutes ?? 0, available.get(date) ?? 0),
      };
    }),
  };
}

/** What kind of money a payment method is, for the breakdown by method. */
function paymentMethodKind(method: string, card: boolean): PaymentMethodKind {
  if (card) return 'cardOnline';
  if (method === GIFT_CARD_METHOD) return 'giftCard';
  return method.trim().toLowerCase() === 'cash' ? 'cash' : 'terminal';
}
