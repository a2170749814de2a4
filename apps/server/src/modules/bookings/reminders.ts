import { and, gt, inArray, lte, ne } from 'drizzle-orm';
import { LIVE_BOOKING_STATUSES } from '@lanebook/core';
import type { Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { venuesWithActiveTemplate } from '../mailing-templates/service.js';
import { venueRowById } from '../venues/service.js';
import { withTransaction } from '../../platform/locking.js';
import { automaticMails, type BookingMailer } from './mail.js';
import { bookingReminders, bookings } from './schema.js';

/**
 * Reminders: each live booking gets the venue's active reminder template at its start minus
 * the venue's reminderLeadHours (an instant: 24 hours before is 24 real hours, across a DST
 * change too). A sweep every minute (pg-boss, once across processes) queues the reminders that
 * have come due: computed from the booking's start and the venue's lead time as they are now,
 * so a move or a new lead time needs nothing else, and a cancel or an abandon takes the booking
 * out of the live ones. `booking_reminders` keeps which booking and start it has handled.
 */

export const REMINDER_QUEUE = 'booking-reminders';
/** Later than this after its due time a reminder is late (made inside the lead time, or the server was down)... */
const LATE_AFTER_MS = 5 * 60_000;
/** ...and a late one is not sent when the booking starts within this. */
const TOO_CLOSE_MS = 60 * 60_000;
const HOUR_MS = 60 * 60_000;

/**
 * A booking the desk made, or anyone moved, inside its reminder window gets no reminder for that
 * start (issue 34): the customer is at the desk or just called, and a move's change mail already
 * tells the new time. Marked handled (skipped) in the change's own transaction, so the sweep
 * passes it by. An online booking made inside the window is not marked: the sweep reminds it once.
 */
export async function passReminderInsideWindow(
  tx: Tx,
  venue: { id: string; reminderLeadHours: number },
  booking: { id: string; startsAt: string | Date },
  now = new Date(),
) {
  const startsAt = new Date(booking.startsAt);
  const ahead = startsAt.getTime() - now.getTime();
  if (ahead <= 0 || ahead > venue.reminderLeadHours * HOUR_MS) return;
  await forVenue(tx, venue.id).insert(bookingReminders, { bookingId: booking.id, startsAt, skipped: true }).onConflictDoNothing();
}

/** Queues each reminder due at `now` of every venue with an active reminder template; answers how many it queued. */
export async function queueDueReminders(mail: BookingMailer, now = new Date()): Promise<number> {
  let queued = 0;
  for (const venueId of await venuesWithActiveTemplate(mail.db, 'reminder')) {
    const venue = await venueRowById(mail.db, venueId);
    if (venue) queued += await queueVenueReminders(mail, venue, now);
  }
  return queued;
}

async function queueVenueReminders(
  mail: BookingMailer,
  venue: NonNullable<Awaited<ReturnType<typeof venueRowById>>>,
  now: Date,
): Promise<number> {
  const scope = forVenue(mail.db, venue.id);
  const leadMs = venue.reminderLeadHours * HOUR_MS;
  // Live bookings starting within the lead time: their reminder is due (bookings_starts_idx).
  const due = await scope.select(
    bookings,
    and(
      inArray(bookings.status, [...LIVE_BOOKING_STATUSES]),
      gt(bookings.startsAt, now),
      lte(bookings.startsAt, new Date(now.getTime() + leadMs)),
      ne(bookings.email, ''),
    ),
  );
  if (!due.length) return 0;
  const handled = await scope.select(
    bookingReminders,
    inArray(
      bookingReminders.bookingId,
      due.map((row) => row.id),
    ),
  );
  const done = new Set(handled.map((row) => `${row.bookingId} ${row.startsAt.toISOString()}`));
  const mails = automaticMails(mail, console);
  let queued = 0;
  for (const row of due) {
    const startsAt = row.startsAt.toISOString();
    if (done.has(`${row.id} ${startsAt}`)) continue;
    const dueAt = row.startsAt.getTime() - leadMs;
    const skipped = now.getTime() - dueAt > LATE_AFTER_MS && row.startsAt.getTime() - now.getTime() < TOO_CLOSE_MS;
    // The reminder's outbox row and its mark in one transaction: both or neither.
    await withTransaction(mail.db, async (tx) => {
      if (!skipped)
        await mails.write(tx, venue, { id: row.id, reservationInfo: { email: row.email } }, 'reminder', { occasion: startsAt, startsAt });
      await forVenue(tx, venue.id).insert(bookingReminders, { bookingId: row.id, startsAt: row.startsAt, skipped }).onConflictDoNothing();
    });
    if (!skipped) queued += 1;
  }
  await mails.handOver();
  return queued;
}
