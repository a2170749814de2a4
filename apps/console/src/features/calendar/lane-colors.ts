import { BOOKING_STATUS_LABELS } from '@lanebook/core/bookings';

/**
 * The lane day view's colour of each booking status that holds lanes (the only ones it draws),
 * with a text colour that stays readable on it. The legend, the blocks and the drawer's badge
 * all read this one table.
 */
export const STATUS_STYLE: Record<string, { label: string; background: string; text: string }> = {
  new: { label: BOOKING_STATUS_LABELS.new, background: '#1971c2', text: '#ffffff' },
  wait_for_payment: { label: BOOKING_STATUS_LABELS.wait_for_payment, background: '#fab005', text: '#212529' },
  paid: { label: BOOKING_STATUS_LABELS.paid, background: '#2b8a3e', text: '#ffffff' },
};

/** The lane time a product's slots open (free to book), drawn behind the bookings. */
export const OPEN_LANE_COLOR = '#d3f9d8';
