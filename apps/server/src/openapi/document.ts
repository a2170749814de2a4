import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../app.js';
import { openDatabase } from '../db/client.js';

/** A route the server registered: `GET /api/private/users/:id`, hidden when the document leaves it out. */
export interface RegisteredRoute {
  method: string;
  url: string;
  hidden: boolean;
}

/** The OpenAPI document as /api/docs/json serves it (JSON), made without listening on a port. */
export async function buildOpenApiDocument(): Promise<Record<string, unknown>> {
  return (await buildOpenApiDocumentAndRoutes()).document;
}

/** The document, and every route the server registered (to prove the document covers them). */
export async function buildOpenApiDocumentAndRoutes(): Promise<{ document: Record<string, unknown>; routes: RegisteredRoute[] }> {
  const routes: RegisteredRoute[] = [];
  // The routes need a database to register against; an empty embedded one in a temporary folder does.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-openapi-'));
  const database = await openDatabase({ dataDir });
  try {
    const { app } = await buildApp(database, {
      baseUrl: 'http://localhost:3000',
      authSecret: 'openapi-document-only-secret-0123456789',
      mailFrom: 'Lanebook <no-reply@lanebook.local>',
      logLevel: 'silent',
      reminderSweep: false,
      calendarTopUp: false,
      uploadsDir: path.join(dataDir, 'uploads'),
      onRoute: (route) => {
        for (const method of [route.method].flat())
          routes.push({ method, url: route.url, hidden: Boolean((route.schema as { hide?: boolean } | undefined)?.hide) });
      },
    });
    try {
      await app.ready();
      return { document: app.swagger() as unknown as Record<string, unknown>, routes };
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Where the client's types live, generated from the document (committed: `npm run openapi:types` writes it). */
export const GENERATED_TYPES_FILE = fileURLToPath(new URL('../../../../packages/core/src/api/openapi.ts', import.meta.url));

const GENERATED_HEADER = `/**
 * Generated from the server's OpenAPI document by \`npm run openapi:types\` (openapi-typescript):
 * do not edit. A route's path, parameters, body or answer changed on the server fails the test
 * that compares this file with what the routes generate, and then \`npm run typecheck\` wherever a
 * client call no longer fits (decision 043).
 */

`;

/** The TypeScript the console and the widget call the API through: `paths`, `operations`. */
export async function generatedTypes(document: Record<string, unknown>): Promise<string> {
  const { default: openapiTS, astToString } = await import('openapi-typescript');
  // Without the server's address: the file is the same whichever PUBLIC_URL made it.
  const ast = await openapiTS({ ...document, servers: [] } as unknown as Parameters<typeof openapiTS>[0]);
  return GENERATED_HEADER + astToString(ast);
}

export interface LintResult {
  errors: number;
  warnings: number;
  /** Redocly's own report, for the message of a failure. */
  report: string;
}

/** Redocly's recommended lint of the document (its CLI, the one a stranger would run). */
export function lintDocument(document: Record<string, unknown>): LintResult {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-openapi-lint-'));
  try {
    const file = path.join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const redocly = fileURLToPath(new URL('../../../../node_modules/.bin/redocly', import.meta.url));
    const run = (format: string) =>
      spawnSync(redocly, ['lint', '--extends=recommended', `--format=${format}`, '--max-problems=1000', file], { encoding: 'utf8' });
    const totals = (JSON.parse(run('json').stdout) as { totals: { errors: number; warnings: number } }).totals;
    const report = totals.errors ? run('stylish').stdout : '';
    return { errors: totals.errors, warnings: totals.warnings, report };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
