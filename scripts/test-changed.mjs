#!/usr/bin/env node
// The inner loop: the unit and API test files that a change against main touches, run alone.
// vitest's own --changed follows imports, and every API test imports the whole server, so a
// one-line change ran 78 files; here a change runs the tests beside it instead:
//   - a changed test file itself;
//   - a server module's or a console feature's file: every test file of that folder;
//   - any other file (dir/name.ts): the tests beside it named after it (dir/name*.test.ts).
// Browser tests (e2e/) need a build: `npm run build && npm run test:e2e -- e2e/<file>`.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const base = process.argv[2] ?? 'main';
const git = (...args) => execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter(
  (file) => existsSync(file) && /\.(ts|tsx|mjs)$/.test(file) && !file.startsWith('e2e/'),
);

const isTest = (file) => /\.test\.tsx?$/.test(file);
const testsIn = (dir, startsWith = '') =>
  readdirSync(dir)
    .filter((name) => isTest(name) && name.startsWith(startsWith))
    .map((name) => path.join(dir, name));

const files = new Set();
for (const file of changed) {
  if (isTest(file)) {
    files.add(file);
    continue;
  }
  const dir = path.dirname(file);
  const folder = /^(apps\/server\/src\/modules\/[^/]+|apps\/console\/src\/features\/[^/]+)/.exec(file)?.[1];
  if (folder) for (const test of testsIn(folder)) files.add(test);
  const stem = path.basename(file).replace(/\.(ts|tsx|mjs)$/, '');
  for (const test of testsIn(dir, `${stem}.`)) files.add(test);
  for (const test of testsIn(dir, `${stem}-`)) files.add(test);
}

if (files.size === 0) {
  console.log(`No unit or API test beside what changed against ${base} (${changed.length} files).`);
  process.exit(0);
}
const list = [...files].sort();
console.log(`Running ${list.length} test files beside ${changed.length} changed files:\n  ${list.join('\n  ')}`);
const run = spawnSync('npx', ['vitest', 'run', ...list], { stdio: 'inherit' });
process.exit(run.status ?? 1);
