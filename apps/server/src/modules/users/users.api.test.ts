import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, effectivePermissions, type VenueUser } from '@lanebook/core';
import { user, venueMembers } from '../../db/schema/index.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { BASE_URL, Caller, DEMO_PASSWORD, resetTokenOf } from '../../../test/server.js';

type List = { items: VenueUser[]; total: number };

describeEachDatabase('venue users', (t) => {
  const names = (list: List) => list.items.map((u) => u.name);

  /** A venue whose members joined one after the other, a second apart, with names that sort differently. */
  async function venueWithHistory() {
    const venue = await t.addVenue();
    const people: [Caller & { id: string }, string, number][] = [
      [venue.owner, 'bob Owner', 3],
      [venue.manager, 'Alice Manager', 2],
      [venue.staff, 'Carol Staff', 1],
    ];
    for (const [member, name, minutesAgo] of people) {
      await t.db.update(user).set({ name }).where(eq(user.id, member.id));
      await t.db
        .update(venueMembers)
        .set({ createdAt: new Date(Date.now() - minutesAgo * 60_000) })
        .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, member.id)));
    }
    return venue;
  }

  it('lists the venue users with their roles, sorted a to z by default', async () => {
    const venue = await venueWithHistory();
    const response = await venue.staff.get('/api/private/users');
    expect(response.statusCode).toBe(200);
    const list = response.json<List>();
    expect(list.total).toBe(3);
    expect(names(list)).toEqual(['Alice Manager', 'bob Owner', 'Carol Staff']);
    expect(list.items.map((u) => u.role)).toEqual(['manager', 'owner', 'staff']);
    expect(list.items[0]).toEqual({
      id: venue.manager.id,
      email: venue.manager.email,
      name: 'Alice Manager',
      image: null,
      phone: '',
      role: 'manager',
      isDisabled: false,
      hasPassword: true,
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('sorts az, za (case-insensitive), new and old (by joining)', async () => {
    const venue = await venueWithHistory();
    const sorted = async (sort: string) => names((await venue.owner.get('/api/private/users', { query: { sort } })).json<List>());
    expect(await sorted('az')).toEqual(['Alice Manager', 'bob Owner', 'Carol Staff']);
    expect(await sorted('za')).toEqual(['Carol Staff', 'bob Owner', 'Alice Manager']);
    expect(await sorted('new')).toEqual(['Carol Staff', 'Alice Manager', 'bob Owner']);
    expect(await sorted('old')).toEqual(['bob Owner', 'Alice Manager', 'Carol Staff']);
  });

  it('filters by role and searches name and email', async () => {
    const venue = await venueWithHistory();
    for (const role of ['owner', 'manager', 'staff'] as const) {
      const list = (await venue.owner.get('/api/private/users', { query: { role } })).json<List>();
      expect(list.total, role).toBe(1);
      expect(list.items[0].id).toBe(venue[role].id);
      expect(list.items[0].role).toBe(role);
    }
    const byName = (await venue.owner.get('/api/private/users', { query: { search: 'alice' } })).json<List>();
    expect(names(byName)).toEqual(['Alice Manager']);
    const byEmail = (await venue.owner.get('/api/private/users', { query: { search: `staff-${venue.id}` } })).json<List>();
    expect(names(byEmail)).toEqual(['Carol Staff']);
    const none = (await venue.owner.get('/api/private/users', { query: { search: 'nobody-matches' } })).json<List>();
    expect(none).toEqual({ items: [], total: 0 });
  });

  it('rejects an unknown role or sort in the query', async () => {
    const venue = await t.addVenue();
    for (const [query, path] of [
      [{ role: 'customer' }, 'role'],
      [{ sort: 'random' }, 'sort'],
    ] as const) {
      const response = await venue.owner.get('/api/private/users', { query });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual([path]);
    }
  });

  it('gets one user of the venue; an unknown id is 404', async () => {
    const venue = await t.addVenue();
    const one = await venue.staff.get(`/api/private/users/${venue.owner.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: venue.owner.id, email: venue.owner.email, role: 'owner', hasPassword: true });
    const missing = await venue.staff.get('/api/private/users/no-such-id');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.', code: 'not_found' });
  });

  it('adds an existing account to the venue and tells them by mail; a second add is 409', async () => {
    const venue = await t.addVenue();
    const existing = await t.addUser();
    const before = await t.mails(existing.email);
    const response = await venue.manager.post('/api/private/users', { email: existing.email.toUpperCase(), role: 'staff' });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      invited: false,
      user: { id: existing.id, email: existing.email, role: 'staff', hasPassword: true },
    });
    const mail = await t.waitForMail(existing.email, 'venue-access', before);
    expect(mail.subject).toBe(`You now have access to Venue ${venue.id} on Lanebook`);
    expect(mail.text).toContain(`as staff`);
    expect(mail.text).toContain(`${BASE_URL}/login`);

    const again = await t.expectNoWrites(() => venue.manager.post('/api/private/users', { email: existing.email, role: 'manager' }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: `${existing.email} is already a user of this venue.`, code: 'already_member' });
  });

  it('invites an unknown email: invitation mail with a link; the invitee sets a password, signs in and sees the venue', async () => {
    const venue = await t.addVenue();
    const email = `invitee-${venue.id}@example.test`;
    const response = await venue.owner.post('/api/private/users', { email, role: 'manager' });
    expect(response.statusCode).toBe(201);
    const body = response.json<{ user: VenueUser; invited: boolean }>();
    expect(body.invited).toBe(true);
    expect(body.user).toMatchObject({ email, role: 'manager', hasPassword: false, name: `invitee-${venue.id}` });

    const mail = await t.waitForMail(email, 'invitation');
    expect(mail.subject).toBe('You have been invited to Lanebook');
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain(`${BASE_URL}/api/auth/reset-password/`);
    expect(mail.text).toContain(`callbackURL=${encodeURIComponent(`${BASE_URL}/reset-password`)}`);
    // No password yet: sign-in fails until one is set.
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);

    const set = await t.request('POST', '/api/auth/reset-password', {
      body: { token: resetTokenOf(mail), newPassword: 'invitee-password' },
    });
    expect(set.statusCode).toBe(200);
    const invitee = new Caller(t, await t.signIn(email, 'invitee-password'), venue.id, email);
    const me = await invitee.get('/api/private/me');
    expect(me.json()).toMatchObject({ role: 'manager', venue: { id: venue.id } });
    expect(me.json().venues).toEqual([{ venueId: venue.id, venueName: `Venue ${venue.id}`, role: 'manager', isTemporary: false }]);
    expect(me.json().permissions).toEqual(effectivePermissions({ isSuperadmin: false, role: 'manager' }, DEFAULT_PERMISSIONS));
    expect((await venue.owner.get(`/api/private/users/${body.user.id}`)).json().hasPassword).toBe(true);
  });

  it('changes a role; the new role applies to the member at once', async () => {
    const venue = await t.addVenue();
    const response = await venue.owner.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'manager' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: venue.staff.id, role: 'manager' });
    const me = (await venue.staff.get('/api/private/me')).json();
    expect(me.role).toBe('manager');
    expect(me.permissions).toContain('users.create');
    // A manager may demote a manager to staff.
    const demoted = await venue.manager.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'staff' });
    expect(demoted.statusCode).toBe(200);
    expect((await venue.staff.get('/api/private/me')).json().role).toBe('staff');
  });

  it('removes a member: 204, gone from the venue, the account stays', async () => {
    const venue = await t.addVenue();
    const response = await venue.manager.delete(`/api/private/users/${venue.staff.id}`);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await venue.owner.get(`/api/private/users/${venue.staff.id}`)).statusCode).toBe(404);
    expect((await venue.staff.get('/api/private/venues/current')).statusCode).toBe(404);
    const [account] = await t.db.select().from(user).where(eq(user.id, venue.staff.id));
    expect(account.email).toBe(venue.staff.email);
    // Removing again: not a member any more.
    expect((await venue.manager.delete(`/api/private/users/${venue.staff.id}`)).statusCode).toBe(404);
  });

  it('keeps at least one owner: the last owner can be neither demoted nor removed', async () => {
    const venue = await t.addVenue();
    const demote = await t.expectNoWrites(() => venue.owner.patch(`/api/private/users/${venue.owner.id}/role`, { role: 'manager' }));
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({ message: 'A venue needs at least one owner: make someone else owner first.', code: 'last_owner' });
    const remove = await t.expectNoWrites(() => venue.owner.delete(`/api/private/users/${venue.owner.id}`));
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toEqual({ message: 'A venue needs at least one owner: the last owner cannot be removed.', code: 'last_owner' });

    // With a second owner, the first may step down.
    expect((await venue.owner.patch(`/api/private/users/${venue.manager.id}/role`, { role: 'owner' })).statusCode).toBe(200);
    const stepDown = await venue.owner.patch(`/api/private/users/${venue.owner.id}/role`, { role: 'staff' });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().role).toBe('staff');
  });

  it('a superadmin looking in does not count as an owner', async () => {
    const venue = await t.addVenue();
    const admin = await t.as('admin@demo.test');
    expect((await admin.post(`/api/private/superadmin/venues/${venue.id}/join`)).statusCode).toBe(204);
    const remove = await venue.owner.delete(`/api/private/users/${venue.owner.id}`);
    expect(remove.statusCode).toBe(409);
    const list = (await venue.owner.get('/api/private/users')).json<List>();
    expect(list.items.map((u) => u.email)).not.toContain('admin@demo.test');
  });

  it('a manager cannot add, promote to, change, edit or remove an owner', async () => {
    const venue = await t.addVenue();
    const onlyOwners = 'Only an owner can add, change or remove an owner.';
    const attempts = [
      () => venue.manager.post('/api/private/users', { email: `boss-${venue.id}@example.test`, role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.manager.id}/role`, { role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.owner.id}/role`, { role: 'staff' }),
      () => venue.manager.patch(`/api/private/users/${venue.owner.id}`, { name: 'Not the owner any more' }),
      () => venue.manager.delete(`/api/private/users/${venue.owner.id}`),
    ];
    await t.expectNoWrites(async () => {
      for (const attempt of attempts) {
        const response = await attempt();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: onlyOwners, code: 'forbidden' });
      }
    });
    // An owner may do each of these.
    expect((await venue.owner.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'owner' })).statusCode).toBe(200);
  });

  it('edits profile fields of a member; an empty image clears it', async () => {
    const venue = await t.addVenue();
    const url = `/api/private/users/${venue.staff.id}`;
    const response = await venue.manager.patch(url, { name: '  Sam Renamed ', phone: '+1 555 0100', image: 'https://cdn.example/a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Sam Renamed', phone: '+1 555 0100', image: 'https://cdn.example/a.png', role: 'staff' });
    expect((await venue.owner.get(url)).json()).toMatchObject({ name: 'Sam Renamed', phone: '+1 555 0100' });
    const cleared = await venue.manager.patch(url, { image: '' });
    expect(cleared.json().image).toBeNull();
    // An owner edits their own profile through this route too, and a manager edits their own.
    expect((await venue.owner.patch(`/api/private/users/${venue.owner.id}`, { name: 'Owner Self' })).json().name).toBe('Owner Self');
    expect((await venue.manager.patch(`/api/private/users/${venue.manager.id}`, { name: 'Manager Self' })).json().name).toBe(
      'Manager Self',
    );
  });

  it('refuses to change the email, role or flags through the profile route', async () => {
    const venue = await t.addVenue();
    await t.expectNoWrites(async () => {
      for (const field of ['email', 'role', 'isSuperadmin', 'isDisabled']) {
        const response = await venue.owner.patch(`/api/private/users/${venue.staff.id}`, {
          [field]: field === 'email' ? 'x@y.test' : true,
        });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().code).toBe('validation_failed');
      }
    });
  });
});
