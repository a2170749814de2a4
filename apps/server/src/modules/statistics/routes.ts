import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { daysBetween, venueToday } from '@lanebook/core';
import {
  cashUpQuerySchema,
  cashUpSchema,
  periodOf,
  statisticKeyParamsSchema,
  statisticsAheadQuerySchema,
  statisticsAheadSchema,
  statisticsBreakdownSchema,
  statisticsChartSchema,
  statisticsHeatmapSchema,
  statisticsListQuerySchema,
  statisticsListSchema,
  statisticsQuerySchema,
  statisticsSchema,
  type StatisticDateField,
  type StatisticKey,
  type StatisticPeriod,
  type StatisticsListItem,
} from '@lanebook/core/statistics-schemas';
import type { Db } from '../../db/client.js';
import type { ModuleDeps } from '../../platform/module.js';
import { venueOf, type VenueContext } from '../../platform/access.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import { errorResponses, preSerialized } from '../../platform/http.js';
import { liveProductById } from '../products/service.js';
import { csvCell } from '../../platform/csv.js';
import { StatisticsCache } from './cache.js';
import { cashUpCsv, cashUpFileName, cashUpOf } from './cash-up.js';
import { aheadOf, breakdownOf, chartOf, heatmapOf, listOf, listRowsOf, statisticsOf, type Selection, type VenueClock } from './service.js';

const tags = ['statistics'];
/** The heatmap reads every slot of the period: a year at most (decision 029). */
const MAX_HEATMAP_DAYS = 366;
const access = { permission: 'statistics.view' } as const;

interface SelectionQuery {
  from?: string;
  to?: string;
  period?: StatisticPeriod;
  dateField: StatisticDateField;
  productId?: string;
}

const clockOf = (venue: VenueContext): VenueClock => ({
  venueId: venue.id,
  timeZone: venue.row.timezone,
  firstDayOfWeek: venue.row.firstDayOfWeek,
});

/** The venue dates asked (today in the venue's zone by default); a product of another venue, or deleted, is a 404. */
async function selectionOf(db: Db, venue: VenueContext, query: SelectionQuery, now: Date): Promise<Selection> {
  const productId = query.productId ?? null;
  if (productId !== null && !(await liveProductById(db, venue.id, productId))) throw notFound('Product');
  const period = periodOf(query, venueToday(venue.row.timezone, now), venue.row.firstDayOfWeek);
  return { ...period, dateField: query.dateField, productId };
}

/** The cache's key: the call and everything its answer depends on besides the data. */
const keyOf = (call: string, clock: VenueClock, selection: Selection, extra = '') =>
  [call, clock.timeZone, clock.firstDayOfWeek, selection.from, selection.to, selection.dateField, selection.productId ?? '', extra].join(
    '|',
  );

const CSV_BOOKING_COLUMNS = [
  'Booking id',
  'Registration code',
  'Booking reference',
  'First name',
  'Last name',
  'Product id',
  'Status',
  'Source',
  'Created at',
  'Event date',
  'Starts at',
  'Total',
  'Paid',
  'Refunded',
  'Taxes kept',
  'Lane minutes',
  'Value',
];
const CSV_VISIT_COLUMNS = ['Visit id', 'Opened at', 'Event date', 'Product id', 'Step', 'Booking id', 'Bounced'];
const line = (cells: unknown[]) => `${cells.map((cell) => (typeof cell === 'number' ? String(cell) : csvCell(cell))).join(',')}\r\n`;
/** Cents as a decimal amount a spreadsheet adds up (1234 → 12.34). */
const amount = (cents: number) => (cents / 100).toFixed(2);

function csvLine(item: StatisticsListItem, money: boolean): string {
  if (item.type === 'visit') return line([item.id, item.createdAt, item.eventDate, item.productId, item.step, item.bookingId, item.value]);
  return line([
    item.id,
    item.registrationCode,
    item.bookingReference,
    item.firstName,
    item.lastName,
    item.productId,
    item.status,
    item.source,
    item.createdAt,
    item.date,
    item.startsAt,
    amount(item.total),
    amount(item.paid),
    amount(item.refunded),
    amount(item.taxes),
    item.laneMinutes,
    money ? amount(item.value) : item.value,
  ]);
}

const MONEY_KEYS: readonly StatisticKey[] = ['grossRevenue', 'refundedAmount', 'netRevenue', 'taxesAmount'];

/** The owner's dashboard (issue 24): tiles, a tile's chart and rows, and the figures beyond the spec. */
export const statisticsRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const cache = new StatisticsCache(deps.database.notifications);
  await cache.start();

  app.get(
    '/api/private/statistics',
    {
      config: { access },
      schema: {
        operationId: 'getStatistics',
        summary: 'Every dashboard tile',
        tags,
        description:
          'Every dashboard tile for the period (today in the venue’s zone by default; from and to, or a named period) and for the equal period before it (the same whole months for whole months). Cached up to 60 minutes and until a booking, payment, refund, visit or slot of the venue changes; refresh=1 recomputes.',
        querystring: statisticsQuerySchema,
        response: { 200: statisticsSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const now = new Date();
      const clock = clockOf(venue);
      const selection = await selectionOf(db, venue, request.query, now);
      const json = await cache.json(venue.id, keyOf('tiles', clock, selection), request.query.refresh ?? false, () =>
        statisticsOf(db, clock, selection, now),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized<z.infer<typeof statisticsSchema>>(json));
    },
  );

  app.get(
    '/api/private/statistics/:key/chart',
    {
      config: { access },
      schema: {
        operationId: 'getStatisticChart',
        summary: "A tile's value over the period",
        tags,
        description:
          'A tile’s value per bucket of the period: hours for one day, days up to 62 days, weeks (from the venue’s first day of week) up to 366, months beyond. Cached as the tiles are.',
        params: statisticKeyParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: statisticsChartSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const now = new Date();
      const clock = clockOf(venue);
      const selection = await selectionOf(db, venue, request.query, now);
      const { key } = request.params;
      const json = await cache.json(venue.id, keyOf('chart', clock, selection, key), request.query.refresh ?? false, () =>
        chartOf(db, clock, key, selection, now),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized<z.infer<typeof statisticsChartSchema>>(json));
    },
  );

  app.get(
    '/api/private/statistics/:key/list',
    {
      config: { access },
      schema: {
        operationId: 'listStatisticRows',
        summary: 'The rows behind a tile',
        tags,
        description:
          'The bookings (visits for the bounce rate) behind a tile, newest first, with what each adds to it: sum is the tile for money and counts, a rate’s numerator over of.',
        params: statisticKeyParamsSchema,
        querystring: statisticsListQuerySchema,
        response: { 200: statisticsListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const now = new Date();
      const selection = await selectionOf(db, venue, request.query, now);
      const { limit, offset } = request.query;
      return listOf(db, clockOf(venue), request.params.key, selection, { limit, offset }, now);
    },
  );

  app.get(
    '/api/private/statistics/:key/list.csv',
    {
      config: { access },
      schema: {
        operationId: 'exportStatisticCsv',
        summary: 'The rows behind a tile as CSV',
        tags,
        description: 'Every row of the list as CSV (amounts in the currency’s units, formulas neutralized), streamed.',
        params: statisticKeyParamsSchema,
        querystring: statisticsQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const selection = await selectionOf(db, venue, request.query, new Date());
      const { key } = request.params;
      const money = MONEY_KEYS.includes(key);
      async function* csv() {
        yield '\uFEFF' + line(key === 'bounceRate' ? CSV_VISIT_COLUMNS : CSV_BOOKING_COLUMNS);
        for await (const items of listRowsOf(db, clockOf(venue), key, selection)) yield items.map((item) => csvLine(item, money)).join('');
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${key}-${selection.from}-${selection.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csv()) as never);
    },
  );

  // The day-end cash-up (issue 34, decision 038): by when money was taken, not cached (the desk reads it as the drawer is counted).
  const cashUpDescription =
    'The payments and refunds taken in the period (venue dates from and to, both included, or a named period as the dashboard’s; today by default; at most 366 days) by when they were taken, whatever the bookings’ dates: by payment method, by the member who took them (the customer online and the payment provider as one "Online" row, userId null), and the expected cash (the cash net).';
  app.get(
    '/api/private/cash-up',
    {
      config: { access },
      schema: {
        operationId: 'getCashUp',
        summary: 'Payments and refunds taken',
        tags,
        description: cashUpDescription,
        querystring: cashUpQuerySchema,
        response: { 200: cashUpSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const period = periodOf(request.query, venueToday(venue.row.timezone), venue.row.firstDayOfWeek);
      return cashUpOf(db, venue.id, venue.row.timezone, period);
    },
  );

  app.get(
    '/api/private/cash-up.csv',
    {
      config: { access },
      schema: {
        operationId: 'exportCashUpCsv',
        summary: 'Payments and refunds taken as CSV',
        tags,
        description: `${cashUpDescription} As CSV: a row per method, per member and the expected cash; amounts in the currency’s units, formulas neutralized.`,
        querystring: cashUpQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const period = periodOf(request.query, venueToday(venue.row.timezone), venue.row.firstDayOfWeek);
      const cashUp = await cashUpOf(db, venue.id, venue.row.timezone, period);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${cashUpFileName(cashUp)}"`)
        .header('cache-control', 'no-store')
        .send(cashUpCsv(cashUp));
    },
  );

  app.get(
    '/api/private/statistics/breakdown',
    {
      config: { access },
      schema: {
        operationId: 'getBreakdown',
        summary: 'Revenue by product and payment method',
        tags,
        description:
          'Revenue of the period’s bookings by product and by payment method (cash, a terminal of the venue, card online). Cached as the tiles are.',
        querystring: statisticsQuerySchema,
        response: { 200: statisticsBreakdownSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const now = new Date();
      const clock = clockOf(venue);
      const selection = await selectionOf(db, venue, request.query, now);
      const json = await cache.json(venue.id, keyOf('breakdown', clock, selection), request.query.refresh ?? false, () =>
        breakdownOf(db, clock, selection, now),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized<z.infer<typeof statisticsBreakdownSchema>>(json));
    },
  );

  app.get(
    '/api/private/statistics/heatmap',
    {
      config: { access },
      schema: {
        operationId: 'getHeatmap',
        summary: 'Lane time taken by weekday and hour',
        tags,
        description:
          'The share of lane time taken by weekday and hour over the period (by event date, at most 366 days): held lane-minutes of live bookings over the slots’ lane-minutes. Cached as the tiles are.',
        querystring: statisticsQuerySchema,
        response: { 200: statisticsHeatmapSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const now = new Date();
      const clock = clockOf(venue);
      const selection = await selectionOf(db, venue, request.query, now);
      if (daysBetween(selection.from, selection.to) + 1 > MAX_HEATMAP_DAYS)
        throw validationFailed([
          { path: [request.query.to ? 'to' : 'period'], message: `The heatmap spans at most ${MAX_HEATMAP_DAYS} days` },
        ]);
      const json = await cache.json(venue.id, keyOf('heatmap', clock, selection), request.query.refresh ?? false, () =>
        heatmapOf(db, clock, selection, now),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized<z.infer<typeof statisticsHeatmapSchema>>(json));
    },
  );

  app.get(
    '/api/private/statistics/ahead',
    {
      config: { access },
      schema: {
        operationId: 'getAhead',
        summary: "The next two weeks' bookings",
        tags,
        description: 'Today and the 13 days after: each day’s live bookings, what they bring (their totals) and occupancy.',
        querystring: statisticsAheadQuerySchema,
        response: { 200: statisticsAheadSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const now = new Date();
      const clock = clockOf(venue);
      const today = venueToday(venue.row.timezone, now);
      const selection = await selectionOf(db, venue, { dateField: 'date', productId: request.query.productId }, now);
      const json = await cache.json(
        venue.id,
        keyOf('ahead', clock, { ...selection, from: today, to: today }),
        request.query.refresh ?? false,
        () => aheadOf(db, clock, today, selection.productId, now),
      );
      return reply.type('application/json; charset=utf-8').send(preSerialized<z.infer<typeof statisticsAheadSchema>>(json));
    },
  );
};
