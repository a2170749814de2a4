import { createHash, randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import { scrubbedText } from './erase.js';
import nodemailer from 'nodemailer';
import type { Db, Tx } from '../db/client.js';
import type { JobAttempt, JobOptions, Jobs } from './jobs.js';
import { mailOutbox } from './mail-schema.js';
import type { OutboxMail } from '@lanebook/core';

export interface OutgoingMail {
  to: string[];
  cc?: string[];
  bcc?: string[];
  replyTo?: string[];
  subject: string;
  text: string;
  html?: string;
  /** What the mail is for (password-reset, invitation, ...), for the outbox list. */
  kind: string;
  venueId?: string | null;
  /** The booking the mail is about, for the venue's mail log. */
  bookingId?: string | null;
  /**
   * The outbox row's id, when the mail has one of its own (a job's): a mail whose id is in the
   * outbox already is not sent again, so a retried job never mails twice.
   */
  id?: string;
  /**
   * Text that goes to the recipient but not into the outbox's copy when SMTP sends the mail (a
   * gift card's code, decision 045): the copy shows •••• instead. Without SMTP the outbox is the
   * delivery, so it keeps the mail whole.
   */
  secrets?: string[];
  /** Files sent with the mail (a gift card's printable PDF); never kept in the outbox. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

/** `text` with each secret replaced by ••••. */
function masked(text: string, secrets: string[] | undefined): string {
  let out = text;
  for (const secret of secrets ?? []) if (secret) out = out.split(secret).join('••••');
  return out;
}

/**
 * What became of a send: `duplicate` when the outbox held the mail already (sent, failed or
 * being sent by another run); `deferred` when the SMTP server refused it for the moment and the
 * mailer tries it again itself (a mail sent without a job).
 */
export interface MailResult {
  status: 'stored' | 'sent' | 'failed' | 'duplicate' | 'deferred';
  error?: string;
}

/**
 * A mail written in the transaction of the change that causes it (the transactional outbox):
 * not rendered yet, its job renders and sends it. The job goes to pg-boss after the commit; if
 * that hand-over is lost (the process died, the database went away), the sweep hands it over.
 */
export interface QueuedMail {
  /** The outbox row's id and the job's. */
  id: string;
  kind: string;
  venueId: string | null;
  bookingId: string | null;
  to: string[];
  job: { queue: string; data: object; options: JobOptions };
}

/**
 * Retries of a temporary SMTP failure (451, no answer, a dropped connection): 30 s, then twice
 * as long each time, 6 times (about half an hour to an hour) before the last attempt records it
 * failed. Jobs retry on pg-boss's backoff; mail sent without a job, on the mailer's sweep.
 */
export const MAIL_RETRIES = { retryLimit: 6, retryDelaySeconds: 30 } as const;

/**
 * The SMTP server refused the mail for the moment (a 4xx answer, or it could not be reached)
 * and the job sending it has attempts left: the outbox row says deferred and the job, failing
 * with this, is tried again later by pg-boss.
 */
export class MailDeferred extends Error {}

export interface Mailer {
  /**
   * Records the mail and, with SMTP, sends it. A job passes its attempt: a temporary failure
   * then throws MailDeferred while attempts remain, and is recorded as failed only on the last.
   */
  send(mail: OutgoingMail, attempt?: JobAttempt): Promise<MailResult>;
  /** Writes a queued mail's outbox row in the caller's transaction; false when its id was there already. */
  queue(tx: Tx, mail: QueuedMail): Promise<boolean>;
  /** Takes out a queued mail its job decided not to send (the booking changed since). */
  discard(id: string): Promise<void>;
  /**
   * Hands each queued mail older than a minute to its job again (its hand-over after the commit
   * was lost; a job still queued is not queued twice), and tries again each mail the mailer
   * deferred whose next attempt is due.
   */
  sweep(jobs: Jobs, now?: Date): Promise<{ handedOver: number; retried: number }>;
  listOutbox(limit: number, offset: number): Promise<{ items: OutboxMail[]; total: number }>;
  /** When mail of each kind last went out for the venue (sent, or stored without SMTP). */
  lastSentAt(venueId: string, kinds: string[]): Promise<Map<string, Date>>;
}

/** The platform mails whose link finishes an account: printed when there is no SMTP outside production. */
const LINK_KINDS = new Set(['verify-email', 'password-reset', 'invitation', 'venue-invitation']);

function printLinks(mail: OutgoingMail) {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  console.log(
    `\nMail not sent (no SMTP_URL), kept in the outbox: ${mail.kind} to ${mail.to.join(', ')}\n${links.map((link) => `  ${link}`).join('\n')}\n`,
  );
}

/** nodemailer's refusals of the mail itself, before any conversation: no later attempt changes them. */
const MESSAGE_ERROR_CODES = new Set(['EMESSAGE', 'EENVELOPE']);

/**
 * Only a 5xx answer (550 no such mailbox) is for good. A 4xx (451 try again later) and no answer
 * at all are temporary: a refused or dropped connection, a timeout, a greeting that never comes
 * (an overloaded server closes before it greets, and nodemailer's "Unexpected socket close" has
 * no code).
 */
export function isTemporaryMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode < 500;
  return code === undefined || !MESSAGE_ERROR_CODES.has(code);
}

/** The delay before the mailer's own next attempt, after `attempts` conversations. */
const retryDelayMs = (attempts: number) => MAIL_RETRIES.retryDelaySeconds * 1000 * 2 ** (attempts - 1);
/** A queued mail is handed over again when it is still queued this long after its commit. */
const HAND_OVER_AFTER_MS = 60_000;
/** The most mails one sweep hands over or retries: the rest wait for the next minute. */
const SWEEP_LIMIT = 500;
export const MAIL_SWEEP_QUEUE = 'mail-sweep';

/**
 * One id (a UUID) per key, the same every time: the job's and the outbox row's id of a mail that
 * must go once (a booking's mail of a type and occasion, a gift card's delivery).
 */
export function stableMailId(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Queues a queued mail's job, with the row's id: a job of that id still queued adds nothing. */
export function handOverQueuedMail(jobs: Jobs, mail: Pick<QueuedMail, 'id' | 'job'>) {
  return jobs.send(mail.job.queue, mail.job.data, { ...mail.job.options, id: mail.id });
}

/**
 * After the commit, each mail written in the transaction goes to its job now (and leaves the
 * list); one that cannot be queued is left to the mail sweep, which finds it in the outbox.
 */
export async function handOverWrittenMails(jobs: Jobs, written: QueuedMail[], log: { warn: (object: object, message: string) => void }) {
  for (const queued of written.splice(0)) {
    try {
      await handOverQueuedMail(jobs, queued);
    } catch (error) {
      log.warn({ err: error, mailId: queued.id }, `A ${queued.kind} mail could not be queued now: the mail sweep sends it`);
    }
  }
}

/** The mailer's sweep, every minute in whichever process takes it. */
export async function startMailSweep(mailer: Mailer, jobs: Jobs) {
  await jobs.work(MAIL_SWEEP_QUEUE, async () => {
    await mailer.sweep(jobs);
  });
  await jobs.schedule(MAIL_SWEEP_QUEUE, '* * * * *');
}

/**
 * A row still `sending` this long after its attempt began was cut off (the process died): no
 * SMTP conversation lasts this long with the timeouts below, and pg-boss retries the job only
 * after its expiry (2 minutes for booking mail).
 */
const INTERRUPTED_AFTER_MS = 2 * 60_000;
const INTERRUPTED_MESSAGE = 'The server stopped while sending it: it may or may not have been delivered, so it is not sent again.';

/**
 * nodemailer takes a connection URL's options from its query and drops every key given beside
 * `url` (the timeouts were never applied that way): they go in the query, unless the URL sets them.
 */
function withTimeouts(smtpUrl: string, timeouts: Record<string, number>): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(timeouts)) if (!url.searchParams.has(key)) url.searchParams.set(key, String(value));
  return url.toString();
}

/**
 * Every mail is recorded in the outbox. Without SMTP_URL the outbox is the delivery (the
 * embedded demo shows it on a superadmin page); with SMTP_URL it also goes out through
 * nodemailer and the row says whether that worked. A mail with an id of its own goes at most
 * once: a second send of the id sends nothing, except after a temporary failure (deferred) or
 * while it is queued (written in a transaction, its content not rendered yet).
 */
export function createMailer(
  db: Db,
  options: {
    smtpUrl?: string;
    from: string;
    printLinks?: boolean;
    /** nodemailer's timeouts (tests shorten them: a server that never greets waits out the socket timeout). */
    timeoutsMs?: { connection?: number; greeting?: number; socket?: number };
  },
): Mailer {
  // Short timeouts: a hung server is a temporary failure the job retries, not a job that expires.
  const transport = options.smtpUrl
    ? nodemailer.createTransport(
        withTimeouts(options.smtpUrl, {
          connectionTimeout: options.timeoutsMs?.connection ?? 15_000,
          greetingTimeout: options.timeoutsMs?.greeting ?? 15_000,
          socketTimeout: options.timeoutsMs?.socket ?? 30_000,
        }),
      )
    : null;
  const setRow = (id: string, changes: Partial<typeof mailOutbox.$inferInsert>) =>
    db
      .update(mailOutbox)
      .set(changes)
      .where(sql`${mailOutbox.id} = ${id}`);
  // What the outbox keeps: with SMTP the mail's secrets are masked (the recipient has them); without it the outbox is the delivery.
  const contentOf = (mail: OutgoingMail) => ({
    to: mail.to,
    subject: transport ? masked(mail.subject, mail.secrets) : mail.subject,
    text: transport ? masked(mail.text, mail.secrets) : mail.text,
    html: (transport && mail.html ? masked(mail.html, mail.secrets) : mail.html) ?? null,
    envelope: mail.cc?.length || mail.bcc?.length || mail.replyTo?.length ? { cc: mail.cc, bcc: mail.bcc, replyTo: mail.replyTo } : null,
  });

  /**
   * Takes the row for a new attempt when it is queued (the job's first) or its last attempt was
   * deferred, with the mail's content as rendered now; marks one cut off mid-send as failed.
   * Answers the conversations begun with this one, or null when the row is not to be sent.
   */
  async function claimAgain(id: string, mail: OutgoingMail): Promise<number | null> {
    const [claimed] = await db
      .update(mailOutbox)
      .set({ ...contentOf(mail), status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, attemptedAt: new Date(), retryAt: null })
      .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} in ('queued', 'deferred')`)
      .returning({ attempts: mailOutbox.attempts });
    if (claimed) return claimed.attempts;
    const stale = new Date(Date.now() - INTERRUPTED_AFTER_MS);
    await db
      .update(mailOutbox)
      .set({ status: 'failed', error: INTERRUPTED_MESSAGE })
      .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'sending' and ${mailOutbox.attemptedAt} < ${stale}`);
    return null;
  }

  /**
   * One SMTP conversation for a row taken for it. A temporary failure is deferred: a job's run
   * throws MailDeferred while it has attempts left; a mail sent without a job is tried again by
   * the sweep at `retryAt`, until its attempts are used up. Anything else is failed for good.
   */
  async function deliver(id: string, mail: OutgoingMail, attempts: number, attempt?: JobAttempt): Promise<MailResult> {
    if (!transport) throw new Error('No SMTP transport');
    try {
      await transport.sendMail({
        from: options.from,
        to: mail.to,
        cc: mail.cc,
        bcc: mail.bcc,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments,
        // One Message-ID per outbox row: receivers can tell a repeat.
        messageId: `<${id}@lanebook>`,
      });
      await setRow(id, { status: 'sent', error: null, sentAt: new Date() });
      return { status: 'sent' };
    } catch (error) {
      const message = (error as Error).message.slice(0, 500);
      if (isTemporaryMailError(error)) {
        if (attempt && !attempt.isLastAttempt) {
          await setRow(id, { status: 'deferred', error: message });
          throw new MailDeferred(message);
        }
        if (!attempt && attempts <= MAIL_RETRIES.retryLimit) {
          await setRow(id, { status: 'deferred', error: message, retryAt: new Date(Date.now() + retryDelayMs(attempts)) });
          return { status: 'deferred', error: message };
        }
      }
      await setRow(id, { status: 'failed', error: message });
      return { status: 'failed', error: message };
    }
  }

  /** A mail the mailer deferred itself, tried again from its row; false when another run took it. */
  async function retry(id: string): Promise<boolean> {
    const [row] = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, attemptedAt: new Date(), retryAt: null })
      .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'deferred' and ${mailOutbox.retryAt} is not null`)
      .returning();
    if (!row) return false;
    const mail: OutgoingMail = { ...row, ...row.envelope, html: row.html ?? undefined };
    await deliver(id, mail, row.attempts);
    return true;
  }

  return {
    async send(mail, attempt) {
      const id = mail.id ?? randomUUID();
      const now = new Date();
      const recorded = await db
        .insert(mailOutbox)
        .values({
          id,
          venueId: mail.venueId ?? null,
          bookingId: mail.bookingId ?? null,
          ...contentOf(mail),
          kind: mail.kind,
          status: transport ? 'sending' : 'stored',
          attempts: transport ? 1 : 0,
          attemptedAt: transport ? now : null,
          sentAt: transport ? null : now,
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id });
      if (!transport) {
        // A queued row is stored with its content now; any other row was recorded by an earlier run.
        const stored = recorded.length
          ? recorded
          : await db
              .update(mailOutbox)
              .set({ ...contentOf(mail), status: 'stored', sentAt: now })
              .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'queued'`)
              .returning({ id: mailOutbox.id });
        if (stored.length && options.printLinks && LINK_KINDS.has(mail.kind)) printLinks(mail);
        return { status: stored.length ? 'stored' : 'duplicate' };
      }
      // Recorded by an earlier run: only one queued, or deferred for the moment, is sent now.
      const attempts = recorded.length ? 1 : await claimAgain(id, mail);
      if (attempts === null) return { status: 'duplicate' };
      return deliver(id, mail, attempts, attempt);
    },
    async queue(tx, mail) {
      const written = await tx
        .insert(mailOutbox)
        .values({
          id: mail.id,
          venueId: mail.venueId,
          bookingId: mail.bookingId,
          to: mail.to,
          subject: '',
          text: '',
          kind: mail.kind,
          status: 'queued',
          job: mail.job,
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id });
      return written.length > 0;
    },
    async discard(id) {
      await db.delete(mailOutbox).where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'queued'`);
    },
    async sweep(jobs, now = new Date()) {
      const queued = await db
        .select({ id: mailOutbox.id, job: mailOutbox.job })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'queued'),
            isNotNull(mailOutbox.job),
            lt(mailOutbox.createdAt, new Date(now.getTime() - HAND_OVER_AFTER_MS)),
          ),
        )
        .orderBy(asc(mailOutbox.createdAt))
        .limit(SWEEP_LIMIT);
      let handedOver = 0;
      for (const row of queued) if (row.job && (await handOverQueuedMail(jobs, { id: row.id, job: row.job }))) handedOver += 1;
      let retried = 0;
      if (transport) {
        const due = await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(and(eq(mailOutbox.status, 'deferred'), lte(mailOutbox.retryAt, now)))
          .orderBy(asc(mailOutbox.createdAt))
          .limit(SWEEP_LIMIT);
        for (const row of due) if (await retry(row.id)) retried += 1;
      }
      return { handedOver, retried };
    },
    async lastSentAt(venueId, kinds) {
      if (!kinds.length) return new Map();
      const rows = await db
        .select({ kind: mailOutbox.kind, at: sql<Date>`max(${mailOutbox.sentAt})`.mapWith(mailOutbox.sentAt) })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.venueId, venueId), inArray(mailOutbox.kind, kinds), isNotNull(mailOutbox.sentAt)))
        .groupBy(mailOutbox.kind);
      return new Map(rows.filter((row) => row.at).map((row) => [row.kind, row.at]));
    },
    async listOutbox(limit, offset) {
      const rows = await db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit).offset(offset);
      const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(mailOutbox);
      return {
        items: rows.map((r) => ({
          id: r.id,
          to: r.to,
          subject: r.subject,
          text: r.text,
          html: r.html,
          status: r.status,
          error: r.error,
          createdAt: r.createdAt.toISOString(),
        })),
        total: count,
      };
    },
  };
}

/** A venue's mails to any of the addresses (a guest's data on request, issue 38). */
const toAnyOf = (emails: string[]) => or(...emails.map((email) => sql`${mailOutbox.to} @> ${JSON.stringify([email])}::jsonb`));

export async function venueMailsTo(db: Db, venueId: string, emails: string[]) {
  if (emails.length === 0) return [];
  return db
    .select({
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      kind: mailOutbox.kind,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.venueId, venueId), toAnyOf(emails)))
    .orderBy(asc(mailOutbox.createdAt));
}

/** Takes a person out of the venue's mails to them (issue 38's erase): no address, their words out of subject and text, no HTML copy. */
export async function eraseVenueMailsTo(tx: Tx, venueId: string, emails: string[], words: string[]) {
  if (emails.length === 0) return;
  await tx
    .update(mailOutbox)
    .set({
      to: [],
      subject: scrubbedText(words, sql`${mailOutbox.subject}`),
      text: scrubbedText(words, sql`${mailOutbox.text}`),
      html: null,
      envelope: null,
    })
    .where(and(eq(mailOutbox.venueId, venueId), toAnyOf(emails)));
}
