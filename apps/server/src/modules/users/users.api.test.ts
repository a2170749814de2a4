import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS, effectivePermissions, type VenueUserRow } from '@lanebook/core';
import { user, venueMembers } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { BASE_URL, Caller, DEMO_PASSWORD, resetTokenOf } from '../../../test/server.js';

type List = { items: VenueUserRow[]; total: number };

const PROFILE_IS_THEIRS = "A person's name, phone and picture are their own: only they (or Lanebook support) can change them.";

describeEachDatabase('venue users', (t) => {
  const names = (list: List) => list.items.map((u) => (u.status === 'member' ? u.name : u.email));

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
    // Only what a venue needs: no phone, no sign-in state (password, disabled) of the person.
    expect(list.items[0]).toEqual({
      status: 'member',
      id: venue.manager.id,
      userId: venue.manager.id,
      venueId: venue.id,
      email: venue.manager.email,
      name: 'Alice Manager',
      image: null,
      role: 'manager',
      joinedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('never shows the venue a person’s phone, password state or disabled flag', async () => {
    const venue = await t.addVenue();
    await t.db.update(user).set({ phone: '+1 555 0199', isDisabled: false }).where(eq(user.id, venue.staff.id));
    const list = (await venue.owner.get('/api/private/users')).json<List>();
    const one = (await venue.owner.get(`/api/private/users/${venue.staff.id}`)).json();
    for (const shown of [...list.items, one]) {
      for (const field of ['phone', 'hasPassword', 'isDisabled']) expect(shown, field).not.toHaveProperty(field);
    }
    expect(JSON.stringify(list)).not.toContain('555 0199');
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
      expect(list.items[0]).toMatchObject({ status: 'member', id: venue[role].id });
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
    expect(one.json()).toEqual({
      status: 'member',
      id: venue.owner.id,
      userId: venue.owner.id,
      venueId: venue.id,
      email: venue.owner.email,
      name: `owner-${venue.id}`,
      image: null,
      role: 'owner',
      joinedAt: expect.any(String),
    });
    const missing = await venue.staff.get('/api/private/users/no-such-id');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'User not found.', code: 'not_found' });
  });

  it('inviting an existing account and an unknown email give the same answer, and nobody joins before accepting', async () => {
    const venue = await t.addVenue();
    const existing = await t.addUser();
    const unknown = `nobody-${venue.id}@example.test`;
    const before = await t.snapshot();
    const a = await venue.manager.post('/api/private/users', { email: existing.email.toUpperCase(), role: 'staff' });
    const b = await venue.manager.post('/api/private/users', { email: unknown, role: 'staff' });
    const shape = (response: typeof a, email: string) => ({
      status: response.statusCode,
      body: response.json(),
      keys: Object.keys(response.json()).sort(),
      invitationKeys: Object.keys(response.json().invitation).sort(),
      email,
    });
    expect(shape(a, existing.email)).toEqual({
      status: 201,
      body: {
        invitation: {
          status: 'invited',
          email: existing.email,
          role: 'staff',
          invitedAt: expect.stringMatching(/^\d{4}-/),
          expiresAt: expect.stringMatching(/^\d{4}-/),
        },
      },
      keys: ['invitation'],
      invitationKeys: ['email', 'expiresAt', 'invitedAt', 'role', 'status'],
      email: existing.email,
    });
    // The same answer but for the email and the moment: nothing tells whether the email has an account.
    const same = (response: typeof a, email: string) =>
      JSON.parse(response.body.replaceAll(email, '<email>').replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, '<date>')) as unknown;
    expect(b.statusCode).toBe(a.statusCode);
    expect(same(b, unknown)).toEqual(same(a, existing.email));
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    // 14 days to accept.
    const { invitedAt, expiresAt } = a.json().invitation;
    expect(new Date(expiresAt).getTime() - new Date(invitedAt).getTime()).toBe(14 * 24 * 3600 * 1000);

    // Nobody is a member yet; the existing account is untouched.
    const after = await t.snapshot();
    expect(after.venueMembers).toEqual(before.venueMembers);
    expect(after.account).toEqual(before.account);
    expect((await venue.owner.get(`/api/private/users/${existing.id}`)).statusCode).toBe(404);
    const member = new Caller(t, await t.sessionToken(existing.id), venue.id, existing.email);
    expect((await member.get('/api/private/venues/current')).statusCode).toBe(404);

    // The same kind of mail to both.
    const mailA = await t.waitForMail(existing.email, 'venue-invitation');
    const mailB = await t.waitForMail(unknown, 'venue-invitation');
    expect(mailA.subject).toBe('You are invited to a venue on Lanebook');
    expect(mailB.subject).toBe(mailA.subject);
    expect(mailA.text).toContain(`“Venue ${venue.id.replace('.', '[.]')}”`);
    expect(mailA.text).toContain('as staff');
    expect(mailA.text).toContain(`${BASE_URL}/invitations`);
    // An account with a password signs in to accept; only a new email gets a link that sets one.
    expect(mailA.text).not.toContain('/api/auth/reset-password/');
    expect(mailB.text).toContain(`${BASE_URL}/api/auth/reset-password/`);
  });

  it('lists pending invitations after the members; inviting a member again is 409, re-inviting renews', async () => {
    const venue = await t.addVenue();
    const email = `pending-${venue.id}@example.test`;
    expect((await venue.owner.post('/api/private/users', { email, role: 'staff' })).statusCode).toBe(201);
    const list = (await venue.staff.get('/api/private/users')).json<List>();
    expect(list.total).toBe(4);
    expect(list.items.map((u) => u.status)).toEqual(['member', 'member', 'member', 'invited']);
    expect(list.items[3]).toEqual({
      status: 'invited',
      email,
      role: 'staff',
      invitedAt: expect.any(String),
      expiresAt: expect.any(String),
    });
    expect((await venue.owner.get('/api/private/users', { query: { role: 'manager' } })).json<List>().total).toBe(1);
    expect((await venue.owner.get('/api/private/users', { query: { search: 'pending-' } })).json<List>().items).toEqual([list.items[3]]);

    const again = await venue.owner.post('/api/private/users', { email, role: 'manager' });
    expect(again.statusCode).toBe(201);
    expect(again.json().invitation.role).toBe('manager');
    expect((await venue.owner.get('/api/private/users')).json<List>().total).toBe(4);

    const member = await t.expectNoWrites(() => venue.manager.post('/api/private/users', { email: venue.staff.email, role: 'manager' }));
    expect(member.statusCode).toBe(409);
    expect(member.json()).toEqual({ message: `${venue.staff.email} is already a user of this venue.`, code: 'already_member' });
  });

  it('withdraws a pending invitation: it is gone and cannot be accepted; a manager cannot withdraw an owner’s', async () => {
    const venue = await t.addVenue();
    const invitee = await t.newCaller();
    expect((await venue.owner.post('/api/private/users', { email: invitee.email, role: 'owner' })).statusCode).toBe(201);
    const path = `/api/private/users/invitations/${encodeURIComponent(invitee.email)}`;
    const refused = await t.expectNoWrites(() => venue.manager.delete(path));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'Only an owner can add, change or remove an owner.', code: 'forbidden' });

    const withdrawn = await venue.owner.delete(path);
    expect(withdrawn.statusCode).toBe(204);
    expect((await venue.owner.get('/api/private/users')).json<List>().total).toBe(3);
    expect((await invitee.get('/api/private/invitations')).json()).toEqual({ items: [], total: 0 });
    const accept = await t.expectNoWrites(() => invitee.in(null).post(`/api/private/invitations/${venue.id}/accept`));
    expect(accept.statusCode).toBe(404);
    expect(accept.json()).toEqual({ message: 'Invitation not found.', code: 'not_found' });
    expect((await venue.owner.delete(path)).statusCode).toBe(404);
  });

  it('invites an unknown email: the link sets a password and joins the venue in one step', async () => {
    const venue = await t.addVenue();
    const email = `invitee-${venue.id}@example.test`;
    const response = await venue.owner.post('/api/private/users', { email, role: 'manager' });
    expect(response.statusCode).toBe(201);

    const mail = await t.waitForMail(email, 'venue-invitation');
    expect(mail.to).toEqual([email]);
    expect(mail.text).toContain(`${BASE_URL}/api/auth/reset-password/`);
    expect(mail.text).toContain(`callbackURL=${encodeURIComponent(`${BASE_URL}/reset-password?invitation=${venue.id}`)}`);
    // No password yet: sign-in fails until one is set.
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);

    const set = await t.request('POST', '/api/public/invitations/activate', {
      body: { token: resetTokenOf(mail), newPassword: 'invitee-password', invitation: venue.id },
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({
      status: true,
      venue: { venueId: venue.id, venueName: `Venue ${venue.id}`, role: 'manager', isTemporary: false },
    });
    const invitee = new Caller(t, await t.signIn(email, 'invitee-password'), venue.id, email);
    const me = await invitee.get('/api/private/me');
    expect(me.json()).toMatchObject({ role: 'manager', venue: { id: venue.id } });
    expect(me.json().venues).toEqual([{ venueId: venue.id, venueName: `Venue ${venue.id}`, role: 'manager', isTemporary: false }]);
    expect(me.json().permissions).toEqual(effectivePermissions({ isSuperadmin: false, role: 'manager' }, DEFAULT_PERMISSIONS));
    const list = (await venue.owner.get('/api/private/users')).json<List>();
    expect(list.items.filter((u) => u.email === email).map((u) => u.status)).toEqual(['member']);
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

  it('a manager cannot add, promote to, change or remove an owner', async () => {
    const venue = await t.addVenue();
    const onlyOwners = 'Only an owner can add, change or remove an owner.';
    const attempts = [
      () => venue.manager.post('/api/private/users', { email: `boss-${venue.id}@example.test`, role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.staff.id}/role`, { role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.manager.id}/role`, { role: 'owner' }),
      () => venue.manager.patch(`/api/private/users/${venue.owner.id}/role`, { role: 'staff' }),
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

  it('a venue admin cannot change another person’s name, phone or picture: 403 and nothing written', async () => {
    const venue = await t.addVenue();
    // The person also belongs to a second venue: their profile is global.
    const other = await t.addVenue();
    await t.db.insert(venueMembers).values({ venueId: other.id, userId: venue.staff.id, role: 'staff' });
    const attempts = [
      () => venue.owner.patch(`/api/private/users/${venue.staff.id}`, { name: 'Renamed by the venue' }),
      () => venue.owner.patch(`/api/private/users/${venue.manager.id}`, { phone: '+1 555 0100' }),
      () => venue.manager.patch(`/api/private/users/${venue.staff.id}`, { image: 'https://cdn.example/a.png' }),
      () => venue.manager.patch(`/api/private/users/${venue.owner.id}`, { name: 'Not the owner any more' }),
    ];
    await t.expectNoWrites(async () => {
      for (const attempt of attempts) {
        const response = await attempt();
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: PROFILE_IS_THEIRS, code: 'forbidden' });
      }
    });
    expect((await other.owner.get(`/api/private/users/${venue.staff.id}`)).json().name).toBe(`staff-${venue.id}`);
  });

  it('a person edits their own profile through the route; a superadmin edits anyone’s; an empty image clears it', async () => {
    const venue = await t.addVenue();
    expect((await venue.owner.patch(`/api/private/users/${venue.owner.id}`, { name: 'Owner Self' })).json().name).toBe('Owner Self');
    expect((await venue.manager.patch(`/api/private/users/${venue.manager.id}`, { name: 'Manager Self' })).json().name).toBe(
      'Manager Self',
    );
    const admin = await t.as('admin@demo.test', venue.id);
    const url = `/api/private/users/${venue.staff.id}`;
    const response = await admin.patch(url, { name: '  Sam Renamed ', phone: '(555) 010-0100', image: 'https://cdn.example/a.png' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ name: 'Sam Renamed', image: 'https://cdn.example/a.png', role: 'staff' });
    const [row] = await t.db.select().from(user).where(eq(user.id, venue.staff.id));
    // Stored E.164, read in the venue's country.
    expect(row.phone).toBe('+15550100100');
    const cleared = await admin.patch(url, { image: '' });
    expect(cleared.json().image).toBeNull();
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
