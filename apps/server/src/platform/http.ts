import type { FastifyInstance, RouteOptions } from 'fastify';
import { z } from 'zod';
import { apiErrorSchema } from '@lanebook/core';

/**
 * One way for each HTTP convention of the API: the `:id` of a record, paging (`limit` and
 * `offset` in, `{ items, total }` out), search that matches what was typed, literally, and
 * the response schemas every route declares.
 */

/** `/:id` of a record, a user or a venue. */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** `?limit=&offset=`; each list chooses its default page and largest page. */
export function pageQuery(defaultLimit = 50, maxLimit = 200) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}

export interface Page<T> {
  items: T[];
  /** Every match, not only this page. */
  total: number;
}

/** A page of a list already in memory (small lists built from several queries). */
export function pageOf<T>(all: T[], page: { limit: number; offset: number }): Page<T> {
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}

/** `?search=`: trimmed, at most 100 characters. */
export const searchQuery = z.string().trim().max(100).optional();

/**
 * The ILIKE pattern of a search: contains `search`, where `%`, `_` and `\` mean themselves
 * (backslash is PostgreSQL's default LIKE escape).
 */
export function likePattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}

/**
 * For `reply.send`: JSON text made from an answer of the route's response schema (a cached
 * answer, platform/venue-reads.ts). Fastify sends a string as it is, without the serializer,
 * so the text must already be what the schema lets through: the route makes it from a value
 * of the schema's type, and a test parses these answers with the schema.
 */
export function preSerialized<T>(json: string): T {
  return json as T;
}

/** The error statuses a route declares beside its success: each answers the one error body. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 502 | 503;

/**
 * `response: { 200: venueSchema, ...errorResponses(400, 401, 404) }`: the error statuses the
 * route can answer, each with `{ message, code, details? }` (platform/errors.ts). Every route
 * can answer 400 (hostile input, platform/security.ts); a signed-in route 401; a permission, a
 * superadmin route or a cookie-signed write 403; a venue route 404 (a venue that is not yours).
 */
export function errorResponses<S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiErrorSchema> {
  return Object.fromEntries(statuses.map((status) => [status, apiErrorSchema])) as Record<S, typeof apiErrorSchema>;
}

/**
 * Routes under /api/ that answer what another library writes, so they have no response schema
 * of ours: the better-auth bridge (platform/auth.ts). Hidden routes (schema.hide: the OpenAPI
 * page's own files) are not part of the documented API either.
 */
const ANSWERED_BY_LIBRARY = new Set(['/api/auth/*']);

/** A route of the documented API: under /api/, not answered by a library, not hidden. */
function isDocumentedApiRoute(route: RouteOptions): boolean {
  if (!route.url.startsWith('/api/') || ANSWERED_BY_LIBRARY.has(route.url)) return false;
  return !(route.schema as { hide?: boolean } | undefined)?.hide;
}

/**
 * Every route under /api/ declares the schema of its success answer (200, 201 or 204), so the
 * OpenAPI page documents it and Fastify serializes with it: a field not in the schema never
 * goes out. Like a missing access declaration (platform/access.ts), a route without one stops
 * the server from starting.
 */
export function registerResponseRule(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!isDocumentedApiRoute(route)) return;
    const schema = route.schema as { response?: Record<string, unknown> } | undefined;
    const statuses = Object.keys(schema?.response ?? {});
    if (!statuses.some((status) => /^2(\d\d|xx)$/.test(status))) {
      throw new Error(
        `Route ${String(route.method)} ${route.url} declares no success response schema (schema.response[200], [201] or [204]).`,
      );
    }
  });
}

/**
 * Every route under /api/ declares its `operationId` (camelCase verb and noun, unique: generated
 * clients name their functions by it, so it stays as written) and a `summary` (decision 043). A
 * route without them, or with an operationId another route has, stops the server from starting.
 */
export function registerOperationRule(app: FastifyInstance) {
  const owners = new Map<string, string>();
  app.addHook('onRoute', (route) => {
    // Fastify's own HEAD twin of a GET carries the GET's schema; the document leaves it out.
    if (!isDocumentedApiRoute(route) || route.method === 'HEAD') return;
    const key = `${String(route.method)} ${route.url}`;
    const schema = route.schema as { operationId?: string; summary?: string } | undefined;
    if (!schema?.operationId || !/^[a-z][a-zA-Z0-9]*$/.test(schema.operationId)) {
      throw new Error(`Route ${key} declares no operationId in camelCase (schema.operationId, e.g. 'listBookings').`);
    }
    if (!schema.summary?.trim()) throw new Error(`Route ${key} declares no summary (schema.summary).`);
    const owner = owners.get(schema.operationId);
    if (owner) throw new Error(`Route ${key} declares operationId '${schema.operationId}', already ${owner}'s.`);
    owners.set(schema.operationId, key);
  });
}
