import { randomUUID } from 'node:crypto';
import { desc, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.js';
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
  /**
   * The outbox row's id, when the mail has one of its own (a job's): a mail whose id is in the
   * outbox already is not sent again, so a retried job never mails twice.
   */
  id?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  listOutbox(limit: number, offset: number): Promise<{ items: OutboxMail[]; total: number }>;
}

/**
 * Every mail is recorded in the outbox. Without SMTP_URL the outbox is the delivery (the
 * embedded demo shows it on a superadmin page); with SMTP_URL it also goes out through
 * nodemailer and the row says whether that worked.
 */
export function createMailer(db: Db, options: { smtpUrl?: string; from: string }): Mailer {
  const transport = options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : null;
  return {
    async send(mail) {
      const id = mail.id ?? randomUUID();
      const recorded = await db
        .insert(mailOutbox)
        .values({
          id,
          venueId: mail.venueId ?? null,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html ?? null,
          kind: mail.kind,
          status: 'stored',
        })
        .onConflictDoNothing()
        .returning({ id: mailOutbox.id });
      // Recorded by an earlier run (sent, failed, or cut off mid-send): never sent a second time.
      if (recorded.length === 0) return;
      if (!transport) return;
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
        await db
          .update(mailOutbox)
          .set({ status: 'sent' })
          .where(sql`${mailOutbox.id} = ${id}`);
      } catch (error) {
        await db
          .update(mailOutbox)
          .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
          .where(sql`${mailOutbox.id} = ${id}`);
      }
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
