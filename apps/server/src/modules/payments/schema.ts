import { pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every event a payment provider sent to the webhook, by its id: the insert that finds the id
 * already there is a redelivery, and does nothing (decision 021). Not venue-owned: an event is
 * stored before the venue of its account is known, and unknown accounts' events too.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    provider: text('provider').notNull(),
    id: text('id').notNull(),
    type: text('type').notNull(),
    account: text('account'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.id] })],
);
