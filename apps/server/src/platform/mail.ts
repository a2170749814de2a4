import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
import type { JobAttempt } from './jobs.js';
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
}

/** What became of a send: `duplicate` when the outbox held the mail already (sent, failed or being sent by another run). */
export interface MailResult {
  status: 'stored' | 'sent' | 'failed' | 'duplicate';
  error?: string;
}

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
  listOutbox(limit: number, offset: number): Promise<{ items: OutboxMail[]; total: number }>;
  /** When mail of each kind last went out for the venue (sent, or stored without SMTP). */
  lastSentAt(venueId: string, kinds: string[]): Promise<Map<string, Date>>;
}

/** The platform mails whose link finishes an account: printed when there is no SMTP outside production. */
const LINK_KINDS = new Set(['verify-email', 'password-reset', 'invitation', 'venue-invitation']);

function printLinks(mail: OutgoingMail) {
  const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
  console.log(
    `Mail not sent (no SMTP_URL), kept in the outbox: ${mail.kind} to ${mail.to.join(', ')}\n${links.map((link) => `  ${link}`).join('\n')}`,
  );
}

/** Connection-level failures: the server may answer in a moment. */
const TEMPORARY_ERROR_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'EPROTOCOL',
]);

/** A 4xx SMTP answer (451 try again later) or no answer at all is temporary; a 5xx (550 no such mailbox) is for good. */
export function isTemporaryMailError(error: unknown): boolean {
  const { responseCode, code } = (error ?? {}) as { responseCode?: number; code?: string };
  if (typeof responseCode === 'number') return responseCode >= 400 && responseCode < 500;
  return code !== undefined && TEMPORARY_ERROR_CODES.has(code);
}

/**
 * A row still `sending` this long after its attempt began was cut off (the process died): no
 * SMTP conversation lasts this long with the timeouts below, and pg-boss retries the job only
 * after its expiry (2 minutes for booking mail).
 */
const INTERRUPTED_AFTER_MS = 2 * 60_000;
const INTERRUPTED_MESSAGE = 'The server stopped while sending it: it may or may not have been delivered, so it is not sent again.';

/**
 * Every mail is recorded in the outbox. Without SMTP_URL the outbox is the delivery (the
 * embedded demo shows it on a superadmin page); with SMTP_URL it also goes out through
 * nodemailer and the row says whether that worked. A mail with an id of its own goes at most
 * once: a second send of the id sends nothing, except after a temporary failure (deferred).
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string; printLinks?: boolean }): Mailer {
  // Short timeouts: a hung server is a temporary failure the job retries, not a job that expires.
  const transport = options.smtpUrl
    ? nodemailer.createTransport({ url: options.smtpUrl, connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 })
    : null;
  const setRow = (id: string, changes: Partial<typeof mailOutbox.$inferInsert>) =>
    db
      .update(mailOutbox)
      .set(changes)
      .where(sql`${mailOutbox.id} = ${id}`);

  /** Takes the row for a new attempt when its last one was deferred; marks one cut off mid-send as failed. */
  async function claimAgain(id: string): Promise<boolean> {
    const claimed = await db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: sql`${mailOutbox.attempts} + 1`, attemptedAt: new Date() })
      .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'deferred'`)
      .returning({ id: mailOutbox.id });
    if (claimed.length) return true;
    const stale = new Date(Date.now() - INTERRUPTED_AFTER_MS);
    await db
      .update(mailOutbox)
      .set({ status: 'failed', error: INTERRUPTED_MESSAGE })
      .where(sql`${mailOutbox.id} = ${id} and ${mailOutbox.status} = 'sending' and ${mailOutbox.attemptedAt} < ${stale}`);
    return false;
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
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          kind: mail.kind,
          status: transport ? 'sending' : 'stored',
          attempts: transport ? 1 : 0,
          attemptedAt: transport ? now : null,
          sentAt: transport ? null : now,
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id });
      if (!transport) {
        if (recorded.length && options.printLinks && LINK_KINDS.has(mail.kind)) printLinks(mail);
        return { status: recorded.length ? 'stored' : 'duplicate' };
      }
      // Recorded by an earlier run: only one deferred for the moment is tried again.
      if (recorded.length === 0 && !(await claimAgain(id))) return { status: 'duplicate' };
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
          // One Message-ID per outbox row: receivers can tell a repeat.
          messageId: `<${id}@lanebook>`,
        });
        await setRow(id, { status: 'sent', error: null, sentAt: new Date() });
        return { status: 'sent' };
      } catch (error) {
        const message = (error as Error).message.slice(0, 500);
        if (attempt && !attempt.isLastAttempt && isTemporaryMailError(error)) {
          await setRow(id, { status: 'deferred', error: message });
          throw new MailDeferred(message);
        }
        await setRow(id, { status: 'failed', error: message });
        return { status: 'failed', error: message };
      }
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
