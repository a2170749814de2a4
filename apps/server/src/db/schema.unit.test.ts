import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import * as aggregate from './schema.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tableNames = (exports: Record<string, unknown>) =>
  Object.values(exports)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();

it('db/schema.ts holds exactly the tables drizzle.config.ts migrates (every modules/*/schema.ts, the mail outbox and the payment sandbox)', async () => {
  const files = [
    ...readdirSync(path.join(src, 'modules'))
      .map((module) => path.join(src, 'modules', module, 'schema.ts'))
      .filter((file) => readdirSync(path.dirname(file)).includes('schema.ts')),
    path.join(src, 'platform/mail-schema.ts'),
    path.join(src, 'platform/payments/sandbox-schema.ts'),
  ];
  const migrated = (await Promise.all(files.map((file) => import(pathToFileURL(file).href)))).flatMap(tableNames).sort();
  expect(tableNames(aggregate)).toEqual(migrated);
  expect(new Set(migrated).size).toBe(migrated.length);
});
