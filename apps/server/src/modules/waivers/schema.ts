import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { WaiverCheckbox, WaiverField } from '@lanebook/core/waiver-schemas';
import { owned } from '../../db/venue-owned.js';

/** A waiver customers sign for a product (decision 023). Signatures keep their own copy of what they signed. */
export const waivers = pgTable(
  'waivers',
  {
    ...owned(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    /** Sanitized rich text (HTML of a few tags). */
    text: text('text').notNull().default(''),
    fields: jsonb('fields')
      .$type<WaiverField[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    checkboxes: jsonb('checkboxes')
      .$type<WaiverCheckbox[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    startTimeHours: integer('start_time_hours').notNull().default(0),
    cutOffHours: integer('cut_off_hours').notNull().default(0),
    /** Months a guest's signature counts for their later bookings; 0: each booking is signed (issue 38). */
    validForMonths: integer('valid_for_months').notNull().default(0),
    /** Counts the changes of what is signed; kept by the database (migration 0020's trigger), read by bookings (decision 031). */
    version: integer('version').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);
