import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { waiverTextAsPlain } from '../waivers/rich-text.js';
import type { signatures } from './schema.js';

/**
 * A signed waiver as a PDF: the waiver as it was signed, the answers, and the signature images.
 * The standard fonts write Latin-1 only, so other characters are transliterated or replaced.
 */

const MARGIN = 54;
const WIDTH = 612;
const HEIGHT = 792;

function latin1(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u2022\u00B7]/g, '*')
    .replace(/\t/g, '  ')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '?');
}

class Writer {
  page: PDFPage;
  y = HEIGHT - MARGIN;
  constructor(
    private readonly doc: PDFDocument,
    private readonly font: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = doc.addPage([WIDTH, HEIGHT]);
  }
  private room(height: number) {
    if (this.y - height >= MARGIN) return;
    this.page = this.doc.addPage([WIDTH, HEIGHT]);
    this.y = HEIGHT - MARGIN;
  }
  /** Writes text wrapped to the page's width, a paragraph per line of the text. */
  text(value: string, size = 10, options: { bold?: boolean; gap?: number } = {}) {
    const font = options.bold ? this.bold : this.font;
    for (const paragraph of latin1(value).split('\n')) {
      const words = paragraph.split(/ +/);
      let current = '';
      const flush = () => {
        this.room(size + 4);
        this.page.drawText(current, { x: MARGIN, y: this.y - size, size, font, color: rgb(0.1, 0.1, 0.12) });
        this.y -= size + 4;
        current = '';
      };
      for (const word of words) {
        const next = current ? `${current} ${word}` : word;
        if (font.widthOfTextAtSize(next, size) > WIDTH - 2 * MARGIN && current) {
          flush();
          current = word;
        } else current = next;
      }
      flush();
    }
    this.y -= options.gap ?? 4;
  }
  async image(png: Buffer, label: string) {
    const embedded = await this.doc.embedPng(png);
    const scale = Math.min(1, 240 / embedded.width, 90 / embedded.height);
    const width = embedded.width * scale;
    const height = embedded.height * scale;
    this.room(height + 30);
    this.page.drawImage(embedded, { x: MARGIN, y: this.y - height, width, height });
    this.y -= height + 4;
    this.page.drawLine({ start: { x: MARGIN, y: this.y }, end: { x: MARGIN + 260, y: this.y }, thickness: 0.5 });
    this.y -= 4;
    this.text(label, 9);
  }
}

export async function signaturePdf(
  row: typeof signatures.$inferSelect,
  images: { signature: Buffer | null; guardian: Buffer | null },
  context: { venueName: string; signedAt: string },
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(latin1(`${row.waiver.title}: ${row.firstName} ${row.lastName}`));
  doc.setProducer('Lanebook');
  const writer = new Writer(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
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
