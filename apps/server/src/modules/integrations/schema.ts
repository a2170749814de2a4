import { boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { owned } from '../../db/venue-owned.js';

export const integrations = pgTable(
  'integrations',
  {
    ...owned(),
    type: text('type').$type<'webhook' | 'custom'>().notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    secret: text('secret'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] })],
);

/**
 * One event to one webhook integration (decision 018): written in the transaction of the change
 * it reports (so it is never lost), then delivered by a job, retried with backoff until it is
 * delivered or its attempts run out. Its row is the integration's delivery log.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    ...owned(),
    integrationId: text('integration_id').notNull(),
    /** The event's id, the same for every integration it goes to: receivers de-duplicate on it. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    status: text('status').$type<'pending' | 'delivered' | 'failed'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.id] }),
    foreignKey({
      columns: [t.venueId, t.integrationId],
      foreignColumns: [integrations.venueId, integrations.id],
      name: 'webhook_deliveries_integration_fk',
    }).onDelete('cascade'),
    index('webhook_deliveries_log_idx').on(t.venueId, t.integrationId, t.createdAt),
    index('webhook_deliveries_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
