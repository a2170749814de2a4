/**
 * What a booking owes, in one place (issue 21): the server, the console and the widget all read a
 * booking's money through these functions. Pure, integer cents, no zod.
 *
 * total: the price after promocode, affiliate, custom price and upsells; net paid = paid −
 * refunded (refunds pending at the provider count: the money is on its way back).
 * A live booking owes what is left of its total (due) and has overpaid what went beyond it; a
 * canceled or abandoned booking owes nothing and what it still holds is kept by the venue, offered
 * for refund.
 */

import type { BookingStatus } from './bookings.js';

/**
 * The statuses of a live booking: still on and holding its lanes (not canceled, not abandoned).
 * The one list: the server's queries, its partial index and the console read it.
 * It lives here, not in bookings.ts, so that the console takes it without the calendar's code.
 */
export const LIVE_BOOKING_STATUSES = ['new', 'wait_for_payment', 'paid'] as const satisfies readonly BookingStatus[];

export const isLiveStatus = (status: string) => (LIVE_BOOKING_STATUSES as readonly string[]).includes(status);

/**
 * The statuses of a booking to come that keeps its product from being deleted (decision 006):
 * waiting for payment or paid. Not the live list: a `new` booking does not keep it.
 */
export const PRODUCT_KEEPING_STATUSES = ['wait_for_payment', 'paid'] as const satisfies readonly BookingStatus[];

/** How a booking's money reads at a glance; "Part paid" is a label, never a status. */
export const PAYMENT_LABELS = ['Unpaid', 'Part paid', 'Paid', 'Overpaid', 'Refunded', 'Kept', 'No charge'] as const;
export type PaymentLabel = (typeof PAYMENT_LABELS)[number];

export interface MoneyFacts {
  status: string;
  total: number;
  paid: number;
  refunded: number;
}

export interface BookingMoney {
  /** paid − refunded. */
  netPaid: number;
  /** Live: total − net paid, never below 0. Canceled or abandoned: 0. */
  due: number;
  /** Live: net paid − total, never below 0 (to give back). Canceled or abandoned: 0. */
  overpaid: number;
  /** Canceled or abandoned: the net paid the venue holds (offered for refund). Live: 0. */
  kept: number;
  label: PaymentLabel;
}

export function bookingMoney(facts: MoneyFacts): BookingMoney {
  const netPaid = facts.paid - facts.refunded;
  if (!isLiveStatus(facts.status)) {
    const kept = Math.max(0, netPaid);
    const label: PaymentLabel = kept > 0 ? 'Kept' : facts.refunded > 0 ? 'Refunded' : 'Unpaid';
    return { netPaid, due: 0, overpaid: 0, kept, label };
  }
  const due = Math.max(0, facts.total - netPaid);
  const overpaid = Math.max(0, netPaid - facts.total);
  let label: PaymentLabel;
  if (netPaid <= 0) label = facts.refunded > 0 ? 'Refunded' : facts.total === 0 ? 'No charge' : 'Unpaid';
  else if (netPaid < facts.total) label = 'Part paid';
  else label = overpaid > 0 ? 'Overpaid' : 'Paid';
  return { netPaid, due, overpaid, kept: 0, label };
}

/**
 * The status the ledger gives a booking: a live booking is paid exactly when nothing is due
 * (a booking with nothing to pay, total 0, is paid, as it is made), else waiting for payment;
 * canceled and abandoned stay as they are.
 */
export function statusFromLedger<S extends string>(facts: MoneyFacts & { status: S }): S | 'paid' | 'wait_for_payment' {
  if (!isLiveStatus(facts.status)) return facts.status;
  return bookingMoney(facts).due === 0 ? 'paid' : 'wait_for_payment';
}

/**
 * The deposit kept from a no-show (decision 022): once a booking has started and its presence is
 * still No show, its deposit (at most what it holds) is not refunded unless staff override it.
 */
export function keptDepositOf(
  booking: { deposit: number; presenceStatus: string; startsAt: Date },
  paid: number,
  refunded: number,
  now = new Date(),
): number {
  if (booking.deposit <= 0 || booking.presenceStatus !== 'no' || booking.startsAt > now) return 0;
  return Math.max(0, Math.min(booking.deposit, paid - refunded));
}

/** The most that may be refunded: what the booking holds, less a no-show's kept deposit unless overridden. */
export function refundLimit(facts: MoneyFacts, keptDeposit: number, overrideDeposit = false): number {
  const netPaid = Math.max(0, facts.paid - facts.refunded);
  return overrideDeposit ? netPaid : Math.max(0, netPaid - keptDeposit);
}

/**
 * What goes back at once when a card payment of `arrived` lands (two checkouts paid, a payment
 * after a cancellation): on a live booking what it overpaid, on a canceled or abandoned one the
 * payment itself; never more than the payment.
 */
export function overpaymentToRefund(facts: MoneyFacts, arrived: number): number {
  const money = bookingMoney(facts);
  return Math.max(0, Math.min(arrived, isLiveStatus(facts.status) ? money.overpaid : money.kept));
}

/** A goodwill refund that lowers the price: the custom price it leaves (never below 0). */
export const loweredTotal = (total: number, amount: number) => Math.max(0, total - amount);

// ---- The ledger as a model: each money step as the server applies it (the property test drives it) ----

export interface LedgerState extends MoneyFacts {
  /** The no-show deposit kept (decision 022); 0 in most steps. */
  keptDeposit?: number;
}

export type MoneyStep =
  /** Staff collect at the desk: at most what is due, on a live booking. */
  | { kind: 'collect'; amount: number }
  /** A card payment arrives from the provider, whenever: what nothing was due for goes back at once. */
  | { kind: 'card'; amount: number }
  /** A refund by staff; with lowerPrice the total drops by the amount (a goodwill discount). */
  | { kind: 'refund'; amount: number; lowerPrice?: boolean; overrideDeposit?: boolean }
  /** A move or another price change: the new total. Customer moves give back what is overpaid. */
  | { kind: 'reprice'; total: number; refundOverpaid?: boolean }
  /** Cancel, with a refund of all, part or none of what the booking holds. */
  | { kind: 'cancel'; refund: number };

export class MoneyStepRefused extends Error {}

/** The state after one step, or MoneyStepRefused when the server would refuse it (nothing changes). */
export function applyMoneyStep(state: LedgerState, step: MoneyStep): LedgerState {
  const live = isLiveStatus(state.status);
  const next = { ...state };
  const settle = (s: LedgerState): LedgerState => ({ ...s, status: statusFromLedger(s) });
  switch (step.kind) {
    case 'collect':
      if (!live) throw new MoneyStepRefused('Payments are taken on live bookings only.');
      if (step.amount <= 0 || step.amount > bookingMoney(state).due) throw new MoneyStepRefused('More than is due.');
      next.paid += step.amount;
      return settle(next);
    case 'card': {
      next.paid += step.amount;
      next.refunded += overpaymentToRefund(next, step.amount);
      return settle(next);
    }
    case 'refund': {
      if (step.amount <= 0 || step.amount > refundLimit(state, state.keptDeposit ?? 0, step.overrideDeposit))
        throw new MoneyStepRefused('More than can be refunded.');
      if (step.lowerPrice && !live) throw new MoneyStepRefused('Only a live booking has a price to lower.');
      next.refunded += step.amount;
      if (step.lowerPrice) next.total = loweredTotal(state.total, step.amount);
      return settle(next);
    }
    case 'reprice': {
      if (!live) throw new MoneyStepRefused('A canceled or abandoned booking cannot be moved or repriced.');
      next.total = step.total;
      if (step.refundOverpaid) next.refunded += bookingMoney(next).overpaid;
      return settle(next);
    }
    case 'cancel': {
      if (!live) throw new MoneyStepRefused('This booking is canceled already.');
      next.status = 'canceled';
      if (step.refund < 0 || step.refund > refundLimit(next, 0, true)) throw new MoneyStepRefused('More than can be refunded.');
      next.refunded += step.refund;
      return next;
    }
  }
}
