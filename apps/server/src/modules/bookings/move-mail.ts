import type { Booking } from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import type { AutomaticMails } from './mail.js';
import { venueSpan } from './public.js';
import { passReminderInsideWindow } from './reminders.js';

/**
 * In a change's transaction: a move (by staff or by the customer) mails the new time through the
 * confirmation template, naming the change (its version keys the mail).
 */
export async function writeMoveMail(
  tx: Tx,
  mails: AutomaticMails,
  venue: VenueRow,
  before: { startsAt: Date; endsAt: Date },
  after: Booking,
) {
  if (after.startsAt === before.startsAt.toISOString()) return;
  // Moved inside the reminder window: the change mail tells the new time, no reminder follows it.
  await passReminderInsideWindow(tx, venue, after);
  if (!after.isConfirmationEmail) return;
  await mails.write(tx, venue, after, 'confirmation', {
    occasion: `change:${after.updatedAt}`,
    change: { from: venueSpan(before.startsAt, before.endsAt, venue) },
  });
}
