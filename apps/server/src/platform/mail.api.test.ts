import { randomUUID } from 'node:crypto';
import net, { type AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.js';
import { createMailer, isTemporaryMailError, MailDeferred } from './mail.js';
import { describeEachDatabase } from '../../test/each-database.js';
import { BASE_URL, DEMO_PASSWORD, injectInto, resetTokenOf } from '../../test/server.js';
import { decodeBody, startSmtp } from '../../test/smtp.js';

/**
 * An SMTP server in trouble, a raw server on loopback: `close` accepts the connection and closes
 * it before the greeting (as an overloaded server does), `silent` never greets, `relay` passes
 * the conversation on to a real SMTP server.
 */
async function startTroubledSmtp(relayPort: number) {
  const trouble = { mode: 'close' as 'close' | 'silent' | 'relay' };
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    if (trouble.mode === 'close') return void socket.destroy();
    if (trouble.mode === 'silent') return;
    const upstream = net.connect(relayPort, '127.0.0.1');
    upstream.on('error', () => socket.destroy());
    socket.pipe(upstream).pipe(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return { port, trouble, close };
}

describeEachDatabase('mail over real SMTP', (t) => {
  const rowOf = async (id: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];
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

  it('when the SMTP server cannot be reached, the outbox row says deferred with the reason, to be tried again', async () => {
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
          if (mail?.status !== 'deferred') throw new Error(`outbox row is ${mail?.status}`);
          return mail;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(row.error).toMatch(/ECONNREFUSED|connect/i);
      expect((await rowOf(row.id)).retryAt).not.toBeNull();
      expect(gone.received).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('a temporary refusal (451) on an attempt with retries left is deferred and thrown, then sent by the next attempt; the outbox row is the proof afterwards', async () => {
    const to = `retry-${randomUUID().slice(0, 8)}@example.test`;
    let refused = 0;
    const refusing = await startSmtp({
      refuse: (recipient) => (recipient === to && refused++ === 0 ? { code: 451, message: 'Try again later' } : undefined),
    });
    const mailer = createMailer(t.db, { smtpUrl: `smtp://127.0.0.1:${refusing.port}`, from: 'Lanebook <no-reply@lanebook.test>' });
    try {
      const mail = { id: randomUUID(), to: [to], subject: 'Hello', text: 'Hi', kind: 'test' };
      await expect(mailer.send(mail, { retryCount: 0, isLastAttempt: false })).rejects.toBeInstanceOf(MailDeferred);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'deferred', attempts: 1, sentAt: null });
      expect((await rowOf(mail.id)).error).toMatch(/451/);
      expect(refusing.received).toEqual([]);
      expect(await mailer.send(mail, { retryCount: 1, isLastAttempt: false })).toEqual({ status: 'sent' });
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
      expect(refusing.received).toHaveLength(1);
      // Sent: another run of the same mail sends nothing.
      expect(await mailer.send(mail, { retryCount: 2, isLastAttempt: false })).toEqual({ status: 'duplicate' });
      expect(refusing.received).toHaveLength(1);
    } finally {
      await refusing.close();
    }
  });

  it('a permanent refusal (550) is failed at once and never tried again; a temporary one on the last attempt is failed too', async () => {
    const refusing = await startSmtp({
      refuse: (recipient) =>
        recipient.startsWith('gone-') ? { code: 550, message: 'No such mailbox' } : { code: 451, message: 'Try again later' },
    });
    const mailer = createMailer(t.db, { smtpUrl: `smtp://127.0.0.1:${refusing.port}`, from: 'Lanebook <no-reply@lanebook.test>' });
    try {
      const gone = { id: randomUUID(), to: [`gone-${randomUUID().slice(0, 8)}@example.test`], subject: 'Hello', text: 'Hi', kind: 'test' };
      const result = await mailer.send(gone, { retryCount: 0, isLastAttempt: false });
      expect(result.status).toBe('failed');
      expect(result.error).toMatch(/550/);
      expect(await rowOf(gone.id)).toMatchObject({ status: 'failed', attempts: 1 });
      expect(await mailer.send(gone, { retryCount: 1, isLastAttempt: false })).toEqual({ status: 'duplicate' });
      expect(await rowOf(gone.id)).toMatchObject({ attempts: 1 });

      const late = { id: randomUUID(), to: [`late-${randomUUID().slice(0, 8)}@example.test`], subject: 'Hello', text: 'Hi', kind: 'test' };
      await expect(mailer.send(late, { retryCount: 0, isLastAttempt: false })).rejects.toBeInstanceOf(MailDeferred);
      expect((await mailer.send(late, { retryCount: 6, isLastAttempt: true })).status).toBe('failed');
      expect(await rowOf(late.id)).toMatchObject({ status: 'failed', attempts: 2 });
      expect(refusing.received).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('SMTP failures are told apart: 4xx and no answer are temporary, 5xx permanent', () => {
    expect(isTemporaryMailError({ responseCode: 451, code: 'EENVELOPE' })).toBe(true);
    expect(isTemporaryMailError({ responseCode: 421 })).toBe(true);
    expect(isTemporaryMailError({ code: 'ECONNECTION' })).toBe(true);
    expect(isTemporaryMailError({ code: 'ETIMEDOUT' })).toBe(true);
    expect(isTemporaryMailError({ responseCode: 550, code: 'EENVELOPE' })).toBe(false);
    expect(isTemporaryMailError({ responseCode: 535, code: 'EAUTH' })).toBe(false);
    expect(isTemporaryMailError({ responseCode: 554 })).toBe(false);
    // A message nodemailer cannot build or address: no attempt changes it.
    expect(isTemporaryMailError({ code: 'EMESSAGE' })).toBe(false);
    // No reply at all: a connection dropped before the greeting has no code.
    expect(isTemporaryMailError(new Error('Unexpected socket close'))).toBe(true);
    expect(isTemporaryMailError({ code: 'ECONNRESET' })).toBe(true);
  });

  it("an SMTP server that closes before its greeting, or never greets, leaves a job's mail deferred for its retry, not failed; the next attempt through a good server sends it", async () => {
    const troubled = await startTroubledSmtp(smtp.port);
    const mailer = createMailer(t.db, {
      smtpUrl: `smtp://127.0.0.1:${troubled.port}`,
      from: 'Lanebook <no-reply@lanebook.test>',
      timeoutsMs: { greeting: 300, socket: 1000 },
    });
    try {
      const to = `dropped-${randomUUID().slice(0, 8)}@example.test`;
      const mail = { id: randomUUID(), to: [to], subject: 'Hello', text: 'Hi', kind: 'test' };
      await expect(mailer.send(mail, { retryCount: 0, isLastAttempt: false })).rejects.toBeInstanceOf(MailDeferred);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'deferred', attempts: 1, sentAt: null });
      expect((await rowOf(mail.id)).error).toMatch(/close/i);

      troubled.trouble.mode = 'silent';
      await expect(mailer.send(mail, { retryCount: 1, isLastAttempt: false })).rejects.toBeInstanceOf(MailDeferred);
      expect(await rowOf(mail.id)).toMatchObject({ status: 'deferred', attempts: 2 });
      expect((await rowOf(mail.id)).error).toMatch(/Greeting never received/);

      troubled.trouble.mode = 'relay';
      expect(await mailer.send(mail, { retryCount: 2, isLastAttempt: false })).toEqual({ status: 'sent' });
      expect(await rowOf(mail.id)).toMatchObject({ status: 'sent', attempts: 3, error: null });
      expect(smtp.received.filter((m) => m.to.includes(to))).toHaveLength(1);
    } finally {
      await troubled.close();
    }
  });

  it('a password reset whose SMTP server drops the connection is deferred and sent once by the sweep when the server is back; one that never gets through fails after the last attempt', async () => {
    const troubled = await startTroubledSmtp(smtp.port);
    const { app, mailer, jobs } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${troubled.port}` });
    try {
      const { email } = await t.addUser();
      const response = await injectInto(app, 'POST', '/api/auth/request-password-reset', {
        body: { email, redirectTo: `${BASE_URL}/reset-password` },
      });
      expect(response.statusCode).toBe(200);
      const [deferred] = await vi.waitFor(
        async () => {
          const rows = await t.mails(email);
          expect(rows.map((row) => row.status)).toEqual(['deferred']);
          return rows;
        },
        { timeout: 10_000, interval: 25 },
      );
      const row = await rowOf(deferred.id);
      expect(row).toMatchObject({ kind: 'password-reset', attempts: 1 });
      // The first retry waits 30 s.
      expect(row.retryAt!.getTime() - row.attemptedAt!.getTime()).toBeGreaterThanOrEqual(30_000);
      // Other tests' deferred mail in this database may be retried too: the row tells.
      await mailer.sweep(jobs, new Date(row.retryAt!.getTime() - 1000));
      expect(await rowOf(row.id)).toMatchObject({ status: 'deferred', attempts: 1 });

      troubled.trouble.mode = 'relay';
      expect((await mailer.sweep(jobs, row.retryAt!)).retried).toBeGreaterThanOrEqual(1);
      expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2, error: null, retryAt: null });
      const received = smtp.received.filter((m) => m.to.includes(email));
      expect(received).toHaveLength(1);
      expect(resetTokenOf({ text: decodeBody(received[0].raw) })).toBe(resetTokenOf(row));
      // Sent: a later sweep sends nothing again.
      await mailer.sweep(jobs, new Date(Date.now() + 86_400_000));
      expect(await rowOf(row.id)).toMatchObject({ status: 'sent', attempts: 2 });
      expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);

      // A server that never takes it: 7 attempts in all (the first and 6 retries), then failed.
      troubled.trouble.mode = 'close';
      const other = await t.addUser();
      await injectInto(app, 'POST', '/api/auth/request-password-reset', {
        body: { email: other.email, redirectTo: `${BASE_URL}/reset-password` },
      });
      const [first] = await vi.waitFor(
        async () => {
          const rows = await t.mails(other.email);
          expect(rows.map((mail) => mail.status)).toEqual(['deferred']);
          return rows;
        },
        { timeout: 10_000, interval: 25 },
      );
      for (let retry = 1; retry <= 6; retry += 1) {
        const before = await rowOf(first.id);
        expect(before).toMatchObject({ status: 'deferred', attempts: retry });
        await mailer.sweep(jobs, before.retryAt!);
      }
      expect(await rowOf(first.id)).toMatchObject({ status: 'failed', attempts: 7, retryAt: null });
      await mailer.sweep(jobs, new Date(Date.now() + 86_400_000));
      expect(await rowOf(first.id)).toMatchObject({ status: 'failed', attempts: 7 });
      expect(smtp.received.filter((m) => m.to.includes(other.email))).toEqual([]);
    } finally {
      await app.close();
      await troubled.close();
    }
  });

  it('without SMTP, outside production, the links of sign-up and password mails are printed; the mail stays in the outbox', async () => {
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((line: string) => void printed.push(String(line)));
    const { app } = await t.extraApp({ printMailLinks: true });
    try {
      const { email } = await t.addUser();
      await injectInto(app, 'POST', '/api/auth/request-password-reset', { body: { email, redirectTo: `${BASE_URL}/reset-password` } });
      const mail = await t.waitForMail(email, 'password-reset');
      expect(mail.status).toBe('stored');
      const line = printed.find((text) => text.includes(email));
      expect(line).toContain(`${BASE_URL}/api/auth/reset-password/${resetTokenOf(mail)}`);
    } finally {
      spy.mockRestore();
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
