import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerOperationRule } from '../platform/http.js';
import { buildOpenApiDocumentAndRoutes, GENERATED_TYPES_FILE, generatedTypes, lintDocument, type RegisteredRoute } from './document.js';

/** The `paths` of the committed client types: `GET /api/private/users/{id}` for each operation. */
function operationsOfTypes(source: string): string[] {
  const body = source.slice(source.indexOf('export interface paths {'), source.indexOf('export type webhooks'));
  const operations: string[] = [];
  let path = '';
  for (const line of body.split('\n')) {
    const opened = /^ {4}"([^"]+)": \{$/.exec(line);
    if (opened) path = opened[1];
    const operation = /^ {8}(get|put|post|delete|patch): operations\[/.exec(line);
    if (operation) operations.push(`${operation[1].toUpperCase()} ${path}`);
  }
  return operations;
}

describe('the OpenAPI document and the client generated from it (decision 043)', () => {
  let document: Record<string, unknown>;
  let routes: RegisteredRoute[];
  beforeAll(async () => {
    ({ document, routes } = await buildOpenApiDocumentAndRoutes());
  }, 60_000);

  it("passes Redocly's recommended lint with no error", () => {
    const result = lintDocument(document);
    expect(result.errors, result.report).toBe(0);
  });

  it('is what the committed client types were generated from', async () => {
    const committed = readFileSync(GENERATED_TYPES_FILE, 'utf8');
    const current = await generatedTypes(document);
    expect(
      committed === current,
      'packages/core/src/api/openapi.ts is not what the routes generate now: run `npm run openapi:types` and commit it.',
    ).toBe(true);
  });

  it('reaches every route of the server through the client', () => {
    // The other half, every client call names a real route, is the type checker's: the console's
    // and the widget's calls go through `paths` of these types, so a path that is not there fails
    // `npm run typecheck`.
    const client = new Set(operationsOfTypes(readFileSync(GENERATED_TYPES_FILE, 'utf8')));
    const served = routes
      // Fastify's HEAD twins, better-auth's bridge (its own client signs in) and hidden routes (the docs page's files).
      .filter((route) => route.url.startsWith('/api/') && route.method !== 'HEAD' && !route.hidden && route.url !== '/api/auth/*')
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(150);
    expect(served.filter((route) => !client.has(route))).toEqual([]);
    expect([...client].filter((operation) => !served.includes(operation))).toEqual([]);
  });
});

describe('the start-up rule: every API route declares its operationId and summary', () => {
  const appWithRule = () => {
    const app = Fastify();
    registerOperationRule(app);
    return app;
  };
  const ok = { 200: z.object({}) };

  it('refuses an /api/ route without an operationId, without a summary, or with one taken', () => {
    const app = appWithRule();
    expect(() => app.get('/api/private/things', { schema: { summary: 'Things', response: ok } }, async () => ({}))).toThrow(
      /GET \/api\/private\/things declares no operationId/,
    );
    expect(() => app.get('/api/private/things', { schema: { operationId: 'list-things', summary: 'Things' } }, async () => ({}))).toThrow(
      /declares no operationId in camelCase/,
    );
    expect(() => app.get('/api/private/things', { schema: { operationId: 'listThings' } }, async () => ({}))).toThrow(
      /GET \/api\/private\/things declares no summary/,
    );
    app.get('/api/private/things', { schema: { operationId: 'listThings', summary: 'Things' } }, async () => ({}));
    expect(() => app.post('/api/private/things', { schema: { operationId: 'listThings', summary: 'Things' } }, async () => ({}))).toThrow(
      /POST \/api\/private\/things declares operationId 'listThings', already GET \/api\/private\/things's/,
    );
  });

  it('exempts the auth bridge, hidden routes and paths outside /api/', async () => {
    const app = appWithRule();
    app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: async () => 'better-auth' });
    app.get('/api/docs/static/*', { schema: { hide: true } }, async () => 'docs');
    app.get('/uploads/*', async () => 'image');
    app.get('/api/private/one', { schema: { operationId: 'getOne', summary: 'One' } }, async () => ({}));
    await app.ready();
    await app.close();
  });
});
