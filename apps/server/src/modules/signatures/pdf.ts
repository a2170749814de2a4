import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfWriter, latin1 } from '../../platform/pdf.js';
import { waiverTextAsPlain } from '../waivers/rich-text.js';
import type { signatures } from './schema.js';

/** A signed waiver as a PDF: the waiver as it was signed, the answers, and the signature images. */
export async function signaturePdf(
  row: typeof signatures.$inferSelect,
  images: { signature: Buffer | null; guardian: Buffer | null },
  context: { venueName: string; signedAt: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(latin1(`${row.waiver.title}: ${row.firstName} ${row.lastName}`));
  doc.setProducer('Lanebook');
  const writer = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
  writer.text(context.venueName, 10);
  writer.text(row.waiver.title, 16, { bold: true, gap: 8 });
  if (row.waiver.intro) writer.text(row.waiver.intro, 10, { gap: 8 });
  if (row.waiver.text) writer.text(waiverTextAsPlain(row.waiver.text), 10, { gap: 12 });
  // In the waiver's order: the stored map keeps none.
  const order = [...row.waiver.fields].sort((a, b) => a.sortWeight - b.sortWeight).map((field) => field.label);
  const labels = [...order.filter((label) => label in row.fields), ...Object.keys(row.fields).filter((label) => !order.includes(label))];
  for (const [label, value] of labels.map((label) => [label, row.fields[label]] as const))
    writer.text(
      `${label}: ${Array.isArray(value) ? value.join(', ') : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value)}`,
      10,
    );
  writer.text('', 6);
  for (const box of row.checkboxes) writer.text(`[${box.value ? 'X' : ' '}] ${box.text}`, 10);
  writer.text('', 10);
  if (images.signature) await writer.image(images.signature, `${row.firstName} ${row.lastName}, signed ${context.signedAt}`);
  if (row.isMinor && row.guardianName) if (images.guardian) await writer.image(images.guardian, `${row.guardianName}, parent or guardian`);
  writer.text(`Booking reference: ${row.bookingReference ?? '-'}`, 9);
  return doc.save();
}
