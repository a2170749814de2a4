import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import {
  isAllowed,
  isPermissionKey,
  normalizePermissionsMap,
  type PermissionKey,
  type PermissionsMap,
  type VenueRole,
} from '@lanebook/core';
import type { Db } from '../db/client.js';
import { venueMembers, venues } from '../db/schema/index.js';
import type { Auth } from './auth.js';
import { webHeaders } from './auth.js';
import { AppError, badRequest, forbidden, notFound, unauthorized } from './errors.js';

/**
 * What a route needs, declared on every route (deny by default: a route without one fails
 * at start-up).
 * - public: anyone.
 * - signed-in: a signed-in, enabled user; the venue is resolved when X-Venue-Id is sent.
 * - venue: signed in, with X-Venue-Id naming a venue the user belongs to (any role).
 * - permission: as venue, and the venue's permissions map lists the user's role for the key.
 *   With venueOptional, a request without X-Venue-Id passes for any signed-in user (the
 *   user's own profile, for a user who has no venue yet).
 * - superadmin: signed in as a superadmin.
 */
export type Access =
  | { public: true }
  | { auth: 'signed-in' }
  | { auth: 'venue' }
  | { auth: 'superadmin' }
  | { permission: PermissionKey; venueOptional?: boolean };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity: Identity | null;
    venue: VenueContext | null;
  }
}

export interface Identity {
  userId: string;
  email: string;
  name: string;
  isSuperadmin: boolean;
  sessionId: string;
}

export type VenueRow = typeof venues.$inferSelect;

export interface VenueContext {
  id: string;
  row: VenueRow;
  /** null for a superadmin who is not a member. */
  role: VenueRole | null;
  isTemporary: boolean;
  permissions: PermissionsMap;
}

export const VENUE_HEADER = 'x-venue-id';

export function registerAccess(app: FastifyInstance, deps: { db: Db; auth: Auth }) {
  app.decorateRequest('identity', null);
  app.decorateRequest('venue', null);

  app.addHook('onRoute', (route) => {
    // The OpenAPI page's own routes come from @fastify/swagger-ui, which takes no route config.
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
      route.config = { ...route.config, access: { public: true } };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (public, auth or permission).`);
    if ('permission' in access && !isPermissionKey(access.permission)) {
      throw new Error(`Route ${route.method} ${route.url} declares unknown permission '${access.permission}'.`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // The not-found handler has no route config; it answers 404 and touches nothing.
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    request.identity = await resolveIdentity(request, deps);
    if (!request.identity) throw unauthorized();
    if ('auth' in access && access.auth === 'superadmin') {
      if (!request.identity.isSuperadmin) throw forbidden('Only a superadmin can do this.');
      return;
    }
    const venueId = headerValue(request);
    if (venueId) request.venue = await resolveVenue(deps.db, request.identity, venueId);
    if ('auth' in access && access.auth === 'signed-in') return;
    if ('permission' in access && access.venueOptional && !venueId) return;
    if (!request.venue) throw badRequest('Choose a venue: send the X-Venue-Id header.', 'X-Venue-Id');
    if ('permission' in access) {
      const who = { isSuperadmin: request.identity.isSuperadmin, role: request.venue.role };
      if (!isAllowed(who, request.venue.permissions, access.permission)) {
        throw forbidden(`Your role does not allow ${access.permission}.`);
      }
    }
  });
}

function headerValue(request: FastifyRequest): string | null {
  const raw = request.headers[VENUE_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.trim() ? value.trim() : null;
}

async function resolveIdentity(request: FastifyRequest, deps: { auth: Auth }): Promise<Identity | null> {
  const result = await deps.auth.api.getSession({ headers: webHeaders(request), query: { disableCookieCache: true } });
  if (!result) return null;
  const u = result.user as typeof result.user & { isSuperadmin?: boolean; isDisabled?: boolean };
  if (u.isDisabled) throw new AppError(401, 'account_disabled', 'This account has been disabled.');
  return { userId: u.id, email: u.email, name: u.name, isSuperadmin: Boolean(u.isSuperadmin), sessionId: result.session.id };
}

/** Another venue's id answers exactly like a venue that does not exist: 404, nothing leaks. */
async function resolveVenue(db: Db, identity: Identity, venueId: string): Promise<VenueContext> {
  const [row] = await db.select().from(venues).where(eq(venues.id, venueId));
  if (!row) throw notFound('Venue');
  const [member] = await db
    .select()
    .from(venueMembers)
    .where(and(eq(venueMembers.venueId, venueId), eq(venueMembers.userId, identity.userId)));
  if (!member && !identity.isSuperadmin) throw notFound('Venue');
  return {
    id: row.id,
    row,
    role: member?.role ?? null,
    isTemporary: member?.isTemporary ?? false,
    permissions: normalizePermissionsMap(row.permissions),
  };
}

/** For handlers of venue routes: the venue the guard resolved (never from the body or URL). */
export function venueOf(request: FastifyRequest): VenueContext {
  if (!request.venue) throw badRequest('Choose a venue: send the X-Venue-Id header.', 'X-Venue-Id');
  return request.venue;
}

export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
