import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every outgoing mail is recorded; in embedded mode this table is the only delivery. The row is
 * the proof of sending: a mail whose id is here is never sent a second time.
 * status: stored (no SMTP: the outbox is the delivery), sending (handed to SMTP now), deferred
 * (the SMTP server refused it for the moment: its job tries again), sent, failed (for good).
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
    status: text('status').$type<'stored' | 'sending' | 'deferred' | 'sent' | 'failed'>().notNull(),
    error: text('error'),
    /** SMTP conversations begun for this mail. */
    attempts: integer('attempts').notNull().default(0),
    /** When the last one began: a row left sending long after it was cut off (a crash). */
    attemptedAt: timestamp('attempted_at', { withTimezone: true }),
    /** When it was sent, or stored when there is no SMTP: a template type's "last sent". */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('mail_outbox_created_idx').on(t.createdAt),
    index('mail_outbox_venue_kind_sent_idx').on(t.venueId, t.kind, t.sentAt),
    // The venue's mail log, newest first.
    index('mail_outbox_venue_created_idx').on(t.venueId, t.createdAt),
  ],
);
