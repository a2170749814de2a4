import { inflateSync } from 'node:zlib';

/**
 * A signature image as the signing body sends it (a data URL of a PNG from the signature pad):
 * decoded and checked to be a PNG of sensible size with something drawn on it. The pad draws
 * on a transparent canvas, so a blank signature is a PNG whose pixels are all zero.
 */
export type PngCheck = { ok: true; png: Buffer } | { ok: false; message: string };

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MAX_SIDE = 4000;

export function checkSignaturePng(dataUrl: string): PngCheck {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length < 60 || !png.subarray(0, 8).equals(SIGNATURE)) return { ok: false, message: 'The signature is not a PNG image' };
  let offset = 8;
  let width = 0;
  let height = 0;
  let rowBytes = 0;
  const data: Buffer[] = [];
  try {
    while (offset + 8 <= png.length) {
      const length = png.readUInt32BE(offset);
      const type = png.toString('latin1', offset + 4, offset + 8);
      const body = png.subarray(offset + 8, offset + 8 + length);
      if (type === 'IHDR') {
        width = body.readUInt32BE(0);
        height = body.readUInt32BE(4);
        const channels = ({ 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 } as Record<number, number>)[body[9]] ?? 4;
        rowBytes = Math.ceil((width * channels * body[8]) / 8);
      } else if (type === 'IDAT') data.push(body);
      else if (type === 'IEND') break;
      offset += 12 + length;
    }
    if (width < 20 || height < 10 || width > MAX_SIDE || height > MAX_SIDE)
      return { ok: false, message: 'The signature image has an odd size' };
    // Bounded: 4 bytes a pixel and a filter byte a row at most (16-bit images are not the pad's).
    const pixels = inflateSync(Buffer.concat(data), { maxOutputLength: (width * 8 + 1) * height });
    // Each row starts with its filter's type; an all-zero image stays all zero under every filter.
    let drawn = false;
    for (let i = 0; i < pixels.length && !drawn; i++) drawn = i % (rowBytes + 1) !== 0 && pixels[i] !== 0;
    return drawn ? { ok: true, png } : { ok: false, message: 'Sign in the box: the signature is blank' };
  } catch {
    return { ok: false, message: 'The signature image is damaged' };
  }
}
