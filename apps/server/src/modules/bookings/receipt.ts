import { PDFDocument, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatMoney, formatVenueDate, priceBreakdown } from '@lanebook/core';
import type { Booking, BookingRefund } from '@lanebook/core/booking-schemas';
import type { Db } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { PdfWriter, latin1 } from '../../platform/pdf.js';
import { liveProductById } from '../products/service.js';
import { checkInCodeOf } from '../check-in/codes.js';
import { bookingOrNotFound, bookingWithLedger } from './records.js';

/**
 * A booking's receipt as a PDF: the venue (name, address, phone), the charges as they were
 * priced with their tax lines, then every payment and refund, and what the booking owes or kept.
 * The console's receipt page (features/bookings/ReceiptPage.tsx) shows the same sections.
 */

const REFUND_NOTES: Record<BookingRefund['status'], string> = { pending: 'pending', succeeded: '', failed: 'failed, not refunded' };

export async function bookingReceipt(db: Db, venue: VenueRow, bookingId: string, checkInKey: Buffer) {
  const booking = await bookingWithLedger(db, venue.id, await bookingOrNotFound(db, venue.id, bookingId));
  const product = await liveProductById(db, venue.id, booking.productId);
  const checkInCode = checkInCodeOf(checkInKey, venue.id, booking.id);
  const pdf = await receiptPdf(booking, { venue, productName: product?.name ?? '', checkInCode });
  return { pdf, filename: `receipt-${(booking.registrationCode ?? booking.id).replace(/[^A-Za-z0-9-]+/g, '_')}.pdf` };
}

async function receiptPdf(
  booking: Booking,
  { venue, productName, checkInCode }: { venue: VenueRow; productName: string; checkInCode: string },
): Promise<Uint8Array> {
  const money = (cents: number) => formatMoney(cents, venue.moneyFormat);
  const day = (instant: Date) => formatVenueDate(instant, venue.timezone, venue.dateFormat);
  const doc = await PDFDocument.create();
  doc.setTitle(latin1(`Receipt ${booking.registrationCode ?? ''} - ${venue.name}`));
  doc.setProducer('Lanebook');
  const w = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  const amountRow = (label: string, cents: number, bold = false) => w.row([label, money(cents)], [0], 10, { bold });

  w.text(venue.name, 16, { bold: true, gap: 2 });
  if (venue.companyName && venue.companyName !== venue.name) w.text(venue.companyName, 10, { gap: 0 });
  if (venue.address) w.text(venue.address, 10, { gap: 0 });
  w.text([venue.phone, venue.email].filter(Boolean).join('  '), 10, { gap: 12 });

  w.text('Receipt', 14, { bold: true, gap: 4 });
  w.text(`Reg. code ${booking.registrationCode ?? '-'}    Booking reference ${booking.bookingReference ?? '-'}`, 10, { gap: 0 });
  w.text(`Customer: ${[booking.reservationInfo.firstName, booking.reservationInfo.lastName].filter(Boolean).join(' ') || '-'}`, 10, {
    gap: 0,
  });
  w.text(`${productName}, ${day(new Date(booking.startsAt))}, ${booking.playersCount} players`, 10, { gap: 12 });

  w.text('Charges', 12, { bold: true });
  const quote = booking.quote;
  if (quote) {
    for (const line of quote.lines) w.row([line.label, `${line.quantity} x ${money(line.unitPrice)}`, money(line.amount)], [0, 300]);
    // Discounts, taxes and a price the venue set (a custom price, a goodwill discount): the lines every surface shows.
    for (const line of priceBreakdown(quote, booking.total).lines) if (line.kind !== 'item') amountRow(line.label, line.amount);
  }
  w.rule();
  amountRow('Total', booking.total, true);
  w.text('', 4);

  w.text('Payments', 12, { bold: true });
  if (booking.checkoutInfo.payments.length === 0) w.text('No payments.', 10);
  for (const payment of booking.checkoutInfo.payments)
    w.row([day(new Date(payment.date)), payment.paymentMethodAlias, money(payment.paid)], [0, 120]);
  w.text('', 4);
  if (booking.refunds.length) {
    w.text('Refunds', 12, { bold: true });
    // A failed card refund gave nothing back; a pending one is on its way (it counts as refunded).
    for (const refund of booking.refunds)
      w.row([day(new Date(refund.date)), refund.paymentMethodAlias, REFUND_NOTES[refund.status], money(-refund.amount)], [0, 120, 300]);
    w.text('', 4);
  }
  w.rule();
  amountRow('Paid', booking.paid);
  amountRow('Refunded', booking.refunded);
  if (booking.kept > 0) amountRow('Kept by the venue', booking.kept, true);
  else amountRow('Due', booking.due, true);
  // The desk scans the printed receipt as it scans the mail (issue 39).
  w.text('', 8);
  await w.image(
    await QRCode.toBuffer(checkInCode, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 }),
    `Check-in code ${checkInCode}`,
  );
  return doc.save();
}
