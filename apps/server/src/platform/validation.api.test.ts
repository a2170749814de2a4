import { beforeAll, expect, it } from 'vitest';
import { PERMISSION_AREAS } from '@lanebook/core';
import { describeEachDatabase } from '../../test/each-database.js';
import { VENUE_BAD_VALUES, wrongTypeValue } from '../../test/bad-input.js';
import { fillPath, isKioskRoute, kioskCaller, routeCatalog, validRequest, type CatalogRoute } from '../../test/routes.js';
import type { Caller } from '../../test/server.js';

type Case = [field: string, value: unknown];

const ownersOnlyArea = (area: string) =>
  Object.fromEntries((PERMISSION_AREAS as Record<string, readonly string[]>)[area].map((action) => [action, ['owner']]));

/** Values of the right JSON type that the rules refuse, for the routes of the foundation. */
const RULE_CASES: Record<string, Case[]> = {
  'PATCH /api/private/me': [
    ['name', ''],
    ['name', 'x'.repeat(121)],
    ['image', 'javascript:alert(1)'],
    ['phone', '1'.repeat(41)],
  ],
  'PATCH /api/private/users/:id': [
    ['name', '   '],
    ['image', 'data:text/html;base64,PHNjcmlwdD4='],
    ['phone', '1'.repeat(41)],
  ],
  'POST /api/private/me/password': [
    ['currentPassword', ''],
    ['newPassword', 'short'],
    ['newPassword', 'x'.repeat(129)],
  ],
  'POST /api/private/me/email': [
    ['newEmail', 'not-an-email'],
    ['password', ''],
  ],
  'PUT /api/private/onboarding': [
    ['currentStep', 31],
    ['currentStep', -2],
    ['currentStep', 1.5],
  ],
  'POST /api/private/venues': [['id', 'Not A Slug'], ['id', 'ab'], ...VENUE_BAD_VALUES.map(([f, v]): Case => [f, v])],
  'PATCH /api/private/venues/current': VENUE_BAD_VALUES.map(([f, v]): Case => [f, v]),
  'PUT /api/private/venues/current/permissions': Object.keys(PERMISSION_AREAS).flatMap((area): Case[] => {
    const first = (PERMISSION_AREAS as Record<string, readonly string[]>)[area][0];
    return [
      [area, { ...ownersOnlyArea(area), [first]: ['customer'] }],
      [area, { ...ownersOnlyArea(area), inventedAction: ['owner'] }],
    ];
  }),
  'POST /api/private/users': [
    ['email', 'nope'],
    ['role', 'customer'],
  ],
  'PATCH /api/private/users/:id/role': [
    ['role', 'customer'],
    ['role', 'Owner'],
  ],
  'POST /api/private/superadmin/venues': [
    ['id', '-bad-'],
    ['ownerEmail', ''],
    ...VENUE_BAD_VALUES.filter(([f]) => f !== 'ownerEmail').map(([f, v]): Case => [f, v]),
  ],
  'PATCH /api/private/superadmin/venues/:id': [['status', 'active']],
};

describeEachDatabase('bad input: 400 naming the field, nothing written', (t) => {
  let catalog: CatalogRoute[];
  let jsonRoutes: CatalogRoute[];
  let admin: Caller;
  let kiosk: Caller;
  let venue: Awaited<ReturnType<typeof t.addVenue>>;

  beforeAll(async () => {
    catalog = await routeCatalog(t);
    jsonRoutes = catalog.filter((route) => route.bodyFields.length > 0);
    venue = await t.addVenue();
    // A superadmin passes every guard, so each route reaches its validation.
    admin = await t.as('admin@demo.test', venue.id);
    kiosk = await kioskCaller(t);
  });

  /** Kiosk routes take a kiosk's token alone (issue 39); the superadmin reaches every other route's validation. */
  const callerOf = (route: CatalogRoute) => (isKioskRoute(route) ? kiosk : admin);

  /** A body that passes validation, for the routes this suite knows; {} for others. */
  function request(route: CatalogRoute) {
    const params = route.path.startsWith('/api/private/superadmin/venues/') ? { id: venue.id } : { id: venue.staff.id };
    const known: Record<string, unknown> = {
      'POST /api/private/superadmin/venues': {
        id: 'sa-made',
        name: 'Made',
        country: 'US',
        timezone: 'UTC',
        ownerEmail: 'boss@example.test',
      },
      'PATCH /api/private/superadmin/venues/:id': { status: 'live' },
    };
    const base = validRequest(route, { userId: venue.staff.id });
    const body = (known[route.key] ?? base.body ?? {}) as Record<string, unknown>;
    return { url: fillPath(route.path, params), body, knownValid: route.key in known || route.key in RULE_CASES };
  }

  function expectNamed(response: { statusCode: number; json(): unknown }, field: string, where: string) {
    expect(response.statusCode, where).toBe(400);
    const body = response.json() as { message: unknown; code: unknown; details?: { fields?: { path: string; message: string }[] } };
    expect(body.code, where).toBe('validation_failed');
    expect(typeof body.message, where).toBe('string');
    const paths = (body.details?.fields ?? []).map((f) => f.path);
    expect(
      paths.some((p) => p === field || p.startsWith(`${field}.`)),
      `${where}: ${JSON.stringify(body)}`,
    ).toBe(true);
    for (const f of body.details!.fields!) expect(typeof f.message).toBe('string');
    return { body, paths };
  }

  it('the rule cases name routes that exist, and every body field of every route has a bad-input case', () => {
    const keys = new Set(catalog.map((r) => r.key));
    for (const key of Object.keys(RULE_CASES)) expect(keys.has(key), key).toBe(true);
    for (const route of jsonRoutes) {
      for (const field of route.bodyFields) {
        const hasWrongType = wrongTypeValue(route.bodyProperties[field]) !== undefined;
        const hasRule = (RULE_CASES[route.key] ?? []).some(([f]) => f === field);
        expect(hasWrongType || hasRule, `${route.key} ${field}`).toBe(true);
      }
    }
    expect(jsonRoutes.length).toBeGreaterThanOrEqual(Object.keys(RULE_CASES).length);
  });

  // Every route, each checked for writes over the whole database: minutes on a busy machine.
  it('a value of the wrong type in any body field of any route', { timeout: 180_000 }, async () => {
    for (const route of jsonRoutes) {
      const { url, body, knownValid } = request(route);
      await t.expectNoWrites(async () => {
        for (const field of route.bodyFields) {
          const bad = wrongTypeValue(route.bodyProperties[field]);
          if (bad === undefined) continue;
          const response = await callerOf(route).request(route.method, url, { body: { ...body, [field]: bad } });
          const { paths } = expectNamed(response, field, `${route.key} ${field}=${JSON.stringify(bad)}`);
          // With an otherwise valid body, the bad field is the only one named.
          if (knownValid)
            expect(
              paths.every((p) => p === field || p.startsWith(`${field}.`)),
              `${route.key} ${field}: ${paths}`,
            ).toBe(true);
        }
      });
    }
  });

  it('values the rules refuse, in every field of the foundation routes', { timeout: 180_000 }, async () => {
    for (const [key, cases] of Object.entries(RULE_CASES)) {
      const route = catalog.find((r) => r.key === key)!;
      const { url, body } = request(route);
      await t.expectNoWrites(async () => {
        for (const [field, value] of cases) {
          const response = await callerOf(route).request(route.method, url, { body: { ...body, [field]: value } });
          const where = `${key} ${field}=${JSON.stringify(value).slice(0, 40)}`;
          const { body: error, paths } = expectNamed(response, field, where);
          expect(
            paths.every((p) => p === field || p.startsWith(`${field}.`)),
            `${where}: ${paths}`,
          ).toBe(true);
          expect(String(error.message).startsWith(field), where).toBe(true);
        }
      });
    }
  });

  it('an unknown field in any strict body is refused by name', { timeout: 180_000 }, async () => {
    const strict = jsonRoutes.filter((route) => route.strictBody);
    expect(strict.length).toBe(jsonRoutes.length);
    await t.expectNoWrites(async () => {
      for (const route of strict) {
        const { url, body } = request(route);
        const response = await callerOf(route).request(route.method, url, { body: { ...body, venueId: 'demo-bowl' } });
        expectNamed(response, 'venueId', route.key);
      }
    });
  });

  it('a body that is not an object, not JSON, or not a JSON type is refused with the error body', async () => {
    await t.expectNoWrites(async () => {
      for (const route of jsonRoutes) {
        const { url } = request(route);
        for (const payload of [[], 'text', 42]) {
          const json = { 'content-type': 'application/json' };
          const response = await callerOf(route).request(route.method, url, { body: JSON.stringify(payload), headers: json });
          expect(response.statusCode, `${route.key} ${JSON.stringify(payload)}`).toBe(400);
          expect(response.json()).toMatchObject({ code: 'validation_failed', details: { fields: [{ path: 'body' }] } });
        }
        const broken = await callerOf(route).request(route.method, url, {
          body: '{"name": ',
          headers: { 'content-type': 'application/json' },
        });
        expect(broken.statusCode, route.key).toBe(400);
        expect(broken.json()).toEqual({ message: expect.any(String), code: 'bad_request' });
        const plain = await callerOf(route).request(route.method, url, { body: 'name=x', headers: { 'content-type': 'text/plain' } });
        expect(plain.statusCode, route.key).toBe(400);
        expect(plain.json()).toMatchObject({ code: 'validation_failed', details: { fields: [{ path: 'body' }] } });
        const untyped = await callerOf(route).request(route.method, url, { body: 'name=x' });
        expect(untyped.statusCode, route.key).toBe(415);
        expect(untyped.json()).toEqual({ message: expect.any(String), code: 'bad_request' });
      }
    });
  });

  it('a body over 1 MB is refused with 413', async () => {
    const response = await t.expectNoWrites(() => admin.patch('/api/private/me', { name: 'x', phone: 'y'.repeat(1024 * 1024) }));
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'bad_request', message: expect.any(String) });
  });
});
