import { afterAll, beforeAll, describe, inject, it } from 'vitest';
import type { AppConfig } from '../src/platform/module.js';
import { TEST_DATABASE_URL } from './postgres.js';
import { TestServer, type DatabaseKind } from './server.js';

export const DATABASE_KINDS: readonly DatabaseKind[] = ['pglite', 'postgres'];

/** Starting a server includes PGlite's initdb (a few seconds on a slow machine) and the demo seed. */
const START_TIMEOUT = 60_000;

/**
 * Registers the suite once per database: PGlite in memory, and PostgreSQL at
 * TEST_DATABASE_URL in a fresh database of this file's own. Without PostgreSQL the Postgres
 * leg is left out with a loud warning, or, with REQUIRE_POSTGRES=1, becomes a failing test.
 */
export function describeEachDatabase(name: string, fn: (t: TestServer) => void, options: { config?: Partial<AppConfig> } = {}) {
  for (const kind of DATABASE_KINDS) {
    if (kind === 'postgres') {
      const postgres = inject('postgres');
      if (!postgres.available && !postgres.required) {
        console.warn(`!! PostgreSQL unreachable: the Postgres leg of "${name}" was SKIPPED (${postgres.reason}).`);
        continue;
      }
    }
    describe(`${name} [${kind}]`, () => {
      if (kind === 'postgres' && !inject('postgres').available) {
        it('PostgreSQL is reachable (REQUIRE_POSTGRES=1)', () => {
          throw new Error(`PostgreSQL at ${TEST_DATABASE_URL} is required but unreachable: ${inject('postgres').reason}`);
        });
        return;
      }
      const server = new TestServer(kind, options.config);
      beforeAll(() => server.start(), START_TIMEOUT);
      afterAll(() => server.stop(), START_TIMEOUT);
      fn(server);
    });
  }
}
