import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { MailingTemplateEvent } from '@lanebook/core/catalog';
import { owned } from '../../db/venue-owned.js';

export const mailingTemplates = pgTable(
  'mailing_templates',
  {
    ...owned(),
    event: text('event').$type<MailingTemplateEvent>().notNull(),
    subject: text('subject').notNull(),
    to: jsonb('to')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cc: jsonb('cc')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    bcc: jsonb('bcc')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    replyTo: jsonb('reply_to')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    text: text('text').notNull(),
    isPaused: boolean('is_paused').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);
