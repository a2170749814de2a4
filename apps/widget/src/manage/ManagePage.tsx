import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { isAbort, messageOf } from '../lib/api';
import { calendarUrl, cancelBooking, getBooking, getPrice, getWidgetConfig, moveBooking } from '../lib/calls';
import { cancellationNotice, dateOf, money, timeOf, venueToday, whenText } from '../lib/format';
import { manageUrlOf } from '../lib/route';
import { applyTheme } from '../theme';
import type { PublicBooking, PublicSlot, QuoteAnswer, VenueFormat, WidgetConfig } from '../lib/types';
import { DatePicker } from '../flow/DatePicker';
import { SlotPicker } from '../flow/SlotPicker';
import { Facts } from '../flow/Facts';
import { CheckInCode } from '../flow/CheckInCode';

const SignWaiver = lazy(() => import('../sign/SignWaiver'));
const PayStep = lazy(() => import('../pay/PayStep'));

const FALLBACK_VENUE: VenueFormat & { firstDayOfWeek: number; paymentsOn: boolean } = {
  timezone: 'UTC',
  timeFormat: 12,
  dateFormat: 'MM/DD/YY',
  moneyFormat: '${{amount}}',
  firstDayOfWeek: 0,
  paymentsOn: false,
};

/** The booking statuses as the customer reads them (core's labels live beside the calendar code, too big to load here). */
const STATUS_LABELS: Record<string, string> = {
  new: 'Booked',
  wait_for_payment: 'Waiting for payment',
  paid: 'Paid',
  canceled: 'Canceled',
  abandoned: 'Expired (not paid in time)',
};

type Panel = null | 'cancel' | 'move' | 'sign' | 'pay';

/** /widget/booking/<reference>: the customer's own booking, to view, cancel, move, sign and pay the difference. */
export default function ManagePage({ reference }: { reference: string }) {
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [config, setConfig] = useState<WidgetConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [panel, setPanel] = useState<Panel>(null);
  const [busy, setBusy] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [date, setDate] = useState<string | null>(null);
  const [slotIds, setSlotIds] = useState<string[]>([]);
  const [newQuote, setNewQuote] = useState<QuoteAnswer | null>(null);

  useEffect(() => {
    let live = true;
    getBooking(reference).then(
      (b) => {
        if (!live) return;
        setBooking(b);
        getWidgetConfig(b.venueId, null).then(
          (c) => {
            if (!live) return;
            setConfig(c);
            applyTheme(c.template);
          },
          () => undefined,
        );
      },
      (e) => live && setError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [reference]);

  const venue = config?.venue ?? FALLBACK_VENUE;
  const product = config?.products.find((p) => p.id === booking?.productId);
  const today = useMemo(() => venueToday(venue.timezone), [venue.timezone]);

  // The moved booking's price, as the customer picks other slots.
  useEffect(() => {
    if (!booking || slotIds.length === 0) {
      setNewQuote(null);
      return;
    }
    let live = true;
    getPrice({
      productId: booking.productId,
      slots: slotIds,
      playersCount: booking.playersCount,
      upsellItems: Object.fromEntries(booking.upsellItems.map((u) => [u.id, u.quantity])),
    }).then(
      (q) => live && setNewQuote(q),
      (e) => live && !isAbort(e) && setActionError(messageOf(e)),
    );
    return () => {
      live = false;
    };
  }, [booking, slotIds]);

  if (error)
    return (
      <main className="lb-page">
        <p className="lb-error" role="alert">
          {error}
        </p>
      </main>
    );
  if (!booking) return <main className="lb-page lb-muted">Loading your booking…</main>;

  const run = async (action: () => Promise<PublicBooking>, done: string) => {
    setBusy(true);
    setActionError(null);
    try {
      const updated = await action();
      setBooking(updated);
      setNotice(done);
      setPanel(updated.due > 0 && venue.paymentsOn && updated.status !== 'canceled' ? 'pay' : null);
      setSlotIds([]);
      setDate(null);
    } catch (e) {
      setActionError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const canceled = booking.status === 'canceled' || booking.status === 'abandoned';
  // Nothing paid yet: the whole booking is to pay, not a difference.
  const payLabel = booking.netPaid > 0 ? 'Pay the difference' : 'Pay';
  const until = booking.cancellableUntil ? `${dateOf(booking.cancellableUntil, venue)} ${timeOf(booking.cancellableUntil, venue)}` : null;
  const lockedReason = canceled
    ? 'This booking is canceled.'
    : until
      ? `Changes online were possible until ${until}. Call the venue to change it now.`
      : 'This booking can no longer be changed online. Call the venue to change it.';
  const difference = newQuote ? newQuote.total - booking.total : 0;
  const open = (next: Panel) => {
    setPanel(panel === next ? null : next);
    setActionError(null);
    setNotice(null);
  };

  return (
    <main className="lb-page">
      <h1 className="lb-step-title">Your booking</h1>
      <Facts
        rows={[
          ['Booking reference', booking.bookingReference],
          [booking.productName, whenText(booking.startsAt, booking.endsAt, venue)],
          ['Venue', booking.venueName],
          !!booking.venueAddress && ['Address', booking.venueAddress],
          !!booking.venuePhone && ['Phone', booking.venuePhone],
          ['Players', booking.playersCount],
          ['Status', STATUS_LABELS[booking.status] ?? booking.status],
          ['Total', money(booking.total, venue)],
          ['Paid', money(booking.paid, venue)],
          ['Refunded', money(booking.refunded, venue)],
          // The server's figures follow the one money rule (core booking-money): nothing is due once canceled.
          ['Due', money(booking.due, venue)],
          booking.kept > 0 && ['Kept by the venue', money(booking.kept, venue)],
          booking.hasWaiver && ['Waivers signed', `${booking.numberOfSignedWaivers} of ${booking.playersCount}`],
        ]}
      />
      {canceled ? null : <CheckInCode reference={booking.bookingReference} code={booking.checkInCode} />}
      {/* Once it can no longer be canceled online, the locked notice below says so. */}
      {product && booking.isCancellable ? (
        <p className="lb-muted">
          {cancellationNotice(booking, { amount: product.cancellationPeriodAmount, unit: product.cancellationPeriodUnit }, venue)}
        </p>
      ) : null}
      <div aria-live="polite">{notice ? <p className="lb-ok">{notice}</p> : null}</div>

      <div className="lb-actions">
        {canceled ? null : (
          <a className="lb-btn lb-btn-secondary" href={calendarUrl(reference)} download>
            Add to calendar
          </a>
        )}
        {booking.hasWaiver && !canceled ? (
          <button type="button" className="lb-btn lb-btn-secondary" aria-expanded={panel === 'sign'} onClick={() => open('sign')}>
            Sign Waiver
          </button>
        ) : null}
        <button
          type="button"
          className="lb-btn lb-btn-secondary"
          aria-expanded={panel === 'move'}
          disabled={!booking.isMovable}
          aria-describedby={booking.isMovable ? undefined : 'lb-locked'}
          onClick={() => open('move')}
        >
          Move booking
        </button>
        <button
          type="button"
          className="lb-btn lb-btn-danger"
          aria-expanded={panel === 'cancel'}
          disabled={!booking.isCancellable}
          aria-describedby={booking.isCancellable ? undefined : 'lb-locked'}
          onClick={() => open('cancel')}
        >
          Cancel booking
        </button>
        {booking.due > 0 && venue.paymentsOn && !canceled && panel !== 'pay' ? (
          <button type="button" className="lb-btn" onClick={() => open('pay')}>
            {payLabel}
          </button>
        ) : null}
      </div>
      {!booking.isCancellable || !booking.isMovable ? (
        <p className="lb-muted" id="lb-locked">
          {lockedReason}
        </p>
      ) : null}

      {panel === 'cancel' ? (
        <div className="lb-box" role="group" aria-label="Cancel booking">
          <p>Cancel this booking?{booking.netPaid > 0 ? ` What you paid by card (${money(booking.netPaid, venue)}) is refunded.` : ''}</p>
          <div className="lb-row">
            <button
              type="button"
              className="lb-btn lb-btn-danger"
              disabled={busy}
              onClick={() => run(() => cancelBooking(reference), 'Your booking is canceled.')}
            >
              Yes, cancel it
            </button>
            <button type="button" className="lb-btn lb-btn-secondary" onClick={() => setPanel(null)}>
              Keep it
            </button>
          </div>
        </div>
      ) : null}

      {panel === 'move' ? (
        <div className="lb-box" role="group" aria-label="Move booking">
          <DatePicker
            productId={booking.productId}
            playersCount={booking.playersCount}
            firstDayOfWeek={config?.venue.firstDayOfWeek ?? 0}
            today={today}
            value={date}
            bookingId={booking.id}
            onChange={(d) => {
              setDate(d);
              setSlotIds([]);
            }}
          />
          {date ? (
            <SlotPicker
              productId={booking.productId}
              date={date}
              playersCount={booking.playersCount}
              venue={venue}
              viewMode={config?.template.view.viewMode ?? 'detailed'}
              useAvailabilityColors={config?.template.view.isUseAvailabilityColors ?? false}
              cutoffTime={product?.cutoffTime ?? 0}
              selected={slotIds}
              bookingId={booking.id}
              onChange={(ids: string[], _list: PublicSlot[]) => setSlotIds(ids)}
            />
          ) : null}
          {newQuote ? (
            <p aria-live="polite">
              New price {money(newQuote.total, venue)} (
              {difference === 0
                ? 'no difference'
                : difference > 0
                  ? `${money(difference, venue)} more`
                  : `${money(-difference, venue)} less, refunded`}
              )
            </p>
          ) : null}
          <button
            type="button"
            className="lb-btn lb-btn-block"
            disabled={busy || slotIds.length === 0}
            onClick={() => run(() => moveBooking(reference, slotIds), 'Your booking is moved.')}
          >
            Move to this time
          </button>
        </div>
      ) : null}

      {panel === 'sign' ? (
        <Suspense fallback={<p className="lb-muted">Loading the waiver…</p>}>
          <SignWaiver by={{ reference }} venue={venue} onDone={() => getBooking(reference).then(setBooking, () => undefined)} />
        </Suspense>
      ) : null}

      {panel === 'pay' ? (
        <Suspense fallback={<p className="lb-muted">Loading the payment…</p>}>
          <h2 className="lb-step-title">{payLabel}</h2>
          <PayStep
            booking={booking}
            venue={venue}
            allowDeposit={false}
            returnUrl={manageUrlOf(location.origin, reference)}
            onPaid={(paid) => {
              setBooking(paid);
              setPanel(null);
              setNotice('Payment received.');
            }}
          />
        </Suspense>
      ) : null}

      {actionError ? (
        <p className="lb-error" role="alert">
          {actionError}
        </p>
      ) : null}
    </main>
  );
}
