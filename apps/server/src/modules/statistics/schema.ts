import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { venues } from '../venues/schema.js';

const counter = (name: string) => integer(name).notNull().default(0);
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);

/**
 * The dashboard's per-day aggregates (issue 24), kept by the database in the transaction of each
 * change (triggers of migration 0015_statistics): each booking counts once on the venue date it
 * was created (`basis` 'created') and once on its event date ('event'); each widget visit on its
 * event date. A period's tiles add up a few hundred of these rows instead of its bookings.
 * `productId` is '' for a visit that never chose a product.
 */
export const statisticsDays = pgTable(
  'statistics_days',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    basis: text('basis').$type<'created' | 'event'>().notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    /** Bookings that are not abandoned, and of them those cancelled and those from each source. */
    bookings: counter('bookings'),
    cancelled: counter('cancelled'),
    online: counter('online'),
    phone: counter('phone'),
    walkIn: counter('walk_in'),
    /** Bookings with any refund. */
    refundedBookings: counter('refunded_bookings'),
    /** The bookings' ledger sums (paid_total, refunded_total), and the taxes inside what stays paid. */
    gross: cents('gross'),
    refunded: cents('refunded'),
    taxes: cents('taxes'),
    /** Lane-minutes held by live bookings (new, waiting for payment, paid). */
    laneMinutes: cents('lane_minutes'),
    /** Widget visits, and those that never reached payment success (basis 'event' only). */
    visits: counter('visits'),
    bounced: counter('bounced'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.basis, t.day, t.productId] })],
);

/**
 * Occupancy's denominator kept by the database (trigger statistics_slot_change, migration 0019):
 * the minutes of each product's slots per venue date, whether or not the venue works that day.
 * The dashboard leaves out the closed days and multiplies by the product's lanes that are not
 * paused when it reads them (a few hundred rows), so closing a day or pausing a lane moves
 * nothing here. Reading two years of slots instead took most of a year's tiles.
 */
export const statisticsSlotDays = pgTable(
  'statistics_slot_days',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    productId: text('product_id').notNull(),
    minutes: cents('minutes'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.productId] })],
);
