import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';
import { products } from '../products/schema.js';

/**
 * Bookings, as far as the catalog rules need them (a lane or product with upcoming bookings).
 * The bookings work extends this table; its lane reservations carry the no-double-booking
 * exclusion constraint.
 */
export const bookings = pgTable(
  'bookings',
  {
    ...owned(),
    productId: text('product_id').notNull(),
    status: text('status').$type<'new' | 'wait_for_payment' | 'paid' | 'canceled' | 'abandoned'>().notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    resourceIds: jsonb('resource_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isRefunded: boolean('is_refunded').notNull().default(false),
    paidTotal: integer('paid_total').notNull().default(0),
    refundedTotal: integer('refunded_total').notNull().default(0),
    slotIds: jsonb('slot_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    playersCount: integer('players_count').notNull().default(1),
    reservationInfo: jsonb('reservation_info')
      .$type<{ firstName?: string; lastName?: string; email?: string; phone?: string; note?: string }>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'bookings_product_fk' }),
    index('bookings_product_start_idx').on(t.venueId, t.productId, t.startsAt),
    index('bookings_ends_idx').on(t.venueId, t.endsAt),
  ],
);

/**
 * The lanes a booking holds, each over the booking's time widened by its product's break
 * (`blockedUntil`). While `holds` (a lane-holding status), no two rows of one lane overlap:
 * the exclusion constraint `booking_lanes_no_double_booking` (in the migration) makes a double
 * booking impossible, and its GiST index answers availability.
 */
export const bookingLanes = pgTable(
  'booking_lanes',
  {
    venueId: text('venue_id').notNull(),
    bookingId: text('booking_id').notNull(),
    resourceId: text('resource_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    blockedUntil: timestamp('blocked_until', { withTimezone: true }).notNull(),
    holds: boolean('holds').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.bookingId, t.resourceId] }),
    foreignKey({
      columns: [t.venueId, t.bookingId],
      foreignColumns: [bookings.venueId, bookings.id],
      name: 'booking_lanes_booking_fk',
    }).onDelete('cascade'),
  ],
);
