import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { OutboxMail, SuperadminVenue, Venue } from '@lanebook/core';
import { user, venueInvitations, venueMembers } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { fillPath, routeCatalog, type CatalogRoute } from '../../../test/routes.js';
import { BASE_URL, Caller, DEMO_PASSWORD, resetTokenOf } from '../../../test/server.js';

type List<T> = { items: T[]; total: number };

describeEachDatabase('superadmin', (t) => {
  let admin: Caller;
  let catalog: CatalogRoute[];

  beforeAll(async () => {
    admin = await t.as('admin@demo.test');
    catalog = await routeCatalog(t);
  });

  const newVenue = (id: string, ownerEmail: string) => ({
    id,
    name: `Venue ${id}`,
    country: 'US',
    timezone: 'America/Chicago',
    ownerEmail,
  });

  it('every superadmin route answers 403 to owners, managers and staff, writing nothing', async () => {
    const routes = catalog.filter((route) => 'auth' in route.access && route.access.auth === 'superadmin');
    expect(routes.length).toBe(8);
    const members = await Promise.all(['owner@demo.test', 'manager@demo.test', 'staff@demo.test'].map((e) => t.as(e, 'demo-axe')));
    const targetId = await t.userId('staff@demo.test');
    await t.expectNoWrites(async () => {
      for (const caller of members) {
        for (const route of routes) {
          const url = fillPath(route.path, { id: route.path.includes('/users/') ? targetId : 'demo-axe' });
          const body =
            route.key === 'POST /api/private/superadmin/venues'
              ? newVenue('sneaky', caller.email)
              : route.method === 'PATCH'
                ? { status: 'live' }
                : undefined;
          const response = await caller.request(route.method, url, { body });
          expect(response.statusCode, `${caller.email} ${route.key}`).toBe(403);
          expect(response.json()).toEqual({ message: 'Only a superadmin can do this.', code: 'forbidden' });
        }
      }
    });
  });

  it('lists venues with member counts, filters by status and searches', async () => {
    const all = await admin.get('/api/private/superadmin/venues');
    expect(all.statusCode).toBe(200);
    const list = all.json<List<SuperadminVenue>>();
    const axe = list.items.find((v) => v.id === 'demo-axe');
    expect(axe).toEqual({
      id: 'demo-axe',
      name: 'Demo Axe House',
      status: expect.any(String),
      ownerEmail: 'owner@demo.test',
      timezone: 'America/New_York',
      createdAt: expect.stringMatching(/^\d{4}-/),
      memberCount: 3,
    });
    expect(list.total).toBe(list.items.length);

    const venue = await t.addVenue();
    const live = await admin.patch(`/api/private/superadmin/venues/${venue.id}`, { status: 'live' });
    expect(live.statusCode).toBe(200);
    expect(live.json<Venue>().status).toBe('live');
    for (const status of ['inactive', 'pending', 'live'] as const) {
      const filtered = (await admin.get('/api/private/superadmin/venues', { query: { status } })).json<List<SuperadminVenue>>();
      expect(
        filtered.items.every((v) => v.status === status),
        status,
      ).toBe(true);
      expect(
        filtered.items.some((v) => v.id === venue.id),
        status,
      ).toBe(status === 'live');
    }
    const searched = (await admin.get('/api/private/superadmin/venues', { query: { search: 'BOWL' } })).json<List<SuperadminVenue>>();
    expect(searched.items.map((v) => v.id)).toEqual(['demo-bowl']);
    const bad = await admin.get('/api/private/superadmin/venues', { query: { status: 'active' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toEqual([{ path: 'status', message: 'Status must be inactive, pending or live' }]);
    const missing = await admin.patch('/api/private/superadmin/venues/no-such-venue', { status: 'live' });
    expect(missing.statusCode).toBe(404);
  });

  it('creates a venue for an existing account: the account is invited as owner and owns it once it accepts', async () => {
    const owner = await t.addUser();
    const response = await admin.post('/api/private/superadmin/venues', newVenue('for-existing', owner.email));
    expect(response.statusCode).toBe(201);
    expect(response.json<Venue>()).toMatchObject({ id: 'for-existing', ownerEmail: owner.email });
    // Nobody is a member before accepting: the invitation is the venue's one pending row.
    expect(await t.db.select().from(venueMembers).where(eq(venueMembers.venueId, 'for-existing'))).toEqual([]);
    const invitations = await t.db.select().from(venueInvitations).where(eq(venueInvitations.venueId, 'for-existing'));
    expect(invitations.map((i) => [i.email, i.role, i.invitedBy])).toEqual([[owner.email, 'owner', await t.userId('admin@demo.test')]]);
    const mail = await t.waitForMail(owner.email, 'venue-invitation');
    expect(mail.subject).toBe('You are invited to a venue on Lanebook');
    expect(mail.text).toContain('as owner');
    expect(mail.text).toContain(`${BASE_URL}/invitations`);

    const caller = new Caller(t, await t.sessionToken(owner.id), null, owner.email);
    expect((await caller.get('/api/private/invitations')).json().items.map((i: { venueId: string }) => i.venueId)).toEqual([
      'for-existing',
    ]);
    expect((await caller.post('/api/private/invitations/for-existing/accept')).statusCode).toBe(200);
    const me = (await caller.in('for-existing').get('/api/private/me')).json();
    expect(me.role).toBe('owner');
    const members = await t.db.select().from(venueMembers).where(eq(venueMembers.venueId, 'for-existing'));
    expect(members.map((m) => [m.userId, m.role, m.isTemporary])).toEqual([[owner.id, 'owner', false]]);
  });

  it('creates a venue for an unknown email: an invitation whose link sets a password and makes them the owner', async () => {
    const email = 'brand-new-owner@example.test';
    const response = await admin.post('/api/private/superadmin/venues', newVenue('for-invitee', email));
    expect(response.statusCode).toBe(201);
    const mail = await t.waitForMail(email, 'venue-invitation');
    expect(mail.subject).toBe('You are invited to a venue on Lanebook');
    expect(await t.mails(email)).toHaveLength(1);
    const reset = await t.request('POST', '/api/public/invitations/activate', {
      body: { token: resetTokenOf(mail), newPassword: 'owner-password', invitation: 'for-invitee' },
    });
    expect(reset.statusCode).toBe(200);
    const owner = new Caller(t, await t.signIn(email, 'owner-password'), 'for-invitee', email);
    const me = (await owner.get('/api/private/me')).json();
    expect(me.venues).toEqual([{ venueId: 'for-invitee', venueName: 'Venue for-invitee', role: 'owner', isTemporary: false }]);
  });

  it('a duplicate id is 409, and the account made for an unknown email is not left behind', async () => {
    const email = 'never-created@example.test';
    const response = await t.expectNoWrites(() => admin.post('/api/private/superadmin/venues', newVenue('demo-axe', email)));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: "A venue with ID 'demo-axe' already exists.", code: 'venue_exists' });
    expect(await t.db.select().from(user).where(eq(user.email, email))).toEqual([]);
  });

  it('creating needs an owner email', async () => {
    const { ownerEmail: _omit, ...withoutOwner } = newVenue('no-owner', 'x@y.test');
    const response = await t.expectNoWrites(() => admin.post('/api/private/superadmin/venues', withoutOwner));
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual(['ownerEmail']);
  });

  it('joins a venue temporarily and leaves it again', async () => {
    const venue = await t.addVenue();
    const join = await admin.post(`/api/private/superadmin/venues/${venue.id}/join`);
    expect(join.statusCode).toBe(204);
    const me = (await admin.in(venue.id).get('/api/private/me')).json();
    expect(me.venues).toEqual([{ venueId: venue.id, venueName: `Venue ${venue.id}`, role: 'owner', isTemporary: true }]);
    // The venue's users and the superadmin list do not count the visitor.
    const users = (await venue.owner.get('/api/private/users')).json();
    expect(users.total).toBe(3);
    const listed = (await admin.get('/api/private/superadmin/venues')).json<List<SuperadminVenue>>().items.find((v) => v.id === venue.id);
    expect(listed?.memberCount).toBe(3);
    // Joining twice is harmless.
    expect((await admin.post(`/api/private/superadmin/venues/${venue.id}/join`)).statusCode).toBe(204);

    const leave = await admin.in(venue.id).delete('/api/private/venues/current/membership');
    expect(leave.statusCode).toBe(204);
    expect((await admin.get('/api/private/me')).json().venues).toEqual([]);
    const again = await admin.in(venue.id).delete('/api/private/venues/current/membership');
    expect(again.statusCode).toBe(404);
    expect((await admin.post('/api/private/superadmin/venues/no-such-venue/join')).statusCode).toBe(404);
  });

  it('disables an account: its token answers 401 at once and it cannot sign in; enabling restores sign-in', async () => {
    const victim = await t.newCaller({ memberships: [['demo-axe', 'staff']], venue: 'demo-axe' });
    const target = { id: victim.id, email: victim.email };
    expect((await victim.get('/api/private/me')).statusCode).toBe(200);

    const disable = await admin.post(`/api/private/superadmin/users/${target.id}/disable`);
    expect(disable.statusCode).toBe(204);
    const refused = await victim.get('/api/private/me');
    expect(refused.statusCode).toBe(401);
    const signIn = await t.signInRequest(target.email, DEMO_PASSWORD);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ message: 'This account has been disabled. Ask your venue owner or Lanebook support.' });
    expect(signIn.headers['set-auth-token']).toBeUndefined();
    const listed = (await admin.get('/api/private/superadmin/users', { query: { search: target.email } })).json();
    expect(listed.items).toEqual([expect.objectContaining({ id: target.id, isDisabled: true })]);

    const enable = await admin.post(`/api/private/superadmin/users/${target.id}/enable`);
    expect(enable.statusCode).toBe(204);
    expect((await t.signInRequest(target.email, DEMO_PASSWORD)).statusCode).toBe(200);
    // The old token stays dead: disabling ended that session.
    expect((await victim.get('/api/private/me')).statusCode).toBe(401);
  });

  it('cannot disable itself, nor an unknown account', async () => {
    const selfId = await t.userId('admin@demo.test');
    const self = await t.expectNoWrites(() => admin.post(`/api/private/superadmin/users/${selfId}/disable`));
    expect(self.statusCode).toBe(400);
    expect(self.json()).toEqual({
      message: 'You cannot disable your own account.',
      code: 'bad_request',
      details: { fields: [{ path: 'id', message: 'You cannot disable your own account.' }] },
    });
    for (const action of ['disable', 'enable']) {
      const missing = await admin.post(`/api/private/superadmin/users/no-such-user/${action}`);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'User not found.', code: 'not_found' });
    }
  });

  it('lists users by email with paging and search', async () => {
    const page = (await admin.get('/api/private/superadmin/users', { query: { limit: '2', offset: '0' } })).json();
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThanOrEqual(5);
    const emails = (await admin.get('/api/private/superadmin/users', { query: { limit: '200' } }))
      .json()
      .items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect(page.items.map((u: { email: string }) => u.email)).toEqual(emails.slice(0, 2));
    const found = (await admin.get('/api/private/superadmin/users', { query: { search: 'Bella' } })).json();
    expect(found.items).toEqual([
      {
        id: await t.userId('bowl-owner@demo.test'),
        email: 'bowl-owner@demo.test',
        name: 'Bella Bowl',
        isSuperadmin: false,
        isDisabled: false,
        createdAt: expect.any(String),
      },
    ]);
    expect(found.total).toBe(1);
    for (const query of [{ limit: '0' }, { limit: '201' }, { offset: '-1' }, { limit: 'many' }] as Record<string, string>[]) {
      const response = await admin.get('/api/private/superadmin/users', { query });
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json().details.fields[0].path).toBe(Object.keys(query)[0]);
    }
  });

  it('lists the mail outbox newest first', async () => {
    const { email } = await t.addUser();
    await t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
    await t.waitForMail(email, 'password-reset');
    const response = await admin.get('/api/private/superadmin/outbox', { query: { limit: '1' } });
    expect(response.statusCode).toBe(200);
    const outbox = response.json<List<OutboxMail>>();
    expect(outbox.total).toBe((await t.mails()).length);
    expect(outbox.items).toEqual([
      {
        id: expect.any(String),
        to: [email],
        subject: 'Reset your Lanebook password',
        text: expect.stringContaining('/api/auth/reset-password/'),
        html: null,
        status: 'stored',
        error: null,
        createdAt: expect.stringMatching(/^\d{4}-/),
      },
    ]);
  });
});
