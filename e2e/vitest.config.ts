import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/** Browser tests against the built, running app; one server for the run, files one at a time. */
export default defineConfig({
  root: fileURLToPath(new URL('..', import.meta.url)),
  test: {
    include: ['e2e/**/*.e2e.ts'],
    globalSetup: ['e2e/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    reporters: ['default'],
  },
});
