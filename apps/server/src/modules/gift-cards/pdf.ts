import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { formatMoney } from '@lanebook/core';
import type { VenueRow } from '../../platform/access.js';
import { latin1 } from '../../platform/pdf.js';
import type { GiftCardRow } from './service.js';

/**
 * The printable card (decision 045): a card-sized panel with the venue's name, the amount, the
 * recipient and the code, written out and as a QR code the desk can scan. The QR code's modules
 * are drawn as squares (vector: sharp at any print size); `qrcode` only encodes.
 */

const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.42, 0.46);
/** US Letter, the card centred in its upper half. */
const PAGE = { width: 612, height: 792 };
const CARD = { width: 432, height: 252 };

export async function giftCardPdf(
  venue: Pick<VenueRow, 'name' | 'moneyFormat' | 'address' | 'phone'>,
  card: Pick<GiftCardRow, 'amount' | 'recipientName'> & { expiresOn: string | null },
  code: string,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(latin1(`Gift card - ${venue.name}`));
  doc.setProducer('Lanebook');
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const left = (PAGE.width - CARD.width) / 2;
  const bottom = PAGE.height - 72 - CARD.height;
  page.drawRectangle({ x: left, y: bottom, width: CARD.width, height: CARD.height, borderColor: MUTED, borderWidth: 1 });

  const text = (value: string, x: number, y: number, size: number, options: { bold?: boolean; color?: typeof INK } = {}) =>
    page.drawText(latin1(value), { x, y, size, font: options.bold ? bold : font, color: options.color ?? INK });
  const top = bottom + CARD.height;
  text(venue.name.slice(0, 40), left + 20, top - 36, 18, { bold: true });
  text('Gift card', left + 20, top - 58, 11, { color: MUTED });
  text(formatMoney(card.amount, venue.moneyFormat), left + 20, top - 100, 30, { bold: true });
  if (card.recipientName) text(`For ${card.recipientName.slice(0, 40)}`, left + 20, top - 124, 11);
  text(code, left + 20, bottom + 48, 13, { bold: true });
  text(card.expiresOn ? `Valid until ${card.expiresOn}` : 'Does not expire', left + 20, bottom + 30, 9, { color: MUTED });
  const contact = [venue.address, venue.phone].filter(Boolean).join('  ');
  if (contact) text(contact.slice(0, 70), left + 20, bottom + 14, 8, { color: MUTED });

  // The QR code at the card's right, with its quiet zone of four modules.
  const qr = QRCode.create(code, { errorCorrectionLevel: 'M' });
  const size = qr.modules.size;
  const box = 132;
  const module = box / (size + 8);
  const qrLeft = left + CARD.width - 20 - box;
  const qrTop = top - 20;
  for (let row = 0; row < size; row += 1)
    for (let column = 0; column < size; column += 1)
      if (qr.modules.get(row, column))
        page.drawRectangle({
          x: qrLeft + (column + 4) * module,
          y: qrTop - (row + 5) * module,
          width: module,
          height: module,
          color: INK,
        });
  return doc.save();
}
