import type { TestProject } from 'vitest/node';
import { probePostgres, type PostgresStatus } from './postgres.js';
import { prepareSeededStart, type SeededStart } from './seeded-start.js';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresStatus;
    seededStart: SeededStart;
  }
}

function banner(lines: string[]) {
  const bar = '!'.repeat(78);
  console.warn(['', bar, ...lines.map((l) => `!! ${l}`), bar, ''].join('\n'));
}

/**
 * Probes PostgreSQL once for the whole api project and tells every test file what it found;
 * prepares the seeded databases every file starts from (seeded-start.ts).
 */
export default async function setup(project: TestProject) {
  const status = await probePostgres();
  project.provide('postgres', status);
  const seeded = await prepareSeededStart(status.available);
  project.provide('seededStart', seeded.start);
  if (status.available) return seeded.remove;
  const warning = status.required
    ? ['PostgreSQL is NOT reachable and REQUIRE_POSTGRES=1: every API test file fails its Postgres leg.', status.reason]
    : [
        'PostgreSQL is NOT reachable: the Postgres leg of the API suite was SKIPPED.',
        'Only PGlite was tested. Start PostgreSQL or set TEST_DATABASE_URL, and use REQUIRE_POSTGRES=1 in CI.',
        status.reason,
      ];
  banner(warning);
  return async () => {
    await seeded.remove();
    banner(warning);
  };
}
