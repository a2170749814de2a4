import { useEffect, useRef, useState } from 'react';
import { ApiError, messageOf } from '../lib/api';
import { getBooking, openCheckout } from '../lib/calls';
import { goToCheckout, pollUntil } from '../lib/checkout';
import { money } from '../lib/format';
import type { PublicBooking, VenueFormat } from '../lib/types';
import { CheckoutInTab } from './CheckoutInTab';
import { GiftCardCode } from './GiftCardCode';

interface Props {
  booking: PublicBooking;
  venue: VenueFormat;
  /** The product takes deposits: the customer chooses the deposit or the whole price. */
  allowDeposit: boolean;
  returnUrl: string;
  onPaid: (booking: PublicBooking) => void;
}

const isPaid = (b: PublicBooking) => b.status === 'paid' || b.due === 0;

/**
 * Pays what is due: first with gift cards if the customer has one (they pay what they hold), then
 * the rest through the provider's hosted checkout (lib/checkout.ts), or nothing more when the
 * cards paid it all.
 */
export default function PayStep({ booking: opened, venue, allowDeposit, returnUrl, onPaid }: Props) {
  const [booking, setBooking] = useState(opened);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState<{ url: string | null } | null>(null);
  const stopPolling = useRef<() => void>(() => {});
  const reference = booking.bookingReference ?? '';
  // The deposit is the least first payment: what a gift card paid counts towards it.
  const depositLeft = booking.deposit - booking.netPaid;
  const depositChoice = allowDeposit && depositLeft > 0 && depositLeft < booking.due;

  useEffect(() => () => stopPolling.current(), []);

  const pay = async (isFullFirstPayment: boolean) => {
    setBusy(true);
    setError(null);
    try {
      const checkout = await openCheckout(reference, { isFullFirstPayment, returnUrl });
      const tab = goToCheckout(checkout);
      if (!tab) return;
      setWaiting(tab);
      stopPolling.current();
      stopPolling.current = pollUntil(async () => {
        const fresh = await getBooking(reference);
        if (isPaid(fresh)) onPaid(fresh);
        return isPaid(fresh);
      });
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

  if (waiting) return <CheckoutInTab url={waiting.url} />;

  return (
    <div className="lb-pay">
      <p aria-live="polite">
        Total {money(booking.total, venue)}
        {booking.paid > 0 ? `, paid ${money(booking.paid, venue)}` : ''}, due {money(booking.due, venue)}.
      </p>
      <GiftCardCode
        reference={reference}
        venue={venue}
        onApplied={(fresh) => {
          // Nothing left to pay: the booking is done without the card form.
          if (isPaid(fresh)) return onPaid(fresh);
          setBooking(fresh);
        }}
      />
      {depositChoice ? (
        <div className="lb-row">
          <button type="button" className="lb-btn lb-btn-block" disabled={busy} onClick={() => pay(false)}>
            Pay deposit · {money(depositLeft, venue)}
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
