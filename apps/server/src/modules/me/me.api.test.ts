import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  buildPermissionsMap,
  DEFAULT_PERMISSIONS,
  defaultRolesFor,
  effectivePermissions,
  PASSWORD_CHANGE_FAILED,
  PERMISSION_KEYS,
  VENUE_ROLES,
  type Me,
} from '@lanebook/core';
import { session, user, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { DEMO_PASSWORD } from '../../../test/server.js';

describeEachDatabase('me: the signed-in user and their profile', (t) => {
  it('without X-Venue-Id: the user, their venues with roles, and no venue', async () => {
    const owner = await t.as('owner@demo.test');
    const response = await owner.get('/api/private/me');
    expect(response.statusCode).toBe(200);
    const me = response.json<Me>();
    expect(me).toEqual({
      user: {
        id: await t.userId('owner@demo.test'),
        email: 'owner@demo.test',
        name: 'Olivia Owner',
        image: null,
        phone: '',
        isSuperadmin: false,
        createdAt: expect.stringMatching(/^\d{4}-/),
      },
      isSuperadmin: false,
      venues: [
        { venueId: 'demo-axe', venueName: 'Demo Axe House', role: 'owner', isTemporary: false },
        { venueId: 'demo-bowl', venueName: 'Demo Bowl', role: 'manager', isTemporary: false },
      ],
      venue: null,
      role: null,
      permissions: [],
      // The demo venues are set up already: their owners are not offered the guide.
      onboarding: { currentStep: -1, isFinished: true },
    });
  });

  it('with X-Venue-Id: the venue, the role in it and the effective permissions of that role', async () => {
    const cases = [
      ['owner@demo.test', 'demo-axe', 'owner'],
      ['owner@demo.test', 'demo-bowl', 'manager'],
      ['manager@demo.test', 'demo-axe', 'manager'],
      ['staff@demo.test', 'demo-axe', 'staff'],
      ['bowl-owner@demo.test', 'demo-bowl', 'owner'],
    ] as const;
    for (const [email, venueId, role] of cases) {
      const me = (await (await t.as(email, venueId)).get('/api/private/me')).json<Me>();
      expect(me.role, `${email} in ${venueId}`).toBe(role);
      expect(me.venue?.id).toBe(venueId);
      expect(me.permissions).toEqual(effectivePermissions({ isSuperadmin: false, role }, DEFAULT_PERMISSIONS));
    }
    // Each role sees a different set, and the owner sees them all.
    const sets = await Promise.all(
      VENUE_ROLES.map(async (role) => (await (await t.as(`${role}@demo.test`, 'demo-axe')).get('/api/private/me')).json<Me>().permissions),
    );
    expect(sets[0]).toEqual(PERMISSION_KEYS);
    expect(sets[1].length).toBeLessThan(sets[0].length);
    expect(sets[2].length).toBeLessThan(sets[1].length);
  });

  it('a superadmin without venues: isSuperadmin, no venues, no venue', async () => {
    const me = (await (await t.as('admin@demo.test')).get('/api/private/me')).json<Me>();
    expect(me).toMatchObject({ isSuperadmin: true, venues: [], venue: null, role: null, permissions: [] });
    expect(me.user.isSuperadmin).toBe(true);
  });

  it('a venue the user does not belong to, or that does not exist, is 404', async () => {
    const staff = await t.as('staff@demo.test');
    for (const venue of ['demo-bowl', 'nope']) {
      const response = await staff.in(venue).get('/api/private/me');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Venue not found.', code: 'not_found' });
    }
  });

  it('PATCH /me changes name, phone and image; an empty image clears it; the answer is the new me', async () => {
    const caller = await t.newCaller({ memberships: [['demo-axe', 'staff']], venue: 'demo-axe' });
    const { id } = caller;
    const response = await caller.patch('/api/private/me', {
      name: '  New Name ',
      phone: '+1 212 555 0199',
      image: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().user).toMatchObject({
      name: 'New Name',
      // Stored E.164, however typed.
      phone: '+12125550199',
      image: 'data:image/png;base64,iVBORw0KGgo=',
    });
    expect(response.json<Me>().role).toBe('staff');
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(row).toMatchObject({ name: 'New Name', phone: '+12125550199' });
    const cleared = await caller.patch('/api/private/me', { image: '' });
    expect(cleared.json<Me>().user.image).toBeNull();
    // Without a venue too (a user who has none yet).
    const noVenue = await caller.in(null).patch('/api/private/me', { name: 'Venue-less' });
    expect(noVenue.statusCode).toBe(200);
    expect(noVenue.json<Me>().user.name).toBe('Venue-less');
  });

  it('PATCH /me cannot change the email, the superadmin flag or the disabled flag', async () => {
    const caller = await t.newCaller();
    await t.expectNoWrites(async () => {
      for (const [field, value] of [
        ['email', 'other@example.test'],
        ['isSuperadmin', true],
        ['isDisabled', false],
        ['id', 'x'],
      ] as const) {
        const response = await caller.patch('/api/private/me', { [field]: value });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().details.fields.map((f: { path: string }) => f.path)).toEqual([field]);
      }
    });
  });

  it('a wrong old password: 400 with the spec message, nothing written', async () => {
    const caller = await t.newCaller();
    const { email } = caller;
    const response = await t.expectNoWrites(() =>
      caller.post('/api/private/me/password', { currentPassword: 'not-my-password', newPassword: 'a-new-password' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: PASSWORD_CHANGE_FAILED,
      code: 'password_change_failed',
      details: { fields: [{ path: 'currentPassword', message: PASSWORD_CHANGE_FAILED }] },
    });
    expect(response.json().message).toBe('Password change failed. Double check old password and try again.');
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a too short new password is 400 naming newPassword', async () => {
    const caller = await t.newCaller();
    const response = await t.expectNoWrites(() =>
      caller.post('/api/private/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'short' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().details.fields).toEqual([{ path: 'newPassword', message: 'Password must be at least 8 characters' }]);
  });

  it('changes the password: 204, the new one signs in, the old does not, other sessions end, this one stays', async () => {
    const caller = await t.newCaller();
    const { id, email } = caller;
    const other = await t.sessionToken(id);
    const response = await caller.post('/api/private/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'changed-password' });
    expect(response.statusCode).toBe(204);
    expect((await caller.get('/api/private/me')).statusCode).toBe(200);
    expect((await t.request('GET', '/api/private/me', { token: other })).statusCode).toBe(401);
    const sessions = await t.db.select().from(session).where(eq(session.userId, id));
    expect(sessions).toHaveLength(1);
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await t.signInRequest(email, 'changed-password')).statusCode).toBe(200);
  });

  it('changes the sign-in email with the password: the old address is told, the new one signs in', async () => {
    const caller = await t.newCaller();
    const { id, email } = caller;
    const newEmail = `moved-${id.slice(0, 8)}@example.test`;
    const response = await caller.post('/api/private/me/email', { newEmail: `  ${newEmail.toUpperCase()} `, password: DEMO_PASSWORD });
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().user.email).toBe(newEmail);
    const [row] = await t.db.select().from(user).where(eq(user.id, id));
    expect(row.email).toBe(newEmail);
    // Confirmed by the password (sign-in needs a confirmed address; decision 010).
    expect(row.emailVerified).toBe(true);
    const mail = await t.waitForMail(email, 'email-changed');
    expect(mail.subject).toBe('Your Lanebook sign-in email was changed');
    expect(mail.text).toContain(`from ${email} to ${newEmail}`);
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await t.signInRequest(newEmail, DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('an email change with a wrong password is 400 naming password; nothing is written', async () => {
    const caller = await t.newCaller();
    const response = await t.expectNoWrites(() =>
      caller.post('/api/private/me/email', { newEmail: 'never@example.test', password: 'wrong-password' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      message: 'The password is not correct.',
      code: 'password_incorrect',
      details: { fields: [{ path: 'password', message: 'The password is not correct.' }] },
    });
  });

  it('an email that another account uses is 409; nothing is written', async () => {
    const caller = await t.newCaller();
    const response = await t.expectNoWrites(() =>
      caller.post('/api/private/me/email', { newEmail: 'staff@demo.test', password: DEMO_PASSWORD }),
    );
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'That email is already used by another account.', code: 'email_taken' });
  });

  it('the same email again changes nothing and sends no mail', async () => {
    const caller = await t.newCaller();
    const { email } = caller;
    const response = await t.expectNoWrites(() => caller.post('/api/private/me/email', { newEmail: email, password: DEMO_PASSWORD }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Me>().user.email).toBe(email);
  });

  it('the profile routes follow the venue map when X-Venue-Id is sent', async () => {
    const venue = await t.addVenue();
    // Take profile.edit and profile.changePassword away from staff in this venue only.
    await t.db
      .update(venues)
      .set({ permissions: buildPermissionsMap((key) => (key.startsWith('profile.') ? ['owner', 'manager'] : defaultRolesFor(key))) })
      .where(eq(venues.id, venue.id));
    await t.expectNoWrites(async () => {
      expect((await venue.staff.patch('/api/private/me', { name: 'Blocked' })).statusCode).toBe(403);
      expect(
        (await venue.staff.post('/api/private/me/password', { currentPassword: DEMO_PASSWORD, newPassword: 'blocked-password' }))
          .statusCode,
      ).toBe(403);
      expect(
        (await venue.staff.post('/api/private/me/email', { newEmail: 'blocked@example.test', password: DEMO_PASSWORD })).statusCode,
      ).toBe(403);
    });
    expect((await venue.manager.patch('/api/private/me', { name: 'Allowed' })).statusCode).toBe(200);
    const [row] = await t.db.select().from(user).where(eq(user.id, venue.staff.id));
    expect(row.name).not.toBe('Blocked');
  });
});
