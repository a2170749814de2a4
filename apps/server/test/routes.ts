import { expect } from 'vitest';
import { PERMISSION_AREAS } from '@lanebook/core';
import type { Access } from '../src/platform/access.js';
import { Caller, PROBE_HEADER, PROBE_STATUS, type Method, type TestServer } from './server.js';

export interface CatalogRoute {
  method: Method;
  /** The route path as Fastify declares it, e.g. /api/private/users/:id */
  path: string;
  key: string;
  access: Access;
  /** Top-level body fields of the route's schema (from its OpenAPI document). */
  bodyFields: string[];
  /** The JSON schema of each body field. */
  bodyProperties: Record<string, JsonSchema>;
  /** The body refuses unknown fields. */
  strictBody: boolean;
  /** Query parameters of the route's schema. */
  queryFields: string[];
}

export interface JsonSchema {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
}

interface OpenApiOperation {
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  parameters?: { in: string; name: string }[];
}

/** A waiver kiosk of demo-axe (issue 39), made by its superadmin: the one credential kiosk routes take. */
export async function kioskTokenOf(t: TestServer, name = 'Route probe'): Promise<string> {
  const created = await t.request('POST', '/api/private/kiosks', {
    token: await t.signIn('admin@demo.test'),
    venue: 'demo-axe',
    body: { name },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ token: string }>().token;
}

/** A caller with a kiosk's token of demo-axe (issue 39). */
export async function kioskCaller(t: TestServer, name = 'Kiosk caller'): Promise<Caller> {
  return new Caller(t, await kioskTokenOf(t, name), 'demo-axe', 'kiosk');
}

/** Kiosk routes (issue 39) take a kiosk's token alone. */
export const isKioskRoute = (route: CatalogRoute) => 'kiosk' in route.access;

/**
 * Every documented route, with the access it declares: read from the OpenAPI document and
 * from a probe request that stops right after the access guard (as a superadmin inside
 * demo-axe, whom the guard lets through everywhere, or, under /api/kiosk/, as a kiosk of demo-axe).
 */
export async function routeCatalog(t: TestServer): Promise<CatalogRoute[]> {
  const token = await t.signIn('admin@demo.test');
  let kioskToken: string | null = null;
  const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, OpenApiOperation>> } }).swagger();
  const routes: CatalogRoute[] = [];
  for (const [openApiPath, operations] of Object.entries(document.paths)) {
    const path = openApiPath.replace(/\{(\w+)\}/g, ':$1');
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase() as Method;
      if (!['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) continue;
      const url = openApiPath.replace(/\{(\w+)\}/g, 'probe-$1');
      const caller = url.startsWith('/api/kiosk/') ? (kioskToken ??= await kioskTokenOf(t)) : token;
      const response = await t.request(method, url, { token: caller, venue: 'demo-axe', headers: { [PROBE_HEADER]: '1' } });
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
        bodyProperties: schema?.properties ?? {},
        strictBody: schema?.additionalProperties === false,
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

/** Fills :params of a route path. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? `probe-${name}`);
}

/** Every permission for the owner only: a valid body for PUT .../permissions. */
const OWNER_ONLY_BODY = Object.fromEntries(
  Object.entries(PERMISSION_AREAS).map(([area, actions]) => [area, Object.fromEntries(actions.map((a) => [a, ['owner']]))]),
);

export interface Targets {
  /** A member of the venue the request is made in, whom a request may change or remove. */
  userId: string;
}

/**
 * A request that would succeed for an allowed caller, for the routes whose bodies this suite
 * knows; other routes get an empty body (the guard answers before the body is read).
 */
export function validRequest(route: CatalogRoute, targets: Targets): { url: string; body?: unknown } {
  const url = fillPath(route.path, { id: targets.userId, email: 'not-invited@example.test' });
  const bodies: Record<string, unknown> = {
    'PATCH /api/private/me': { name: 'Renamed Person', phone: '+15550001111' },
    'POST /api/private/me/password': { currentPassword: 'demo-password', newPassword: 'another-password-1' },
    'POST /api/private/me/email': { newEmail: `moved-${targets.userId.slice(0, 8)}@example.test`, password: 'demo-password' },
    'PUT /api/private/onboarding': { currentStep: 3 },
    'POST /api/private/venues': { id: `made-${targets.userId.slice(0, 8)}`, name: 'Made', country: 'US', timezone: 'UTC' },
    'PATCH /api/private/venues/current': { name: 'Renamed venue', closurePercent: 50 },
    'PUT /api/private/venues/current/permissions': OWNER_ONLY_BODY,
    'POST /api/private/users': { email: `newcomer-${targets.userId.slice(0, 8)}@example.test`, role: 'staff' },
    'PATCH /api/private/users/:id/role': { role: 'manager' },
    'PATCH /api/private/users/:id': { name: 'Renamed Member', phone: '+15550002222' },
  };
  if (route.key in bodies) return { url, body: bodies[route.key] };
  return ['POST', 'PUT', 'PATCH'].includes(route.method) && route.bodyFields.length ? { url, body: {} } : { url };
}
