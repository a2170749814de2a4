import { z } from './zod.js';
import { isoDateSchema } from './calendar-schemas.js';
import { instantSchema } from './api-schemas.js';
import type { ChartBucket, StatisticPeriod } from './statistics-periods.js';

export * from './statistics-periods.js';

/**
 * The owner's dashboard (issue 24): the statistics calls' queries and answers. Money in integer
 * cents, rates as percentages 0-100 with one decimal, periods as venue dates (both days included)
 * in the venue's time zone.
 *
 * Definitions (each tile's tooltip):
 * - The date field picks the bookings: created in the period (`createdAt`, the venue date of
 *   creation) or taking place in it (`date`, the venue date of the first slot).
 * - grossRevenue: payments received for those bookings (every payment of their ledger, whenever taken).
 * - refundedAmount: refunds of them (pending card refunds included, failed ones not).
 * - netRevenue: gross minus refunded.
 * - taxesAmount: the taxes inside what was paid and not refunded: per booking,
 *   min(paid − refunded, total) × quote taxes ÷ quote total, rounded half up to the cent.
 * - bookingsCount: those bookings except abandoned; cancelledBookings: the cancelled ones;
 *   refundedBookings: those with any refund. bookingSource splits bookingsCount.
 * - bounceRate (by event date, whatever the date field): the share of widget visits whose event
 *   date is in the period that never reached payment success (step 5).
 * - occupancyRate (by event date, whatever the date field): lane-minutes held by live bookings
 *   (new, waiting for payment, paid) over the lane-minutes of the period's slots on working days
 *   on lanes not paused.
 */

export const STATISTIC_KEYS = [
  'grossRevenue',
  'refundedAmount',
  'netRevenue',
  'bounceRate',
  'taxesAmount',
  'bookingsCount',
  'cancelledBookings',
  'refundedBookings',
  'occupancyRate',
  'bookingSource',
] as const;
export type StatisticKey = (typeof STATISTIC_KEYS)[number];

/** The figures in cents; the rest are counts, except the two rates. */
export const MONEY_STATISTICS: readonly StatisticKey[] = ['grossRevenue', 'refundedAmount', 'netRevenue', 'taxesAmount'];
export const RATE_STATISTICS: readonly StatisticKey[] = ['bounceRate', 'occupancyRate'];
/** Counted by event date whatever the date field asked. */
export const EVENT_DATE_STATISTICS: readonly StatisticKey[] = ['bounceRate', 'occupancyRate'];

export const STATISTIC_DATE_FIELDS = ['createdAt', 'date'] as const;
export type StatisticDateField = (typeof STATISTIC_DATE_FIELDS)[number];

/** The spec's periods besides custom (from and to); weeks start on the venue's first day of week. */
export const STATISTIC_PERIODS = [
  'today',
  'thisWeek',
  'week',
  'thisMonth',
  'month',
  'thisYear',
  'year',
] as const satisfies readonly StatisticPeriod[];

/** A period spans at most this many days (ten years and leap days). */
export const MAX_STATISTICS_DAYS = 3660;

const flag = z
  .enum(['1', '0', 'true', 'false'], 'Refresh must be 1 or 0')
  .transform((value) => value === '1' || value === 'true')
  .optional();

const statisticsQueryFields = {
  /** First venue date of a custom period; with `to`. Neither, and no period: today. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** A named period around today (venue zone); not with from and to. */
  period: z.enum(STATISTIC_PERIODS, `Period must be one of ${STATISTIC_PERIODS.join(', ')}`).optional(),
  dateField: z.enum(STATISTIC_DATE_FIELDS, 'Date field must be createdAt or date').default('createdAt'),
  /** Only this product's bookings, slots and visits. */
  productId: z.string().trim().min(1, 'Product id cannot be empty').max(100).optional(),
  /** 1 computes anew instead of answering from the cache (Refresh). */
  refresh: flag,
};

type PeriodFields = { from?: string; to?: string; period?: StatisticPeriod };
const periodRules = <T extends z.ZodType<PeriodFields>>(schema: T) =>
  schema.superRefine((q, ctx) => {
    if ((q.from === undefined) !== (q.to === undefined))
      ctx.addIssue({ code: 'custom', path: [q.from === undefined ? 'from' : 'to'], message: 'From and to go together' });
    else if (q.from !== undefined && q.to !== undefined) {
      if (q.period !== undefined) ctx.addIssue({ code: 'custom', path: ['period'], message: 'Give a period or from and to, not both' });
      else if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'From must be on or before to' });
      // Date.parse, not the calendar's arithmetic: a date already refused (February 30th) must not throw here.
      else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > MAX_STATISTICS_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: `A period spans at most ${MAX_STATISTICS_DAYS} days` });
    }
  });

export const statisticsQuerySchema = periodRules(z.object(statisticsQueryFields));
export type StatisticsQuery = z.input<typeof statisticsQuerySchema>;

export const statisticsListQuerySchema = periodRules(
  z.object({
    ...statisticsQueryFields,
    limit: z.coerce.number('Limit must be a number').int('Limit must be whole').min(1, 'Limit is at least 1').max(500).default(50),
    offset: z.coerce.number('Offset must be a number').int('Offset must be whole').min(0, 'Offset cannot be negative').default(0),
  }),
);
export type StatisticsListQuery = z.input<typeof statisticsListQuerySchema>;

export const statisticKeyParamsSchema = z.object({
  key: z.enum(STATISTIC_KEYS, `Key must be one of ${STATISTIC_KEYS.join(', ')}`),
});

export const bookingSourceSchema = z.object({ online: z.number().int(), phone: z.number().int(), walkIn: z.number().int() });
export type BookingSourceCounts = z.infer<typeof bookingSourceSchema>;

/** Every tile of one period. */
export const statisticsFiguresSchema = z.object({
  grossRevenue: z.number().int(),
  refundedAmount: z.number().int(),
  netRevenue: z.number().int(),
  /** Percent 0-100, one decimal; 0 without visits. */
  bounceRate: z.number(),
  taxesAmount: z.number().int(),
  bookingsCount: z.number().int(),
  cancelledBookings: z.number().int(),
  refundedBookings: z.number().int(),
  /** Percent 0-100 (above 100 only when bookings hold lanes outside the slots), one decimal; 0 without slots. */
  occupancyRate: z.number(),
  bookingSource: bookingSourceSchema,
});
export type StatisticsFigures = z.infer<typeof statisticsFiguresSchema>;

const periodAnswer = {
  from: isoDateSchema,
  to: isoDateSchema,
  dateField: z.enum(STATISTIC_DATE_FIELDS),
  productId: z.string().nullable(),
  /** When these figures were computed: a cached answer is at most 60 minutes old and never older than the last change. */
  cachedAt: instantSchema,
};

/** GET /api/private/statistics: the period's tiles and the equal period just before it. */
export const statisticsSchema = z.object({
  ...periodAnswer,
  previousFrom: isoDateSchema,
  previousTo: isoDateSchema,
  stats: statisticsFiguresSchema,
  previous: statisticsFiguresSchema,
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const CHART_BUCKETS = ['hour', 'day', 'week', 'month'] as const satisfies readonly ChartBucket[];

/** One bucket of a chart. Days, weeks and months: venue dates, both included (clipped to the period). Hours: instants, [start, end). */
export const statisticsPointSchema = z.object({
  start: z.string(),
  end: z.string(),
  /** The bucket's venue-local name: the first date, or the hour `HH:mm` (twice on the fall-back day). */
  label: z.string(),
  value: z.number(),
  /** bookingSource only: the split of the value. */
  parts: bookingSourceSchema.optional(),
});
export type StatisticsPoint = z.infer<typeof statisticsPointSchema>;

/** GET /api/private/statistics/{key}/chart: hours for one day, days up to 62 days, weeks up to 366, months beyond. */
export const statisticsChartSchema = z.object({
  ...periodAnswer,
  key: z.enum(STATISTIC_KEYS),
  bucket: z.enum(CHART_BUCKETS),
  points: z.array(statisticsPointSchema),
});
export type StatisticsChart = z.infer<typeof statisticsChartSchema>;

/** A booking behind a figure. */
export const statisticsBookingItemSchema = z.object({
  type: z.literal('booking'),
  id: z.string(),
  registrationCode: z.string().nullable(),
  bookingReference: z.string().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  productId: z.string(),
  status: z.string(),
  source: z.enum(['online', 'phone', 'walkIn']),
  createdAt: instantSchema,
  /** The venue date of the event. */
  date: z.string().nullable(),
  startsAt: instantSchema,
  total: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  taxes: z.number().int(),
  /** Lane-minutes the booking holds (0 unless live). */
  laneMinutes: z.number().int(),
  /** What this booking adds to the figure: cents, 1 for a count, lane-minutes for occupancy. */
  value: z.number().int(),
});
/** A widget visit behind the bounce rate. */
export const statisticsVisitItemSchema = z.object({
  type: z.literal('visit'),
  id: z.string(),
  createdAt: instantSchema,
  eventDate: z.string(),
  productId: z.string().nullable(),
  /** The furthest step reached (5: payment success). */
  step: z.number().int(),
  bookingId: z.string().nullable(),
  /** 1 when the visit bounced (never reached step 5), else 0. */
  value: z.number().int(),
});
export const statisticsListItemSchema = z.discriminatedUnion('type', [statisticsBookingItemSchema, statisticsVisitItemSchema]);
export type StatisticsListItem = z.infer<typeof statisticsListItemSchema>;

/**
 * GET /api/private/statistics/{key}/list (and list.csv): the rows behind the figure, newest first
 * (by the date field; occupancy and bounce by event date). `sum` adds every row's value, not only
 * this page's: it equals the tile for money and counts, and is the numerator of a rate, whose
 * denominator is `of` (visits, or available lane-minutes).
 */
export const statisticsListSchema = z.object({
  ...periodAnswer,
  key: z.enum(STATISTIC_KEYS),
  items: z.array(statisticsListItemSchema),
  total: z.number().int().min(0),
  sum: z.number().int(),
  of: z.number().int().nullable(),
  /** The tile's figure for the period. */
  figure: z.number(),
});
export type StatisticsList = z.infer<typeof statisticsListSchema>;

/** GET /api/private/statistics/breakdown: revenue by product and by payment method for the period and date field. */
export const PAYMENT_METHOD_KINDS = ['cash', 'terminal', 'cardOnline', 'giftCard'] as const;
export type PaymentMethodKind = (typeof PAYMENT_METHOD_KINDS)[number];
export const statisticsBreakdownSchema = z.object({
  ...periodAnswer,
  byProduct: z.array(
    z.object({
      productId: z.string(),
      bookingsCount: z.number().int(),
      grossRevenue: z.number().int(),
      refundedAmount: z.number().int(),
      netRevenue: z.number().int(),
    }),
  ),
  byPaymentMethod: z.array(
    z.object({
      /** The ledger's method: the venue's name for it (Cash, a terminal) or card. */
      method: z.string(),
      /** cash: a method named cash; cardOnline: card through the provider; terminal: any other method of the venue. */
      kind: z.enum(PAYMENT_METHOD_KINDS),
      grossRevenue: z.number().int(),
      refundedAmount: z.number().int(),
      netRevenue: z.number().int(),
    }),
  ),
});
export type StatisticsBreakdown = z.infer<typeof statisticsBreakdownSchema>;

/** GET /api/private/statistics/heatmap: the share of lane time taken by weekday and hour, by event date. */
export const statisticsHeatmapSchema = z.object({
  ...periodAnswer,
  /** 0 = Sunday ... 6 = Saturday; the console orders them from the venue's first day of week. */
  cells: z.array(
    z.object({
      weekday: z.number().int().min(0).max(6),
      hour: z.number().int().min(0).max(23),
      heldMinutes: z.number().int(),
      availableMinutes: z.number().int(),
      /** Percent, one decimal; 0 without slots. */
      rate: z.number(),
    }),
  ),
});
export type StatisticsHeatmap = z.infer<typeof statisticsHeatmapSchema>;

/** GET /api/private/statistics/ahead: today and the 13 days after, each day's live bookings. */
export const statisticsAheadQuerySchema = z.object({
  productId: statisticsQueryFields.productId,
  refresh: flag,
});
export const statisticsAheadSchema = z.object({
  productId: z.string().nullable(),
  cachedAt: instantSchema,
  days: z.array(
    z.object({
      date: isoDateSchema,
      bookingsCount: z.number().int(),
      /** The totals of the day's live bookings (what they will bring, paid or not). */
      bookedRevenue: z.number().int(),
      occupancyRate: z.number(),
    }),
  ),
});
export type StatisticsAhead = z.infer<typeof statisticsAheadSchema>;

/**
 * The day-end cash-up (issue 34, decision 038): the payments and refunds taken in a period of
 * venue dates (both days included; today by default; from and to, or a named period as the
 * dashboard's), by when they were taken, whatever the bookings' dates.
 */
export const CASH_UP_MAX_DAYS = 366;

export const cashUpQuerySchema = periodRules(
  z.object({ from: statisticsQueryFields.from, to: statisticsQueryFields.to, period: statisticsQueryFields.period }),
).superRefine((q, ctx) => {
  if (
    q.from !== undefined &&
    q.to !== undefined &&
    q.from <= q.to &&
    (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > CASH_UP_MAX_DAYS
  )
    ctx.addIssue({ code: 'custom', path: ['to'], message: `A cash-up spans at most ${CASH_UP_MAX_DAYS} days` });
});
export type CashUpQuery = z.input<typeof cashUpQuerySchema>;

const takenFields = {
  /** Payments taken, cents. */
  payments: z.number().int(),
  /** Refunds given (card refunds pending at the provider included, failed ones not), cents. */
  refunds: z.number().int(),
  /** payments − refunds. */
  net: z.number().int(),
};

export const cashUpSchema = z.object({
  from: isoDateSchema,
  to: isoDateSchema,
  /** Each payment method that took or gave money in the period (Cash, a terminal, Card), by name. */
  byMethod: z.array(z.object({ method: z.string(), ...takenFields })),
  /** Each member who took or gave money, by name; the customer online and the provider are one "Online" row with userId null. */
  byStaff: z.array(z.object({ userId: z.string().nullable(), name: z.string(), ...takenFields })),
  /** The cash net: what the drawer should hold beyond its float. */
  expectedCash: z.number().int(),
});
export type CashUp = z.infer<typeof cashUpSchema>;
