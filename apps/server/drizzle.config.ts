import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's own tables (docs/architecture.md, "Who owns which table") the mail outbox and the payment sandbox's books;
  // src/db/schema.ts re-exports the same files for the client (db/schema.unit.test.ts checks they agree).
  schema: [
    './apps/server/src/modules/*/schema.ts',
    './apps/server/src/platform/mail-schema.ts',
    './apps/server/src/platform/payments/sandbox-schema.ts',
  ],
  out: './apps/server/src/db/migrations',
});
