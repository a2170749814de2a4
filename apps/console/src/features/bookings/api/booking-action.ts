import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';

/**
 * The view page's one-click actions, each a POST on the booking answering it changed:
 * cancel, presence, notes, save and unsave.
 */
export type BookingAction =
  | { kind: 'cancel' }
  | { kind: 'presence'; presenceStatus: Booking['presenceStatus'] }
  | { kind: 'notes'; text: string }
  | { kind: 'save' }
  | { kind: 'unsave' };

export const runBookingAction = (id: string, action: BookingAction) => {
  const { kind, ...body } = action;
  return http.post<Booking>(`/api/private/booking/${encodeURIComponent(id)}/${kind}`, Object.keys(body).length ? body : undefined);
};
