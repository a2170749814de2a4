import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildPermissionsMap,
  DEFAULT_PERMISSIONS,
  defaultRolesFor,
  effectivePermissions,
  isAllowed,
  PERMISSION_KEYS,
  VENUE_ROLES,
  type PermissionKey,
  type PermissionsMap,
  type VenueRole,
} from '@lanebook/core';
import { user, venues } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import {
  fillPath,
  isKioskRoute,
  isPermissionRoute,
  kioskTokenOf,
  needsVenue,
  routeCatalog,
  validRequest,
  type CatalogRoute,
} from '../../test/routes.js';
import { PROBE_HEADER, PROBE_STATUS, type Caller } from '../../test/server.js';

const UNAUTHORIZED = { message: 'Sign in to continue.', code: 'unauthorized' };
const VENUE_NOT_FOUND = { message: 'Venue not found.', code: 'not_found' };
const CHOOSE_VENUE = {
  message: 'Choose a venue: send the X-Venue-Id header.',
  code: 'bad_request',
  details: { fields: [{ path: 'X-Venue-Id', message: 'Choose a venue: send the X-Venue-Id header.' }] },
};

/** The access each route declares (docs/architecture.md, the path of a request). */
const DECLARED: Record<string, object> = {
  'GET /api/health': { public: true },
  'GET /api/health/live': { public: true },
  'GET /api/public/auth-config': { public: true },
  'GET /api/private/me': { auth: 'signed-in' },
  'PATCH /api/private/me': { permission: 'profile.edit', venueOptional: true },
  'POST /api/private/me/password': { permission: 'profile.changePassword', venueOptional: true },
  'POST /api/private/me/email': { permission: 'profile.edit', venueOptional: true },
  'GET /api/private/onboarding': { auth: 'signed-in' },
  'PUT /api/private/onboarding': { auth: 'signed-in' },
  'POST /api/private/venues': { auth: 'signed-in' },
  'GET /api/private/venues/current': { auth: 'venue' },
  'PATCH /api/private/venues/current': { permission: 'venues.edit' },
  'PUT /api/private/venues/current/permissions': { permission: 'venues.edit' },
  'POST /api/private/venues/current/skip-bank-onboarding': { permission: 'venues.edit' },
  'DELETE /api/private/venues/current/membership': { auth: 'venue' },
  'GET /api/private/users': { auth: 'venue' },
  'POST /api/private/users': { permission: 'users.create' },
  'GET /api/private/users/:id': { auth: 'venue' },
  'PATCH /api/private/users/:id': { permission: 'users.edit' },
  'DELETE /api/private/users/:id': { permission: 'users.delete' },
  'PATCH /api/private/users/:id/role': { permission: 'users.edit' },
  'DELETE /api/private/users/invitations/:email': { permission: 'users.delete' },
  'GET /api/private/invitations': { auth: 'signed-in' },
  'POST /api/private/invitations/:venueId/accept': { auth: 'signed-in' },
  'POST /api/private/invitations/:venueId/decline': { auth: 'signed-in' },
  'POST /api/public/invitations/activate': { public: true },
  'GET /api/private/superadmin/venues': { auth: 'superadmin' },
  'POST /api/private/superadmin/venues': { auth: 'superadmin' },
  'PATCH /api/private/superadmin/venues/:id': { auth: 'superadmin' },
  'POST /api/private/superadmin/venues/:id/join': { auth: 'superadmin' },
  'GET /api/private/superadmin/users': { auth: 'superadmin' },
  'POST /api/private/superadmin/users/:id/disable': { auth: 'superadmin' },
  'POST /api/private/superadmin/users/:id/enable': { auth: 'superadmin' },
  'GET /api/private/superadmin/outbox': { auth: 'superadmin' },
  'POST /api/private/kiosks': { permission: 'kiosks.manage' },
  'GET /api/private/kiosks': { permission: 'kiosks.manage' },
  'DELETE /api/private/kiosks/:id': { permission: 'kiosks.manage' },
  'POST /api/kiosk/find': { kiosk: true },
  'POST /api/kiosk/booking/:id/signatures': { kiosk: true },
};

/** Every key for the owner only: managers and staff lack everything. */
const OWNERS_ONLY = buildPermissionsMap(() => ['owner']);
/** The default matrix turned around: managers and staff hold exactly what they lack by default. */
const INVERTED = buildPermissionsMap((key) => {
  const defaults = defaultRolesFor(key);
  return ['owner', ...VENUE_ROLES.filter((role) => role !== 'owner' && !defaults.includes(role))];
});
const SCENARIOS: [string, PermissionsMap][] = [
  ['default matrix', DEFAULT_PERMISSIONS],
  ['owners only', OWNERS_ONLY],
  ['inverted matrix', INVERTED],
];

describeEachDatabase('access guard: sign-in, tenancy and permissions', (t) => {
  let catalog: CatalogRoute[];
  /** demo-axe members who belong to no other venue (owner@demo.test also manages demo-bowl). */
  let axe: Record<VenueRole, Caller & { id: string }>;
  let bowlOwnerId: string;

  beforeAll(async () => {
    catalog = await routeCatalog(t);
    axe = {
      owner: await t.newCaller({ email: 'axe-only-owner@demo.test', memberships: [['demo-axe', 'owner']], venue: 'demo-axe' }),
      manager: Object.assign(await t.as('manager@demo.test', 'demo-axe'), { id: await t.userId('manager@demo.test') }),
      staff: Object.assign(await t.as('staff@demo.test', 'demo-axe'), { id: await t.userId('staff@demo.test') }),
    };
    bowlOwnerId = await t.userId('bowl-owner@demo.test');
  });

  it('every documented route declares the access the design gives it', () => {
    const byKey = Object.fromEntries(catalog.map((route) => [route.key, route.access]));
    for (const [key, access] of Object.entries(DECLARED)) expect(byKey[key], key).toEqual(access);
    // Nothing is public except what is meant to be: health, auth config and public API paths.
    for (const route of catalog.filter((r) => 'public' in r.access)) expect(route.path, route.key).toMatch(/^\/api\/(health|public\/)/);
    // Routes under /api/private are never public.
    for (const route of catalog.filter((r) => r.path.startsWith('/api/private/'))) expect('public' in route.access, route.key).toBe(false);
    // The kiosk credential's routes are exactly those under /api/kiosk/ (issue 39).
    for (const route of catalog) expect(isKioskRoute(route), route.key).toBe(route.path.startsWith('/api/kiosk/'));
  });

  it("a kiosk's token is no session on every other route, and no session reaches a kiosk route", async () => {
    const kioskToken = await kioskTokenOf(t, 'Everywhere else');
    const kioskRoutes = catalog.filter(isKioskRoute);
    expect(kioskRoutes.map((r) => r.key).sort()).toEqual(['POST /api/kiosk/booking/:id/signatures', 'POST /api/kiosk/find']);
    const others = catalog.filter((route) => !('public' in route.access) && !isKioskRoute(route));
    expect(others.length).toBeGreaterThan(100);
    const admin = await t.as('admin@demo.test', 'demo-axe');
    const owner = await t.as('owner@demo.test', 'demo-axe');
    await t.expectNoWrites(async () => {
      for (const route of others) {
        const { url, body } = validRequest(route, { userId: axe.staff.id });
        for (const venue of ['demo-axe', null]) {
          const response = await t.request(route.method, url, { token: kioskToken, venue, body });
          expect(response.statusCode, `${route.key} venue=${venue}`).toBe(401);
          expect(response.json()).toEqual(UNAUTHORIZED);
        }
      }
      for (const route of kioskRoutes) {
        const { url, body } = validRequest(route, { userId: axe.staff.id });
        for (const caller of [admin, owner]) {
          const response = await caller.request(route.method, url, { body });
          expect(response.statusCode, `${route.key} as ${caller.email}`).toBe(401);
          expect(response.json()).toEqual(UNAUTHORIZED);
        }
        // Nor the session cookie, nor the kiosk's token in a cookie or without its scheme.
        const cookie = await t.request(route.method, url, { body, headers: { cookie: `better-auth.session_token=${admin.token}` } });
        expect(cookie.statusCode, route.key).toBe(401);
        const bare = await t.request(route.method, url, { body, headers: { authorization: kioskToken } });
        expect(bare.statusCode, route.key).toBe(401);
      }
    });
  });

  it('every route that is not public answers 401 without a token and with a made-up token', async () => {
    const closed = catalog.filter((route) => !('public' in route.access));
    expect(closed.length).toBeGreaterThanOrEqual(Object.values(DECLARED).filter((a) => !('public' in a)).length);
    await t.expectNoWrites(async () => {
      for (const route of closed) {
        const { url, body } = validRequest(route, { userId: axe.staff.id });
        for (const token of [null, 'made-up-token']) {
          const response = await t.request(route.method, url, { token, venue: 'demo-axe', body });
          expect(response.statusCode, `${route.key} token=${token}`).toBe(401);
          expect(response.json()).toEqual(UNAUTHORIZED);
        }
      }
    });
  });

  describe('tenant isolation', () => {
    it('the seed makes owner@demo.test a manager of demo-bowl, so isolation is tested with members of demo-axe only', async () => {
      const me = await (await t.as('owner@demo.test', 'demo-bowl')).get('/api/private/me');
      expect(me.json()).toMatchObject({ role: 'manager', venue: { id: 'demo-bowl' } });
      for (const role of VENUE_ROLES) {
        const mine = await axe[role].get('/api/private/me');
        expect(mine.json().venues.map((v: { venueId: string }) => v.venueId)).toEqual(['demo-axe']);
      }
    });

    for (const role of VENUE_ROLES) {
      it(`${role} of demo-axe: every venue-aware route answers 404 for X-Venue-Id demo-bowl and for a bogus venue, writing nothing`, async () => {
        const venueAware = catalog.filter(
          (route) => !('public' in route.access) && !('auth' in route.access && route.access.auth === 'superadmin') && !isKioskRoute(route),
        );
        expect(venueAware.length).toBeGreaterThan(10);
        await t.expectNoWrites(async () => {
          for (const route of venueAware) {
            const { url, body } = validRequest(route, { userId: bowlOwnerId });
            for (const venue of ['demo-bowl', 'no-such-venue']) {
              const response = await axe[role].request(route.method, url, { venue, body });
              expect(response.statusCode, `${route.key} in ${venue}`).toBe(404);
              expect(response.json(), `${route.key} in ${venue}`).toEqual(VENUE_NOT_FOUND);
            }
          }
        });
      });

      it(`${role} of demo-axe: ids of demo-bowl users answer like ids that do not exist`, async () => {
        const userRoutes = catalog.filter((route) => route.path.startsWith('/api/private/users/:id'));
        expect(userRoutes.map((r) => r.key).sort()).toEqual([
          'DELETE /api/private/users/:id',
          'GET /api/private/users/:id',
          'PATCH /api/private/users/:id',
          'PATCH /api/private/users/:id/role',
        ]);
        await t.expectNoWrites(async () => {
          for (const route of userRoutes) {
            const foreign = validRequest(route, { userId: bowlOwnerId });
            const missing = validRequest(route, { userId: 'no-such-user' });
            const a = await axe[role].request(route.method, foreign.url, { body: foreign.body });
            const b = await axe[role].request(route.method, missing.url, { body: missing.body });
            expect({ status: a.statusCode, body: a.json() }, route.key).toEqual({ status: b.statusCode, body: b.json() });
            const key = (route.access as { permission?: PermissionKey }).permission;
            const allowed = !key || isAllowed({ isSuperadmin: false, role }, DEFAULT_PERMISSIONS, key);
            expect(a.statusCode, route.key).toBe(allowed ? 404 : 403);
            if (allowed) expect(a.json()).toEqual({ message: 'User not found.', code: 'not_found' });
          }
        });
      });
    }

    it('the users list of a venue never shows another venue’s users', async () => {
      const list = await axe.owner.get('/api/private/users');
      const ids = list.json().items.map((u: { id: string }) => u.id);
      expect(ids).not.toContain(bowlOwnerId);
      expect(ids).toEqual(expect.arrayContaining([axe.owner.id, axe.manager.id, axe.staff.id]));
    });

    it('a venue route without X-Venue-Id answers 400 naming the header, writing nothing', async () => {
      const venueRoutes = catalog.filter(needsVenue);
      expect(venueRoutes.map((r) => r.key)).toEqual(
        expect.arrayContaining(['GET /api/private/venues/current', 'GET /api/private/users', 'PATCH /api/private/users/:id/role']),
      );
      await t.expectNoWrites(async () => {
        for (const route of venueRoutes) {
          const { url, body } = validRequest(route, { userId: axe.staff.id });
          const response = await axe.owner.in(null).request(route.method, url, { body });
          expect(response.statusCode, route.key).toBe(400);
          expect(response.json(), route.key).toEqual(CHOOSE_VENUE);
        }
      });
    });

    it('a blank X-Venue-Id counts as none', async () => {
      const response = await axe.owner.in(null).get('/api/private/venues/current', { headers: { 'x-venue-id': '   ' } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual(CHOOSE_VENUE);
    });

    it('a superadmin may open any venue without being a member', async () => {
      const admin = await t.as('admin@demo.test', 'demo-bowl');
      const venue = await admin.get('/api/private/venues/current');
      expect(venue.statusCode).toBe(200);
      expect(venue.json()).toMatchObject({ id: 'demo-bowl', name: 'Demo Bowl' });
      const me = await admin.get('/api/private/me');
      expect(me.json()).toMatchObject({ isSuperadmin: true, role: null, venue: { id: 'demo-bowl' }, venues: [] });
      expect(me.json().permissions).toEqual(PERMISSION_KEYS);
      expect((await admin.in('no-such-venue').get('/api/private/venues/current')).statusCode).toBe(404);
    });
  });

  it('a disabled account is refused at once with 401 account_disabled, even with a live session', async () => {
    const caller = await t.newCaller({ memberships: [['demo-axe', 'staff']], venue: 'demo-axe' });
    const { id } = caller;
    expect((await caller.get('/api/private/me')).statusCode).toBe(200);
    await t.db.update(user).set({ isDisabled: true }).where(eq(user.id, id));
    const refused = await caller.get('/api/private/me');
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ message: 'This account has been disabled.', code: 'account_disabled' });
    await t.db.update(user).set({ isDisabled: false }).where(eq(user.id, id));
    expect((await caller.get('/api/private/me')).statusCode).toBe(200);
  });

  describe('permission guard on every permission route, for each role', () => {
    for (const [scenario, map] of SCENARIOS) {
      it(`${scenario}: a role lacking the key gets 403 and nothing is written; a role holding it passes the guard`, async () => {
        const venue = await t.addVenue({ permissions: map });
        const guarded = catalog.filter(isPermissionRoute);
        expect(guarded.length).toBeGreaterThanOrEqual(10);
        let denials = 0;
        for (const role of VENUE_ROLES) {
          const caller = venue[role];
          await t.expectNoWrites(async () => {
            for (const route of guarded) {
              const key = route.access.permission as PermissionKey;
              const allowed = isAllowed({ isSuperadmin: false, role }, map, key);
              const { url, body } = validRequest(route, { userId: venue.staff.id });
              const probe = await caller.request(route.method, url, { body, headers: { [PROBE_HEADER]: '1' } });
              expect(probe.statusCode, `${role} ${route.key} (${key})`).toBe(allowed ? PROBE_STATUS : 403);
              if (allowed) continue;
              denials += 1;
              const response = await caller.request(route.method, url, { body });
              expect(response.statusCode, `${role} ${route.key}`).toBe(403);
              expect(response.json()).toEqual({ message: `Your role does not allow ${key}.`, code: 'forbidden' });
            }
          });
        }
        expect(denials).toBeGreaterThan(0);
        // The map is what /me reports, too.
        for (const role of VENUE_ROLES) {
          const me = await venue[role].get('/api/private/me');
          expect(me.json().permissions, role).toEqual(effectivePermissions({ isSuperadmin: false, role }, map));
        }
      });
    }

    it('the profile routes pass for every role without X-Venue-Id, even when the venue map lists nobody', async () => {
      const venue = await t.addVenue({ permissions: OWNERS_ONLY });
      const profileRoutes = catalog.filter(
        (route) => isPermissionRoute(route) && (route.access as { venueOptional?: boolean }).venueOptional,
      );
      expect(profileRoutes.map((r) => r.key).sort()).toEqual([
        'PATCH /api/private/me',
        'POST /api/private/me/email',
        'POST /api/private/me/password',
      ]);
      for (const role of VENUE_ROLES) {
        for (const route of profileRoutes) {
          const probe = await venue[role].in(null).request(route.method, route.path, { body: {}, headers: { [PROBE_HEADER]: '1' } });
          expect(probe.statusCode, `${role} ${route.key}`).toBe(PROBE_STATUS);
        }
      }
    });

    it('a superadmin passes every permission route of a venue whose map lists nobody', async () => {
      const venue = await t.addVenue({ permissions: OWNERS_ONLY });
      const admin = await t.as('admin@demo.test', venue.id);
      for (const route of catalog.filter(isPermissionRoute)) {
        const probe = await admin.request(route.method, fillPath(route.path), { body: {}, headers: { [PROBE_HEADER]: '1' } });
        expect(probe.statusCode, route.key).toBe(PROBE_STATUS);
      }
    });

    it('reads the map from the venue row on every request: a change applies at once', async () => {
      const venue = await t.addVenue();
      const probe = () => venue.staff.request('PATCH', '/api/private/venues/current', { body: {}, headers: { [PROBE_HEADER]: '1' } });
      expect((await probe()).statusCode).toBe(403);
      await t.db
        .update(venues)
        .set({ permissions: buildPermissionsMap((key) => (key === 'venues.edit' ? ['owner', 'staff'] : defaultRolesFor(key))) })
        .where(eq(venues.id, venue.id));
      expect((await probe()).statusCode).toBe(PROBE_STATUS);
    });
  });
});
