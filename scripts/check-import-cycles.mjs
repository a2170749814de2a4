// Fails when the TypeScript sources import each other in a cycle. Type-only imports count too
// (`import type`, `import { type X }`): they vanish at run time, but a type cycle is still a
// layering cycle (a module reaching back up to what composes it). Part of `npm run lint`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const roots = ['apps/server/src', 'apps/console/src', 'apps/widget/src', 'packages/core/src'];
const sourceFile = /\.(ts|tsx)$/;
const importLine = /^\s*(import|export)\s+[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : walk(full);
    return sourceFile.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

function resolve(from, specifier) {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

const files = roots.flatMap((root) => walk(root)).map((f) => path.resolve(f));
const graph = new Map(
  files.map((file) => {
    const text = readFileSync(file, 'utf8');
    const targets = [...text.matchAll(importLine)].map((m) => resolve(file, m[2])).filter(Boolean);
    return [file, targets];
  }),
);

const state = new Map(); // 1 visiting, 2 done
const stack = [];
const cycles = [];
function visit(file) {
  state.set(file, 1);
  stack.push(file);
  for (const next of graph.get(file) ?? []) {
    if (state.get(next) === 1) cycles.push([...stack.slice(stack.indexOf(next)), next]);
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(file, 2);
}
for (const file of files) if (!state.has(file)) visit(file);

if (cycles.length) {
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${cycle.map((f) => path.relative(process.cwd(), f)).join(' -> ')}`);
  process.exitCode = 1;
} else {
  console.log(`No import cycles in ${files.length} files.`);
}
