import type { Booking } from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import { recordWebhookEvent } from '../integrations/webhooks.js';

/**
 * What a booking change tells the venue's webhooks (decision 018), recorded in the change's
 * transaction with the booking as the API shows it afterwards. An abandoned booking is an
 * update (its status says abandoned): canceled means someone canceled it.
 */
export type BookingEventType = 'booking.created' | 'booking.updated' | 'booking.paid' | 'booking.canceled' | 'booking.refunded';

export async function recordBookingEvent(
  tx: Tx,
  venueId: string,
  type: BookingEventType,
  booking: Booking,
  targets?: { id: string }[],
): Promise<Booking> {
  await recordWebhookEvent(tx, venueId, type, { booking }, targets);
  return booking;
}
