import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/**
 * The view page's one-click actions, each a POST on the booking answering it changed:
 * cancel (with a refund of all, part or none of what was paid, and a reason for the log),
 * presence, notes, save and unsave.
 */
export type BookingAction =
  | { kind: 'cancel'; refundAmount?: number; reason?: string }
  | { kind: 'presence'; presenceStatus: Booking['presenceStatus'] }
  | { kind: 'notes'; text: string }
  | { kind: 'save' }
  | { kind: 'unsave' };

export const runBookingAction = (id: string, action: BookingAction) => {
  const { kind, ...body } = action;
  // Cancel declares a body (its refund and reason), so it always sends one, if only {}.
  return http.post<Booking>(
    `/api/private/booking/${encodeURIComponent(id)}/${kind}`,
    kind === 'cancel' || Object.keys(body).length ? body : undefined,
  );
};
