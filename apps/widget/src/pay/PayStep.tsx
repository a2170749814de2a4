import { useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../lib/api';
import { getBooking, openCheckout } from '../lib/calls';
import { money } from '../lib/format';
import { postToParent } from '../lib/frame';
import type { PublicBooking, VenueFormat } from '../lib/types';

interface Props {
  booking: PublicBooking;
  venue: VenueFormat;
  /** The product takes deposits: the customer chooses the deposit or the whole price. */
  allowDeposit: boolean;
  returnUrl: string;
  onPaid: (booking: PublicBooking) => void;
}

const POLL_MS = 2000;
const CHECKOUT_HEIGHT = 720;
const isPaid = (b: PublicBooking) => b.status === 'paid' || b.due === 0;

/**
 * Pays what is due through the provider's hosted checkout. The sandbox's page may be framed, so
 * the widget goes there itself and comes back to its return URL; Stripe's cannot, so it opens
 * in a new tab and the widget follows the booking until the provider's webhook marks it paid.
 */
export default function PayStep({ booking, venue, allowDeposit, returnUrl, onPaid }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ url: string | null } | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const reference = booking.bookingReference ?? '';
  const depositChoice = allowDeposit && booking.deposit > 0 && booking.deposit < booking.due;

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const poll = () => {
    timer.current = window.setTimeout(async () => {
      try {
        const fresh = await getBooking(reference);
        if (isPaid(fresh)) return onPaid(fresh);
      } catch {
        // A missed answer: ask again on the next tick.
      }
      poll();
    }, POLL_MS);
  };

  const pay = async (isFullFirstPayment: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await openCheckout(reference, { isFullFirstPayment, returnUrl });
      if (checkout.embeddable) {
        // The checkout page does not report its height: leave it room before going there.
        postToParent({
          type: 'lanebook:resize',
          frame: new URLSearchParams(location.search).get('frame'),
          height: Math.max(CHECKOUT_HEIGHT, document.documentElement.scrollHeight),
        });
        location.assign(checkout.url);
        return;
      }
      const tab = window.open(checkout.url, '_blank');
      if (tab) tab.opener = null;
      setWaiting({ url: /^https:\/\//.test(checkout.url) ? checkout.url : null });
      window.clearTimeout(timer.current);
      poll();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'nothing_due') {
        const fresh = await getBooking(reference).catch(() => booking);
        onPaid(fresh);
        return;
      }
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  if (waiting)
    return (
      <div className="lb-box" aria-live="polite">
        <p>Finish the payment in the new tab. This page moves on as soon as the payment arrives.</p>
        {waiting.url ? (
          <p>
            <a href={waiting.url} target="_blank" rel="noopener noreferrer">
              Open the payment page again
            </a>
          </p>
        ) : null}
      </div>
    );

  return (
    <div className="lb-pay">
      <p>
        Total {money(booking.total, venue)}
        {booking.paid > 0 ? `, paid ${money(booking.paid, venue)}` : ''}, due {money(booking.due, venue)}.
      </p>
      {depositChoice ? (
        <div className="lb-row">
          <button type="button" className="lb-btn lb-btn-block" disabled={busy} onClick={() => pay(false)}>
            Pay deposit · {money(booking.deposit, venue)}
          </button>
          <button type="button" className="lb-btn lb-btn-secondary lb-btn-block" disabled={busy} onClick={() => pay(true)}>
            Pay in full · {money(booking.due, venue)}
          </button>
        </div>
      ) : (
        <button type="button" className="lb-btn lb-btn-block" disabled={busy} onClick={() => pay(true)}>
          Pay · {money(booking.due, venue)}
        </button>
      )}
      {error ? (
        <p className="lb-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
