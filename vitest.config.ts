import { defineConfig } from 'vitest/config';
import { testOrder } from './scripts/test-order.js';

/**
 * Two projects:
 * - unit: pure tests of packages/core, server units and the widget's and the console's logic (*.unit.test.ts);
 * - api: Fastify inject tests against a real database, each file on PGlite and on
 *   PostgreSQL (TEST_DATABASE_URL; REQUIRE_POSTGRES=1 makes an unreachable one fail).
 */
export default defineConfig({
  test: {
    // Two files at a time even on a 2-core machine (vitest's default there is one): an API file
    // spends much of its time waiting on PostgreSQL, and each file has databases of its own.
    maxWorkers: 2,
    sequence: testOrder,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/core/src/**/*.test.ts',
            'apps/server/src/**/*.unit.test.ts',
            'apps/widget/src/**/*.unit.test.ts',
            'apps/console/src/**/*.unit.test.ts',
            'scripts/**/*.unit.test.ts',
          ],
          exclude: ['**/node_modules/**', '**/*.api.test.ts'],
          environment: 'node',
          // Pure functions and their own fakes (timers restored after each test): one import of each module per worker is enough.
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          include: ['apps/server/src/**/*.api.test.ts'],
          environment: 'node',
          // The server's modules are imported once per worker, not once per file (the import was
          // 160 s of a run): every file builds its own app and databases, and keeps no state in modules.
          isolate: false,
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
