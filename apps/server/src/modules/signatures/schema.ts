import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { Signature } from '@lanebook/core/waiver-schemas';
import { owned } from '../../db/venue-owned.js';

/**
 * A signed waiver, kept exactly as signed (decision 023): the waiver's text, fields and
 * checkboxes as shown, the values, the answers, and the images' storage keys. Not tied to the
 * booking by a foreign key: a signature is a legal record and outlives its booking.
 */
export const signatures = pgTable(
  'signatures',
  {
    ...owned(),
    bookingId: text('booking_id').notNull(),
    bookingReference: text('booking_reference'),
    productId: text('product_id'),
    isWalkIn: boolean('is_walk_in').notNull().default(false),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    fields: jsonb('fields').$type<Signature['fields']>().notNull(),
    checkboxes: jsonb('checkboxes').$type<Signature['checkboxes']>().notNull(),
    waiver: jsonb('waiver').$type<Signature['waiver']>().notNull(),
    /** The signed waiver's title, beside the whole copy: lists and the export read only this. */
    waiverTitle: text('waiver_title').notNull(),
    isMinor: boolean('is_minor').notNull().default(false),
    guardianName: text('guardian_name'),
    /** The signer's guest (issue 38), by the signer's email; null when the signature predates guests and had none. */
    guestId: text('guest_id'),
    /** The signed waiver and its version: a guest's waiver on file is a signature of the product's waiver at its current version. */
    waiverId: text('waiver_id'),
    waiverVersion: integer('waiver_version'),
    /** '' once the signer was erased (the image is deleted with the rest of the person). */
    signatureKey: text('signature_key').notNull(),
    guardianSignatureKey: text('guardian_signature_key'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    index('signatures_booking_idx').on(t.venueId, t.bookingId, t.createdAt),
    index('signatures_created_idx').on(t.venueId, t.isWalkIn, t.createdAt),
    index('signatures_guest_idx')
      .on(t.venueId, t.guestId, t.createdAt)
      .where(sql`${t.guestId} is not null`),
    index('signatures_name_idx').on(t.venueId, sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.id),
  ],
);
