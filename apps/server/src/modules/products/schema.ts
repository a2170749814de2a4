import { sql } from 'drizzle-orm';
import { boolean, foreignKey, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { CustomField, PriceGroup } from '@lanebook/core';
import { owned } from '../../db/venue-owned.js';
import { terms } from '../terms/schema.js';

export const products = pgTable(
  'products',
  {
    ...owned(),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    icon: text('icon').notNull().default(''),
    image: text('image').notNull().default(''),
    duration: integer('duration').$type<1 | 2 | 3 | 6 | 9 | 12>().notNull(),
    breakTime: integer('break_time').notNull().default(0),
    cutoffTime: integer('cutoff_time').notNull().default(0),
    price: integer('price').notNull(),
    deposit: integer('deposit').notNull().default(0),
    isDeposit: boolean('is_deposit').notNull().default(false),
    fixedPrice: integer('fixed_price').notNull().default(0),
    minPlayers: integer('min_players').notNull(),
    maxPlayers: integer('max_players').notNull(),
    typeOfPricing: text('type_of_pricing').$type<'person' | 'group-range'>().notNull(),
    groups: jsonb('groups')
      .$type<PriceGroup[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // The ids of the lanes it is played on (resources: docs/architecture.md, Glossary).
    resources: jsonb('resources')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    taxes: jsonb('taxes')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    nonWorkingDays: jsonb('non_working_days')
      .$type<number[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    holidays: jsonb('holidays')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    isPaused: boolean('is_paused').notNull().default(true),
    isDeleted: boolean('is_deleted').notNull().default(false),
    customFields: jsonb('custom_fields')
      .$type<Record<string, CustomField>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    termsId: text('terms_id'),
    largeGroupDisclaimerId: text('large_group_disclaimer_id'),
    upsellItemIds: jsonb('upsell_item_ids')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    cancellationPeriodAmount: integer('cancellation_period_amount').notNull().default(24),
    cancellationPeriodUnit: text('cancellation_period_unit').$type<'hours' | 'days'>().notNull().default('hours'),
    widgetNote: text('widget_note').notNull().default(''),
    activeWaiverId: text('active_waiver_id'),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({ columns: [t.venueId, t.termsId], foreignColumns: [terms.venueId, terms.id], name: 'products_terms_fk' }),
    foreignKey({
      columns: [t.venueId, t.largeGroupDisclaimerId],
      foreignColumns: [terms.venueId, terms.id],
      name: 'products_disclaimer_fk',
    }),
  ],
);
