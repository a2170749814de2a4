import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { testOrder } from '../scripts/test-order.js';

/**
 * Browser tests against the built, running app: E2E_WORKERS files at a time (default 2), each
 * worker with a server and data of its own (global-setup.ts), one file at a time per worker.
 */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: true,
    maxWorkers: Math.max(1, Number(process.env.E2E_WORKERS ?? 2) || 1),
    sequence: testOrder,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
