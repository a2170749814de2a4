/**
 * Console bundle: gzipped size of what the first page load needs (index.html's scripts and
 * styles) and of the largest lazy chunk. Budget: first-load JS at most 250 KB gzipped.
 *   npm run build && npx tsx bench/console-size.ts
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = path.resolve('apps/console/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const firstJs = entry.filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
const firstCss = entry.filter((f) => f.endsWith('.css')).reduce((sum, f) => sum + gz(f), 0);
const lazy = readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js') && !entry.includes(`assets/${f}`))
  .map((f) => ({ f, size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size);

console.log(`first-load JS  ${kb(firstJs)} gzipped (budget 250 KB)`);
console.log(`first-load CSS ${kb(firstCss)} gzipped`);
console.log(`lazy chunks    ${lazy.length}, largest ${lazy[0] ? `${lazy[0].f} ${kb(lazy[0].size)}` : 'none'}`);
