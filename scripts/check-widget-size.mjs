// The widget's size budgets (docs/decisions/024-the-widget.md): the loader (dist/widget.js) at
// most 3 KB gzipped, the app's first load (index.html's script and CSS with their static imports,
// from the Vite manifest) at most 60 KB gzipped. Run by scripts/test.sh right after the build; the
// widget benchmark reuses measureWidget.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

export const LOADER_BUDGET = 3072;
export const FIRST_LOAD_BUDGET = 61440;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const defaultDist = path.join(repoRoot, 'apps/widget/dist');

const gzipped = (file) => gzipSync(readFileSync(file), { level: 9 }).length;

/** The files index.html loads before the customer can act: its entry chunk, the chunks it imports statically, and their CSS. */
export function firstLoadFiles(manifest) {
  const files = new Set();
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The widget manifest has no entry ${key}`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('index.html');
  return [...files];
}

/** Gzipped bytes of the loader and of the app's first load, with each file's share. */
export function measureWidget(dist = defaultDist) {
  const manifestFile = path.join(dist, '.vite/manifest.json');
  const loaderFile = path.join(dist, 'widget.js');
  if (!existsSync(manifestFile) || !existsSync(loaderFile)) throw new Error(`The widget is not built in ${dist}: run npm run build.`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const files = firstLoadFiles(manifest).map((file) => ({ file, bytes: gzipped(path.join(dist, file)) }));
  return { loader: gzipped(loaderFile), firstLoad: files.reduce((sum, f) => sum + f.bytes, 0), files };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const dist = process.argv[2] ? path.resolve(process.argv[2]) : defaultDist;
  let sizes;
  try {
    sizes = measureWidget(dist);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  console.log(`Widget loader: ${sizes.loader} bytes gzipped (${kb(sizes.loader)}; budget ${kb(LOADER_BUDGET)})`);
  console.log(`Widget first load: ${sizes.firstLoad} bytes gzipped (${kb(sizes.firstLoad)}; budget ${kb(FIRST_LOAD_BUDGET)})`);
  for (const { file, bytes } of sizes.files) console.log(`  ${file}: ${bytes} bytes`);
  let failed = false;
  if (sizes.loader > LOADER_BUDGET) {
    console.error(`The widget loader is over its budget by ${sizes.loader - LOADER_BUDGET} bytes.`);
    failed = true;
  }
  if (sizes.firstLoad > FIRST_LOAD_BUDGET) {
    console.error(`The widget's first load is over its budget by ${sizes.firstLoad - FIRST_LOAD_BUDGET} bytes.`);
    failed = true;
  }
  process.exit(failed ? 1 : 0);
}
