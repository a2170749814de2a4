import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PendingInvitation } from '@lanebook/core';
import { user, venueInvitations, venueMembers, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { BASE_URL, resetTokenOf } from '../../../test/server.js';

type List = { items: PendingInvitation[]; total: number };

describeEachDatabase('invitations: the invited person’s side', (t) => {
  /** A venue, a person with an account (signed in, no venue header), and an invitation of that person. */
  async function invited(role: 'owner' | 'manager' | 'staff' = 'staff') {
    const venue = await t.addVenue();
    const person = await t.newCaller();
    const response = await venue.owner.post('/api/private/users', { email: person.email, role });
    expect(response.statusCode).toBe(201);
    return { venue, person };
  }

  const membersOf = (venueId: string, userId: string) =>
    t.db
      .select()
      .from(venueMembers)
      .where(and(eq(venueMembers.venueId, venueId), eq(venueMembers.userId, userId)));

  it('the invitee lists the invitation, accepts it, becomes a member with the role and can open the venue', async () => {
    const { venue, person } = await invited('manager');
    const list = await person.get('/api/private/invitations');
    expect(list.statusCode).toBe(200);
    expect(list.json<List>()).toEqual({
      items: [
        {
          venueId: venue.id,
          venueName: `Venue ${venue.id}`,
          role: 'manager',
          invitedAt: expect.stringMatching(/^\d{4}-/),
          expiresAt: expect.stringMatching(/^\d{4}-/),
        },
      ],
      total: 1,
    });
    expect((await person.in(venue.id).get('/api/private/venues/current')).statusCode).toBe(404);

    const accept = await person.post(`/api/private/invitations/${venue.id}/accept`);
    expect(accept.statusCode).toBe(200);
    expect(accept.json()).toEqual({ venueId: venue.id, venueName: `Venue ${venue.id}`, role: 'manager', isTemporary: false });
    expect((await person.in(venue.id).get('/api/private/venues/current')).statusCode).toBe(200);
    expect((await person.in(venue.id).get('/api/private/me')).json()).toMatchObject({ role: 'manager' });
    expect((await person.get('/api/private/invitations')).json<List>()).toEqual({ items: [], total: 0 });
    const users = (await venue.owner.get('/api/private/users')).json<{ items: { email: string; status: string }[] }>();
    expect(users.items.filter((u) => u.email === person.email).map((u) => u.status)).toEqual(['member']);
    // Accepting twice: nothing left to accept.
    expect((await person.post(`/api/private/invitations/${venue.id}/accept`)).statusCode).toBe(404);
  });

  it('the invitee declines: no membership, the invitation is gone', async () => {
    const { venue, person } = await invited();
    const decline = await person.post(`/api/private/invitations/${venue.id}/decline`);
    expect(decline.statusCode).toBe(204);
    expect(await membersOf(venue.id, person.id)).toEqual([]);
    expect((await person.get('/api/private/invitations')).json<List>().total).toBe(0);
    expect((await venue.owner.get('/api/private/users')).json().total).toBe(3);
    const again = await t.expectNoWrites(() => person.post(`/api/private/invitations/${venue.id}/accept`));
    expect(again.statusCode).toBe(404);
    expect((await person.post(`/api/private/invitations/${venue.id}/decline`)).statusCode).toBe(404);
  });

  it('an invitation of another email can be neither seen, accepted nor declined', async () => {
    const { venue } = await invited();
    const stranger = await t.newCaller();
    expect((await stranger.get('/api/private/invitations')).json<List>()).toEqual({ items: [], total: 0 });
    await t.expectNoWrites(async () => {
      for (const action of ['accept', 'decline']) {
        const response = await stranger.post(`/api/private/invitations/${venue.id}/${action}`);
        expect(response.statusCode, action).toBe(404);
        expect(response.json()).toEqual({ message: 'Invitation not found.', code: 'not_found' });
      }
    });
    expect((await stranger.post('/api/private/invitations/no-such-venue/accept')).statusCode).toBe(404);
  });

  it('an expired invitation (older than 14 days) is not listed and cannot be accepted; re-inviting renews it', async () => {
    const { venue, person } = await invited();
    await t.db
      .update(venueInvitations)
      .set({ createdAt: new Date(Date.now() - 14 * 24 * 3600 * 1000 - 60_000) })
      .where(eq(venueInvitations.venueId, venue.id));
    expect((await person.get('/api/private/invitations')).json<List>().total).toBe(0);
    expect((await venue.owner.get('/api/private/users')).json().total).toBe(3);
    const accept = await t.expectNoWrites(() => person.post(`/api/private/invitations/${venue.id}/accept`));
    expect(accept.statusCode).toBe(404);

    expect((await venue.owner.post('/api/private/users', { email: person.email, role: 'staff' })).statusCode).toBe(201);
    expect((await person.post(`/api/private/invitations/${venue.id}/accept`)).statusCode).toBe(200);
  });

  it('two accepts at once end in one membership', async () => {
    const { venue, person } = await invited('staff');
    const answers = await Promise.all([
      person.post(`/api/private/invitations/${venue.id}/accept`),
      person.post(`/api/private/invitations/${venue.id}/accept`),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
    expect((await membersOf(venue.id, person.id)).map((m) => m.role)).toEqual(['staff']);
  });

  it('a superadmin looking in who accepts becomes a real member with the invited role', async () => {
    const venue = await t.addVenue();
    const admin = await t.as('admin@demo.test');
    expect((await admin.post(`/api/private/superadmin/venues/${venue.id}/join`)).statusCode).toBe(204);
    expect((await venue.owner.post('/api/private/users', { email: 'admin@demo.test', role: 'manager' })).statusCode).toBe(201);
    expect((await admin.post(`/api/private/invitations/${venue.id}/accept`)).statusCode).toBe(200);
    const adminId = await t.userId('admin@demo.test');
    expect((await membersOf(venue.id, adminId)).map((m) => [m.role, m.isTemporary])).toEqual([['manager', false]]);
    await t.db.delete(venueMembers).where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, adminId)));
  });

  it('the invitation link of a new email sets the password and joins; a used, unknown or withdrawn one joins nothing', async () => {
    const venue = await t.addVenue();
    const email = `fresh-${venue.id}@example.test`;
    await venue.owner.post('/api/private/users', { email, role: 'staff' });
    const mail = await t.waitForMail(email, 'venue-invitation');
    const token = resetTokenOf(mail);

    // better-auth's own redirect takes the link to the console page with the token and the venue.
    const follow = await t.request('GET', `/api/auth/reset-password/${token}`, {
      query: { callbackURL: `${BASE_URL}/reset-password?invitation=${venue.id}` },
    });
    expect(follow.statusCode).toBe(302);
    expect(follow.headers.location).toBe(`${BASE_URL}/reset-password?invitation=${venue.id}&token=${token}`);

    const bad = await t.expectNoWrites(() =>
      t.request('POST', '/api/public/invitations/activate', {
        body: { token: 'not-a-token', newPassword: 'fresh-password', invitation: venue.id },
      }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'This link is invalid or has expired. Links work once, for 24 hours.', code: 'invalid_token' });

    const activate = await t.request('POST', '/api/public/invitations/activate', {
      body: { token, newPassword: 'fresh-password', invitation: venue.id },
    });
    expect(activate.statusCode).toBe(200);
    const userId = await t.userId(email);
    expect((await membersOf(venue.id, userId)).map((m) => m.role)).toEqual(['staff']);
    const used = await t.request('POST', '/api/public/invitations/activate', {
      body: { token, newPassword: 'other-password', invitation: venue.id },
    });
    expect(used.statusCode).toBe(400);

    // Withdrawn before the link is used: the password is set, nothing is joined.
    const other = await t.addVenue();
    const email2 = `late-${other.id}@example.test`;
    await other.owner.post('/api/private/users', { email: email2, role: 'staff' });
    const mail2 = await t.waitForMail(email2, 'venue-invitation');
    expect((await other.owner.delete(`/api/private/users/invitations/${encodeURIComponent(email2)}`)).statusCode).toBe(204);
    const late = await t.request('POST', '/api/public/invitations/activate', {
      body: { token: resetTokenOf(mail2), newPassword: 'late-password', invitation: other.id },
    });
    expect(late.statusCode).toBe(200);
    expect(late.json()).toEqual({ status: true, venue: null });
    expect(await membersOf(other.id, await t.userId(email2))).toEqual([]);
    expect((await t.signInRequest(email2, 'late-password')).statusCode).toBe(200);
  });

  it('a phishing line as venue name: the subject is Lanebook’s own and the text quotes the name, cut and defanged', async () => {
    const venue = await t.addVenue();
    const phishing = 'ACTION NEEDED: re-verify at https://evil.example/login and www.evil.example now, or your account closes';
    await t.db
      .update(venues)
      .set({ name: `${phishing}\n\nSecond paragraph https://evil.example/x` })
      .where(eq(venues.id, venue.id));
    const person = await t.newCaller();
    // The owner's cached venue row may still carry the old name for a moment: invite from a fresh session.
    const owner = await t.as(venue.owner.email, venue.id);
    expect((await owner.post('/api/private/users', { email: person.email, role: 'staff' })).statusCode).toBe(201);
    const mail = await t.waitForMail(person.email, 'venue-invitation');
    expect(mail.subject).toBe('You are invited to a venue on Lanebook');
    for (const raw of ['https://', 'evil.example', 'www.evil', 'Second paragraph']) expect(mail.text, raw).not.toContain(raw);
    expect(mail.text).toContain('“ACTION NEEDED: re-verify at https[:]//evil[.]example/login and…”');
    // The only links in the mail are Lanebook's own.
    const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
    expect(links.length).toBeGreaterThan(0);
    for (const link of links) expect(link.startsWith(`${BASE_URL}/`), link).toBe(true);
  });

  it('a phishing line as a person’s name does not reach their reset mail', async () => {
    const person = await t.addUser();
    await t.db.update(user).set({ name: 'Urgent: verify at https://evil.example/login' }).where(eq(user.id, person.id));
    await t.request('POST', '/api/auth/request-password-reset', {
      body: { email: person.email, redirectTo: `${BASE_URL}/reset-password` },
    });
    const mail = await t.waitForMail(person.email, 'password-reset');
    expect(mail.subject).toBe('Reset your Lanebook password');
    expect(mail.text).not.toContain('evil');
    expect(mail.text.startsWith('Hello,\n')).toBe(true);
  });
});
