import { venueMoment, venueSpan } from '@lanebook/core';

// The booking log renders spans too (core's booking-event-text), so they live in core's format.
export { venueMoment, venueSpan };
import { publicBookingSchema, type Booking, type PublicBooking } from '@lanebook/core/booking-schemas';
import { formatPhone } from '@lanebook/core/phone';
import { signingPathOf } from '@lanebook/core/waiver-schemas';
import { AppError } from '../../platform/errors.js';
import { cancellationPeriodOf, customerDeadline, periodHours } from './actions.js';

/**
 * What a customer sees of their own booking (the widget's calls, by booking reference): only what
 * publicBookingSchema lets through, with the product's and venue's names and what the customer
 * may still do online (decision 024).
 */

export interface PublicProductView {
  name: string;
  isPaused: boolean;
  cancellationPeriodAmount: number;
  cancellationPeriodUnit: 'hours' | 'days';
  activeWaiverId: string | null;
}

export interface PublicVenueView {
  id: string;
  name: string;
  timezone: string;
  dateFormat: string;
  timeFormat: 12 | 24;
  address: string;
  phone: string;
  /** The venue's phone is shown in this country's format (formatPhone), as everywhere else. */
  country: string;
}

/** The customer's own page of the booking (the mails' manageUrl): the reference, which only the booker gets. */
export function customerLinks(baseUrl: string, reference: string | null) {
  return { manageUrl: reference ? `${baseUrl}/widget/booking/${encodeURIComponent(reference)}` : '' };
}

/** The friends' sign-only link (decision 023): it signs the waiver and opens nothing else of the booking. */
export const signingLinkOf = (baseUrl: string, signingToken: string) => `${baseUrl}${signingPathOf(signingToken)}`;

/** The booking as the customer sees it; `product` undefined when it was deleted. */
export function publicBooking(
  booking: Booking,
  venue: PublicVenueView,
  product: PublicProductView | undefined,
  baseUrl: string,
  /** The booking's check-in code (check-in/codes.ts). */
  checkInCode: string,
  now = new Date(),
): PublicBooking {
  const deadline = customerDeadline({ status: booking.status, startsAt: new Date(booking.startsAt) }, cancellationPeriodOf(product));
  const isCancellable = deadline !== null && now < deadline;
  return publicBookingSchema.parse({
    ...booking,
    productName: product?.name ?? '',
    venueId: venue.id,
    venueName: venue.name,
    venueAddress: venue.address,
    venuePhone: formatPhone(venue.phone, venue.country),
    isCancellable,
    cancellableUntil: deadline?.toISOString() ?? null,
    // Moving books the product's online slots again: not once it is paused or gone.
    isMovable: isCancellable && !!product && !product.isPaused,
    hasWaiver: !!product?.activeWaiverId,
    signingLink: signingLinkOf(baseUrl, booking.signingToken),
    checkInCode,
  });
}

/** Moving is allowed while cancelling is (decision 024); otherwise a 409 that names the deadline. */
export function assertCustomerMayMove(
  row: { status: string; startsAt: Date },
  venue: PublicVenueView,
  product: PublicProductView | undefined,
  now = new Date(),
) {
  if (!product || product.isPaused)
    throw new AppError(409, 'not_movable', 'This booking cannot be moved online now: call the venue to change it.');
  const period = cancellationPeriodOf(product);
  const deadline = customerDeadline(row, period);
  if (!deadline) throw new AppError(409, 'not_movable', `This booking is ${row.status}: it cannot be moved.`);
  if (now >= deadline)
    throw new AppError(
      409,
      'not_movable',
      `Online changes closed at ${venueMoment(deadline, venue)}, ${periodHours(period)} hours before the start: call the venue to change this booking.`,
    );
}
