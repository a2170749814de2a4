import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { messageOf } from './lib/api';
import { getBooking, getWidgetConfig, reportVisit, startVisit } from './lib/calls';
import { postClose, postReady } from './lib/frame';
import { returnUrlOf, routeOf, type Route, type WidgetView } from './lib/route';
import type { PublicBooking, WidgetConfig } from './lib/types';
import { applyTheme } from './theme';
import { BookingFlow } from './flow/BookingFlow';
import { Success } from './flow/Success';

const ManagePage = lazy(() => import('./manage/ManagePage'));
const GiftCardsPage = lazy(() => import('./gift-cards/GiftCardsPage'));
const SignPage = lazy(() => import('./sign/SignPage'));

type FlowRoute = Extract<Route, { page: 'flow' }>;

export function App() {
  const route = routeOf(location.pathname, location.search);
  const loading = <p className="lb-muted lb-page">Loading…</p>;
  if (route.page === 'manage')
    return (
      <Suspense fallback={loading}>
        <ManagePage reference={route.reference} />
      </Suspense>
    );
  if (route.page === 'sign' || route.page === 'signing')
    return (
      <Suspense fallback={loading}>
        <SignPage by={route.page === 'signing' ? { token: route.token } : { reference: route.reference }} />
      </Suspense>
    );
  if (route.page === 'flow') return <FlowPage route={route} />;
  return <p className="lb-page">This page does not exist. Check the link you followed.</p>;
}

/** The widget in the loader's iframe: the venue's config, then the booking flow or the gift cards (or the return from a checkout). */
function FlowPage({ route }: { route: FlowRoute }) {
  const [config, setConfig] = useState<WidgetConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [visitId, setVisitId] = useState<string | null>(route.visitId);
  const [view, setView] = useState<WidgetView>(route.view);
  // The view the customer switched to (not the one the page opened on) takes the focus with its title.
  const [switched, setSwitched] = useState(false);
  const visitAsked = useRef(false);

  useEffect(() => {
    let live = true;
    getWidgetConfig(route.venueId, route.templateId).then(
      (answer) => {
        if (!live) return;
        applyTheme(answer.template);
        setConfig(answer);
        const giftCards = route.view === 'gift-cards';
        const label = giftCards ? `Gift cards of ${answer.venue.name}` : `Book online with ${answer.venue.name}`;
        postReady(route.frame, {
          position: answer.template.position,
          isHideBeacon: answer.template.isHideBeacon,
          primary: answer.template.view.colors.primary,
          label,
          beacon: giftCards ? 'Gift cards' : 'Book now',
        });
        document.title = label;
      },
      (e) => {
        if (!live) return;
        setError(messageOf(e));
        // Shown in place so the venue's page shows why there is no widget.
        postReady(route.frame, { position: 'embedded', isHideBeacon: true, primary: '#286eed', label: 'Book online', beacon: 'Book now' });
      },
    );
    return () => {
      live = false;
    };
  }, [route.venueId, route.templateId, route.frame, route.view]);

  // A fresh opening of the booking flow is a visit (step 0); the checkout's return goes on with its own.
  // The gift cards are not the booking funnel: a visit starts only if the customer goes on to book.
  const taking = config?.venue.isTakingBookings ?? false;
  const templateId = config?.template.id ?? null;
  useEffect(() => {
    if (!taking || view !== 'flow' || route.paidBooking || visitAsked.current) return;
    visitAsked.current = true;
    let live = true;
    void startVisit(route.venueId, templateId).then((visit) => live && visit && setVisitId(visit.id));
    return () => {
      live = false;
    };
  }, [taking, view, templateId, route.venueId, route.paidBooking]);

  const switchTo = (next: WidgetView) => {
    setSwitched(true);
    setView(next);
  };

  const floating = config?.template.position === 'floating';
  useEffect(() => {
    if (!floating) return;
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && postClose(route.frame);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [floating, route.frame]);

  let content;
  if (error)
    content = (
      <p className="lb-error" role="alert">
        {error}
      </p>
    );
  else if (!config) content = <p className="lb-muted">Loading…</p>;
  else if (!config.venue.isTakingBookings) content = <p className="lb-note">{config.venue.name} is not taking online bookings yet.</p>;
  else if (route.paidBooking) content = <PaidReturn reference={route.paidBooking} config={config} visitId={visitId} />;
  else if (view === 'gift-cards')
    content = (
      <Suspense fallback={<p className="lb-muted">Loading the gift cards…</p>}>
        <GiftCardsPage
          config={config}
          route={route}
          focusTitle={switched}
          onBook={config.products.length > 0 ? () => switchTo('flow') : undefined}
        />
      </Suspense>
    );
  else
    content = (
      <BookingFlow
        config={config}
        visitId={visitId}
        affiliateId={route.affiliateId}
        returnUrlFor={(reference) => returnUrlOf(location.origin, route, reference, visitId)}
        onGiftCards={config.giftCards.isOnSale ? () => switchTo('gift-cards') : undefined}
        focusTitle={switched}
      />
    );

  return (
    <main className="lb-page">
      {floating ? (
        <div className="lb-topbar">
          <span>{config?.venue.name}</span>
          <button type="button" className="lb-icon-btn" aria-label="Close" onClick={() => postClose(route.frame)}>
            ×
          </button>
        </div>
      ) : null}
      {content}
    </main>
  );
}

const RETURN_POLLS = 30;

/** Back from the hosted checkout: the booking, once the provider has told the server it is paid. */
function PaidReturn({ reference, config, visitId }: { reference: string; config: WidgetConfig; visitId: string | null }) {
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);

  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const check = async (left: number) => {
      try {
        const fresh = await getBooking(reference);
        if (!live) return;
        if (fresh.status === 'paid' || fresh.due === 0 || left <= 0) {
          setBooking(fresh);
          setWaiting(false);
          if (fresh.status === 'paid' && visitId) void reportVisit(config.venue.id, visitId, { step: 5, bookingReference: reference });
          return;
        }
        setWaiting(true);
        timer = window.setTimeout(() => void check(left - 1), 2000);
      } catch (e) {
        if (live) setError(messageOf(e));
      }
    };
    void check(RETURN_POLLS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [reference, config.venue.id, visitId]);

  if (error)
    return (
      <p className="lb-error" role="alert">
        {error}
      </p>
    );
  if (!booking)
    return (
      <p className="lb-muted" aria-live="polite">
        {waiting ? 'Confirming your payment…' : 'Loading your booking…'}
      </p>
    );
  const product = config.products.find((p) => p.id === booking.productId);
  return (
    <>
      {booking.status !== 'paid' && booking.due > 0 ? (
        <p className="lb-note">Your payment has not arrived yet. You will get an email as soon as it does.</p>
      ) : null}
      <Success
        booking={booking}
        venue={config.venue}
        cancellation={{ amount: product?.cancellationPeriodAmount ?? 24, unit: product?.cancellationPeriodUnit ?? 'hours' }}
        payAtVenue={false}
      />
    </>
  );
}
