/**
 * `console`: gzipped first-load JavaScript of the console's sign-in page and dashboard, the
 * first-load CSS and the largest lazy chunk. Measures apps/console/dist (from the build's
 * manifest), building it when missing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Benchmark } from './lib/benchmark.js';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(repoRoot, 'apps/console/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const KB = 1024;

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

const gzippedSize = (file: string) => gzipSync(readFileSync(path.join(dist, file))).length;

/**
 * A page's first load is index.html's entry chunk plus the lazy chunks the page renders with
 * (its route's page, its layout when that is lazy), each with its static imports, counted once.
 * Chunks loaded only on demand (the venue switcher, the notification stack) are not in it.
 */
function firstLoadFiles(manifest: Record<string, ManifestChunk>, lazyModules: string[]): Set<string> {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the console build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    chunk.imports?.forEach(visit);
  };
  ['index.html', ...lazyModules].forEach(visit);
  return files;
}

export const consoleSize: Benchmark = {
  name: 'console',
  description: 'gzipped first-load JS of the sign-in page and the dashboard, first-load CSS, largest lazy chunk',
  async run(ctx) {
    if (!existsSync(manifestPath)) {
      ctx.log('  the console build (with its manifest) is missing: running npm run build');
      // Build output goes to stderr so stdout stays the table (or JSON).
      const build = spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: ['ignore', 2, 2] });
      if (build.status !== 0) throw new Error(`npm run build failed (exit ${build.status}); the console bench needs apps/console/dist`);
    }
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
    const sum = (files: Iterable<string>) => [...files].reduce((total, file) => total + gzippedSize(file), 0);
    const signIn = firstLoadFiles(manifest, ['src/features/auth/LoginPage.tsx']);
    // The dashboard's page renders its figures first; its charts (the chart library) load after, on demand.
    const dashboard = firstLoadFiles(manifest, ['src/app/layout/DefaultLayout.tsx', 'src/features/dashboard/DashboardPage.tsx']);
    const css = manifest['index.html'].css ?? [];
    const everyFirstLoad = new Set([...signIn, ...dashboard]);
    const lazyChunks = readdirSync(path.join(dist, 'assets'))
      .map((f) => `assets/${f}`)
      .filter((f) => f.endsWith('.js') && !everyFirstLoad.has(f))
      .map((file) => ({ file, size: gzippedSize(file) }))
      .sort((a, b) => b.size - a.size);
    const largest = lazyChunks[0];
    return [
      { figure: 'first-load JS, /login', value: sum(signIn) / KB, unit: 'KB', budget: { max: 200 }, note: `gzipped, ${signIn.size} files` },
      {
        figure: 'first-load JS, /dashboard',
        value: sum(dashboard) / KB,
        unit: 'KB',
        budget: { max: 200 },
        note: `gzipped, ${dashboard.size} files`,
      },
      { figure: 'first-load CSS', value: sum(css) / KB, unit: 'KB', note: 'gzipped' },
      { figure: 'lazy chunks', value: lazyChunks.length, unit: '' },
      { figure: 'largest lazy chunk', value: (largest?.size ?? 0) / KB, unit: 'KB', note: largest ? `gzipped, ${largest.file}` : 'none' },
    ];
  },
};
