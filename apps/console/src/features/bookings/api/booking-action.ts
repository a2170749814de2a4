import type { Booking } from '@lanebook/core/booking-schemas';
import { client } from '../../../lib/api';
import type { GiftCardRefundTo } from './refund';

/**
 * The view page's one-click actions, each a POST on the booking answering it changed:
 * cancel (with a refund of all, part or none of what was paid, where a gift card's part goes, and a reason for the log),
 * presence, notes, save and unsave.
 */
export type BookingAction =
  | { kind: 'cancel'; refundAmount?: number; reason?: string; giftCardRefundTo?: GiftCardRefundTo }
  | { kind: 'presence'; presenceStatus: Booking['presenceStatus'] }
  | { kind: 'notes'; text: string }
  | { kind: 'save' }
  | { kind: 'unsave' };

export const runBookingAction = (id: string, action: BookingAction) => {
  const path = { id };
  switch (action.kind) {
    // Cancel declares a body (its refund and reason), so it always sends one, if only {}.
    case 'cancel':
      return client.post('/api/private/booking/{id}/cancel', {
        path,
        body: { refundAmount: action.refundAmount, reason: action.reason, giftCardRefundTo: action.giftCardRefundTo },
      });
    case 'presence':
      return client.post('/api/private/booking/{id}/presence', { path, body: { presenceStatus: action.presenceStatus } });
    case 'notes':
      return client.post('/api/private/booking/{id}/notes', { path, body: { text: action.text } });
    case 'save':
      return client.post('/api/private/booking/{id}/save', { path });
    case 'unsave':
      return client.post('/api/private/booking/{id}/unsave', { path });
  }
};
