import { asc, desc, eq } from 'drizzle-orm';
import { bookingMoney } from '@lanebook/core';
import { logTypeOf, renderBookingEvent, type BookingEvent, type BookingEventFormat } from '@lanebook/core/booking-events';
import type { Booking, BookingDetail, BookingLog, ReservationInfo } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { notFound } from '../../platform/errors.js';
import { forVenue } from '../../platform/venue-scope.js';
import { keptDepositOf, paymentsOf, type LedgerRow } from './ledger.js';
import { bookingLogs, bookingPayments, bookings } from './schema.js';

/** Reading a booking and shaping its answer: one place, for every bookings call. */

export type BookingRow = typeof bookings.$inferSelect;

export function bookingAnswer(row: BookingRow, ledger: LedgerRow[], now = new Date()): Booking {
  const money = bookingMoney({ status: row.status, total: row.total, paid: row.paidTotal, refunded: row.refundedTotal });
  const keptDeposit = keptDepositOf(row, row.paidTotal, row.refundedTotal, now);
  const info = row.reservationInfo;
  return {
    id: row.id,
    productId: row.productId,
    status: row.status,
    presenceStatus: row.presenceStatus,
    source: row.source,
    date: row.date,
    dateIso: row.date,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    slotIds: row.slotIds,
    resourceIds: row.resourceIds,
    playersCount: row.playersCount,
    reservationInfo: {
      firstName: info.firstName ?? '',
      lastName: info.lastName ?? '',
      email: info.email ?? '',
      phone: info.phone ?? '',
      note: info.note ?? '',
    },
    registrationCode: row.registrationCode,
    bookingReference: row.bookingReference,
    signingToken: row.signingToken,
    isWarning: row.isWarning,
    isSaved: row.isSaved,
    isRefunded: row.isRefunded,
    isWalkIn: row.isWalkIn,
    isFullFirstPayment: row.isFullFirstPayment,
    isConfirmationEmail: row.isConfirmationEmail,
    typeOfPricing: row.typeOfPricing,
    selectedGroupId: row.selectedGroupId,
    affiliateId: row.affiliateId,
    appliedPromocode: row.appliedPromocode,
    customFields: row.customFields,
    upsellItems: row.upsellItems,
    quote: row.quote,
    customPrice: row.customPrice,
    total: row.total,
    subtotal: row.quote?.subtotal ?? 0,
    taxes: row.quote?.taxes ?? 0,
    upsellTaxes: row.quote?.upsellTaxes ?? 0,
    discounts: row.quote?.discounts ?? 0,
    deposit: row.deposit,
    depositPrice: row.deposit,
    paid: row.paidTotal,
    refunded: row.refundedTotal,
    due: money.due,
    overpaid: money.overpaid,
    keptDeposit,
    refundable: row.paidTotal - row.refundedTotal - keptDeposit,
    netPaid: money.netPaid,
    kept: money.kept,
    paymentLabel: money.label,
    refunds: ledger
      .filter((r) => r.kind === 'refund')
      .map((r) => ({
        id: r.id,
        paymentId: r.refundOf,
        amount: r.amount,
        paymentMethodAlias: r.method,
        status: r.status ?? 'succeeded',
        failure: r.failure ?? null,
        date: r.createdAt.toISOString(),
      })),
    numberOfSignedWaivers: row.numberOfSignedWaivers,
    waiverOnFileUntil: row.waiverOnFileUntil?.toISOString() ?? null,
    guestId: row.guestId,
    activeWaiver:
      row.activeWaiverId !== null && row.activeWaiverVersion !== null ? { id: row.activeWaiverId, version: row.activeWaiverVersion } : null,
    affiliateName: row.affiliateId ? (row.affiliateName ?? '') : null,
    affiliateCommissionAmount: row.affiliateCommissionAmount,
    checkoutInfo: {
      payments: paymentsOf(ledger).map((p) => ({ ...p, date: p.date.toISOString() })),
      affiliateCommissionAmount: row.affiliateCommissionAmount,
    },
    canceledAt: row.canceledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function ledgerOf(tx: Db | Tx, venueId: string, bookingId: string): Promise<LedgerRow[]> {
  return forVenue(tx, venueId).select(bookingPayments, eq(bookingPayments.bookingId, bookingId), {
    orderBy: [asc(bookingPayments.createdAt), asc(bookingPayments.id)],
  });
}

/** The booking, locked for a change (FOR UPDATE) when `lock`; another venue's is a 404 like a missing one. */
export async function bookingOrNotFound(tx: Db | Tx, venueId: string, bookingId: string, { lock = false } = {}): Promise<BookingRow> {
  const venue = forVenue(tx, venueId);
  const [row] = lock ? await venue.lock(bookings, eq(bookings.id, bookingId)) : await venue.select(bookings, eq(bookings.id, bookingId));
  if (!row) throw notFound('Booking');
  return row;
}

export async function bookingWithLedger(tx: Db | Tx, venueId: string, row: BookingRow): Promise<Booking> {
  return bookingAnswer(row, await ledgerOf(tx, venueId, row.id));
}

/** The venue a log is read for: its id, and the formats its sentences are rendered in. */
export type LogVenue = BookingEventFormat & { id: string };

export async function bookingDetail(tx: Db | Tx, venue: LogVenue, bookingId: string): Promise<BookingDetail> {
  const row = await bookingOrNotFound(tx, venue.id, bookingId);
  return { ...(await bookingWithLedger(tx, venue.id, row)), logs: await logEntries(tx, venue, bookingId) };
}

const LOG_ORDER = [desc(bookingLogs.createdAt), desc(bookingLogs.id)];
const logEntry = (l: typeof bookingLogs.$inferSelect, venue: BookingEventFormat): BookingLog => ({
  id: l.id,
  type: l.type,
  text: renderBookingEvent(l.event, venue),
  event: l.event,
  timestamp: l.createdAt.toISOString(),
  userName: l.userName,
});

/** A booking's whole log, newest first. */
async function logEntries(tx: Db | Tx, venue: LogVenue, bookingId: string): Promise<BookingLog[]> {
  const rows = await forVenue(tx, venue.id).select(bookingLogs, eq(bookingLogs.bookingId, bookingId), { orderBy: LOG_ORDER });
  return rows.map((row) => logEntry(row, venue));
}

/** A page of a booking's log, newest first (`GET .../logs`); another venue's booking is a 404. */
export async function bookingLogPage(db: Db, venue: LogVenue, bookingId: string, page: { limit: number; offset: number }) {
  await bookingOrNotFound(db, venue.id, bookingId);
  const { rows, total } = await forVenue(db, venue.id).page(bookingLogs, eq(bookingLogs.bookingId, bookingId), {
    ...page,
    orderBy: LOG_ORDER,
  });
  return { items: rows.map((row) => logEntry(row, venue)), total };
}

/** The reservation info and its searchable copies (names, lower-case email, phone digits), as a row stores them. */
export function reservationColumns(info: ReservationInfo) {
  return { reservationInfo: info, firstName: info.firstName, lastName: info.lastName, email: info.email.toLowerCase(), phone: info.phone };
}

/** Every change to a booking writes one log entry, as its typed event, in the change's transaction. */
export async function writeLog(tx: Tx, venueId: string, bookingId: string, event: BookingEvent, userName: string) {
  await forVenue(tx, venueId).insert(bookingLogs, { id: crypto.randomUUID(), bookingId, type: logTypeOf(event), event, userName });
}
