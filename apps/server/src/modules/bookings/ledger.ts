import { keptDepositOf } from '@lanebook/core';

/**
 * The payments ledger's arithmetic, in one place (decision 017): a booking's paid, refunded and
 * due figures, each payment's refundable rest, and how a refund spreads over the payments.
 * Pure: the rows come from `booking_payments`.
 */

export interface LedgerRow {
  id: string;
  kind: 'payment' | 'refund';
  amount: number;
  method: string;
  refundOf: string | null;
  providerPaymentId: string | null;
  /** The card-payment provider of a card payment or refund. */
  provider?: string | null;
  /** A card refund pending at the provider, or failed there (it then counts for nothing). */
  status?: 'pending' | 'succeeded' | 'failed';
  failure?: string | null;
  attempt?: number;
  /** A payment by gift card, or a refund back to one (decision 045). */
  giftCardId?: string | null;
  createdAt: Date;
}

/** A refund the provider refused gave nothing back: it counts for nothing until it is retried. */
const counts = (row: LedgerRow) => row.status !== 'failed';

export interface PaymentView {
  id: string;
  paid: number;
  refunded: number;
  date: Date;
  paymentIntentId: string | null;
  paymentMethodAlias: string;
}

/** Each payment with what has been refunded of it, oldest first (checkoutInfo.payments). */
export function paymentsOf(rows: LedgerRow[]): PaymentView[] {
  const refunded = new Map<string, number>();
  for (const row of rows)
    if (row.kind === 'refund' && row.refundOf && counts(row)) refunded.set(row.refundOf, (refunded.get(row.refundOf) ?? 0) + row.amount);
  return rows
    .filter((row) => row.kind === 'payment')
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
    .map((row) => ({
      id: row.id,
      paid: row.amount,
      refunded: refunded.get(row.id) ?? 0,
      date: row.createdAt,
      paymentIntentId: row.providerPaymentId,
      paymentMethodAlias: row.method,
    }));
}

export function sumsOf(rows: LedgerRow[]): { paid: number; refunded: number } {
  let paid = 0;
  let refunded = 0;
  for (const row of rows) {
    if (row.kind === 'payment') paid += row.amount;
    else if (counts(row)) refunded += row.amount;
  }
  return { paid, refunded };
}

/**
 * How a refund of `amount` spreads over the payments: newest first, each giving back at most
 * what is left of it. Null when the payments hold less than the amount.
 */
export function spreadRefund(payments: PaymentView[], amount: number): { payment: PaymentView; amount: number }[] | null {
  const parts: { payment: PaymentView; amount: number }[] = [];
  let rest = amount;
  for (const payment of [...payments].reverse()) {
    if (rest === 0) break;
    const refundable = payment.paid - payment.refunded;
    if (refundable <= 0) continue;
    const part = Math.min(refundable, rest);
    parts.push({ payment, amount: part });
    rest -= part;
  }
  return rest === 0 ? parts : null;
}

/** The no-show's kept deposit lives with the rest of the money rule in @lanebook/core (booking-money.ts). */
export { keptDepositOf };
