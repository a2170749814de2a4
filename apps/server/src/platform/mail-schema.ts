import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JobOptions } from './jobs.js';

/**
 * Every outgoing mail is recorded; in embedded mode this table is the only delivery. The row is
 * the proof of sending: a mail whose id is here is never sent a second time.
 * status: queued (written in the transaction of the change that causes it, not rendered yet: its
 * job renders and sends it), stored (no SMTP: the outbox is the delivery), sending (handed to
 * SMTP now), deferred (the SMTP server refused it for the moment, or could not be reached: its
 * job, or the mailer's sweep at `retryAt`, tries again), sent, failed (for good).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    venueId: text('venue_id'),
    /** The booking a venue's mail is about (the venue's mail log links it); null for others. */
    bookingId: text('booking_id'),
    to: jsonb('to').$type<string[]>().notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    kind: text('kind').notNull(),
    status: text('status').$type<'queued' | 'stored' | 'sending' | 'deferred' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    /** SMTP conversations begun for this mail. */
    attempts: integer('attempts').notNull().default(0),
    /** When the last one began: a row left sending long after it was cut off (a crash). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** When it was sent, or stored when there is no SMTP: a template type's "last sent". */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** A queued mail's job (queue, data, options): handed to pg-boss after the commit, and again by the sweep if that was lost. */
    job: jsonb('job').$type<{ queue: string; data: object; options: JobOptions }>(),
    /** The recipients beyond `to`, kept for the mailer's own retries. */
    envelope: jsonb('envelope').$type<{ cc?: string[]; bcc?: string[]; replyTo?: string[] }>(),
    /** A deferred mail the mailer retries itself (no job holds it): when its next attempt is due. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_venue_kind_sent_idx').on(t.venueId, t.kind, t.sentAt),
    // The venue's mail log, newest first.
    index('mail_outbox_venue_created_idx').on(t.venueId, t.createdAt),
    // The sweep's: mails queued or deferred.
    index('mail_outbox_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'deferred')`),
  ],
);
