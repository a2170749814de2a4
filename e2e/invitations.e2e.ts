import { describe, expect, test } from 'vitest';
import { apiAs, atPath, linkIn, mailTo, signIn, signInThroughForm, useBrowser, visible } from './support.js';

const browser = useBrowser();
const INVITATION_SUBJECT = 'You are invited to a venue on Lanebook';

describe('invitations (decision 008)', () => {
  test('a person invited to a second venue sees the invitation and accepts it; the venue owner cannot change their name', async () => {
    const stamp = Date.now().toString(36);
    const email = `ivy-${stamp}@example.test`;
    const first = `ivy-${stamp}`;

    // A new email: a superadmin creates a venue for it; the link in the mail sets a password and joins.
    const admin = await browser.newPage();
    await signIn(admin.page, 'admin@demo.test');
    const created = await apiAs(admin.page, 'POST', '/api/private/superadmin/venues', {
      id: first,
      name: 'Ivy Lanes',
      country: 'US',
      timezone: 'America/New_York',
      ownerEmail: email,
    });
    expect(created.status).toBe(201);
    await admin.context.close();

    const person = await browser.newPage();
    await person.page.goto(linkIn(await mailTo(email, INVITATION_SUBJECT)));
    expect(await atPath(person.page, '/reset-password')).toBe('/reset-password');
    await person.page.getByLabel('New password', { exact: true }).fill('ivy-password');
    await person.page.getByLabel('Confirm password').fill('ivy-password');
    await person.page.getByRole('button', { name: 'Set password' }).click();
    await visible(person.page.getByText('Your password is set and you joined Ivy Lanes.'));

    // The owner of Demo Bowl invites the same person from the users page.
    const owner = await browser.newPage();
    await signIn(owner.page, 'bowl-owner@demo.test', { landOn: '/users' });
    await owner.page.getByRole('button', { name: 'Invite user' }).click();
    await owner.page.getByRole('dialog').getByLabel('Email').fill(email);
    await owner.page.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
    const row = await visible(owner.page.getByTestId('invitation-row').filter({ hasText: email }));
    expect(await row.getByText('Invited').count()).toBe(1);

    // The person signs in to their own venue, sees the banner, and accepts.
    await signInThroughForm(person.page, email, 'ivy-password');
    // Their own new venue asks for a bank account first.
    expect(await atPath(person.page, '/onboard/bank-account')).toBe('/onboard/bank-account');
    await person.page.getByRole('button', { name: 'Skip for now' }).click();
    expect(await atPath(person.page, '/dashboard')).toBe('/dashboard');
    await (await visible(person.page.getByTestId('invitations-banner'))).getByRole('link', { name: 'See invitations' }).click();
    expect(await atPath(person.page, '/invitations')).toBe('/invitations');
    const card = await visible(person.page.getByTestId('invitation').filter({ hasText: 'Demo Bowl' }));
    await card.getByRole('button', { name: 'Accept' }).click();
    // They work in Demo Bowl now, as staff: staff land on the lane view (decision 028).
    expect(await atPath(person.page, '/calendar')).toBe('/calendar');
    const me = await apiAs(person.page, 'GET', '/api/private/me');
    expect(me.body.venues.map((v: { venueId: string; role: string }) => [v.venueId, v.role]).sort()).toEqual([
      ['demo-bowl', 'staff'],
      [first, 'owner'],
    ]);

    // The owner sees a member now, and cannot change the person's name: no form, and the API refuses.
    await owner.page.goto('/users');
    await (await visible(owner.page.getByTestId('user-row').filter({ hasText: email }))).click();
    await visible(owner.page.getByTestId('profile-is-theirs'));
    expect(await owner.page.getByRole('button', { name: 'Save profile' }).count()).toBe(0);
    expect(await owner.page.getByLabel('Name').count()).toBe(0);
    const userId = new URL(owner.page.url()).pathname.split('/').at(-1);
    const patch = await apiAs(owner.page, 'PATCH', `/api/private/users/${userId}`, { name: 'Renamed by Bowl' }, 'demo-bowl');
    expect(patch.status).toBe(403);
    const mine = await apiAs(person.page, 'GET', '/api/private/me');
    expect(mine.body.user.name).toBe(`ivy-${stamp}`);
    await owner.context.close();
    await person.context.close();
  });
});
