/** Booking statuses and how people read them (the console's labels and colors). */

export const BOOKING_STATUSES = ['new', 'wait_for_payment', 'paid', 'canceled', 'abandoned'] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_STATUS_LABELS: Record<BookingStatus, string> = {
  new: 'New',
  wait_for_payment: 'Wait For Payment',
  paid: 'Paid',
  canceled: 'Canceled',
  abandoned: 'Abandoned',
};

/** A status label, or the raw value for one this version does not know. */
export const bookingStatusLabel = (status: string) => BOOKING_STATUS_LABELS[status as BookingStatus] ?? status;
