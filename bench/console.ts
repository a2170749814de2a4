/**
 * `console`: gzipped size of what the console's first page load needs (index.html's scripts
 * and styles) and of its lazy chunks. Measures apps/console/dist, building it when missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './lib/benchmark.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(repoRoot, 'apps/console/dist');
const KB = 1024;

/** The assets index.html loads on every first visit, as paths relative to dist. */
function entryAssets(html: string): string[] {
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
}

const gzippedSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

export const consoleSize: Benchmark = {
  name: 'console',
  description: 'gzipped first-load JS and CSS of the console build, and its largest lazy chunk',
  async run(ctx) {
    if (!existsSync(path.join(dist, 'index.html'))) {
      ctx.log('  apps/console/dist is missing: running npm run build');
      // Build output goes to stderr so stdout stays the table (or JSON).
      const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
      if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status}); the console bench needs apps/console/dist`);
    }
    const entry = entryAssets(readFileSync(path.join(dist, 'index.html'), 'utf8'));
    const sum = (files: string[]) => files.reduce((total, file) => total + gzippedSize(file), 0);
    const firstLoadJs = sum(entry.filter((f) => f.endsWith('.js')));
    const firstLoadCss = sum(entry.filter((f) => f.endsWith('.css')));
    const lazyChunks = readdirSync(path.join(dist, 'assets'))
      .filter((f) => f.endsWith('.js') && !entry.includes(`assets/${f}`))
      .map((f) => ({ file: f, size: gzippedSize(`assets/${f}`) }))
      .sort((a, b) => b.size - a.size);
    const largest = lazyChunks[0];
    return [
      { figure: 'first-load JS', value: firstLoadJs / KB, unit: 'KB', budget: { max: 200 }, note: 'gzipped, index.html entry' },
      { figure: 'first-load CSS', value: firstLoadCss / KB, unit: 'KB', note: 'gzipped' },
      { figure: 'lazy chunks', value: lazyChunks.length, unit: '' },
      { figure: 'largest lazy chunk', value: (largest?.size ?? 0) / KB, unit: 'KB', note: largest ? `gzipped, ${largest.file}` : 'none' },
    ];
  },
};
