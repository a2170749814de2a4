import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, DEMO_PASSWORD, injectInto, resetTokenOf } from '../../test/server.js';
import { decodeBody, startSmtp } from '../../test/smtp.js';

describeEachDatabase('mail over real SMTP', (t) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('a password reset goes out through the SMTP conversation, and the outbox row says sent', async () => {
    const { app } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const { email } = await t.addUser();
      const response = await injectInto(app, 'POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo: `${BASE_URL}/reset-password` },
      });
      expect(response.statusCode).toBe(200);

      const message = await vi.waitFor(
        () => {
          const found = smtp.received.find((m) => m.to.includes(email));
          if (!found) throw new Error('not received yet');
          return found;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(message.from).toBe('no-reply@lanebook.test');
      expect(message.to).toEqual([email]);
      expect(message.raw).toMatch(/^Subject: Reset your Lanebook password\r$/m);
      expect(message.raw).toMatch(new RegExp(`^To: ${email.replace(/[.+]/g, '\\$&')}\\r$`, 'm'));
      expect(message.raw).toMatch(/^From: Lanebook <no-reply@lanebook\.test>\r$/m);
      const text = decodeBody(message.raw);
      expect(text).toContain('Someone asked to reset the password of your Lanebook account.');

      const row = await vi.waitFor(
        async () => {
          const [mail] = await t.mails(email);
          if (mail?.status !== 'sent') throw new Error(`outbox row is ${mail?.status}`);
          return mail;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(row).toMatchObject({ kind: 'password-reset', status: 'sent', error: null, subject: 'Reset your Lanebook password' });
      // The link that arrived by SMTP is the one in the outbox, and it works.
      const token = resetTokenOf({ text });
      expect(token).toBe(resetTokenOf(row));
      const reset = await injectInto(app, 'POST', '/api/auth/reset-password', { body: { token, newPassword: 'from-smtp-link' } });
      expect(reset.statusCode).toBe(200);
      expect((await t.signInRequest(email, 'from-smtp-link')).statusCode).toBe(200);
      expect((await t.signInRequest(email, DEMO_PASSWORD)).statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });

  it('when the SMTP server cannot be reached, the outbox row says failed with the reason', async () => {
    const gone = await startSmtp();
    await gone.close();
    const { app } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${gone.port}` });
    try {
      const { email } = await t.addUser();
      const response = await injectInto(app, 'POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo: `${BASE_URL}/reset-password` },
      });
      expect(response.statusCode).toBe(200);
      const row = await vi.waitFor(
        async () => {
          const [mail] = await t.mails(email);
          if (mail?.status !== 'failed') throw new Error(`outbox row is ${mail?.status}`);
          return mail;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      expect(gone.received).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('without SMTP the outbox is the delivery: the row says stored', async () => {
    const { email } = await t.addUser();
    await t.request('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
    const mail = await t.waitForMail(email, 'password-reset');
    expect(mail.status).toBe('stored');
    expect(smtp.received.some((m) => m.to.includes(email))).toBe(false);
  });
});
