import { crc32, deflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Waiver } from '@lanebook/core/waiver-schemas';
import { products } from '../src/db/schema.js';
import type { Caller, TestServer } from './server.js';

/** Helpers of the waiver and signature tests (apps/server/src/modules/signatures). */

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A transparent RGBA PNG as a data URL (120x40 unless told), with a stroke drawn across it unless
 * blank (what the signature pad sends); `headerSize` makes its IHDR claim another size than drawn.
 */
export function signaturePng({
  blank = false,
  width = 120,
  height = 40,
  headerSize = { width, height },
}: { blank?: boolean; width?: number; height?: number; headerSize?: { width: number; height: number } } = {}): string {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4);
    if (!blank && y === Math.floor(height / 2)) for (let x = 10; x < width - 10; x++) row.writeUInt32BE(0x000000ff, 1 + x * 4);
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(headerSize.width, 0);
  header.writeUInt32BE(headerSize.height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

/** A waiver with a custom select field and a required checkbox, made the product's active waiver. */
export async function waiverOnProduct(t: TestServer, manager: Caller, productId: string, extra: Record<string, unknown> = {}) {
  const created = await manager.post('/api/private/waivers', {
    title: 'Axe safety',
    intro: 'Read this first.',
    text: '<p>I accept the <b>risks</b>.</p>',
    ...extra,
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const waiver = created.json<Waiver>();
  const patched = await manager.patch(`/api/private/waivers/${waiver.id}`, {
    fields: [
      ...waiver.fields,
      {
        key: null,
        type: 'select',
        label: 'Experience',
        hint: '',
        isRequired: true,
        sortWeight: 10,
        isDisabled: false,
        isAllowCustomOption: false,
        options: ['Option 1', 'Option 2'],
      },
    ],
    checkboxes: [{ text: 'I will follow the coach.', isRequired: true }],
  });
  if (patched.statusCode !== 200) throw new Error(patched.body);
  await t.db.update(products).set({ activeWaiverId: waiver.id }).where(eq(products.id, productId));
  return patched.json<Waiver>();
}

export const signer = (first = 'Ada', last = 'Lovelace', extra: Record<string, unknown> = {}) => ({
  fields: { firstName: first, lastName: last, email: `${first.toLowerCase()}@example.test`, Experience: 'Option 1', ...extra },
  checkboxes: [{ text: 'I will follow the coach.', value: true }],
  signature: signaturePng(),
});
