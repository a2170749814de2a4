import { expect } from 'vitest';
import type { Access } from '../src/platform/access.js';
import { PROBE_HEADER, PROBE_STATUS, type Method, type TestServer } from './server.js';

export interface CatalogRoute {
  method: Method;
  /** The route path as Fastify declares it, e.g. /api/private/users/:id */
  path: string;
  key: string;
  access: Access;
  /** Top-level body fields of the route's schema (from its OpenAPI document). */
  bodyFields: string[];
  /** Query parameters of the route's schema. */
  queryFields: string[];
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  parameters?: { in: string; name: string }[];
}

/**
 * Every documented route, with the access it declares: read from the OpenAPI document and
 * from a probe request that stops right after the access guard (as a superadmin inside
 * demo-axe, whom the guard lets through everywhere).
 */
export async function routeCatalog(t: TestServer): Promise<CatalogRoute[]> {
  const token = await t.signIn('admin@demo.test');
  const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }).swagger();
  const routes: CatalogRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(document.paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const url = openApiPath.replace(/\{(\w+)\}/g, 'probe-$1');
      const response = await t.request(method, url, { token, venue: 'demo-axe', headers: { [PROBE_HEADER]: '1' } });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(PROBE_STATUS);
      const probe = response.json() as { method: string; url: string; access: Access };
      expect(probe.url).toBe(path);
      const schema = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method,
        path,
        key: `${method} ${path}`,
        access: probe.access,
        bodyFields: Object.keys(schema?.properties ?? {}),
        queryFields: (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return routes;
}

export const isPermissionRoute = (route: CatalogRoute): route is CatalogRoute & { access: { permission: string } } =>
  'permission' in route.access;

/** Routes that resolve a venue from X-Venue-Id and need it. */
export const needsVenue = (route: CatalogRoute) =>
  ('auth' in route.access && route.access.auth === 'venue') || ('permission' in route.access && !route.access.venueOptional);
