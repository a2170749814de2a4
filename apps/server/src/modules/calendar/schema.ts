import { sql } from 'drizzle-orm';
import { boolean, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PriceGroup, SlotTemplate } from '@lanebook/core';
import type { PopulateRun } from '@lanebook/core/calendar-schemas';
import type { OpeningHours } from '@lanebook/core/opening-hours';
import { owned } from '../../db/venue-owned.js';
import { products } from '../products/schema.js';
import { venues } from '../venues/schema.js';

/** A product's repeating weekly plan from `startDate` (docs/decisions/014-calendar-and-availability.md). */
export const slotGroups = pgTable(
  'slot_groups',
  {
    ...owned(),
    productId: text('product_id').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    templates: jsonb('templates')
      .$type<SlotTemplate[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // The opening hours the templates were made from, null when the plan was saved as rows (decision 034).
    openingHours: jsonb('opening_hours').$type<OpeningHours>(),
    // Kept populated this many weeks ahead by the top-up job (1-52, check in migration 0021); null: by hand only.
    populateWeeksAhead: integer('populate_weeks_ahead'),
    // The last venue date the keep-ahead populate covered: the job tops up only the days after it.
    populatedThrough: date('populated_through', { mode: 'string' }),
    // The last populate run in the background, its progress and cursor (migration 0026, decision 034).
    populateRun: jsonb('populate_run').$type<PopulateRun>(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'slot_groups_product_fk' }),
  ],
);

/**
 * A dated slot of a product: venue-local date and times, and the instants they resolve to in the
 * venue's zone. Two slots of one product never overlap (exclusion constraint `slots_no_overlap`,
 * in the migration); a group makes each template at most once per date (`slots_group_template_date`).
 */
export const slots = pgTable(
  'slots',
  {
    ...owned(),
    productId: text('product_id').notNull(),
    slotGroupId: text('slot_group_id'),
    slotTemplateId: text('slot_template_id'),
    date: date('date', { mode: 'string' }).notNull(),
    from: text('from').notNull(),
    to: text('to').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    breakTime: integer('break_time'),
    price: integer('price'),
    fixedPrice: integer('fixed_price'),
    groupsBasedPrice: jsonb('groups_based_price').$type<PriceGroup[]>(),
    isPrivate: boolean('is_private').notNull().default(false),
    isVisibleOnline: boolean('is_visible_online').notNull().default(true),
    // Kept by the database (trigger slots_occupancy, migration 0006): the end widened by the
    // break (the slot's, else the product's), and how many live lane holds overlap that interval,
    // by lane. Availability reads these instead of the holds. The defaults never last: the
    // trigger sets both on every insert.
    blockedUntil: timestamp('blocked_until', { withTimezone: true })
      .notNull()
      .default(sql`'infinity'`),
    heldLanes: jsonb('held_lanes')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.productId], foreignColumns: [products.venueId, products.id], name: 'slots_product_fk' }),
    foreignKey({ columns: [t.venueId, t.slotGroupId], foreignColumns: [slotGroups.venueId, slotGroups.id], name: 'slots_group_fk' }),
    uniqueIndex('slots_group_template_date').on(t.venueId, t.slotGroupId, t.slotTemplateId, t.date),
    index('slots_product_date_idx').on(t.venueId, t.productId, t.date),
    index('slots_starts_idx').on(t.venueId, t.startsAt),
    // The slots a lane hold overlaps, for the occupancy trigger.
    index('slots_blocking_idx').using('gist', t.venueId, sql`tstzrange(${t.startsAt}, ${t.blockedUntil})`),
  ],
);

/** Dates the whole venue is closed (calendar.setNonWorkingDays): no slot is made or offered on them. */
export const venueNonWorkingDays = pgTable(
  'venue_non_working_days',
  {
    venueId: text('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.date] })],
);
