import { eq } from 'drizzle-orm';
import { createEmailVerificationToken } from 'better-auth/api';
import { expect, it } from 'vitest';
import { account, session, user } from '../db/schema.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, DEMO_PASSWORD, TEST_AUTH_SECRET } from '../../test/server.js';

/** The verification link of a sign-up mail, as a path on the server. */
function verifyPathOf(text: string): string {
  const match = /(\/api\/auth\/verify-email\?token=[^\s]+)/.exec(text);
  if (!match) throw new Error(`No verification link in: ${text}`);
  return match[1];
}

describeEachDatabase('self-service sign-up: confirmed by mail, and it tells nobody which addresses have accounts', (t) => {
  const signUp = (email: string, password = 'a-new-password-1', name = 'New Person') =>
    t.request('POST', '/api/auth/sign-up/email', { body: { name, email, password, callbackURL: '/' } });

  it('a new account signs in only once its address is confirmed through the mailed link, which signs no one in', async () => {
    const email = `new-${Date.now()}@example.test`;
    const created = await signUp(email);
    expect(created.statusCode).toBe(200);
    expect(created.json().token).toBeNull();
    expect(created.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();

    const refused = await t.signInRequest(email, 'a-new-password-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED', message: expect.any(String) });

    const mail = await t.waitForMail(email, 'verify-email');
    expect(mail.subject).toBe('Confirm your email address for Lanebook');
    const confirmed = await t.request('GET', verifyPathOf(mail.text));
    expect(confirmed.statusCode).toBe(302);
    // The link lands on the sign-in page, which says so and fills the address in.
    expect(confirmed.headers.location).toBe(`/login?confirmed=${encodeURIComponent(email)}`);
    expect(confirmed.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();
    expect(confirmed.headers['set-auth-token']).toBeUndefined();
    const [row] = await t.db.select({ id: user.id, emailVerified: user.emailVerified }).from(user).where(eq(user.email, email));
    expect(row.emailVerified).toBe(true);
    expect(await t.db.select().from(session).where(eq(session.userId, row.id))).toEqual([]);
    expect((await t.signInRequest(email, 'a-new-password-1')).statusCode).toBe(200);
  });

  it('a link that would change an address (which Lanebook never mails) is refused: no change, no session, no mail', async () => {
    const { id, email } = await t.addUser();
    const attacker = `attacker-${Date.now()}@example.test`;
    for (const requestType of ['change-email-verification', 'change-email-confirmation', undefined]) {
      const token = await createEmailVerificationToken(TEST_AUTH_SECRET, email, attacker, 3600, { requestType, userId: id });
      for (const query of [`token=${token}`, `token=${token}&callbackURL=%2F`]) {
        const refused = await t.request('GET', `/api/auth/verify-email?${query}`);
        expect(refused.statusCode, String(requestType)).toBe(400);
        expect(refused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
        expect(refused.cookies.find((c) => c.name.endsWith('session_token'))).toBeUndefined();
        expect(refused.headers['set-auth-token']).toBeUndefined();
      }
    }
    expect(await t.db.select({ email: user.email, emailVerified: user.emailVerified }).from(user).where(eq(user.id, id))).toEqual([
      { email, emailVerified: true },
    ]);
    expect(await t.mails(attacker)).toEqual([]);
    expect(await t.db.select().from(session).where(eq(session.userId, id))).toEqual([]);
  });

  it('a taken address answers exactly like a new one, writes no account, and tells its owner', async () => {
    const { id, email } = await t.addUser();
    const [before] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, id));
    const fresh = await signUp(`fresh-${Date.now()}@example.test`);
    const taken = await signUp(email, 'attacker-password-1');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(Object.keys(taken.json()).sort()).toEqual(Object.keys(fresh.json()).sort());
    expect(Object.keys(taken.json().user).sort()).toEqual(Object.keys(fresh.json().user).sort());
    expect(taken.json().token).toBeNull();
    expect(taken.json().user.email).toBe(email);

    expect(await t.db.select({ id: user.id }).from(user).where(eq(user.email, email))).toEqual([{ id }]);
    const [after] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, id));
    expect(after.password).toBe(before.password);
    expect((await t.signInRequest(email, 'attacker-password-1')).statusCode).toBe(401);
    expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(200);

    const notice = await t.waitForMail(email, 'sign-up-attempt');
    expect(notice.subject).toBe('Someone tried to sign up to Lanebook with your email');
    expect(notice.text).toContain(`${BASE_URL}/forgot-password`);
    expect((await t.mails(email)).filter((m) => m.kind === 'verify-email')).toEqual([]);
  });

  it('a password reset confirms the address (an invited person, or one who lost the first mail)', async () => {
    const email = `reset-${Date.now()}@example.test`;
    expect((await signUp(email)).statusCode).toBe(200);
    const before = await t.mails(email);
    await t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
    const reset = await t.waitForMail(email, 'password-reset', before);
    const token = /\/api\/auth\/reset-password\/([A-Za-z0-9_-]+)/.exec(reset.text)![1];
    expect((await t.request('POST', '/api/auth/reset-password', { body: { token, newPassword: 'chosen-password-1' } })).statusCode).toBe(
      200,
    );
    expect((await t.signInRequest(email, 'chosen-password-1')).statusCode).toBe(200);
  });
});
