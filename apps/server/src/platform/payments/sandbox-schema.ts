import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * The sandbox provider's own books (decision 021): what a card-payment provider keeps about the
 * venues' accounts, written only by `sandbox.ts`. They are the provider's side, not Lanebook's:
 * Lanebook's records of the same money are the bookings' ledger rows.
 */

/** A venue's account at the sandbox (a Stripe Connect account's counterpart). */
export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text('id').primaryKey(),
  venueId: text('venue_id').notNull(),
  name: text('name').notNull(),
  country: text('country').notNull(),
  email: text('email').notNull(),
  detailsSubmitted: boolean('details_submitted').notNull().default(false),
  chargesEnabled: boolean('charges_enabled').notNull().default(false),
  idempotencyKey: text('idempotency_key').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time verification links (account links): an hour each. */
export const sandboxAccountLinks = pgTable('sandbox_account_links', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  returnUrl: text('return_url').notNull(),
  refreshUrl: text('refresh_url').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** A hosted checkout page for an amount: open until paid (complete) or a day old. */
export const sandboxCheckouts = pgTable(
  'sandbox_checkouts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    description: text('description').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
    status: text('status').$type<'open' | 'complete' | 'expired'>().notNull().default('open'),
    paymentId: text('payment_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('sandbox_checkouts_idempotency').on(t.accountId, t.idempotencyKey)],
);

/** A card payment (a payment intent): what it took and, cumulatively, what went back. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  checkoutId: text('checkout_id').notNull().unique(),
  amount: integer('amount').notNull(),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  currency: text('currency').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull(),
  cardLast4: text('card_last4').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The account's balance moves: payments in, refunds and payouts out, deposits (top-ups) in. The
 * balance is their sum per currency; payouts are the rows of type payout.
 */
export const sandboxTransactions = pgTable(
  'sandbox_transactions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    type: text('type').$type<'payment' | 'refund' | 'topup' | 'payout'>().notNull(),
    /** Signed cents: positive into the balance, negative out of it. */
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** The payment a refund gives back. */
    paymentId: text('payment_id'),
    /** When a payout reaches the bank. */
    arrivesAt: timestamp('arrives_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_transactions_idempotency').on(t.accountId, t.idempotencyKey),
    index('sandbox_transactions_account_idx').on(t.accountId, t.type, t.createdAt),
  ],
);

/** Bank accounts for payouts: only the last four digits of the number are kept. */
export const sandboxBankAccounts = pgTable(
  'sandbox_bank_accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    accountHolderName: text('account_holder_name').notNull(),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    last4: text('last4').notNull(),
    routingNumber: text('routing_number').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    idempotencyKey: text('idempotency_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sandbox_bank_accounts_idempotency').on(t.accountId, t.idempotencyKey),
    // One default per currency of an account.
    uniqueIndex('sandbox_bank_accounts_default')
      .on(t.accountId, t.currency)
      .where(sql`${t.isDefault}`),
  ],
);

/** The events the sandbox sends to Lanebook's webhook, kept until delivered. */
export const sandboxEvents = pgTable(
  'sandbox_events',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    type: text('type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('sandbox_events_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.deliveredAt} is null`),
  ],
);
