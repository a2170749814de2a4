import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildPermissionsMap, DEFAULT_PERMISSIONS, defaultRolesFor, rolesAllowed } from '@lanebook/core';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, Caller, PROBE_HEADER, PROBE_STATUS, resetTokenOf, startSecondProcess, TestServer } from '../../test/server.js';

/**
 * Revocation through the access step's cache: every change below applies to the very next
 * request in the same process. Each test first asks twice, so the answer is cached.
 */
async function warm(caller: Caller, url = '/api/private/me') {
  for (let i = 0; i < 2; i += 1) expect((await caller.get(url)).statusCode).toBe(200);
}

/** The guard's verdict without running the handler (the test server's probe). */
async function guard(caller: Caller, method: 'POST' | 'GET', url: string) {
  return (await caller.request(method, url, { headers: { [PROBE_HEADER]: '1' } })).statusCode;
}

// A key managers hold and staff do not, by default.
const MANAGER_ONLY = 'taxes.create' as const;

describeEachDatabase('revocation: what the access step cached ends on the next request', (t) => {
  it('disabling an account', async () => {
    const caller = await t.newCaller();
    const admin = await t.as('admin@demo.test');
    await warm(caller);
    expect((await admin.post(`/api/private/superadmin/users/${caller.id}/disable`)).statusCode).toBe(204);
    expect((await caller.get('/api/private/me')).statusCode).toBe(401);
  });

  it('signing out', async () => {
    const caller = await t.newCaller();
    await warm(caller);
    const out = await t.request('POST', '/api/auth/sign-out', { token: caller.token, headers: { origin: BASE_URL } });
    expect(out.statusCode).toBe(200);
    expect((await caller.get('/api/private/me')).statusCode).toBe(401);
  });

  it('changing the password ends the other sessions, not this one', async () => {
    const { id, email } = await t.addUser();
    const here = await t.signIn(email);
    const elsewhere = await t.sessionToken(id);
    for (const token of [here, elsewhere]) {
      for (let i = 0; i < 2; i += 1) expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(200);
    }
    const changed = await t.request('POST', '/api/private/me/password', {
      token: here,
      body: { currentPassword: 'demo-password', newPassword: 'another-password-1' },
    });
    expect(changed.statusCode).toBe(204);
    expect((await t.request('GET', '/api/private/me', { token: elsewhere })).statusCode).toBe(401);
    expect((await t.request('GET', '/api/private/me', { token: here })).statusCode).toBe(200);
  });

  it('resetting the password ends every session', async () => {
    const { id, email } = await t.addUser();
    const token = await t.sessionToken(id);
    for (let i = 0; i < 2; i += 1) expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(200);
    const before = await t.mails(email);
    await t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
    const resetToken = resetTokenOf(await t.waitForMail(email, 'password-reset', before));
    const reset = await t.request('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: 'reset-password-1' } });
    expect(reset.statusCode).toBe(200);
    expect((await t.request('GET', '/api/private/me', { token })).statusCode).toBe(401);
  });

  it('removing a member from a venue', async () => {
    const venue = await t.addVenue();
    await warm(venue.staff, '/api/private/venues/current');
    expect((await venue.owner.delete(`/api/private/users/${venue.staff.id}`)).statusCode).toBe(204);
    expect((await venue.staff.get('/api/private/venues/current')).statusCode).toBe(404);
    const me = (await venue.staff.in(null).get('/api/private/me')).json();
    expect(me.venues).toEqual([]);
  });

  it("changing a member's role", async () => {
    expect(defaultRolesFor(MANAGER_ONLY)).toContain('manager');
    expect(defaultRolesFor(MANAGER_ONLY)).not.toContain('staff');
    const venue = await t.addVenue();
    await warm(venue.manager, '/api/private/venues/current');
    expect(await guard(venue.manager, 'POST', '/api/private/taxes')).toBe(PROBE_STATUS);
    const changed = await venue.owner.patch(`/api/private/users/${venue.manager.id}/role`, { role: 'staff' });
    expect(changed.statusCode).toBe(200);
    expect(await guard(venue.manager, 'POST', '/api/private/taxes')).toBe(403);
    expect((await venue.manager.get('/api/private/me')).json().role).toBe('staff');
  });

  it("changing the venue's permissions map", async () => {
    const venue = await t.addVenue();
    expect(rolesAllowed(DEFAULT_PERMISSIONS, 'bookings.create')).toContain('staff');
    await warm(venue.staff, '/api/private/venues/current');
    expect(await guard(venue.staff, 'POST', '/api/private/taxes')).toBe(403);
    const map = buildPermissionsMap((key) => (key === MANAGER_ONLY ? ['owner', 'manager', 'staff'] : defaultRolesFor(key)));
    expect((await venue.owner.put('/api/private/venues/current/permissions', map)).statusCode).toBe(200);
    expect(await guard(venue.staff, 'POST', '/api/private/taxes')).toBe(PROBE_STATUS);
    expect((await venue.staff.get('/api/private/me')).json().permissions).toContain(MANAGER_ONLY);
  });

  it('a superadmin leaving a temporary membership', async () => {
    const venue = await t.addVenue();
    const admin = await t.as('admin@demo.test');
    expect((await admin.post(`/api/private/superadmin/venues/${venue.id}/join`)).statusCode).toBe(204);
    await warm(admin);
    expect((await admin.get('/api/private/me')).json().venues.map((v: { venueId: string }) => v.venueId)).toContain(venue.id);
    expect((await admin.in(venue.id).delete('/api/private/venues/current/membership')).statusCode).toBe(204);
    expect((await admin.get('/api/private/me')).json().venues.map((v: { venueId: string }) => v.venueId)).not.toContain(venue.id);
  });

  it("a venue's settings and status", async () => {
    const venue = await t.addVenue();
    const admin = await t.as('admin@demo.test');
    await warm(venue.staff);
    expect((await venue.owner.patch('/api/private/venues/current', { name: 'Renamed Lanes' })).statusCode).toBe(200);
    const me = (await venue.staff.get('/api/private/me')).json();
    expect(me.venue.name).toBe('Renamed Lanes');
    expect(me.venues).toEqual([{ venueId: venue.id, venueName: 'Renamed Lanes', role: 'staff', isTemporary: false }]);
    expect((await admin.patch(`/api/private/superadmin/venues/${venue.id}`, { status: 'live' })).statusCode).toBe(200);
    expect((await venue.staff.get('/api/private/me')).json().venue.status).toBe('live');
  });

  it('the profile a user changes shows on the next request, and in the answer', async () => {
    const caller = await t.newCaller();
    await warm(caller);
    const patched = await caller.patch('/api/private/me', { name: 'New Name', phone: '+15550001111' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().user).toMatchObject({ name: 'New Name', phone: '+15550001111' });
    expect((await caller.get('/api/private/me')).json().user).toMatchObject({ name: 'New Name', phone: '+15550001111' });
  });
});

/** Two server processes on one PostgreSQL: a change through one reaches the other's caches within a second. */
describe('revocation across server processes [postgres]', () => {
  const postgres = inject('postgres');
  if (!postgres.available && !postgres.required) return;
  const t = new TestServer('postgres');
  let other: Awaited<ReturnType<typeof startSecondProcess>>;
  let otherUrl = '';

  beforeAll(async () => {
    await t.start();
    other = await startSecondProcess(t);
    otherUrl = other.url;
  }, 60_000);

  afterAll(async () => {
    await other?.stop();
    await t.stop();
  }, 60_000);

  async function fromOther(caller: Caller, method: 'GET' | 'POST', url: string) {
    const headers: Record<string, string> = { authorization: `Bearer ${caller.token}`, 'content-type': 'application/json' };
    if (caller.venue) headers['x-venue-id'] = caller.venue;
    const response = await fetch(`${otherUrl}${url}`, { method, headers, body: method === 'POST' ? '{}' : undefined });
    await response.arrayBuffer();
    return response.status;
  }

  /** Milliseconds until the other process answers `status`; fails after 5 s. */
  async function untilOtherAnswers(status: number, ask: () => Promise<number>) {
    const started = performance.now();
    while (performance.now() - started < 5000) {
      if ((await ask()) === status) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error(`the other process never answered ${status}`);
  }

  it('a user disabled through process A is refused by process B within a second', async () => {
    const caller = await t.newCaller();
    const admin = await t.as('admin@demo.test');
    for (let i = 0; i < 3; i += 1) expect(await fromOther(caller, 'GET', '/api/private/me')).toBe(200);
    expect((await admin.post(`/api/private/superadmin/users/${caller.id}/disable`)).statusCode).toBe(204);
    expect(await untilOtherAnswers(401, () => fromOther(caller, 'GET', '/api/private/me'))).toBeLessThan(1000);
  });

  it('a role changed through process A is refused by process B within a second', async () => {
    const venue = await t.addVenue();
    // A manager may create a tax: B answers the empty body with a 400, not a 403.
    for (let i = 0; i < 3; i += 1) expect(await fromOther(venue.manager, 'POST', '/api/private/taxes')).toBe(400);
    expect((await venue.owner.patch(`/api/private/users/${venue.manager.id}/role`, { role: 'staff' })).statusCode).toBe(200);
    expect(await untilOtherAnswers(403, () => fromOther(venue.manager, 'POST', '/api/private/taxes'))).toBeLessThan(1000);
  });

  it('a waiver kiosk revoked through process A is refused by process B on its very next request', async () => {
    const venue = await t.addVenue();
    const created = await venue.manager.post('/api/private/kiosks', { name: 'Door' });
    expect(created.statusCode, created.body).toBe(201);
    const kiosk = new Caller(t, created.json<{ token: string }>().token, null, 'kiosk');
    // The kiosk passes B's guard: B answers the empty body with a 400, not a 401.
    for (let i = 0; i < 3; i += 1) expect(await fromOther(kiosk, 'POST', '/api/kiosk/find')).toBe(400);
    expect((await venue.manager.delete(`/api/private/kiosks/${created.json<{ id: string }>().id}`)).statusCode).toBe(204);
    // Read on every kiosk request (issue 39): no notice to wait for.
    expect(await fromOther(kiosk, 'POST', '/api/kiosk/find')).toBe(401);
  });

  it("a lane added through process A is in process B's cached list within a second", async () => {
    const venue = await t.addVenue();
    const laneCount = async () => {
      const response = await fetch(`${otherUrl}/api/private/resources`, {
        headers: { authorization: `Bearer ${venue.owner.token}`, 'x-venue-id': venue.id },
      });
      return ((await response.json()) as { total: number }).total;
    };
    for (let i = 0; i < 3; i += 1) expect(await laneCount()).toBe(0);
    expect((await venue.owner.post('/api/private/resources', { id: 'Lane 1', capacity: 4 })).statusCode).toBe(201);
    expect(await untilOtherAnswers(1, laneCount)).toBeLessThan(1000);
  });
});
