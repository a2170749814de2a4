import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { GuestFlag } from '@lanebook/core/guest-schemas';
import { owned } from '../../db/venue-owned.js';

/**
 * A guest (issue 38, decision 046): one person of a venue across every booking and signature.
 * Found by email (stored lower-cased, one guest per email) or, for a booking without one, by phone
 * (E.164, shared by a family at times, so not unique). A guest merged into another keeps its row
 * (`mergedIntoId`) so its email still finds the survivor; an erased one keeps its row, its counts
 * and money, and none of the person.
 */
export const guests = pgTable(
  'guests',
  {
    ...owned(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    /** Lower-cased, as bookings keep it; '' for a phone-only guest. */
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    notes: text('notes').notNull().default(''),
    flags: jsonb('flags')
      .$type<GuestFlag[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    marketingConsentAt: timestamp('marketing_consent_at', { withTimezone: true }),
    mergedIntoId: text('merged_into_id'),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    uniqueIndex('guests_email')
      .on(t.venueId, t.email)
      .where(sql`${t.email} <> ''`),
    // The search (bookings/search.ts's readings, on these columns): each from its start, phones from their end.
    index('guests_email_search').on(t.venueId, t.email.op('text_pattern_ops')),
    index('guests_phone_search').on(t.venueId, sql`reverse(${t.phone}) text_pattern_ops`),
    index('guests_first_name_search').on(
      t.venueId,
      sql`lower(${t.firstName}) text_pattern_ops`,
      sql`lower(${t.lastName}) text_pattern_ops`,
    ),
    index('guests_last_name_search').on(t.venueId, sql`lower(${t.lastName}) text_pattern_ops`, sql`lower(${t.firstName}) text_pattern_ops`),
    // The list A-Z (the guests not merged away), the columns the search reads riding along: its
    // bounded walk of the names reads this index alone (service.ts, matchingIds).
    index('guests_name_sort')
      .on(t.venueId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id, t.firstName, t.lastName, t.email, t.phone)
      .where(sql`${t.mergedIntoId} is null`),
    // The guests with a flag.
    index('guests_flagged_idx')
      .on(t.venueId)
      .where(sql`${t.flags} <> '[]'::jsonb`),
    index('guests_merged_into_idx')
      .on(t.venueId, t.mergedIntoId)
      .where(sql`${t.mergedIntoId} is not null`),
  ],
);

/** What happened to a guest, by whom: flags changed, merged, erased (a guest's own history, beside their bookings'). */
export const guestLogs = pgTable(
  'guest_logs',
  {
    ...owned(),
    guestId: text('guest_id').notNull(),
    type: text('type').$type<'updated' | 'flags' | 'merged' | 'consent' | 'erased'>().notNull(),
    detail: text('detail').notNull(),
    userName: text('user_name').notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] }), index('guest_logs_guest_idx').on(t.venueId, t.guestId, t.createdAt)],
);
