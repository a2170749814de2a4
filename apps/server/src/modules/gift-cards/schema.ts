import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GiftCardLedgerKind, GiftCardStatus } from '@lanebook/core/gift-cards';
import { owned } from '../../db/venue-owned.js';

/**
 * Gift cards (issue 37, decision 045). A card is venue-owned money: its `balance` is the sum of its
 * ledger, kept by the ledger's insert trigger (migration 0033) in the writer's transaction, and
 * never below zero (CHECK). Every change takes the card's row lock first (FOR UPDATE), in the
 * transaction of its cause. The code is never stored: a keyed hash finds it, the last four show it,
 * and a sealed copy (AES-GCM under a key of the server's secret) lets the mail job send it again.
 */
export const giftCards = pgTable(
  'gift_cards',
  {
    ...owned(),
    /** HMAC-SHA256 of the normalised code under the server's lookup key (hex). */
    codeHash: text('code_hash').notNull(),
    codeLast4: text('code_last4').notNull(),
    /** The code sealed with the server's key (codes.ts): the recipient's mail and its resend read it; a database read alone does not. */
    codeSealed: text('code_sealed').notNull(),
    /** The value it was issued with, cents. */
    amount: integer('amount').notNull(),
    /** The ledger's sum, cents; written only by the ledger's trigger. */
    balance: integer('balance').notNull().default(0),
    status: text('status').$type<GiftCardStatus>().notNull().default('active'),
    /** The venue's midnight after its last valid day; null: never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    source: text('source').$type<'desk' | 'online'>().notNull(),
    /** The online order it was issued for (one card per order). */
    orderId: text('order_id'),
    buyerName: text('buyer_name').notNull().default(''),
    buyerEmail: text('buyer_email').notNull().default(''),
    recipientName: text('recipient_name').notNull().default(''),
    recipientEmail: text('recipient_email').notNull().default(''),
    message: text('message').notNull().default(''),
    /** The venue date the recipient's mail goes out, and its venue midnight (the delivery sweep's instant). */
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    deliverAfter: timestamp('deliver_after', { withTimezone: true }).notNull(),
    /** When the recipient's mail was queued; the sweep takes a card once (a conditional update). */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    uniqueIndex('gift_cards_code').on(t.venueId, t.codeHash),
    uniqueIndex('gift_cards_order')
      .on(t.venueId, t.orderId)
      .where(sql`${t.orderId} is not null`),
    // The desk's list, newest first, and its search by the last four.
    index('gift_cards_created_idx').on(t.venueId, t.createdAt),
    index('gift_cards_last4_idx').on(t.venueId, t.codeLast4),
    // The sweeps, across venues: deliveries due, and active cards to expire.
    index('gift_cards_delivery_idx')
      .on(t.deliverAfter)
      .where(sql`${t.deliveredAt} is null and ${t.recipientEmail} <> ''`),
    index('gift_cards_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'active' and ${t.expiresAt} is not null`),
    check('gift_cards_balance_not_negative', sql`${t.balance} >= 0`),
    check('gift_cards_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The ledger of a card: every change of its balance is one entry, never changed afterwards. A
 * redeemed or refunded entry names the booking and its ledger row (no foreign key: the money moved
 * whatever becomes of the booking).
 */
export const giftCardLedger = pgTable(
  'gift_card_ledger',
  {
    ...owned(),
    giftCardId: text('gift_card_id').notNull(),
    kind: text('kind').$type<GiftCardLedgerKind>().notNull(),
    /** Signed cents. */
    amount: integer('amount').notNull(),
    /** The card's balance after this entry: set by the trigger. */
    balanceAfter: integer('balance_after').notNull().default(0),
    /** issued: how it was paid (a venue method's name, Card online, Complimentary). */
    method: text('method'),
    /** issued complimentary and adjusted: why. */
    reason: text('reason'),
    bookingId: text('booking_id'),
    bookingPaymentId: text('booking_payment_id'),
    /** An online sale: the provider's payment. */
    providerPaymentId: text('provider_payment_id'),
    userId: text('user_id'),
    userName: text('user_name').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({
      columns: [t.venueId, t.giftCardId],
      foreignColumns: [giftCards.venueId, giftCards.id],
      name: 'gift_card_ledger_card_fk',
    }).onDelete('cascade'),
    index('gift_card_ledger_card_idx').on(t.venueId, t.giftCardId, t.createdAt),
    // The summary: a venue's entries by when they happened.
    index('gift_card_ledger_created_idx').on(t.venueId, t.createdAt),
    check(
      'gift_card_ledger_sign',
      sql`(${t.kind} in ('issued', 'refunded') and ${t.amount} > 0) or (${t.kind} in ('redeemed', 'expired') and ${t.amount} < 0) or (${t.kind} = 'adjusted' and ${t.amount} <> 0)`,
    ),
  ],
);

/**
 * A card bought online, from the checkout until the provider confirms its payment: the card is
 * issued then, once (`giftCardId`), however often the confirmation comes.
 */
export const giftCardOrders = pgTable(
  'gift_card_orders',
  {
    ...owned(),
    amount: integer('amount').notNull(),
    buyerName: text('buyer_name').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    recipientName: text('recipient_name').notNull(),
    recipientEmail: text('recipient_email').notNull(),
    message: text('message').notNull().default(''),
    deliverOn: date('deliver_on', { mode: 'string' }).notNull(),
    /** The widget's key for one submit (Idempotency-Key): a second submit answers the same order. */
    idempotencyKey: text('idempotency_key'),
    checkoutUrl: text('checkout_url'),
    giftCardId: text('gift_card_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    uniqueIndex('gift_card_orders_idempotency_key')
      .on(t.venueId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    check('gift_card_orders_amount_positive', sql`${t.amount} > 0`),
  ],
);
