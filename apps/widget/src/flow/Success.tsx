import { useEffect, useState } from 'react';
import { calendarUrl, getWaiver } from '../lib/calls';
import { CheckInCode } from './CheckInCode';
import { cancellationNotice, dateOf, money, whenText } from '../lib/format';
import { manageUrlOf } from '../lib/route';
import type { PublicBooking, VenueFormat } from '../lib/types';
import { Facts } from './Facts';

interface Props {
  booking: PublicBooking;
  venue: VenueFormat;
  cancellation: { amount: number; unit: 'hours' | 'days' };
  /** Payment is taken at the venue (card payments off) for what is still due. */
  payAtVenue: boolean;
}

/** Copies text, with the old selection trick where the Clipboard API is not allowed (an iframe without the permission). */
async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    return document.execCommand('copy');
  }
}

/** The booking is made: its reference, when, the calendar file, the friends' signing link and the cancellation notice. */
export function Success({ booking, venue, cancellation, payAtVenue }: Props) {
  const [copied, setCopied] = useState<string | null>(null);
  const reference = booking.bookingReference ?? '';
  // The friends' sign-only link, never the reference (decision 023).
  const signUrl = booking.signingLink;
  const input = () => document.getElementById('lb-sign-url') as HTMLInputElement | null;
  const [onFileUntil, setOnFileUntil] = useState<string | null>(null);
  const maybeOnFile = booking.hasWaiver && booking.numberOfSignedWaivers > 0;

  // A returning booker whose waiver still counts was not asked to sign (issue 38): say until when it does.
  useEffect(() => {
    if (!maybeOnFile || !reference) return;
    let live = true;
    getWaiver(reference).then(
      (w) => live && setOnFileUntil(w.bookerOnFile?.validUntil ?? null),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [maybeOnFile, reference]);
  return (
    <section className="lb-success" aria-labelledby="lb-success-title">
      <h2 id="lb-success-title" tabIndex={-1}>
        {booking.status === 'paid' ? 'Booked and paid' : 'Your booking is confirmed'}
      </h2>
      <Facts
        rows={[
          ['Booking reference', <span data-testid="booking-reference">{reference}</span>],
          [booking.productName, whenText(booking.startsAt, booking.endsAt, venue)],
          ['Players', booking.playersCount],
          ['Total', money(booking.total, venue)],
          booking.paid > 0 && ['Paid', money(booking.paid, venue)],
        ]}
      />
      {payAtVenue && booking.due > 0 ? <p className="lb-note">You pay {money(booking.due, venue)} at the venue.</p> : null}
      <CheckInCode reference={booking.bookingReference} code={booking.checkInCode} />
      <p>
        <a className="lb-btn lb-btn-secondary" href={calendarUrl(reference)} download>
          Add to calendar
        </a>
      </p>
      {booking.hasWaiver ? (
        <div className="lb-box">
          {onFileUntil ? <p>Your waiver is on file until {dateOf(onFileUntil, venue)}.</p> : null}
          <p>
            <strong>Friend joining you? Have them sign as well</strong>
          </p>
          <div className="lb-copy">
            <label className="lb-visually-hidden" htmlFor="lb-sign-url">
              Waiver signing link
            </label>
            <input id="lb-sign-url" readOnly value={signUrl} onFocus={(e) => e.currentTarget.select()} />
            <button
              type="button"
              className="lb-btn"
              onClick={async () => setCopied((await copyText(signUrl, input())) ? 'Copied' : 'Select the link and copy it')}
            >
              Copy URL
            </button>
          </div>
          <p className="lb-muted" aria-live="polite">
            {copied}
          </p>
        </div>
      ) : null}
      <p>{cancellationNotice(booking, cancellation, venue)}</p>
      <p>
        <a href={manageUrlOf(location.origin, reference)} target="_blank" rel="noopener">
          View or change your booking
        </a>
      </p>
    </section>
  );
}
