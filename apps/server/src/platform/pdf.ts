import { rgb, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * Writing text pages with pdf-lib's standard fonts (signed waivers, booking receipts). The
 * standard fonts write Latin-1 only, so other characters are transliterated or replaced.
 */

const MARGIN = 54;
const WIDTH = 612;
const HEIGHT = 792;
const INK = rgb(0.1, 0.1, 0.12);

export function latin1(text: string): string {
  return text
    .replace(/[\u2018\u2019\u201A\u2032]/g, "'")
    .replace(/[\u201C\u201D\u201E\u2033]/g, '"')
    .replace(/[\u2013\u2014\u2212]/g, '-')
    .replace(/\u2026/g, '...')
    .replace(/[\u2022\u00B7]/g, '*')
    .replace(/\t/g, '  ')
    .replace(/[^\n\x20-\x7E\xA0-\xFF]/g, '?');
}

export class PdfWriter {
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
        this.page.drawText(current, { x: MARGIN, y: this.y - size, size, font, color: INK });
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
  /** One line of a table: the cells at the given left edges, the last one right-aligned to the margin. */
  row(cells: string[], columns: number[], size = 10, options: { bold?: boolean } = {}) {
    const font = options.bold ? this.bold : this.font;
    this.room(size + 4);
    cells.forEach((cell, index) => {
      const text = latin1(cell);
      const last = index === cells.length - 1;
      const x = last ? WIDTH - MARGIN - font.widthOfTextAtSize(text, size) : MARGIN + (columns[index] ?? 0);
      this.page.drawText(text, { x, y: this.y - size, size, font, color: INK });
    });
    this.y -= size + 4;
  }
  rule() {
    this.room(8);
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 2 }, end: { x: WIDTH - MARGIN, y: this.y - 2 }, thickness: 0.5 });
    this.y -= 8;
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
