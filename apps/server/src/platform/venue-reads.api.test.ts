import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { resources } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';

// A stand-in console build: an index.html and a large script, to see how assets are sent.
const consoleDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-console-'));
const script = `console.log(${JSON.stringify('lane '.repeat(4000))});\n`;
writeFileSync(path.join(consoleDir, 'index.html'), '<!doctype html><script src="/app.js"></script>');
writeFileSync(path.join(consoleDir, 'app.js'), script);
mkdirSync(path.join(consoleDir, '.vite'));
writeFileSync(path.join(consoleDir, '.vite/manifest.json'), '{}');

describeEachDatabase(
  'venue reads: cached answers follow every change, and go out compressed',
  (t) => {
    it('a lane written straight to the database shows in the next list and get, and a deleted one goes', async () => {
      const owner = await t.as('owner@demo.test', 'demo-axe');
      const ids = async () => (await owner.get('/api/private/resources')).json().items.map((l: { id: string }) => l.id);
      for (let i = 0; i < 2; i += 1) expect(await ids()).not.toContain('Lane Direct');
      expect((await owner.get('/api/private/resources/Lane%20Direct')).statusCode).toBe(404);
      await t.db.insert(resources).values({ venueId: 'demo-axe', id: 'Lane Direct', capacity: 6, minCapacity: 1 });
      expect(await ids()).toContain('Lane Direct');
      expect((await owner.get('/api/private/resources/Lane%20Direct')).json().capacity).toBe(6);
      await t.db
        .update(resources)
        .set({ capacity: 9 })
        .where(and(eq(resources.venueId, 'demo-axe'), eq(resources.id, 'Lane Direct')));
      expect((await owner.get('/api/private/resources/Lane%20Direct')).json().capacity).toBe(9);
      await t.db.delete(resources).where(and(eq(resources.venueId, 'demo-axe'), eq(resources.id, 'Lane Direct')));
      expect(await ids()).not.toContain('Lane Direct');
      expect((await owner.get('/api/private/resources/Lane%20Direct')).statusCode).toBe(404);
    });

    it("one venue's change leaves the other venue's answers alone, and never mixes them", async () => {
      const axe = await t.as('owner@demo.test', 'demo-axe');
      const bowl = await t.as('bowl-owner@demo.test', 'demo-bowl');
      const bowlLanes = (await bowl.get('/api/private/resources')).json();
      await axe.post('/api/private/resources', { id: 'Lane Only Axe', capacity: 4 });
      expect((await bowl.get('/api/private/resources')).json()).toEqual(bowlLanes);
      expect((await axe.get('/api/private/resources')).json().items.map((l: { id: string }) => l.id)).toContain('Lane Only Axe');
    });

    it('sends an API answer gzip- or brotli-compressed when the client accepts it, and plain otherwise', async () => {
      const owner = await t.as('owner@demo.test', 'demo-axe');
      const plain = await owner.get('/api/private/resources', { query: { limit: '500' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      const gzipped = await owner.get('/api/private/resources', { query: { limit: '500' }, headers: { 'accept-encoding': 'gzip' } });
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
      const brotli = await owner.get('/api/private/resources', { query: { limit: '500' }, headers: { 'accept-encoding': 'br, gzip' } });
      expect(brotli.headers['content-encoding']).toBe('br');
    });

    it('does not serve build metadata from dot folders (.vite/manifest.json)', async () => {
      const hidden = await t.request('GET', '/.vite/manifest.json');
      expect(hidden.statusCode).toBe(404);
    });

    it('sends the console assets compressed', async () => {
      const asset = await t.request('GET', '/app.js', { headers: { 'accept-encoding': 'gzip' } });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(asset.rawPayload).toString()).toBe(script);
      expect(asset.rawPayload.length).toBeLessThan(script.length / 10);
    });
  },
  { config: { consoleDir } },
);
