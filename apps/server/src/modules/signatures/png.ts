import { inflateSync } from 'node:zlib';

/**
 * A signature image as the signing body sends it (a data URL of a PNG from the signature pad):
 * decoded and checked to be a PNG of sensible size with something drawn on it. The pad draws
 * on a transparent canvas, so a blank signature is a PNG whose pixels are all zero.
 */
export type PngCheck = { ok: true; png: Buffer } | { ok: false; message: string };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/**
 * What a signature pad draws, with headroom: its canvas is the pad's CSS size times the screen's
 * devicePixelRatio (the console's pad is 220 px high and as wide as the page, about 4,400 pixels on
 * a 5K screen; the widget's is 160 px high and at most 720 px wide). The pixel count bounds the
 * inflated image to 10 MB (decision 025).
 */
export const MAX_SIGNATURE_WIDTH = 5000;
export const MAX_SIGNATURE_HEIGHT = 1000;
export const MAX_SIGNATURE_PIXELS = 2_500_000;
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

export interface PngHeader {
  width: number;
  height: number;
  /** Bytes of one row's pixels (without its filter byte). */
  rowBytes: number;
}

/** The image's size from its IHDR chunk (the first chunk of every PNG), read before anything is inflated. */
export function pngHeader(png: Buffer): PngHeader | null {
  if (png.length < 33 || !png.subarray(0, 8).equals(SIGNATURE) || png.toString('latin1', 12, 16) !== 'IHDR') return null;
  const width = png.readUInt32BE(16);
  const height = png.readUInt32BE(20);
  const depth = png[24];
  const channels = CHANNELS[png[25]];
  // The pad's canvas gives 8-bit images; 16-bit ones would double what inflating takes.
  if (!channels || ![1, 2, 4, 8].includes(depth)) return null;
  return { width, height, rowBytes: Math.ceil((width * channels * depth) / 8) };
}

export function checkSignaturePng(dataUrl: string): PngCheck {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  const header = pngHeader(png);
  if (!header) return { ok: false, message: 'The signature is not a PNG image' };
  const { width, height, rowBytes } = header;
  if (width < 20 || height < 10) return { ok: false, message: 'The signature image is too small' };
  if (width > MAX_SIGNATURE_WIDTH || height > MAX_SIGNATURE_HEIGHT || width * height > MAX_SIGNATURE_PIXELS)
    return { ok: false, message: `The signature image is too large (${width} x ${height} pixels)` };
  const data: Buffer[] = [];
  try {
    let offset = 8;
    while (offset + 8 <= png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('latin1', offset + 4, offset + 8);
      if (type === 'IDAT') data.push(png.subarray(offset + 8, offset + 8 + length));
      else if (type === 'IEND') break;
      offset += 12 + length;
    }
    // A header that lies about the size cannot make inflating produce more than the size it claims.
    const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: (rowBytes + 1) * height });
    // Each row starts with its filter's type; an all-zero image stays all zero under every filter.
    const blankRow = Buffer.alloc(rowBytes);
    let drawn = false;
    for (let start = 0; start < pixels.length && !drawn; start += rowBytes + 1) {
      const row = pixels.subarray(start + 1, start + 1 + rowBytes);
      drawn = !row.equals(blankRow.subarray(0, row.length));
    }
    return drawn ? { ok: true, png } : { ok: false, message: 'Sign in the box: the signature is blank' };
  } catch {
    return { ok: false, message: 'The signature image is damaged' };
  }
}
