import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import type { Caller } from '../../../test/server.js';

const UPLOAD = '/api/public/media/images/upload';
const uploadsDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-media-test-'));
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

// ---------- Tiny real images, built byte by byte ----------

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A 1x1 red PNG. */
function png(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const pixels = deflateSync(Buffer.from([0, 255, 0, 0])); // filter byte, then R G B
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1x1 GIF (GIF89a, two-colour table, one image block). */
function gif(): Buffer {
  return Buffer.concat([
    Buffer.from('GIF89a', 'latin1'),
    Buffer.from([0x01, 0x00, 0x01, 0x00, 0x80, 0x00, 0x00]), // 1x1, global colour table of 2
    Buffer.from([0xff, 0x00, 0x00, 0xff, 0xff, 0xff]), // red, white
    Buffer.from([0x2c, 0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]), // image descriptor
    Buffer.from([0x02, 0x02, 0x44, 0x01, 0x00]), // LZW min code size 2, one sub-block, terminator
    Buffer.from([0x3b]), // trailer
  ]);
}

/** The start of a baseline JPEG: SOI, a JFIF APP0 segment, then EOI. */
function jpeg(): Buffer {
  const app0 = Buffer.concat([
    Buffer.from([0xff, 0xe0, 0x00, 0x10]),
    Buffer.from('JFIF\0', 'latin1'),
    Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  ]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, Buffer.from([0xff, 0xd9])]);
}

/** A lossless WebP container (RIFF....WEBPVP8L) holding a 1x1 image. */
function webp(): Buffer {
  const vp8l = Buffer.from([0x2f, 0x00, 0x00, 0x00, 0x00, 0x07, 0x10, 0x11, 0x11, 0x88, 0x88, 0xfe, 0x07, 0x00]);
  const chunkHeader = Buffer.concat([Buffer.from('VP8L', 'latin1'), Buffer.alloc(4)]);
  chunkHeader.writeUInt32LE(vp8l.length - 1, 4);
  const body = Buffer.concat([Buffer.from('WEBP', 'latin1'), chunkHeader, vp8l]);
  const riff = Buffer.concat([Buffer.from('RIFF', 'latin1'), Buffer.alloc(4)]);
  riff.writeUInt32LE(body.length, 4);
  return Buffer.concat([riff, body]);
}

const IMAGES: [string, () => Buffer, string, string][] = [
  ['PNG', png, 'png', 'image/png'],
  ['JPEG', jpeg, 'jpg', 'image/jpeg'],
  ['GIF', gif, 'gif', 'image/gif'],
  ['WebP', webp, 'webp', 'image/webp'],
];

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

/** A multipart/form-data body and its content type. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lanebook${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename !== undefined) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.isBuffer(part.data) ? part.data : Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const file = (data: Buffer | string, filename = 'image.png', contentType = 'image/png'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

describeEachDatabase(
  'media: image uploads',
  (t) => {
    let staff: Caller;
    let owner: Caller;

    beforeAll(async () => {
      staff = await t.as('staff@demo.test', 'demo-axe');
      owner = await t.as('owner@demo.test', 'demo-axe');
    });

    const upload = (caller: Caller | null, parts: Part[], venue?: string | null) => {
      const { payload, headers } = multipart(parts);
      return t.request('POST', UPLOAD, {
        token: caller?.token,
        venue: venue === undefined ? (caller?.venue ?? null) : venue,
        headers,
        body: payload,
      });
    };

    /** Files stored for a venue. */
    const stored = (venue: string) => (existsSync(path.join(uploadsDir, venue)) ? readdirSync(path.join(uploadsDir, venue)).sort() : []);

    for (const [name, build, extension, contentType] of IMAGES) {
      it(`a ${name} is kept (201 {url}) and served back at its url with its type and identical bytes`, async () => {
        const bytes = build();
        const response = await upload(staff, [file(bytes, `holiday photo.${extension}`, contentType)]);
        expect(response.statusCode, response.body).toBe(201);
        const body = response.json<{ url: string; contentType: string; size: number }>();
        expect(body.url).toMatch(
          new RegExp(`^/uploads/demo-axe/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.${extension}$`),
        );
        expect(body).toEqual({ url: body.url, contentType, size: bytes.length });
        expect(readFileSync(path.join(uploadsDir, body.url.replace('/uploads/', '')))).toEqual(bytes);

        // Served publicly: no token, no venue.
        const served = await t.request('GET', body.url);
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toBe(contentType);
        expect(served.headers['cache-control']).toContain('max-age=31536000');
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.equals(bytes)).toBe(true);
      });
    }

    it('the type comes from the bytes, not from the name or declared type', async () => {
      const response = await upload(owner, [file(png(), 'notes.txt', 'text/plain')]);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ url: string }>().url).toMatch(/\.png$/);
    });

    it('each upload gets a url of its own', async () => {
      const first = (await upload(owner, [file(png())])).json<{ url: string }>().url;
      const second = (await upload(owner, [file(png())])).json<{ url: string }>().url;
      expect(first).not.toBe(second);
    });

    it('a text file named .png is 400 naming file, and nothing is stored', async () => {
      const before = stored('demo-axe');
      for (const data of ['just some text, not an image', '<svg xmlns="http://www.w3.org/2000/svg"/>', Buffer.from([0x89, 0x50, 0x4e])]) {
        const response = await upload(owner, [file(data, 'fake.png', 'image/png')]);
        expect(response.statusCode, response.body).toBe(400);
        expect(response.json()).toMatchObject({ code: 'bad_request', details: { fields: [{ path: 'file' }] } });
        expect(response.json<{ message: string }>().message).toBe('The file is not a PNG, JPEG, GIF or WebP image.');
      }
      expect(stored('demo-axe')).toEqual(before);
    });

    it('a file over 5 MB is 413 and nothing is stored; exactly 5 MB is fine', async () => {
      const before = stored('demo-axe');
      const tooBig = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024)]);
      const response = await upload(owner, [file(tooBig)]);
      expect(response.statusCode, response.body).toBe(413);
      expect(response.json()).toMatchObject({ code: 'file_too_large', details: { fields: [{ path: 'file' }] } });
      expect(stored('demo-axe')).toEqual(before);

      const atLimit = Buffer.concat([png(), Buffer.alloc(5 * 1024 * 1024 - png().length)]);
      const ok = await upload(owner, [file(atLimit)]);
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json<{ size: number }>().size).toBe(5 * 1024 * 1024);
    });

    it('no file is 400: an empty form, a form with only a text field, or a JSON body', async () => {
      const before = stored('demo-axe');
      for (const parts of [[], [{ name: 'caption', data: 'hello' }]] as Part[][]) {
        const response = await upload(owner, parts);
        expect(response.statusCode, response.body).toBe(400);
      }
      const jsonBody = await owner.post(UPLOAD, { file: png().toString('base64') });
      expect(jsonBody.statusCode, jsonBody.body).toBe(400);
      expect(jsonBody.json()).toMatchObject({ details: { fields: [{ path: 'file' }] } });
      expect(stored('demo-axe')).toEqual(before);
    });

    it('not signed in is 401; without X-Venue-Id 400; a venue the user is not in 404; nothing is stored', async () => {
      const before = readdirSync(uploadsDir).sort();
      const axeBefore = stored('demo-axe');
      const bowlBefore = stored('demo-bowl');
      const anonymous = await upload(null, [file(png())], 'demo-axe');
      expect(anonymous.statusCode).toBe(401);
      const noVenue = await upload(staff, [file(png())], null);
      expect(noVenue.statusCode).toBe(400);
      expect(noVenue.json()).toMatchObject({ details: { fields: [{ path: 'X-Venue-Id' }] } });
      const otherVenue = await upload(staff, [file(png())], 'demo-bowl');
      expect(otherVenue.statusCode).toBe(404);
      expect(otherVenue.json()).toEqual({ message: 'Venue not found.', code: 'not_found' });
      expect(readdirSync(uploadsDir).sort()).toEqual(before);
      expect(stored('demo-axe')).toEqual(axeBefore);
      expect(stored('demo-bowl')).toEqual(bowlBefore);
    });

    it('a member of another venue stores under that venue', async () => {
      const bowlOwner = await t.as('bowl-owner@demo.test', 'demo-bowl');
      const response = await upload(bowlOwner, [file(gif(), 'a.gif', 'image/gif')]);
      expect(response.statusCode).toBe(201);
      expect(response.json<{ url: string }>().url).toMatch(/^\/uploads\/demo-bowl\//);
    });

    it('GET of an unknown key or of a path-traversal-ish url is 404', async () => {
      const uuid = randomUUID();
      for (const url of [
        `/uploads/demo-axe/${uuid}.png`,
        `/uploads/demo-axe/${uuid}.svg`,
        `/uploads/demo-axe/${uuid}.png.part`,
        `/uploads/Demo-Axe/${uuid}.png`,
        '/uploads/demo-axe/..%2F..%2F..%2Fetc%2Fpasswd',
        '/uploads/..%2F..%2Fetc/passwd',
        '/uploads/demo-axe/%2e%2e%2fsecret.png',
        `/uploads/demo-axe/${uuid}`,
        `/uploads/demo-axe/sub/${uuid}.png`,
        '/uploads/demo-axe',
        '/uploads/',
      ]) {
        const response = await t.request('GET', url);
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type'], url).toMatch(/application\/json/);
      }
    });
  },
  { config: { uploadsDir } },
);
