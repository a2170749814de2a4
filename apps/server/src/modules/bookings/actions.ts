import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { formatMoney } from '@lanebook/core';
import { PRESENCE_LABELS, type Booking, type refundAnswerSchema } from '@lanebook/core/booking-schemas';
type RefundAnswer = import('zod').infer<typeof refundAnswerSchema>;
import type { Db, Tx } from '../../db/client.js';
import { AppError, conflict } from '../../platform/errors.js';
import { lockKeys, slotOccupancyKey, withTransaction } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { fieldError } from '../calendar/service.js';
import { givePromocodeBack } from '../promocodes/service.js';
import { keptDepositOf, paymentsOf, spreadRefund, sumsOf, totalsOf } from './ledger.js';
import { LANE_HOLDING_STATUSES } from './predicates.js';
import { bookingAnswer, bookingOrNotFound, bookingWithLedger, ledgerOf, writeLog, type BookingRow } from './records.js';
import { bookingLanes, bookingPayments, bookings } from './schema.js';
import { recordBookingEvent } from './events.js';

/**
 * What staff (and a customer, for cancelling) do to a booking. Each takes the booking's row lock
 * first, checks, changes and logs in one transaction (decision 017).
 */

export interface Actor {
  userName: string;
  moneyFormat: string;
}

/** Bookings that hold their lanes (predicates.ts) are the live ones. */
const LIVE = new Set<string>(LANE_HOLDING_STATUSES);

export const ALREADY_CANCELED = 'This booking is canceled already.';
export const TOO_LATE_TO_CANCEL = (hours: number) =>
  `Online cancellation closes ${hours} hours before the start: call the venue to change this booking.`;

/** Cancels: the status is canceled, its lanes are free at once and its promocode's use is given back. */
export async function cancelBooking(tx: Tx, venueId: string, bookingId: string, actor: Actor, now = new Date()): Promise<Booking> {
  // The lanes change: the venue's occupancy key first (decision 015), then the row.
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  if (!LIVE.has(row.status))
    throw conflict(row.status === 'canceled' ? ALREADY_CANCELED : 'Only a live booking can be canceled.', 'booking_not_live');
  const venue = forVenue(tx, venueId);
  await venue.update(bookingLanes, eq(bookingLanes.bookingId, bookingId), { holds: false });
  const [changed] = await venue
    .update(bookings, eq(bookings.id, bookingId), { status: 'canceled', canceledAt: now, updatedAt: now })
    .returning();
  if (row.appliedPromocode) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  await writeLog(tx, venueId, bookingId, 'cancel', 'Booking canceled', actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.canceled', await bookingWithLedger(tx, venueId, changed));
}

/** A product's cancellation period; 24 hours when the product is unknown (decision 017). */
export interface CancellationPeriod {
  amount: number;
  unit: 'hours' | 'days';
}
export const cancellationPeriodOf = (
  product: { cancellationPeriodAmount: number; cancellationPeriodUnit: 'hours' | 'days' } | null | undefined,
): CancellationPeriod => ({ amount: product?.cancellationPeriodAmount ?? 24, unit: product?.cancellationPeriodUnit ?? 'hours' });
export const periodHours = (period: CancellationPeriod) => (period.unit === 'days' ? period.amount * 24 : period.amount);

/**
 * Until when the customer may cancel or move a booking online (decision 024): its start less the
 * product's cancellation period; null for a booking that is no longer live (canceled, abandoned).
 */
export function customerDeadline(booking: { status: string; startsAt: Date }, period: CancellationPeriod): Date | null {
  if (!LIVE.has(booking.status)) return null;
  return new Date(booking.startsAt.getTime() - periodHours(period) * 3600_000);
}

/** The customer's cancellation: until the product's cancellation period before the start (24 hours unless set). */
export function assertCustomerMayCancel(row: BookingRow, period: CancellationPeriod, now = new Date()) {
  const until = new Date(row.startsAt.getTime() - periodHours(period) * 3600_000);
  if (now >= until) throw new AppError(409, 'cancellation_closed', TOO_LATE_TO_CANCEL(periodHours(period)));
}

async function changeAndLog(
  tx: Tx,
  venueId: string,
  bookingId: string,
  changes: Partial<Pick<BookingRow, 'presenceStatus' | 'isSaved'>>,
  log: { type: 'update' | 'custom'; text: string },
  actor: Actor,
): Promise<Booking> {
  await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const [row] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, bookingId), { ...changes, updatedAt: new Date() })
    .returning();
  await writeLog(tx, venueId, bookingId, log.type, log.text, actor.userName);
  return recordBookingEvent(tx, venueId, 'booking.updated', await bookingWithLedger(tx, venueId, row));
}

export const setPresence = (tx: Tx, venueId: string, bookingId: string, presenceStatus: BookingRow['presenceStatus'], actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { presenceStatus }, { type: 'update', text: `Presence: ${PRESENCE_LABELS[presenceStatus]}` }, actor);

export const setSaved = (tx: Tx, venueId: string, bookingId: string, isSaved: boolean, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, { isSaved }, { type: 'update', text: isSaved ? 'Saved' : 'No longer saved' }, actor);

export const addNote = (tx: Tx, venueId: string, bookingId: string, text: string, actor: Actor) =>
  changeAndLog(tx, venueId, bookingId, {}, { type: 'custom', text }, actor);

/** Records the ledger's new sums on the booking (paid when nothing is due) and returns it. */
async function settle(tx: Tx, venueId: string, row: BookingRow): Promise<Booking> {
  const ledger = await ledgerOf(tx, venueId, row.id);
  const { paid, refunded } = sumsOf(ledger);
  const { due } = totalsOf(row.total, paid, refunded);
  const status = row.status === 'wait_for_payment' && due === 0 ? 'paid' : row.status;
  const [changed] = await forVenue(tx, venueId)
    .update(bookings, eq(bookings.id, row.id), {
      paidTotal: paid,
      refundedTotal: refunded,
      isRefunded: refunded > 0,
      status,
      updatedAt: new Date(),
    })
    .returning();
  return bookingAnswer(changed, ledger);
}

/** A payment is taken on a live booking, for at most what is due. */
export function assertCollectable(row: BookingRow, amount: number, due: number, actor: Actor) {
  if (!LIVE.has(row.status)) throw conflict('Payments are taken on live bookings only.', 'booking_not_live');
  if (amount > due) throw fieldError(`Only ${formatMoney(due, actor.moneyFormat)} is due`, 'amount');
}

/** Collects an amount with one of the venue's payment methods (Cash, a POS terminal): a ledger row. */
export async function collectPayment(
  tx: Tx,
  venueId: string,
  bookingId: string,
  payment: { amount: number; paymentMethod: string },
  venueMethods: string[],
  actor: Actor,
): Promise<Booking> {
  const method = venueMethods.find((m) => m.toLowerCase() === payment.paymentMethod.toLowerCase());
  if (!method) throw fieldError(`Choose one of the venue's payment methods: ${venueMethods.join(', ')}`, 'paymentMethod');
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  assertCollectable(row, payment.amount, totalsOf(row.total, row.paidTotal, row.refundedTotal).due, actor);
  await forVenue(tx, venueId).insert(bookingPayments, {
    id: randomUUID(),
    bookingId,
    kind: 'payment',
    amount: payment.amount,
    method,
    userName: actor.userName,
  });
  await writeLog(
    tx,
    venueId,
    bookingId,
    'paid',
    `Collected ${formatMoney(payment.amount, actor.moneyFormat)} by ${method}`,
    actor.userName,
  );
  const settled = await settle(tx, venueId, row);
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

/** Gives card payments back through the provider that took them (the route binds it to the venue's account). */
export interface CardRefunder {
  provider: string;
  refund(paymentId: string, amount: number, idempotencyKey: string): Promise<{ id: string }>;
}

export const CARD_METHOD = 'Card';

export interface RefundOutcome {
  booking: Booking;
  refunds: RefundAnswer['refunds'];
}

/** The refund's rows and log, in the caller's transaction (the demo seed writes cash refunds with it). */
export async function writeRefund(
  tx: Tx,
  venueId: string,
  bookingId: string,
  request: { amount: number; overrideDeposit?: boolean },
  actor: Actor,
  cards: CardRefunder | null,
  now = new Date(),
) {
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  const ledger = await ledgerOf(tx, venueId, bookingId);
  const netPaid = row.paidTotal - row.refundedTotal;
  const kept = keptDepositOf(row, row.paidTotal, row.refundedTotal, now);
  const allowed = request.overrideDeposit ? netPaid : netPaid - kept;
  if (request.amount > allowed) {
    const most = `At most ${formatMoney(allowed, actor.moneyFormat)} can be refunded`;
    throw fieldError(
      kept > 0 && !request.overrideDeposit
        ? `${most}: the deposit of ${formatMoney(kept, actor.moneyFormat)} is kept because the group did not show up`
        : most,
      'amount',
    );
  }
  const parts = spreadRefund(paymentsOf(ledger), request.amount);
  if (!parts) throw fieldError(`At most ${formatMoney(netPaid, actor.moneyFormat)} can be refunded`, 'amount');
  const providerOf = new Map(ledger.map((r) => [r.id, r.provider ?? null]));
  const written: { id: string; amount: number; provider: string | null; paymentIntentId: string | null; alias: string }[] = [];
  for (const part of parts) {
    const provider = providerOf.get(part.payment.id) ?? null;
    if (provider && (!cards || cards.provider !== provider))
      throw conflict(
        `This card payment was taken through ${provider}, which this server does not use now: refund it there.`,
        'provider_unavailable',
      );
    const id = randomUUID();
    await forVenue(tx, venueId).insert(bookingPayments, {
      id,
      bookingId,
      kind: 'refund',
      amount: part.amount,
      method: part.payment.paymentMethodAlias,
      refundOf: part.payment.id,
      provider,
      userName: actor.userName,
      createdAt: now,
    });
    written.push({
      id,
      amount: part.amount,
      provider,
      paymentIntentId: part.payment.paymentIntentId,
      alias: part.payment.paymentMethodAlias,
    });
  }
  const text = written.map((p) => `${formatMoney(p.amount, actor.moneyFormat)} to ${p.alias}`).join(', ');
  const overridden = request.overrideDeposit && kept > 0 ? ' (the kept deposit too)' : '';
  await writeLog(tx, venueId, bookingId, 'refund', `Refunded ${text}${overridden}`, actor.userName);
  return { written, booking: await settle(tx, venueId, row) };
}

/**
 * Refunds an amount, newest payment first, never more than was paid and not yet refunded, nor a
 * no-show's kept deposit unless overridden (decision 022). The refund rows are written first,
 * under the booking's lock, so twenty refunds at once add up to at most that; card parts then go
 * back through the provider, outside any transaction, with keys made from those rows' ids; a part
 * the provider refuses is taken back out of the ledger and its message answered (decision 021).
 */
export async function refundPayment(
  db: Db,
  venueId: string,
  bookingId: string,
  request: { amount: number; overrideDeposit?: boolean },
  actor: Actor,
  cards: CardRefunder | null,
): Promise<RefundOutcome> {
  const now = new Date();
  const reserved = await withTransaction(db, (tx) => writeRefund(tx, venueId, bookingId, request, actor, cards, now));

  for (const [index, part] of reserved.written.entries()) {
    if (!part.provider || !part.paymentIntentId || !cards) continue;
    try {
      const refund = await cards.refund(part.paymentIntentId, part.amount, `refund:${venueId}:${part.id}`);
      await forVenue(db, venueId).update(bookingPayments, eq(bookingPayments.id, part.id), { providerPaymentId: refund.id });
    } catch (error) {
      // This part and those after it did not happen: the ledger gives them back.
      const reason = error instanceof Error ? error.message : 'the payment provider failed';
      await undoRefunds(db, venueId, bookingId, reserved.written.slice(index), reason, actor);
      throw error;
    }
  }
  const booking = await withTransaction(db, (tx) => recordBookingEvent(tx, venueId, 'booking.refunded', reserved.booking));
  return {
    booking,
    refunds: reserved.written.map((p) => ({
      id: p.id,
      status: 'succeeded' as const,
      amount: p.amount,
      paymentMethodAlias: p.alias,
      date: now.toISOString(),
    })),
  };
}

/** Takes refund rows back out of the ledger (the provider did not make them), with a warning in the log. */
async function undoRefunds(
  db: Db,
  venueId: string,
  bookingId: string,
  rows: { id: string; amount: number }[],
  reason: string,
  actor: Actor,
) {
  await withTransaction(db, async (tx) => {
    const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
    await forVenue(tx, venueId).delete(
      bookingPayments,
      inArray(
        bookingPayments.id,
        rows.map((u) => u.id),
      ),
    );
    const amount = rows.reduce((sum, u) => sum + u.amount, 0);
    await writeLog(
      tx,
      venueId,
      bookingId,
      'warning',
      `Refund of ${formatMoney(amount, actor.moneyFormat)} not made: ${reason}`,
      actor.userName,
    );
    await recordBookingEvent(tx, venueId, 'booking.updated', await settle(tx, venueId, row));
  });
}

export interface UnconfirmedCardRefund {
  venueId: string;
  id: string;
  bookingId: string;
  amount: number;
  provider: string;
  /** The provider's id of the payment it gives back. */
  paymentIntentId: string;
}

/**
 * Card refunds the ledger holds but the provider never confirmed (the process stopped between
 * writing the row and the provider's answer), between `from` and `until` ago: the sweep sends
 * them again with the same key, so the provider makes each at most once (decision 021).
 */
export async function unconfirmedCardRefunds(db: Db, olderThan: Date, newerThan: Date): Promise<UnconfirmedCardRefund[]> {
  const rows = await db
    .select({
      venueId: bookingPayments.venueId,
      id: bookingPayments.id,
      bookingId: bookingPayments.bookingId,
      amount: bookingPayments.amount,
      provider: bookingPayments.provider,
      refundOf: bookingPayments.refundOf,
    })
    // eslint-disable-next-line no-restricted-syntax -- the sweep serves every venue: it reads unconfirmed refunds across venues, then acts on each within its own venue
    .from(bookingPayments)
    .where(
      and(
        eq(bookingPayments.kind, 'refund'),
        isNotNull(bookingPayments.provider),
        isNull(bookingPayments.providerPaymentId),
        lt(bookingPayments.createdAt, olderThan),
        gt(bookingPayments.createdAt, newerThan),
      ),
    )
    .limit(100);
  const found: UnconfirmedCardRefund[] = [];
  for (const row of rows) {
    const [paid] = row.refundOf ? await forVenue(db, row.venueId).select(bookingPayments, eq(bookingPayments.id, row.refundOf)) : [];
    if (paid?.providerPaymentId) found.push({ ...row, provider: row.provider!, paymentIntentId: paid.providerPaymentId });
  }
  return found;
}

/** The provider made the refund: its id on the row. */
export async function confirmCardRefund(db: Db, venueId: string, rowId: string, providerRefundId: string) {
  await forVenue(db, venueId).update(bookingPayments, eq(bookingPayments.id, rowId), { providerPaymentId: providerRefundId });
}

/** The provider refuses the refund for good: the row goes, and the booking's log says why. */
export async function dropCardRefund(db: Db, refund: UnconfirmedCardRefund, reason: string, moneyFormat: string) {
  await undoRefunds(db, refund.venueId, refund.bookingId, [refund], reason, { userName: 'Payment provider', moneyFormat });
}

/**
 * Records a card payment as the provider reports it now (decision 021): the payment once, then
 * whatever the provider refunded beyond the ledger's refunds of it. Any number of events, in any
 * order, bring the ledger to the same rows. Null when nothing changed (or the booking is gone).
 */
export async function recordCardPayment(
  tx: Tx,
  venueId: string,
  bookingId: string,
  payment: { provider: string; paymentId: string; amount: number; amountRefunded: number },
  actor: Actor,
): Promise<Booking | null> {
  const [row] = await forVenue(tx, venueId).lock(bookings, eq(bookings.id, bookingId));
  if (!row) return null;
  const ledger = await ledgerOf(tx, venueId, bookingId);
  const venue = forVenue(tx, venueId);
  let paymentRow = ledger.find((r) => r.kind === 'payment' && r.providerPaymentId === payment.paymentId);
  let changed = false;
  if (!paymentRow) {
    const id = randomUUID();
    await venue.insert(bookingPayments, {
      id,
      bookingId,
      kind: 'payment',
      amount: payment.amount,
      method: CARD_METHOD,
      provider: payment.provider,
      providerPaymentId: payment.paymentId,
      userName: actor.userName,
    });
    paymentRow = { id } as (typeof ledger)[number];
    await writeLog(
      tx,
      venueId,
      bookingId,
      'paid',
      `Card payment of ${formatMoney(payment.amount, actor.moneyFormat)} received`,
      actor.userName,
    );
    if (!LIVE.has(row.status)) {
      // Paid after the booking was abandoned or canceled: its lanes may be gone; staff decide.
      await venue.update(bookings, eq(bookings.id, bookingId), { isWarning: true });
      await writeLog(
        tx,
        venueId,
        bookingId,
        'warning',
        `A card payment arrived for a ${row.status} booking: rebook it or refund the payment`,
        actor.userName,
      );
    }
    changed = true;
    // The payment settles before any refund of it, as it happened: a booking paid in full and
    // then partly refunded is paid, whichever of the two events came first.
    await settle(tx, venueId, row);
  }
  const refundedHere = ledger.filter((r) => r.kind === 'refund' && r.refundOf === paymentRow.id).reduce((sum, r) => sum + r.amount, 0);
  if (payment.amountRefunded > refundedHere) {
    const amount = payment.amountRefunded - refundedHere;
    await venue.insert(bookingPayments, {
      id: randomUUID(),
      bookingId,
      kind: 'refund',
      amount,
      method: CARD_METHOD,
      refundOf: paymentRow.id,
      provider: payment.provider,
      userName: actor.userName,
    });
    await writeLog(
      tx,
      venueId,
      bookingId,
      'refund',
      `Card refund of ${formatMoney(amount, actor.moneyFormat)} made at the payment provider`,
      actor.userName,
    );
    changed = true;
  }
  if (!changed) return null;
  const [current] = await venue.select(bookings, eq(bookings.id, bookingId));
  const settled = await settle(tx, venueId, current);
  return recordBookingEvent(tx, venueId, settled.status === 'paid' ? 'booking.paid' : 'booking.updated', settled);
}

/** Deletes a booking and everything of it (its lanes, log and ledger go by cascade). */
export async function deleteBooking(tx: Tx, venueId: string, bookingId: string) {
  await lockKeys(tx, [slotOccupancyKey(venueId)], { shared: true });
  const row = await bookingOrNotFound(tx, venueId, bookingId, { lock: true });
  // A canceled or abandoned booking gave its promocode's use back already; a live one does now.
  if (row.appliedPromocode && LIVE.has(row.status)) await givePromocodeBack(tx, venueId, row.appliedPromocode);
  await forVenue(tx, venueId).delete(bookings, eq(bookings.id, bookingId));
}
