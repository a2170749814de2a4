import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { addDays, DEFAULT_PERMISSIONS, productDefaults, venueToday, wallClockOf, type PermissionsMap } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import {
  STATISTIC_KEYS,
  statisticsChartSchema,
  statisticsListSchema,
  statisticsSchema,
  type StatisticKey,
  type Statistics,
  type StatisticsChart,
  type StatisticsFigures,
  type StatisticsList,
} from '@lanebook/core/statistics-schemas';
import {
  bookingPayments,
  bookings,
  products,
  resources,
  slots,
  statisticsSlotDays,
  venueNonWorkingDays,
  venues,
  widgetVisits,
} from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { REFRESH_AT_MOST_EVERY_MS } from './cache.js';
import type { Caller, TestServer } from '../../../test/server.js';

/** The owner's dashboard (issue 24): every tile by hand, by property, across zones and venues, and its cache. */

const ZONE = 'America/New_York';

interface BookingFixture {
  product: string;
  /** An instant (ISO, UTC). */
  createdAt: string;
  date: string;
  /** Venue wall time of the start, and minutes. */
  startsAt: string;
  minutes?: number;
  status: 'new' | 'wait_for_payment' | 'paid' | 'canceled' | 'abandoned';
  source: 'online' | 'phone' | 'walk_in';
  paid?: number;
  refunded?: number;
  total: number;
  taxes?: number;
  lanes?: string[];
  /** How the payments were taken (one payment of `paid`); Cash when not said. */
  method?: string;
  card?: boolean;
}

/** A booking written as the bookings module keeps it: its ledger rows and their sums on the row. */
async function insertBooking(t: TestServer, venueId: string, b: BookingFixture): Promise<string> {
  const id = randomUUID();
  const startsAt = new Date(b.startsAt);
  const paid = b.paid ?? 0;
  const refunded = b.refunded ?? 0;
  await t.db.insert(bookings).values({
    venueId,
    id,
    productId: b.product,
    status: b.status,
    source: b.source,
    createdAt: new Date(b.createdAt),
    date: b.date,
    startsAt,
    endsAt: new Date(startsAt.getTime() + (b.minutes ?? 60) * 60_000),
    resourceIds: b.lanes ?? ['L1'],
    paidTotal: paid,
    refundedTotal: refunded,
    isRefunded: refunded > 0,
    total: b.total,
    quote:
      b.taxes === undefined
        ? null
        : ({
            lines: [],
            subtotal: b.total - b.taxes,
            discounts: 0,
            affiliateDiscount: 0,
            promocodeDiscount: 0,
            taxes: b.taxes,
            upsellTaxes: 0,
            taxLines: [],
            total: b.total,
            deposit: 0,
            dueNow: b.total,
          } as never),
    firstName: 'Ada',
    lastName: `Booking ${id.slice(0, 4)}`,
  });
  const paymentId = randomUUID();
  const method = b.card ? 'card' : (b.method ?? 'Cash');
  if (paid > 0)
    await t.db.insert(bookingPayments).values({
      venueId,
      id: paymentId,
      bookingId: id,
      kind: 'payment',
      amount: paid,
      method,
      provider: b.card ? 'sandbox' : null,
      userName: 'Desk',
    });
  if (refunded > 0)
    await t.db.insert(bookingPayments).values({
      venueId,
      id: randomUUID(),
      bookingId: id,
      kind: 'refund',
      amount: refunded,
      method,
      refundOf: paymentId,
      provider: b.card ? 'sandbox' : null,
      userName: 'Desk',
    });
  return id;
}

async function insertVisit(t: TestServer, venueId: string, eventDate: string, step: number, productId: string | null, createdAt?: string) {
  await t.db
    .insert(widgetVisits)
    .values({ venueId, id: randomUUID(), eventDate, step, productId, ...(createdAt ? { createdAt: new Date(createdAt) } : {}) });
}

async function insertSlot(
  t: TestServer,
  venueId: string,
  productId: string,
  date: string,
  from: string,
  to: string,
  startsAt: string,
  minutes: number,
) {
  const start = new Date(startsAt);
  await t.db.insert(slots).values({
    venueId,
    id: randomUUID(),
    productId,
    date,
    from,
    to,
    startsAt: start,
    endsAt: new Date(start.getTime() + minutes * 60_000),
  });
}

async function addProduct(t: TestServer, venueId: string, id: string, lanes: string[]) {
  await t.db
    .insert(products)
    .values({ ...productDefaults, venueId, id, name: `Product ${id}`, isPaused: false, price: 1000, maxPlayers: 12, resources: lanes });
}

async function fixtureVenue(t: TestServer, firstDayOfWeek = 0) {
  const venue = await t.addVenue();
  await t.db.update(venues).set({ timezone: ZONE, firstDayOfWeek }).where(eq(venues.id, venue.id));
  await t.db
    .insert(resources)
    .values(['L1', 'L2', 'L3', 'Q1'].map((id) => ({ venueId: venue.id, id, capacity: 6, minCapacity: 1, isPaused: id === 'L3' })));
  await addProduct(t, venue.id, 'P', ['L1', 'L2', 'L3']);
  await addProduct(t, venue.id, 'Q', ['Q1']);
  return venue;
}

const url = (path = '') => `/api/private/statistics${path}`;

async function tiles(caller: Caller, query: Record<string, string>): Promise<Statistics> {
  const response = await caller.get(url(), { query });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<Statistics>();
  // Sent as prepared JSON: exactly what the schema lets through.
  expect(statisticsSchema.parse(body)).toEqual(body);
  return body;
}

async function chart(caller: Caller, key: StatisticKey, query: Record<string, string>): Promise<StatisticsChart> {
  const response = await caller.get(url(`/${key}/chart`), { query });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json<StatisticsChart>();
  expect(statisticsChartSchema.parse(body)).toEqual(body);
  return body;
}

/** Every page of a figure's list: the rows' values add up to `sum`. */
async function wholeList(caller: Caller, key: StatisticKey, query: Record<string, string>) {
  const items: StatisticsList['items'] = [];
  let answer: StatisticsList;
  do {
    const response = await caller.get(url(`/${key}/list`), { query: { ...query, limit: '7', offset: String(items.length) } });
    expect(response.statusCode, response.body).toBe(200);
    answer = statisticsListSchema.parse(response.json());
    items.push(...answer.items);
  } while (answer.items.length > 0 && items.length < answer.total);
  expect(items).toHaveLength(answer.total);
  expect(new Set(items.map((item) => item.id)).size).toBe(items.length);
  expect(items.reduce((sum, item) => sum + item.value, 0)).toBe(answer.sum);
  return { ...answer, items };
}

const MONEY_AND_COUNTS = STATISTIC_KEYS.filter((key) => key !== 'bounceRate' && key !== 'occupancyRate');
const figureOf = (figures: StatisticsFigures, key: StatisticKey) =>
  key === 'bookingSource' ? figures.bookingsCount : figures[key as Exclude<StatisticKey, 'bookingSource'>];

describeEachDatabase('statistics: the owner’s dashboard (issue 24)', (t) => {
  describe('hand-checked fixtures, New York, March 2026 (clocks change on the 8th)', () => {
    let venue: Awaited<ReturnType<typeof fixtureVenue>>;
    let other: Awaited<ReturnType<typeof fixtureVenue>>;
    const MARCH = { from: '2026-03-01', to: '2026-03-31' };

    beforeAll(async () => {
      venue = await fixtureVenue(t);
      // B1: created 23:30 on the month's last day (03:30 UTC on April 1st), takes place April 2nd.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-04-01T03:30:00Z',
        date: '2026-04-02',
        startsAt: '2026-04-02T14:00:00Z',
        status: 'paid',
        source: 'online',
        paid: 10_000,
        total: 10_000,
        taxes: 800,
        lanes: ['L1', 'L2'],
        card: true,
      });
      // B2: created at 03:30 EDT on the day the clocks spring forward, cancelled and refunded in full.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-03-08T07:30:00Z',
        date: '2026-03-08',
        startsAt: '2026-03-08T18:00:00Z',
        status: 'canceled',
        source: 'phone',
        paid: 5000,
        refunded: 5000,
        total: 5000,
        taxes: 500,
      });
      // B3: a walk-in waiting for the rest: 30.00 paid, 10.00 refunded of a 90.00 total with 9.00 taxes: 20.00 kept, 2.00 of tax.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-03-15T16:00:00Z',
        date: '2026-03-20',
        startsAt: '2026-03-20T14:00:00Z',
        minutes: 90,
        status: 'wait_for_payment',
        source: 'walk_in',
        paid: 3000,
        refunded: 1000,
        total: 9000,
        taxes: 900,
        method: 'POS',
      });
      // B4: abandoned: counts for nothing.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-03-10T15:00:00Z',
        date: '2026-03-12',
        startsAt: '2026-03-12T14:00:00Z',
        status: 'abandoned',
        source: 'online',
        total: 4000,
        taxes: 400,
      });
      // B5: created 00:30 on April 1st, takes place on March 31st.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-04-01T04:30:00Z',
        date: '2026-03-31',
        startsAt: '2026-03-31T14:00:00Z',
        status: 'paid',
        source: 'phone',
        paid: 2000,
        total: 2000,
      });
      // B6: February, the month before.
      await insertBooking(t, venue.id, {
        product: 'P',
        createdAt: '2026-02-14T17:00:00Z',
        date: '2026-02-14',
        startsAt: '2026-02-14T17:00:00Z',
        status: 'paid',
        source: 'phone',
        paid: 700,
        total: 700,
      });
      // B7: the other product, March 5th.
      await insertBooking(t, venue.id, {
        product: 'Q',
        createdAt: '2026-03-05T15:00:00Z',
        date: '2026-03-05',
        startsAt: '2026-03-05T15:00:00Z',
        minutes: 30,
        status: 'paid',
        source: 'online',
        paid: 999,
        total: 999,
        lanes: ['Q1'],
      });
      // Slots of P: 120 + 60 minutes on two open lanes (L3 is paused); the 21st is closed.
      await insertSlot(t, venue.id, 'P', '2026-03-20', '10:00', '12:00', '2026-03-20T14:00:00Z', 120);
      await insertSlot(t, venue.id, 'P', '2026-03-31', '10:00', '11:00', '2026-03-31T14:00:00Z', 60);
      await insertSlot(t, venue.id, 'P', '2026-03-21', '10:00', '11:00', '2026-03-21T14:00:00Z', 60);
      await t.db.insert(venueNonWorkingDays).values({ venueId: venue.id, date: '2026-03-21' });
      // Visits: two of three bounced in March (the fourth is April's).
      await insertVisit(t, venue.id, '2026-03-20', 5, 'P');
      await insertVisit(t, venue.id, '2026-03-20', 2, 'P');
      await insertVisit(t, venue.id, '2026-03-31', 0, 'P');
      await insertVisit(t, venue.id, '2026-04-02', 4, 'P');

      // Another venue with a product of the same id, and rows on the same days: never counted here.
      other = await fixtureVenue(t);
      for (const day of ['2026-03-08', '2026-03-20', '2026-03-31'])
        await insertBooking(t, other.id, {
          product: 'P',
          createdAt: `${day}T16:00:00Z`,
          date: day,
          startsAt: `${day}T14:00:00Z`,
          status: 'paid',
          source: 'online',
          paid: 123_456,
          refunded: 6,
          total: 123_456,
          taxes: 1000,
        });
      await insertVisit(t, other.id, '2026-03-20', 0, 'P');
      await insertSlot(t, other.id, 'P', '2026-03-20', '10:00', '20:00', '2026-03-20T14:00:00Z', 600);
    });

    it('every tile of March by creation date, product P, and February before it', async () => {
      const answer = await tiles(venue.owner, { ...MARCH, dateField: 'createdAt', productId: 'P' });
      expect(answer).toMatchObject({
        ...MARCH,
        dateField: 'createdAt',
        productId: 'P',
        previousFrom: '2026-02-01',
        previousTo: '2026-02-28',
      });
      expect(answer.stats).toEqual({
        grossRevenue: 18_000,
        refundedAmount: 6000,
        netRevenue: 12_000,
        bounceRate: 66.7,
        taxesAmount: 1000,
        bookingsCount: 3,
        cancelledBookings: 1,
        refundedBookings: 2,
        // 90 + 60 lane-minutes held (by event date) over 180 slot minutes on two open lanes.
        occupancyRate: 41.7,
        bookingSource: { online: 1, phone: 1, walkIn: 1 },
      });
      expect(answer.previous).toMatchObject({ grossRevenue: 700, bookingsCount: 1, bookingSource: { online: 0, phone: 1, walkIn: 0 } });
    });

    it('by event date: B1 leaves for April, B5 comes in on the 31st', async () => {
      const answer = await tiles(venue.manager, { ...MARCH, dateField: 'date', productId: 'P' });
      expect(answer.stats).toEqual({
        grossRevenue: 10_000,
        refundedAmount: 6000,
        netRevenue: 4000,
        bounceRate: 66.7,
        taxesAmount: 200,
        bookingsCount: 3,
        cancelledBookings: 1,
        refundedBookings: 2,
        occupancyRate: 41.7,
        bookingSource: { online: 0, phone: 2, walkIn: 1 },
      });
    });

    it('every product: Q’s booking counts, and its lane time with no slot of its own', async () => {
      const answer = await tiles(venue.owner, { ...MARCH, dateField: 'createdAt' });
      expect(answer.productId).toBeNull();
      expect(answer.stats).toMatchObject({ grossRevenue: 18_999, bookingsCount: 4, bookingSource: { online: 2, phone: 1, walkIn: 1 } });
      // 150 + 30 lane-minutes over 360.
      expect(answer.stats.occupancyRate).toBe(50);
    });

    it('another venue’s product id answers 404; its rows never count', async () => {
      const mine = await tiles(other.owner, { ...MARCH, productId: 'P' });
      expect(mine.stats).toMatchObject({ grossRevenue: 370_368, refundedAmount: 18, bookingsCount: 3, bounceRate: 100 });
      const response = await venue.owner.get(url(), { query: { ...MARCH, productId: 'not-mine' } });
      expect(response.statusCode, response.body).toBe(404);
    });

    it('each day of March: the day chart adds up to the tiles, and the 31st holds B1 created at 23:30', async () => {
      const figures = (await tiles(venue.owner, { ...MARCH, productId: 'P' })).stats;
      for (const key of MONEY_AND_COUNTS) {
        const answer = await chart(venue.owner, key, { ...MARCH, productId: 'P' });
        expect(answer.bucket).toBe('day');
        expect(answer.points).toHaveLength(31);
        expect(
          answer.points.reduce((sum, p) => sum + p.value, 0),
          key,
        ).toBe(figureOf(figures, key));
      }
      const gross = await chart(venue.owner, 'grossRevenue', { ...MARCH, productId: 'P' });
      expect(gross.points.find((p) => p.start === '2026-03-31')).toMatchObject({ end: '2026-03-31', value: 10_000 });
      const source = await chart(venue.owner, 'bookingSource', { ...MARCH, productId: 'P' });
      expect(source.points.find((p) => p.start === '2026-03-15')).toMatchObject({ value: 1, parts: { online: 0, phone: 0, walkIn: 1 } });
    });

    it('the spring-forward day has 23 hours, and B2 is in the 03:00 hour', async () => {
      const day = { from: '2026-03-08', to: '2026-03-08', productId: 'P' };
      const answer = await chart(venue.owner, 'bookingsCount', day);
      expect(answer.bucket).toBe('hour');
      expect(answer.points).toHaveLength(23);
      expect(answer.points.map((p) => p.label)).not.toContain('02:00');
      expect(answer.points.find((p) => p.label === '03:00')).toMatchObject({ start: '2026-03-08T07:00:00.000Z', value: 1 });
      expect(answer.points.reduce((sum, p) => sum + p.value, 0)).toBe(1);
      // November's fall-back day has 25, 01:00 twice.
      const fall = await chart(venue.owner, 'bookingsCount', { from: '2026-11-01', to: '2026-11-01' });
      expect(fall.points).toHaveLength(25);
      expect(fall.points.filter((p) => p.label === '01:00')).toHaveLength(2);
    });

    it('a day by hour: each figure’s hours add up to its tile, by either date field; B3 in the hour it was made or takes place', async () => {
      for (const dateField of ['createdAt', 'date'] as const) {
        for (const date of ['2026-03-08', '2026-03-15', '2026-03-20']) {
          const day = { from: date, to: date, productId: 'P', dateField };
          const figures = (await tiles(venue.owner, day)).stats;
          for (const key of MONEY_AND_COUNTS) {
            const answer = await chart(venue.owner, key, day);
            expect(answer.bucket).toBe('hour');
            expect(
              answer.points.reduce((sum, p) => sum + p.value, 0),
              `${key} ${date} ${dateField}`,
            ).toBe(figureOf(figures, key));
          }
        }
      }
      // B3: made 12:00 EDT on the 15th, takes place 10:00 EDT on the 20th; 30.00 paid.
      const made = await chart(venue.owner, 'grossRevenue', { from: '2026-03-15', to: '2026-03-15', productId: 'P' });
      expect(made.points.filter((p) => p.value !== 0).map((p) => [p.label, p.value])).toEqual([['12:00', 3000]]);
      const held = await chart(venue.owner, 'bookingSource', { from: '2026-03-20', to: '2026-03-20', productId: 'P', dateField: 'date' });
      expect(held.points.filter((p) => p.value !== 0)).toMatchObject([
        { label: '10:00', value: 1, parts: { online: 0, phone: 0, walkIn: 1 } },
      ]);
    });

    it('weeks from the venue’s first day of week up to a year, months beyond', async () => {
      const quarter = { from: '2026-01-01', to: '2026-03-31', productId: 'P' };
      const sundays = await chart(venue.owner, 'grossRevenue', quarter);
      expect(sundays.bucket).toBe('week');
      // January 1st 2026 is a Thursday.
      expect(sundays.points[0]).toMatchObject({ start: '2026-01-01', end: '2026-01-03' });
      expect(sundays.points[1]).toMatchObject({ start: '2026-01-04', end: '2026-01-10' });
      expect(sundays.points.at(-1)).toMatchObject({ end: '2026-03-31' });
      expect(sundays.points.reduce((sum, p) => sum + p.value, 0)).toBe(18_700);
      await t.db.update(venues).set({ firstDayOfWeek: 1 }).where(eq(venues.id, venue.id));
      try {
        const mondays = await chart(venue.owner, 'grossRevenue', quarter);
        expect(mondays.points[1]).toMatchObject({ start: '2026-01-05', end: '2026-01-11' });
        expect(mondays.points.reduce((sum, p) => sum + p.value, 0)).toBe(18_700);
      } finally {
        await t.db.update(venues).set({ firstDayOfWeek: 0 }).where(eq(venues.id, venue.id));
      }
      const years = await chart(venue.owner, 'grossRevenue', { from: '2025-01-01', to: '2026-12-31', productId: 'P' });
      expect(years.bucket).toBe('month');
      expect(years.points).toHaveLength(24);
      expect(years.points.find((p) => p.start === '2026-03-01')).toMatchObject({ end: '2026-03-31', value: 18_000 });
      expect(years.points.find((p) => p.start === '2026-04-01')).toMatchObject({ value: 2000 });
    });

    it('each list sums to its tile; the rates give numerator and denominator', async () => {
      for (const dateField of ['createdAt', 'date']) {
        const query = { ...MARCH, dateField, productId: 'P' };
        const figures = (await tiles(venue.owner, query)).stats;
        for (const key of MONEY_AND_COUNTS) {
          const list = await wholeList(venue.owner, key, query);
          expect(list.sum, `${key} by ${dateField}`).toBe(figureOf(figures, key));
          expect(list.figure).toBe(figureOf(figures, key));
        }
        const occupancy = await wholeList(venue.owner, 'occupancyRate', query);
        expect({ sum: occupancy.sum, of: occupancy.of, figure: occupancy.figure }).toEqual({ sum: 150, of: 360, figure: 41.7 });
        const bounce = await wholeList(venue.owner, 'bounceRate', query);
        expect({ sum: bounce.sum, of: bounce.of, total: bounce.total, figure: bounce.figure }).toEqual({
          sum: 2,
          of: 3,
          total: 3,
          figure: 66.7,
        });
        expect(bounce.items.every((item) => item.type === 'visit')).toBe(true);
      }
      const csv = await venue.owner.get(url('/netRevenue/list.csv'), { query: { ...MARCH, productId: 'P' } });
      expect(csv.statusCode, csv.body).toBe(200);
      expect(csv.headers['content-type']).toContain('text/csv');
      const lines = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toContain('Registration code');
      expect(lines).toHaveLength(4);
      expect(
        lines
          .slice(1)
          .map((line) => Number(line.split(',').at(-1)))
          .reduce((a, b) => a + b, 0),
      ).toBe(120);
    });

    it('revenue by product and by payment method; the heatmap; the days ahead', async () => {
      const breakdown = (await venue.owner.get(url('/breakdown'), { query: { ...MARCH } })).json();
      expect(breakdown.byProduct).toEqual([
        { productId: 'P', bookingsCount: 3, grossRevenue: 18_000, refundedAmount: 6000, netRevenue: 12_000 },
        { productId: 'Q', bookingsCount: 1, grossRevenue: 999, refundedAmount: 0, netRevenue: 999 },
      ]);
      expect(breakdown.byPaymentMethod).toEqual([
        { method: 'card', kind: 'cardOnline', grossRevenue: 10_000, refundedAmount: 0, netRevenue: 10_000 },
        { method: 'POS', kind: 'terminal', grossRevenue: 3000, refundedAmount: 1000, netRevenue: 2000 },
        { method: 'Cash', kind: 'cash', grossRevenue: 5999, refundedAmount: 5000, netRevenue: 999 },
      ]);
      const heatmap = (await venue.owner.get(url('/heatmap'), { query: { ...MARCH, productId: 'P' } })).json();
      expect(heatmap.cells).toHaveLength(168);
      // Friday March 20th, 10:00-11:30 EDT on one lane, in slots of two open lanes 10:00-12:00.
      const cell = (weekday: number, hour: number) =>
        heatmap.cells.find((c: { weekday: number; hour: number }) => c.weekday === weekday && c.hour === hour);
      expect(cell(5, 10)).toEqual({ weekday: 5, hour: 10, heldMinutes: 60, availableMinutes: 120, rate: 50 });
      expect(cell(5, 11)).toEqual({ weekday: 5, hour: 11, heldMinutes: 30, availableMinutes: 120, rate: 25 });
      // Tuesday March 31st: B5 10:00-11:00 in a one-hour slot.
      expect(cell(2, 10)).toEqual({ weekday: 2, hour: 10, heldMinutes: 60, availableMinutes: 120, rate: 50 });
      const ahead = await venue.owner.get(url('/ahead'));
      expect(ahead.statusCode, ahead.body).toBe(200);
      expect(ahead.json().days).toHaveLength(14);
      expect(ahead.json().days[0].date).toBe(venueToday(ZONE));
    });

    it('a new time zone moves the dates of creation: 03:30 UTC on April 1st is April in London', async () => {
      await t.db.update(venues).set({ timezone: 'Europe/London' }).where(eq(venues.id, venue.id));
      try {
        const answer = await tiles(venue.owner, { ...MARCH, productId: 'P' });
        expect(answer.stats).toMatchObject({ grossRevenue: 8000, bookingsCount: 2 });
      } finally {
        await t.db.update(venues).set({ timezone: ZONE }).where(eq(venues.id, venue.id));
      }
      expect((await tiles(venue.owner, { ...MARCH, productId: 'P' })).stats.grossRevenue).toBe(18_000);
    });

    it('named periods in the venue’s zone; today by default', async () => {
      const today = venueToday(ZONE);
      expect(await tiles(venue.owner, {})).toMatchObject({ from: today, to: today, dateField: 'createdAt' });
      const month = await tiles(venue.owner, { period: 'thisMonth' });
      expect(month.from).toBe(`${today.slice(0, 7)}-01`);
      const lastYear = await tiles(venue.owner, { period: 'year' });
      expect(lastYear).toMatchObject({ from: `${Number(today.slice(0, 4)) - 1}-01-01`, to: `${Number(today.slice(0, 4)) - 1}-12-31` });
      expect(lastYear.previousFrom).toBe(`${Number(today.slice(0, 4)) - 2}-01-01`);
    });
  });

  describe('who may see it, and what it refuses', () => {
    let venue: Awaited<ReturnType<typeof fixtureVenue>>;
    beforeAll(async () => {
      venue = await fixtureVenue(t);
    });

    it('owners and managers see it; staff do not (403), unless the venue grants it; nobody signed out', async () => {
      const paths = [
        url(),
        url('/grossRevenue/chart'),
        url('/grossRevenue/list'),
        url('/grossRevenue/list.csv'),
        url('/breakdown'),
        url('/heatmap'),
        url('/ahead'),
      ];
      for (const path of paths) {
        expect((await venue.owner.get(path)).statusCode, path).toBe(200);
        expect((await venue.manager.get(path)).statusCode, path).toBe(200);
        const refused = await expectNoWrites(t, () => venue.staff.get(path));
        expect(refused.statusCode, path).toBe(403);
        expect((await t.request('GET', path, { venue: venue.id })).statusCode, path).toBe(401);
      }
      const granted: PermissionsMap = structuredClone(DEFAULT_PERMISSIONS);
      granted.statistics.view = ['owner', 'manager', 'staff'];
      const generous = await t.addVenue({ permissions: granted });
      expect((await generous.staff.get(url())).statusCode).toBe(200);
      const stingy: PermissionsMap = structuredClone(DEFAULT_PERMISSIONS);
      stingy.statistics.view = ['owner'];
      const closed = await t.addVenue({ permissions: stingy });
      expect((await closed.manager.get(url())).statusCode).toBe(403);
      expect((await closed.owner.get(url())).statusCode).toBe(200);
    });

    it('bad parameters are a 400 naming the field', async () => {
      const bad = async (path: string, query: Record<string, string>, field: string) =>
        expectFieldError(await expectNoWrites(t, () => venue.owner.get(path, { query })), field);
      await bad(url(), { from: '2026-03-01' }, 'to');
      await bad(url(), { to: '2026-03-01' }, 'from');
      await bad(url(), { from: '2026-03-02', to: '2026-03-01' }, 'to');
      await bad(url(), { from: '2026-02-30', to: '2026-03-01' }, 'from');
      await bad(url(), { from: '2000-01-01', to: '2026-03-01' }, 'to');
      await bad(url(), { from: '2026-03-01', to: '2026-03-02', period: 'today' }, 'period');
      await bad(url(), { period: 'fortnight' }, 'period');
      await bad(url(), { dateField: 'updatedAt' }, 'dateField');
      await bad(url(), { productId: '' }, 'productId');
      await bad(url(), { refresh: 'yes' }, 'refresh');
      await bad(url('/revenue/chart'), {}, 'key');
      await bad(url('/grossRevenue/list'), { limit: '0' }, 'limit');
      await bad(url('/grossRevenue/list'), { limit: '501' }, 'limit');
      await bad(url('/grossRevenue/list'), { offset: '-1' }, 'offset');
      await bad(url('/grossRevenue/list.csv'), { dateField: 'x' }, 'dateField');
      // The heatmap reads every slot of its period: a year at most.
      await bad(url('/heatmap'), { from: '2025-01-01', to: '2026-01-02' }, 'to');
      expect((await venue.owner.get(url('/heatmap'), { query: { from: '2025-01-01', to: '2026-01-01' } })).statusCode).toBe(200);
    });
  });

  it('a cash payment at the desk moves gross revenue at once: the cache is dropped; refresh recomputes', async () => {
    const { venue, form } = await setUpBookings(t);
    const first = await tiles(venue.owner, {});
    expect(await tiles(venue.owner, {})).toEqual(first);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const paid = await venue.staff.post(`/api/private/booking/${booking.id}/checkout`, { amount: 5000, paymentMethod: 'Cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = await tiles(venue.owner, {});
    expect(after.stats.grossRevenue).toBe(first.stats.grossRevenue + 5000);
    expect(after.stats.bookingsCount).toBe(first.stats.bookingsCount + 1);
    expect(after.cachedAt >= first.cachedAt).toBe(true);
    const refunded = await venue.manager.post(`/api/private/booking/${booking.id}/refund`, { amount: 1500 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect((await tiles(venue.owner, {})).stats).toMatchObject({
      refundedAmount: 1500,
      netRevenue: after.stats.grossRevenue - 1500,
      refundedBookings: 1,
    });
    // A figure the cache kept: refresh recomputes it, but at most every 30 s: asked again at once, the same answer comes back.
    const kept = await tiles(venue.owner, {});
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await tiles(venue.owner, { refresh: '1' })).toEqual(kept);
    const realNow = Date.now;
    const later = realNow() + REFRESH_AT_MOST_EVERY_MS + 1000;
    const clock = vi.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const fresh = await tiles(venue.owner, { refresh: '1' });
      expect(fresh.cachedAt > kept.cachedAt).toBe(true);
      expect(fresh.stats).toEqual(kept.stats);
      // And the heatmap's refresh alike: hammered, it is computed once.
      const heatmap = async () =>
        (await venue.owner.get('/api/private/statistics/heatmap', { query: { refresh: '1' } })).json<{ cachedAt: string }>();
      const firstMap = await heatmap();
      await new Promise((resolve) => setTimeout(resolve, 5));
      for (let i = 0; i < 5; i++) expect((await heatmap()).cachedAt).toBe(firstMap.cachedAt);
    } finally {
      clock.mockRestore();
    }
  });

  it('many changes to one booking in one transaction add up: the aggregates are written at its commit', async () => {
    const venue = await fixtureVenue(t);
    const id = randomUUID();
    const at = new Date('2026-05-05T15:00:00Z');
    await t.db.transaction(async (tx) => {
      await tx.insert(bookings).values({
        venueId: venue.id,
        id,
        productId: 'P',
        status: 'wait_for_payment',
        source: 'online',
        createdAt: at,
        date: '2026-05-05',
        startsAt: at,
        endsAt: new Date(at.getTime() + 3_600_000),
        resourceIds: ['L1'],
        total: 4000,
      });
      await tx.update(bookings).set({ paidTotal: 4000, status: 'paid' }).where(eq(bookings.id, id));
      await tx.update(bookings).set({ refundedTotal: 1000, isRefunded: true }).where(eq(bookings.id, id));
      await tx.update(bookings).set({ date: '2026-05-07', productId: 'Q' }).where(eq(bookings.id, id));
    });
    const may = { from: '2026-05-01', to: '2026-05-31' };
    expect((await tiles(venue.owner, { ...may, productId: 'P' })).stats).toMatchObject({ grossRevenue: 0, bookingsCount: 0 });
    const q = await tiles(venue.owner, { ...may, productId: 'Q', dateField: 'date' });
    expect(q.stats).toMatchObject({ grossRevenue: 4000, refundedAmount: 1000, bookingsCount: 1, refundedBookings: 1 });
    const fifth = await chart(venue.owner, 'grossRevenue', { ...may, productId: 'Q', dateField: 'date' });
    expect(fifth.points.filter((p) => p.value !== 0).map((p) => [p.start, p.value])).toEqual([['2026-05-07', 4000]]);
    await t.db.delete(bookings).where(eq(bookings.id, id));
    expect((await tiles(venue.owner, { ...may, productId: 'Q' })).stats).toMatchObject({
      grossRevenue: 0,
      bookingsCount: 0,
      refundedBookings: 0,
    });
  });

  it('occupancy’s slot time follows the slots (added, moved, deleted), the closed days and the paused lanes', async () => {
    const venue = await fixtureVenue(t);
    const june = { from: '2026-06-01', to: '2026-06-30' };
    /** Occupancy's denominator (lane-minutes of the slots) of product P between two dates, computed anew. */
    const available = async (from: string, to = from) => {
      const response = await venue.owner.get(url('/occupancyRate/list'), { query: { from, to, productId: 'P', limit: '1', refresh: '1' } });
      expect(response.statusCode, response.body).toBe(200);
      return statisticsListSchema.parse(response.json()).of;
    };
    const slot = (date: string, from: string, minutes: number) => {
      const startsAt = new Date(`${date}T${from}:00-04:00`);
      return {
        venueId: venue.id,
        id: randomUUID(),
        productId: 'P',
        date,
        from,
        to: from,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
      };
    };
    expect(await available(june.from, june.to)).toBe(0);
    // One slot of 60 minutes on P's two open lanes (L3 is paused).
    const tenth = slot('2026-06-10', '10:00', 60);
    await t.db.insert(slots).values(tenth);
    expect(await available('2026-06-10')).toBe(120);
    // Three in one statement, two of them on one day.
    await t.db.insert(slots).values([slot('2026-06-11', '10:00', 30), slot('2026-06-11', '10:30', 30), slot('2026-06-12', '12:00', 90)]);
    expect(await available('2026-06-11')).toBe(120);
    expect(await available(june.from, june.to)).toBe(120 + 120 + 180);
    // Moved to the 12th and made two hours long: the 10th has nothing left.
    await t.db
      .update(slots)
      .set({ date: '2026-06-12', startsAt: new Date('2026-06-12T14:00:00Z'), endsAt: new Date('2026-06-12T16:00:00Z') })
      .where(eq(slots.id, tenth.id));
    expect(await available('2026-06-10')).toBe(0);
    expect(await available('2026-06-12')).toBe(180 + 240);
    // A change that does not move a slot (its price) leaves the minutes as they are.
    await t.db.update(slots).set({ price: 1500 }).where(eq(slots.id, tenth.id));
    expect(await available('2026-06-12')).toBe(180 + 240);
    // The 11th's slots deleted.
    await t.db.delete(slots).where(and(eq(slots.venueId, venue.id), eq(slots.date, '2026-06-11')));
    expect(await available('2026-06-11')).toBe(0);
    expect(await available(june.from, june.to)).toBe(420);
    // A lane paused: one lane left; a closed day: nothing that day; reopened, it counts again.
    await t.db
      .update(resources)
      .set({ isPaused: true })
      .where(and(eq(resources.venueId, venue.id), eq(resources.id, 'L2')));
    expect(await available(june.from, june.to)).toBe(210);
    await t.db.insert(venueNonWorkingDays).values({ venueId: venue.id, date: '2026-06-12' });
    expect(await available(june.from, june.to)).toBe(0);
    await t.db
      .delete(venueNonWorkingDays)
      .where(and(eq(venueNonWorkingDays.venueId, venue.id), eq(venueNonWorkingDays.date, '2026-06-12')));
    expect(await available(june.from, june.to)).toBe(210);
    // The rate over them: a live booking of 105 lane-minutes on the 12th is half of it.
    await insertBooking(t, venue.id, {
      product: 'P',
      createdAt: '2026-06-01T15:00:00Z',
      date: '2026-06-12',
      startsAt: '2026-06-12T16:00:00Z',
      minutes: 105,
      status: 'paid',
      source: 'phone',
      total: 1000,
    });
    expect((await tiles(venue.owner, { ...june, productId: 'P', dateField: 'date', refresh: '1' })).stats.occupancyRate).toBe(50);
    // A venue deleted takes its slots and their minutes with it.
    await t.db.delete(venues).where(eq(venues.id, venue.id));
    expect(await t.db.select().from(statisticsSlotDays).where(eq(statisticsSlotDays.venueId, venue.id))).toEqual([]);
  });

  it('property: random bookings, payments, refunds, cancels and visits; each tile equals the rows, each list sums to it', async () => {
    const venue = await fixtureVenue(t);
    let seed = 24;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)];
    const base = Date.parse('2026-02-20T00:00:00Z');
    const ids: string[] = [];
    for (let i = 0; i < 80; i++) {
      const created = new Date(base + Math.floor(random() * 40 * 86_400_000));
      const start = new Date(created.getTime() + Math.floor(random() * 20 * 86_400_000));
      const total = 1000 + Math.floor(random() * 20_000);
      const paid = pick([0, total, Math.floor(total / 3), total + 500]);
      ids.push(
        await insertBooking(t, venue.id, {
          product: pick(['P', 'Q']),
          createdAt: created.toISOString(),
          date: wallClockOf(start, ZONE).date,
          startsAt: start.toISOString(),
          minutes: pick([30, 60, 90, 120]),
          status: pick(['new', 'wait_for_payment', 'paid', 'canceled', 'abandoned'] as const),
          source: pick(['online', 'phone', 'walk_in'] as const),
          paid,
          refunded: paid > 0 ? pick([0, 0, Math.floor(paid / 2), paid]) : 0,
          total,
          taxes: random() < 0.8 ? Math.floor(total * 0.0825) : undefined,
          lanes: pick([['L1'], ['L1', 'L2'], ['Q1']]),
        }),
      );
    }
    // Changes after the fact: payments, refunds, cancels, moves and deletions, as the ledger and edits make them.
    for (const id of ids.slice(0, 30)) {
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
      const change = pick(['pay', 'refund', 'cancel', 'move', 'delete'] as const);
      if (change === 'pay')
        await t.db
          .update(bookings)
          .set({ paidTotal: row.paidTotal + 700, status: 'paid' })
          .where(eq(bookings.id, id));
      else if (change === 'refund')
        await t.db
          .update(bookings)
          .set({ refundedTotal: row.paidTotal, isRefunded: row.paidTotal > 0 })
          .where(eq(bookings.id, id));
      else if (change === 'cancel') await t.db.update(bookings).set({ status: 'canceled' }).where(eq(bookings.id, id));
      else if (change === 'move')
        await t.db
          .update(bookings)
          .set({ date: addDays(row.date!, 3), productId: row.productId === 'P' ? 'Q' : 'P' })
          .where(eq(bookings.id, id));
      else await t.db.delete(bookings).where(eq(bookings.id, id));
    }
    for (let i = 0; i < 60; i++)
      await insertVisit(t, venue.id, addDays('2026-02-20', Math.floor(random() * 50)), Math.floor(random() * 6), pick(['P', 'Q', null]));
    for (let day = 0; day < 50; day += 2) {
      const date = addDays('2026-02-20', day);
      await insertSlot(t, venue.id, pick(['P', 'Q']), date, '10:00', '12:00', `${date}T15:00:00Z`, 120);
    }

    const rows = await t.db.select().from(bookings).where(eq(bookings.venueId, venue.id));
    const visits = await t.db.select().from(widgetVisits).where(eq(widgetVisits.venueId, venue.id));
    const slotRows = await t.db.select().from(slots).where(eq(slots.venueId, venue.id));
    const openLanes: Record<string, number> = { P: 2, Q: 1 };
    const taxesKept = (b: (typeof rows)[number]) => {
      const kept = Math.min(Math.max(b.paidTotal - b.refundedTotal, 0), b.total);
      const quote = b.quote as { taxes: number; total: number } | null;
      if (!quote || kept <= 0 || quote.taxes <= 0 || quote.total <= 0) return 0;
      return Math.floor((2 * kept * quote.taxes + quote.total) / (2 * quote.total));
    };
    const pct = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0);

    for (let round = 0; round < 8; round++) {
      const from = addDays('2026-02-15', Math.floor(random() * 40));
      const to = addDays(from, Math.floor(random() * 30));
      const dateField = pick(['createdAt', 'date'] as const);
      const productId = pick([null, 'P', 'Q']);
      const ofProduct = <R extends { productId: string | null }>(r: R) => productId === null || r.productId === productId;
      const within = (date: string) => date >= from && date <= to;
      const picked = rows.filter((b) => ofProduct(b) && within(dateField === 'createdAt' ? wallClockOf(b.createdAt, ZONE).date : b.date!));
      const counted = picked.filter((b) => b.status !== 'abandoned');
      const live = rows.filter((b) => ofProduct(b) && within(b.date!) && ['new', 'wait_for_payment', 'paid'].includes(b.status));
      const held = live.reduce(
        (sum, b) => sum + b.resourceIds.length * Math.round((b.endsAt.getTime() - b.startsAt.getTime()) / 60_000),
        0,
      );
      const available = slotRows
        .filter((s) => ofProduct(s) && within(s.date))
        .reduce((sum, s) => sum + ((s.endsAt.getTime() - s.startsAt.getTime()) / 60_000) * openLanes[s.productId], 0);
      const theVisits = visits.filter((v) => ofProduct(v) && within(v.eventDate));
      const gross = picked.reduce((sum, b) => sum + b.paidTotal, 0);
      const refunded = picked.reduce((sum, b) => sum + b.refundedTotal, 0);
      const expected: StatisticsFigures = {
        grossRevenue: gross,
        refundedAmount: refunded,
        netRevenue: gross - refunded,
        bounceRate: pct(theVisits.filter((v) => v.step < 5).length, theVisits.length),
        taxesAmount: picked.reduce((sum, b) => sum + taxesKept(b), 0),
        bookingsCount: counted.length,
        cancelledBookings: counted.filter((b) => b.status === 'canceled').length,
        refundedBookings: picked.filter((b) => b.refundedTotal > 0).length,
        occupancyRate: pct(held, available),
        bookingSource: {
          online: counted.filter((b) => b.source === 'online').length,
          phone: counted.filter((b) => b.source === 'phone').length,
          walkIn: counted.filter((b) => b.source === 'walk_in').length,
        },
      };
      const query: Record<string, string> = { from, to, dateField, ...(productId ? { productId } : {}) };
      const answer = await tiles(venue.owner, query);
      expect(answer.stats, JSON.stringify(query)).toEqual(expected);
      for (const key of [pick(MONEY_AND_COUNTS), pick(MONEY_AND_COUNTS)]) {
        const list = await wholeList(venue.owner, key, query);
        expect(list.sum, `${key} ${JSON.stringify(query)}`).toBe(figureOf(expected, key));
      }
      const occupancy = await wholeList(venue.owner, 'occupancyRate', query);
      expect({ sum: occupancy.sum, of: occupancy.of }).toEqual({ sum: held, of: available });
    }
  });
});
