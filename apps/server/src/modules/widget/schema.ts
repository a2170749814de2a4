import { date, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { owned } from '../../db/venue-owned.js';

/**
 * One opening of the widget and the furthest step it reached (0 open, 1 select product,
 * 2 players count, 3 select slots, 4 request payment, 5 payment success): the dashboard's bounce
 * rate is the share of visits that never reached 5, by event date (decision 024).
 */
export const widgetVisits = pgTable(
  'widget_visits',
  {
    ...owned(),
    templateId: text('template_id'),
    productId: text('product_id'),
    step: integer('step').notNull().default(0),
    /** The venue date of the slots chosen, once chosen; until then the venue date it opened. */
    eventDate: date('event_date', { mode: 'string' }).notNull(),
    bookingId: text('booking_id'),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.id] }), index('widget_visits_event_date_idx').on(t.venueId, t.eventDate)],
);
