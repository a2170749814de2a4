import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { LIVE_BOOKING_STATUSES, type Quote } from '@lanebook/core';
import type { BookingEvent, BookingLogType } from '@lanebook/core/booking-events';
import { owned } from '../../db/venue-owned.js';
import { giftCards } from '../gift-cards/schema.js';
import { products } from '../products/schema.js';
import { venues } from '../venues/schema.js';

/** The live statuses written out as SQL literals ('new', 'wait_for_payment', 'paid'): a partial index's predicate takes no parameters. */
const liveStatusLiterals = sql.raw(LIVE_BOOKING_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * A booking: who comes, when (its consecutive slots), on which lanes, at what price, and where
 * its money stands. `paidTotal` and `refundedTotal` are the sums of its ledger rows
 * (`booking_payments`), written in the same transaction as each row (decision 017).
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
    // Copies of reservationInfo's searchable fields, each with its index (decision 017).
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Digits and plus only, as searched. */
    phone: text('phone').notNull().default(''),
    /** The venue date of the first slot. */
    date: date('date', { mode: 'string' }),
    presenceStatus: text('presence_status').$type<'no' | 'partially' | 'fully'>().notNull().default('no'),
    source: text('source').$type<'online' | 'phone' | 'walk_in'>().notNull().default('phone'),
    registrationCode: text('registration_code'),
    bookingReference: text('booking_reference'),
    /**
     * The friends' sign-only link's token (decision 023): 128 random bits, made by the insert, so in
     * the booking's transaction. It signs the waiver and opens nothing else; the reference stays the booker's.
     */
    signingToken: text('signing_token')
      .notNull()
      .default(sql`left(encode(sha256((gen_random_uuid()::text || gen_random_uuid()::text)::bytea), 'hex'), 32)`),
    isWarning: boolean('is_warning').notNull().default(false),
    isSaved: boolean('is_saved').notNull().default(false),
    isWalkIn: boolean('is_walk_in').notNull().default(false),
    isFullFirstPayment: boolean('is_full_first_payment').notNull().default(false),
    isConfirmationEmail: boolean('is_confirmation_email').notNull().default(true),
    typeOfPricing: text('type_of_pricing').$type<'person' | 'group-range'>().notNull().default('person'),
    selectedGroupId: text('selected_group_id'),
    affiliateId: text('affiliate_id'),
    /**
     * The affiliate's name and commission when the booking was made: a later change of the
     * affiliate does not change what past bookings earned (decision 031).
     */
    affiliateName: text('affiliate_name'),
    affiliateCommission: doublePrecision('affiliate_commission'),
    affiliateCommissionType: text('affiliate_commission_type').$type<'fixed' | 'percent'>(),
    /** The affiliate's commission on the net paid, cents: written with every money change (settleLedger). */
    affiliateCommissionAmount: integer('affiliate_commission_amount').notNull().default(0),
    /** Bookings made before migration 0031 earn on the taxed amount, as they did; the rest on the amount without taxes. */
    commissionIncludesTaxes: boolean('commission_includes_taxes').notNull().default(false),
    /** The product's active waiver and its version when the booking was made (what its signers sign). */
    activeWaiverId: text('active_waiver_id'),
    activeWaiverVersion: integer('active_waiver_version'),
    appliedPromocode: text('applied_promocode'),
    customFields: jsonb('custom_fields')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    upsellItems: jsonb('upsell_items')
      .$type<{ id: string; name: string; price: number; quantity: number }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** The priced quote the booking was made or last changed with (pricing engine, decision 013). */
    quote: jsonb('quote').$type<Quote>(),
    /** Set by staff with bookings.setCustomPrice: replaces the quote's total. */
    customPrice: integer('custom_price'),
    total: integer('total').notNull().default(0),
    deposit: integer('deposit').notNull().default(0),
    numberOfSignedWaivers: integer('number_of_signed_waivers').notNull().default(0),
    /** The guest the booking is of (issue 38): linked in the booking's transaction by its email, else its phone. */
    guestId: text('guest_id'),
    /**
     * The booker's earlier signature that counts for this booking (the waiver's validForMonths), one of
     * numberOfSignedWaivers, and until when it counts.
     */
    waiverOnFileSignatureId: text('waiver_on_file_signature_id'),
    waiverOnFileUntil: timestamp('waiver_on_file_until', { withTimezone: true }),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    /** An online booking still unpaid then is abandoned and frees its lanes (the abandon job, decision 019). */
    abandonAt: timestamp('abandon_at', { withTimezone: true }),
    /** The widget's key for one submit of its booking form: a second submit answers the same booking. */
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the form submitted with idempotencyKey: the key sent again with another form is refused. */
    idempotencyBodyHash: text('idempotency_body_hash'),
    /** The client address an online booking came from: its unpaid bookings at once are limited (create.ts). */
    clientAddress: text('client_address'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'bookings_product_fk' }),
    index('bookings_product_start_idx').on(t.venueId, t.productId, t.startsAt),
    index('bookings_ends_idx').on(t.venueId, t.endsAt),
    uniqueIndex('bookings_registration_code').on(t.venueId, t.registrationCode),
    // The customer's key in the public calls, unique across venues: it finds the venue (decision 012).
    uniqueIndex('bookings_reference').on(t.bookingReference),
    // The friends' signing token finds its booking and venue the same way (decision 023).
    uniqueIndex('bookings_signing_token').on(t.signingToken),
    uniqueIndex('bookings_idempotency_key')
      .on(t.venueId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    // The booking list (decision 017): newest first, by event date, and each search field from
    // its start (text_pattern_ops serves LIKE 'abc%' whatever the collation; phones from their end).
    // Newest first with every searched field inside: the page's ids come from this index alone
    // (an index-only walk that checks the search as it goes), then the page's rows (list.ts).
    index('bookings_created_idx').on(
      t.venueId,
      t.createdAt,
      t.id,
      t.firstName,
      t.lastName,
      t.email,
      t.phone,
      t.registrationCode,
      t.bookingReference,
    ),
    // The abandon job's sweep, across venues: only bookings still waiting for payment.
    index('bookings_abandon_idx')
      .on(t.abandonAt)
      .where(sql`${t.status} = 'wait_for_payment' and ${t.abandonAt} is not null`),
    // The unpaid online bookings a client address and an email hold at once (create.ts).
    index('bookings_unpaid_online_address_idx')
      .on(t.venueId, t.clientAddress)
      .where(sql`${t.source} = 'online' and ${t.status} = 'wait_for_payment'`),
    index('bookings_unpaid_online_email_idx')
      .on(t.venueId, t.email)
      .where(sql`${t.source} = 'online' and ${t.status} = 'wait_for_payment'`),
    index('bookings_starts_idx').on(t.venueId, t.startsAt),
    // The bookings a signature counts for as a waiver on file (the signature deleted: they ask again).
    index('bookings_waiver_on_file_idx')
      .on(t.venueId, t.waiverOnFileSignatureId)
      .where(sql`${t.waiverOnFileSignatureId} is not null`),
    // A guest's bookings, newest first (their page, counts and erase).
    index('bookings_guest_idx')
      .on(t.venueId, t.guestId, t.startsAt)
      .where(sql`${t.guestId} is not null`),
    index('bookings_date_idx').on(t.venueId, t.date),
    // An affiliate's statement and the affiliates' summary, by event date (decision 031).
    index('bookings_affiliate_date_idx')
      .on(t.venueId, t.affiliateId, t.date)
      .where(sql`${t.affiliateId} is not null`),
    index('bookings_email_search').on(t.venueId, t.email.op('text_pattern_ops')),
    index('bookings_phone_search').on(t.venueId, sql`reverse(${t.phone}) text_pattern_ops`),
    // A name from its start, and a full name (first then last, or last then first) on one index.
    index('bookings_first_name_search').on(
      t.venueId,
      sql`lower(${t.firstName}) text_pattern_ops`,
      sql`lower(${t.lastName}) text_pattern_ops`,
    ),
    index('bookings_last_name_search').on(
      t.venueId,
      sql`lower(${t.lastName}) text_pattern_ops`,
      sql`lower(${t.firstName}) text_pattern_ops`,
    ),
    index('bookings_code_search').on(t.venueId, sql`upper(${t.registrationCode}) text_pattern_ops`),
    index('bookings_reference_search').on(t.venueId, t.bookingReference.op('text_pattern_ops')),
    // A status newest first (and its count), the A-Z sort, and ended bookings newest first with
    // their end checked inside the index.
    index('bookings_status_idx').on(t.venueId, t.status, t.createdAt),
    index('bookings_name_sort').on(t.venueId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
    index('bookings_live_created_idx')
      .on(t.venueId, t.createdAt, t.endsAt)
      .where(sql`${t.status} in (${liveStatusLiterals})`),
    // The rare flags the list filters on, newest first.
    index('bookings_saved_idx')
      .on(t.venueId, t.createdAt)
      .where(sql`${t.isSaved}`),
    index('bookings_warning_idx')
      .on(t.venueId, t.createdAt)
      .where(sql`${t.isWarning}`),
    index('bookings_refunded_idx')
      .on(t.venueId, t.createdAt)
      .where(sql`${t.isRefunded}`),
  ],
);

/**
 * The log of a booking: every change writes one entry in its transaction, as a typed event whose
 * sentence is rendered where it is shown (decision 044).
 */
export const bookingLogs = pgTable(
  'booking_logs',
  {
    ...owned(),
    bookingId: text('booking_id').notNull(),
    type: text('type').$type<BookingLogType>().notNull(),
    event: jsonb('event').$type<BookingEvent>().notNull(),
    userName: text('user_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({
      columns: [t.venueId, t.bookingId],
      foreignColumns: [bookings.venueId, bookings.id],
      name: 'booking_logs_booking_fk',
    }).onDelete('cascade'),
    index('booking_logs_booking_idx').on(t.venueId, t.bookingId, t.createdAt),
  ],
);

/**
 * The payments ledger: every payment and every refund of a booking is one row, cash or card.
 * A refund row names the payment it gives back (`refundOf`). The booking's paid, refunded and due
 * figures are derived from these rows in one place (`ledger.ts`).
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    ...owned(),
    bookingId: text('booking_id').notNull(),
    kind: text('kind').$type<'payment' | 'refund'>().notNull(),
    /** Cents, always positive. */
    amount: integer('amount').notNull(),
    /** The venue's method name (Cash, a POS terminal) or 'card'. */
    method: text('method').notNull(),
    refundOf: text('refund_of'),
    provider: text('provider'),
    providerPaymentId: text('provider_payment_id'),
    userName: text('user_name').notNull(),
    /** The member who took it (the cash-up's staff rows); null for the customer online and the payment provider. */
    userId: text('user_id'),
    /**
     * A card refund is pending until the provider answers (sent by the card-refunds job), then
     * succeeded or failed; a failed one counts for nothing until retried. Everything else succeeds.
     */
    status: text('status').$type<'pending' | 'succeeded' | 'failed'>().notNull().default('succeeded'),
    /** The provider's words when a refund failed. */
    failure: text('failure'),
    /** Each retry of a failed card refund is a new attempt: its idempotency key names it, so no attempt is sent twice. */
    attempt: integer('attempt').notNull().default(0),
    /** A payment by gift card, and a refund back to one: the card (decision 045). */
    giftCardId: text('gift_card_id'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({
      columns: [t.venueId, t.bookingId],
      foreignColumns: [bookings.venueId, bookings.id],
      name: 'booking_payments_booking_fk',
    }).onDelete('cascade'),
    foreignKey({
      columns: [t.venueId, t.giftCardId],
      foreignColumns: [giftCards.venueId, giftCards.id],
      name: 'booking_payments_gift_card_fk',
    }),
    index('booking_payments_booking_idx').on(t.venueId, t.bookingId, t.createdAt),
    // The cash-up: a venue's payments and refunds by when they were taken (decision 038).
    index('booking_payments_created_idx').on(t.venueId, t.createdAt),
    // The card refunds the provider has not answered yet: the refunds sweep reads only these (decision 021).
    index('booking_payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'refund' and ${t.status} = 'pending'`),
    check('booking_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The card checkouts opened for a booking (issue 21): asking again for the same booking, amount
 * and page while the ledger has not moved answers the open one instead of a second session.
 */
export const bookingCheckouts = pgTable(
  'booking_checkouts',
  {
    ...owned(),
    bookingId: text('booking_id').notNull(),
    amount: integer('amount').notNull(),
    /** Who opened it: the desk's checkout returns to the console, the customer's to the widget. */
    channel: text('channel').$type<'staff' | 'customer'>().notNull(),
    /** The ledger when it was opened (paid, refunded): a payment since closes it. */
    paidTotal: integer('paid_total').notNull(),
    refundedTotal: integer('refunded_total').notNull(),
    providerCheckoutId: text('provider_checkout_id').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({
      columns: [t.venueId, t.bookingId],
      foreignColumns: [bookings.venueId, bookings.id],
      name: 'booking_checkouts_booking_fk',
    }).onDelete('cascade'),
    uniqueIndex('booking_checkouts_open').on(t.venueId, t.bookingId, t.channel, t.amount, t.paidTotal, t.refundedTotal),
  ],
);

/** The last registration number given in each venue: codes are never reused. */
export const bookingCounters = pgTable('booking_counters', {
  venueId: text('venue_id')
    .primaryKey()
    .references(() => venues.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

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

/**
 * The reminder each booking has had for each start: written when the reminder sweep
 * (`reminders.ts`) queues its mail or passes it by (`skipped`: made inside the lead time and
 * starting within the hour), so no sweep queues it twice, and a move (a new start) gets one
 * of its own.
 */
export const bookingReminders = pgTable(
  'booking_reminders',
  {
    venueId: text('venue_id').notNull(),
    bookingId: text('booking_id').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    skipped: boolean('skipped').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.bookingId, t.startsAt] }),
    foreignKey({
      columns: [t.venueId, t.bookingId],
      foreignColumns: [bookings.venueId, bookings.id],
      name: 'booking_reminders_booking_fk',
    }).onDelete('cascade'),
  ],
);
