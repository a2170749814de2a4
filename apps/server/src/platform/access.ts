import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { and, eq, sql } from 'drizzle-orm';
import {
  isAllowed,
  isPermissionKey,
  normalizePermissionsMap,
  type OnboardingProgress,
  type PermissionKey,
  type PermissionsMap,
  type VenueMembership,
  type VenueRole,
} from '@lanebook/core';
import type { Database } from '../db/client.js';
import { session, user } from '../modules/accounts/schema.js';
import { onboardingProgress } from '../modules/onboarding/schema.js';
import { venueMembers } from '../modules/users/schema.js';
import { venues } from '../modules/venues/schema.js';
import { InvalidatingCache } from './cache.js';
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, webHeaders, type Auth } from './auth.js';
import { AppError, badRequest, forbidden, notFound, rateLimited, unauthorized } from './errors.js';
import { DEFAULT_PUBLIC_MISSES_PER_MINUTE, MissBudget } from './rate-limits.js';
import { assertTrustedOrigin } from './security.js';

/**
 * What a route needs, declared on every route (deny by default: a route without one fails
 * at start-up).
 * - public: anyone. `public: 'product'`: anyone, on the venue of the live product the path's
 *   `:id` names (decision 012); request.venue is that venue, with no role.
 * - signed-in: a signed-in, enabled user; the venue is resolved when X-Venue-Id is sent.
 * - venue: signed in, with X-Venue-Id naming a venue the user belongs to (any role).
 * - permission: as venue, and the venue's permissions map lists the user's role for the key.
 *   With venueOptional, a request without X-Venue-Id passes for any signed-in user (the
 *   user's own profile, for a user who has no venue yet).
 * - superadmin: signed in as a superadmin.
 * - kiosk: a waiver kiosk's device token (issue 39) and nothing else: no session passes, and the
 *   token passes no other route. request.venue is the kiosk's venue, with no role. Only under /api/kiosk/.
 */
export type Access =
  | { public: true }
  | { public: PublicVenueKind }
  | { auth: 'signed-in' }
  | { auth: 'venue' }
  | { auth: 'superadmin' }
  | { permission: PermissionKey; venueOptional?: boolean }
  | { kiosk: true };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    identity: Identity | null;
    venue: VenueContext | null;
    kiosk: KioskCredential | null;
  }
}

/** A waiver kiosk as the access step found it by its token (issue 39). */
export interface KioskCredential {
  id: string;
  name: string;
  venueId: string;
}
/** The kiosks module's look-up of a live kiosk (neither expired nor revoked) by its token's hash, or null. */
export type KioskLookup = (tokenHash: string) => Promise<KioskCredential | null>;

/**
 * Kiosk tokens: a prefix and 32 random bytes in base64url. With no '.', such a token can never pass
 * as a signed session token, so on any other route it is no session (401).
 */
export const KIOSK_TOKEN_PREFIX = 'lbk_';
const KIOSK_TOKEN = /^lbk_[A-Za-z0-9_-]{43}$/;
/** What is stored of a kiosk token: its SHA-256, in hex. */
export const kioskTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The signed-in user as the access step resolved it: enough to answer /api/private/me. */
export interface Identity {
  userId: string;
  email: string;
  name: string;
  image: string | null;
  phone: string;
  createdAt: Date;
  isSuperadmin: boolean;
  sessionId: string;
  memberships: VenueMembership[];
  onboarding: OnboardingProgress;
}

export type VenueRow = typeof venues.$inferSelect;

/**
 * Public routes that work on one venue's data find the venue from the path (decision 012):
 * `'product'` from the product of `:id`, `'booking'` from the booking reference in `:id`, `'signing'` from the
 * friends' signing token in `:id` (decision 023). The module that owns what the path names registers
 * the lookup (the venue id of a live record, or null), so the platform reads no module's table.
 * `'venue'`: the live venue `:venueId` names (the widget's calls, decision 024); it needs no lookup.
 */
export type PublicVenueKind = 'product' | 'booking' | 'signing' | 'venue';
const PUBLIC_KIND_NAMES: Record<PublicVenueKind, string> = {
  product: 'Product',
  booking: 'Booking',
  signing: 'Signing link',
  venue: 'Venue',
};
export type PublicVenueLookup = (id: string) => Promise<string | null>;

export interface VenueContext {
  id: string;
  row: VenueRow;
  /** null for a superadmin who is not a member. */
  role: VenueRole | null;
  isTemporary: boolean;
  permissions: PermissionsMap;
}

interface ResolvedAccess {
  identity: Identity;
  venue: VenueContext | null;
  sessionExpiresAt: number;
}

export const VENUE_HEADER = 'x-venue-id';
/** The channel the database triggers of migration 0002_change_notifications announce access changes on. */
export const ACCESS_CHANNEL = 'lanebook_access';

/**
 * Resolves who is asking and in which venue: the session token (its signature checked as
 * better-auth checks it), the user, the venue, the membership and the permissions map, in
 * one database round trip, then from memory until something they depend on changes.
 * better-auth stays the authority that issues, refreshes and revokes sessions; this reads
 * the same session table.
 */
export class AccessResolver {
  private readonly cache = new InvalidatingCache<ResolvedAccess>({ ttlMs: 30_000, maxEntries: 10_000 });
  /** Venue rows for public routes, by id, dropped when the venue changes. */
  private readonly publicVenues = new InvalidatingCache<VenueRow>({ ttlMs: 30_000, maxEntries: 10_000 });
  private readonly publicLookups = new Map<PublicVenueKind, PublicVenueLookup>();
  private kioskLookup: KioskLookup | null = null;
  /** Origins some venue lists among its widgetOrigins (CORS preflights), emptied when any venue changes. */
  private readonly widgetOrigins = new InvalidatingCache<boolean>({ ttlMs: 30_000, maxEntries: 10_000 });
  /** Unknown booking references looked up, per client address. */
  private readonly referenceMisses: MissBudget;

  constructor(
    private readonly database: Database,
    private readonly auth: Auth,
    private readonly secret: string,
    private readonly cookies: { sessionToken: string; dontRemember: string },
    limits: { missesPerMinute?: number } = {},
  ) {
    this.referenceMisses = new MissBudget(limits.missesPerMinute ?? DEFAULT_PUBLIC_MISSES_PER_MINUTE);
  }

  /** Listens for the database's announcements (every process, this one included). */
  async start() {
    await this.database.notifications.listen(
      ACCESS_CHANNEL,
      (payload) => this.invalidate(payload),
      () => this.cache.clear(),
    );
  }

  /** `session:<id>`, `user:<id>` or `venue:<id>`, as the triggers send them. */
  invalidate(payload: string) {
    const at = payload.indexOf(':');
    const kind = payload.slice(0, at);
    const id = payload.slice(at + 1);
    if (kind === 'session') this.cache.invalidate((a) => a.identity.sessionId === id);
    else if (kind === 'user') this.cache.invalidate((a) => a.identity.userId === id);
    else if (kind === 'venue') {
      this.cache.invalidate((a) => a.venue?.id === id || a.identity.memberships.some((m) => m.venueId === id));
      this.publicVenues.invalidate((row) => row.id === id);
      this.widgetOrigins.clear();
    } else {
      this.cache.clear();
      this.publicVenues.clear();
      this.widgetOrigins.clear();
    }
  }

  /** The module owning what a public path names registers how to find its venue (decision 012). */
  setPublicVenueLookup(kind: PublicVenueKind, lookup: PublicVenueLookup) {
    this.publicLookups.set(kind, lookup);
  }

  /** The kiosks module registers how a kiosk is found by its token's hash, so the platform reads no module's table. */
  setKioskLookup(lookup: KioskLookup) {
    this.kioskLookup = lookup;
  }

  /**
   * The kiosk of the request's bearer token and its venue, or null. Read on every request, never
   * cached: a revoked or expired kiosk is refused at once in every process.
   */
  async resolveKiosk(request: FastifyRequest): Promise<{ kiosk: KioskCredential; venue: VenueContext } | null> {
    const authorization = request.headers.authorization;
    if (authorization === undefined || authorization.slice(0, 7).toLowerCase() !== 'bearer ') return null;
    const token = authorization.slice(7).trim();
    if (!KIOSK_TOKEN.test(token)) return null;
    if (!this.kioskLookup) throw new Error('No kiosk lookup registered.');
    const kiosk = await this.kioskLookup(kioskTokenHash(token));
    if (!kiosk) return null;
    const row = await this.publicVenueRow(kiosk.venueId);
    return row ? { kiosk, venue: publicContext(row) } : null;
  }

  /**
   * The venue of a public route: the record the path names, live, in a live venue. Anything
   * else is the same 404, so nothing tells whether the id exists elsewhere. A booking reference
   * is the customer's only key: a client address past its budget of unknown ones gets 429 for
   * every reference until its minute ends, found or not, so references cannot be guessed. A
   * friends' signing token (decision 023) counts in the same budget.
   */
  async resolvePublic(kind: PublicVenueKind, id: string | undefined, client: { ip: string }): Promise<VenueContext> {
    if (kind !== 'booking' && kind !== 'signing') return this.findPublic(kind, id);
    return this.withinMissBudget(client, () => this.findPublic(kind, id));
  }

  /**
   * A look-up by a key someone could try to guess (a booking reference, a signing token, a gift
   * card code, decision 045): a client address past its budget of misses gets 429 until its minute
   * ends, found or not, and a 404 the look-up answers counts as a miss. One budget for all of them.
   */
  async withinMissBudget<T>(client: { ip: string }, lookup: () => Promise<T>): Promise<T> {
    const wait = this.referenceMisses.waitFor(client.ip);
    if (wait > 0) throw rateLimited(wait);
    try {
      return await lookup();
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) this.referenceMisses.miss(client.ip);
      throw error;
    }
  }

  private async findPublic(kind: PublicVenueKind, id: string | undefined): Promise<VenueContext> {
    const lookup = kind === 'venue' ? async (venueId: string) => venueId : this.publicLookups.get(kind);
    if (!lookup) throw new Error(`No public venue lookup registered for '${kind}'.`);
    // Made only when thrown: an error's stack trace costs more than the rest of a cached lookup.
    const missing = () => notFound(PUBLIC_KIND_NAMES[kind]);
    if (!id || id.length > 100) throw missing();
    const venueId = await lookup(id);
    if (!venueId) throw missing();
    const row = await this.publicVenueRow(venueId);
    if (!row || row.status !== 'live') throw missing();
    return publicContext(row);
  }

  /**
   * A venue's row whatever its status (the widget's configuration answers a venue that is not
   * live yet; the widget's pages are framed by its origins), from memory until the venue changes.
   */
  async publicVenueRow(venueId: string): Promise<VenueRow | null> {
    if (!venueId || venueId.length > 100) return null;
    const useCache = this.database.notifications.isListening();
    let row = useCache ? this.publicVenues.get(venueId) : undefined;
    if (!row) {
      const epoch = this.publicVenues.epoch;
      [row] = await this.database.db.select().from(venues).where(eq(venues.id, venueId));
      if (row && useCache) this.publicVenues.set(venueId, row, epoch);
    }
    return row ?? null;
  }

  /** The venue of a public path as its module's lookup finds it (a booking reference's venue, say), or null. */
  async publicVenueIdOf(kind: Exclude<PublicVenueKind, 'venue'>, id: string): Promise<string | null> {
    const lookup = this.publicLookups.get(kind);
    if (!lookup || !id || id.length > 100) return null;
    return lookup(id);
  }

  /** Whether some venue lets `origin` embed its widget (widgetOrigins): a CORS preflight is answered for it. */
  async isWidgetOrigin(origin: string): Promise<boolean> {
    if (origin.length > 200) return false;
    const useCache = this.database.notifications.isListening();
    const cached = useCache ? this.widgetOrigins.get(origin) : undefined;
    if (cached !== undefined) return cached;
    const epoch = this.widgetOrigins.epoch;
    const [found] = await this.database.db
      .select({ id: venues.id })
      .from(venues)
      .where(sql`${venues.widgetOrigins} @> ${JSON.stringify([origin])}::jsonb`)
      .limit(1);
    // Only a yes is kept: venue updates and deletes are announced, a new venue is not.
    if (found && useCache) this.widgetOrigins.set(origin, true, epoch);
    return Boolean(found);
  }

  /** null when the request carries no valid, unexpired session. */
  async resolve(request: FastifyRequest, venueId: string | null, options: { fresh?: boolean } = {}): Promise<ResolvedAccess | null> {
    const signed = this.credentialOf(request)?.signed;
    if (!signed) return null;
    // Keyed by the signed value: a hit means its signature was checked when it was stored.
    const key = venueId === null ? signed : `${signed}\n${venueId}`;
    const useCache = !options.fresh && this.database.notifications.isListening();
    if (useCache) {
      const cached = this.cache.get(key);
      if (cached) return cached;
    }
    const token = this.verified(signed);
    if (!token) return null;
    const epoch = this.cache.epoch;
    const row = await this.load(token, venueId);
    if (!row || row.expiresAt.getTime() <= Date.now()) return null;
    if (row.user.isDisabled) throw new AppError(401, 'account_disabled', 'This account has been disabled.');
    let cacheable = useCache;
    if (this.refreshDue(request, row.expiresAt)) {
      // Rolling expiry stays better-auth's: once a day it extends the session itself.
      await this.auth.api.getSession({ headers: webHeaders(request), query: { disableCookieCache: true } });
      cacheable = false;
    }
    const identity: Identity = {
      userId: row.user.id,
      email: row.user.email,
      name: row.user.name,
      image: row.user.image,
      phone: row.user.phone,
      createdAt: row.user.createdAt,
      isSuperadmin: row.user.isSuperadmin,
      sessionId: row.sessionId,
      memberships: row.memberships,
      onboarding: row.onboarding ?? { currentStep: -1, isFinished: false },
    };
    let venue: VenueContext | null = null;
    if (venueId !== null) {
      // Another venue's id answers exactly like a venue that does not exist: 404, nothing leaks.
      if (!row.venue || (!row.role && !identity.isSuperadmin)) throw notFound('Venue');
      venue = {
        id: row.venue.id,
        row: row.venue,
        role: row.role ?? null,
        isTemporary: row.isTemporary ?? false,
        permissions: normalizePermissionsMap(row.venue.permissions),
      };
    }
    const resolved: ResolvedAccess = { identity, venue, sessionExpiresAt: row.expiresAt.getTime() };
    if (cacheable) this.cache.set(key, resolved, epoch, resolved.sessionExpiresAt);
    return resolved;
  }

  /** One round trip: session, user, memberships, onboarding, and the venue with the membership in it. */
  private async load(token: string, venueId: string | null) {
    const { db } = this.database;
    const memberships = sql<VenueMembership[]>`(
      select coalesce(json_agg(json_build_object('venueId', m.venue_id, 'venueName', v.name, 'role', m.role, 'isTemporary', m.is_temporary) order by v.name), '[]'::json)
      from ${venueMembers} m join ${venues} v on v.id = m.venue_id where m.user_id = ${session.userId})`;
    const [row] = await db
      .select({
        sessionId: session.id,
        expiresAt: session.expiresAt,
        user,
        memberships,
        onboarding: { currentStep: onboardingProgress.currentStep, isFinished: onboardingProgress.isFinished },
        venue: venues,
        role: venueMembers.role,
        isTemporary: venueMembers.isTemporary,
      })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .leftJoin(onboardingProgress, eq(onboardingProgress.userId, session.userId))
      .leftJoin(venues, eq(venues.id, venueId ?? sql`null`))
      .leftJoin(venueMembers, and(eq(venueMembers.venueId, venues.id), eq(venueMembers.userId, session.userId)))
      .where(eq(session.token, token));
    return row ?? null;
  }

  /** The signed session token of the bearer header or else the session cookie, unchecked. */
  credentialOf(request: FastifyRequest): { signed: string; via: 'bearer' | 'cookie' } | null {
    const authorization = request.headers.authorization;
    if (authorization !== undefined && authorization.slice(0, 7).toLowerCase() === 'bearer ') {
      const bearer = authorization.slice(7).trim();
      // As better-auth's bearer plugin: the bearer token, when present, replaces the cookie.
      if (bearer) return { signed: bearer.includes('%') ? safeDecode(bearer) : bearer, via: 'bearer' };
    }
    const cookie = readCookie(request.headers.cookie, this.cookies.sessionToken);
    return cookie ? { signed: safeDecode(cookie), via: 'cookie' } : null;
  }

  /** better-auth signs with HMAC-SHA256 in base64; its bearer plugin also takes base64url. */
  private verified(signedValue: string): string | null {
    const at = signedValue.lastIndexOf('.');
    if (at < 1) return null;
    const token = signedValue.slice(0, at);
    const signature = Buffer.from(signedValue.slice(at + 1));
    const expected = createHmac('sha256', this.secret).update(token).digest();
    const matches = (encoded: string) => {
      const candidate = Buffer.from(encoded);
      return candidate.length === signature.length && timingSafeEqual(candidate, signature);
    };
    return matches(expected.toString('base64')) || matches(expected.toString('base64url')) ? token : null;
  }

  private refreshDue(request: FastifyRequest, expiresAt: Date) {
    if (readCookie(request.headers.cookie, this.cookies.dontRemember)) return false;
    const refreshAt = expiresAt.getTime() - (SESSION_EXPIRES_IN_SECONDS - SESSION_UPDATE_AGE_SECONDS) * 1000;
    return refreshAt <= Date.now();
  }
}

/** Public contexts by cached venue row: normalizing the permissions map on every widget call was most of its cost. */
const publicContexts = new WeakMap<VenueRow, VenueContext>();

/** A venue as a public route sees it: no role, its permissions map. */
export function publicContext(row: VenueRow): VenueContext {
  let context = publicContexts.get(row);
  if (!context) {
    context = { id: row.id, row, role: null, isTemporary: false, permissions: normalizePermissionsMap(row.permissions) };
    publicContexts.set(row, context);
  }
  return context;
}

function safeDecode(value: string) {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function readCookie(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

export function registerAccess(app: FastifyInstance, resolver: AccessResolver, trustedOrigins: readonly string[]) {
  app.decorateRequest('identity', null);
  app.decorateRequest('venue', null);
  app.decorateRequest('kiosk', null);

  app.addHook('onRoute', (route) => {
    // The OpenAPI page's own routes come from @fastify/swagger-ui, which takes no route config.
    if (route.url === '/api/docs' || route.url.startsWith('/api/docs/')) {
      route.config = { ...route.config, access: { public: true } };
    }
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access (public, auth or permission).`);
    // The kiosk credential's reach is its own path: a kiosk route elsewhere, or another route there, does not start.
    if ('kiosk' in access !== (route.url === '/api/kiosk' || route.url.startsWith('/api/kiosk/'))) {
      throw new Error(`Route ${route.method} ${route.url}: kiosk access is for the routes under /api/kiosk/, and only it.`);
    }
    if ('permission' in access && !isPermissionKey(access.permission)) {
      throw new Error(`Route ${route.method} ${route.url} declares unknown permission '${access.permission}'.`);
    }
    // Its lookup runs in preValidation: a limit counted later would let unknown ids through uncounted.
    const limit = route.config?.rateLimit;
    if ('public' in access && access.public !== true && !(limit && limit.hook === 'onRequest')) {
      throw new Error(`Route ${route.method} ${route.url} finds its venue by id: declare rateLimit: publicRateLimit(config).`);
    }
  });

  app.addHook('onRequest', async (request) => {
    // The not-found handler has no route config; it answers 404 and touches nothing.
    const access = request.routeOptions.config?.access;
    if (!access || 'public' in access) return;
    if ('kiosk' in access) {
      // Only the bearer token is read, never a cookie: no session reaches a kiosk route.
      const found = await resolver.resolveKiosk(request);
      if (!found) throw unauthorized();
      request.kiosk = found.kiosk;
      request.venue = found.venue;
      return;
    }
    const superadminOnly = 'auth' in access && access.auth === 'superadmin';
    const venueId = superadminOnly ? null : headerValue(request);
    if (resolver.credentialOf(request)?.via === 'cookie') assertTrustedOrigin(request, trustedOrigins);
    const resolved = await resolver.resolve(request, venueId);
    if (!resolved) throw unauthorized();
    request.identity = resolved.identity;
    request.venue = resolved.venue;
    if (superadminOnly) {
      if (!resolved.identity.isSuperadmin) throw forbidden('Only a superadmin can do this.');
      return;
    }
    if ('auth' in access && access.auth === 'signed-in') return;
    if ('permission' in access && access.venueOptional && !venueId) return;
    if (!request.venue) throw badRequest('Choose a venue: send the X-Venue-Id header.', 'X-Venue-Id');
    if ('permission' in access) {
      const who = { isSuperadmin: resolved.identity.isSuperadmin, role: request.venue.role };
      if (!isAllowed(who, request.venue.permissions, access.permission)) {
        throw forbidden(`Your role does not allow ${access.permission}.`);
      }
    }
  });

  // A public route's venue comes from the record its path names (decision 012): found once the
  // route is known and before validation, so a 404 for an unknown record comes before a 400.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || !('public' in access) || access.public === true) return;
    const params = request.params as { id?: string; venueId?: string } | undefined;
    request.venue = await resolver.resolvePublic(access.public, access.public === 'venue' ? params?.venueId : params?.id, request);
  });
}

/** After a handler changed the signed-in user or the venue: read them again, bypassing the cache. */
export async function reloadAccess(request: FastifyRequest, resolver: AccessResolver) {
  const resolved = await resolver.resolve(request, request.venue?.id ?? null, { fresh: true });
  if (!resolved) throw unauthorized();
  request.identity = resolved.identity;
  request.venue = resolved.venue;
}

function headerValue(request: FastifyRequest): string | null {
  const raw = request.headers[VENUE_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  return value && value.trim() ? value.trim() : null;
}

/** For handlers of venue routes: the venue the guard resolved (never from the body or URL). */
/** Whether the signed-in user may do `permission` in the request's venue (for a part of a route, such as a custom price). */
export function hasPermission(request: FastifyRequest, permission: PermissionKey): boolean {
  const venue = request.venue;
  if (!venue || !request.identity) return false;
  return isAllowed({ isSuperadmin: request.identity.isSuperadmin, role: venue.role }, venue.permissions, permission);
}

export function venueOf(request: FastifyRequest): VenueContext {
  if (!request.venue) throw badRequest('Choose a venue: send the X-Venue-Id header.', 'X-Venue-Id');
  return request.venue;
}

/** For handlers of kiosk routes: the kiosk the guard found. */
export function kioskOf(request: FastifyRequest): KioskCredential {
  if (!request.kiosk) throw unauthorized();
  return request.kiosk;
}

export function identityOf(request: FastifyRequest): Identity {
  if (!request.identity) throw unauthorized();
  return request.identity;
}
