import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { markOnce } from '../lib/marks';
import { ApiError, isAbort, messageOf } from '../lib/api';
import { createBooking, getPrice, prefetchDates, reportVisit, type VisitStep } from '../lib/calls';
import { durationText, longDate, money, timeOf, venueToday } from '../lib/format';
import { createSubmitKeys } from '../lib/idempotency';
import {
  customerBookingRequest,
  customerDetailsProblems,
  playersRange,
  startingGroup,
  startingPlayers,
  type ReservationDraft,
} from '@lanebook/core/booking-form';
import type { PublicBooking, PublicSlot, QuoteAnswer, WidgetConfig, WidgetProduct } from '../lib/types';
import { DatePicker } from './DatePicker';
import { Field, type FieldValue } from './Field';
import { PriceBox } from './PriceBox';
import { SlotPicker } from './SlotPicker';
import { Success } from './Success';

const SignWaiver = lazy(() => import('../sign/SignWaiver'));
const PayStep = lazy(() => import('../pay/PayStep'));

type Step = 'product' | 'players' | 'date' | 'slots' | 'extras' | 'details' | 'waiver' | 'pay' | 'success';

const TITLES: Record<Step, string> = {
  product: 'Choose a product',
  players: 'How many players?',
  date: 'Choose a date',
  slots: 'Choose a time',
  extras: 'Extras',
  details: 'Your details',
  waiver: 'Sign Waiver',
  pay: 'Payment',
  success: 'Booked',
};

/** Said when a 409 slot_unavailable comes without a message of its own (the server's text is the same). */
export const SLOT_TAKEN = 'Sorry, that time was just taken by someone else. Please choose another time.';

interface Props {
  config: WidgetConfig;
  visitId: string | null;
  /** The partner of the tracked link the customer came through (?affiliate=, data-affiliate), if any. */
  affiliateId?: string | null;
  /** Where the hosted checkout returns to, for a booking reference. */
  returnUrlFor: (reference: string) => string;
  /** To the gift cards, when the venue sells them online: offered on the flow's first step. */
  onGiftCards?: () => void;
  /** The customer came here from the gift cards: the title takes the focus at once. */
  focusTitle?: boolean;
}

/** "from $25.00" per player (or per group): the lowest price the product starts at. */
function fromPrice(product: WidgetProduct, moneyFormat: string) {
  const prices = product.typeOfPricing === 'group-range' ? product.groups.map((g) => g.price) : [product.price];
  const lowest = Math.min(...prices.filter((p) => Number.isFinite(p)), Number.MAX_SAFE_INTEGER);
  if (lowest === Number.MAX_SAFE_INTEGER) return null;
  return `from ${money(lowest + (product.fixedPrice || 0), { moneyFormat })}${product.typeOfPricing === 'person' ? ' per player' : ''}`;
}

/** The booking flow: product → players → date → time → extras → details and terms → waiver → pay → success. */
export function BookingFlow({ config, visitId, affiliateId = null, returnUrlFor, onGiftCards, focusTitle = false }: Props) {
  const { venue, template, products } = config;
  const preset = template.productId ? products.find((p) => p.id === template.productId) : undefined;
  const single = preset ?? (products.length === 1 ? products[0] : undefined);
  const [step, setStep] = useState<Step>(single ? 'players' : 'product');
  const [productId, setProductId] = useState<string | null>(single?.id ?? null);
  const product = products.find((p) => p.id === productId) ?? null;
  const [players, setPlayers] = useState(single ? startingPlayers(single) : 1);
  const [groupId, setGroupId] = useState<string | null>(single ? (startingGroup(single)?.id ?? null) : null);
  const today = useMemo(() => venueToday(venue.timezone), [venue.timezone]);
  const [date, setDate] = useState<string | null>(null);
  const [slotIds, setSlotIds] = useState<string[]>([]);
  const [daySlots, setDaySlots] = useState<PublicSlot[]>([]);
  const [slotsRefresh, setSlotsRefresh] = useState(0);
  const [upsells, setUpsells] = useState<Record<string, number>>({});
  const [promoInput, setPromoInput] = useState('');
  const [promocode, setPromocode] = useState<string | null>(null);
  const [promoError, setPromoError] = useState<string | null>(null);
  const [quote, setQuote] = useState<QuoteAnswer | null>(null);
  const [quoteLoading, setQuoteLoading] = useState(false);
  const [quoteError, setQuoteError] = useState<string | null>(null);
  const [info, setInfo] = useState<ReservationDraft>({ firstName: '', lastName: '', email: '', phone: '', note: '' });
  const [custom, setCustom] = useState<Record<string, FieldValue>>({});
  const [termsAccepted, setTermsAccepted] = useState(false);
  // Unchecked until the customer says yes (issue 38).
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The server's reason (taken meanwhile, the venue closed that day, past the cutoff), or null.
  const [slotTaken, setSlotTaken] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [booking, setBooking] = useState<PublicBooking | null>(null);
  const keys = useRef(createSubmitKeys());
  const reached = useRef(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(!focusTitle);

  const report = (visit: VisitStep) => {
    if (!visitId || visit.step <= reached.current) return;
    reached.current = visit.step;
    void reportVisit(venue.id, visitId, visit);
  };

  // The new step's title takes the focus, so a screen reader says where the customer is.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  useEffect(() => {
    if (step === 'product' && products.length > 0) markOnce('lanebook:products');
    if (step === 'players') markOnce('lanebook:players');
  }, [step, products.length]);

  // The date step's first month, asked for while the customer counts the players.
  useEffect(() => {
    if (step === 'players' && productId) prefetchDates(productId, (date ?? today).slice(0, 7), players);
  }, [step, productId, players, date, today]);

  // The refusal may sit below the fold of a short floating panel: bring it into view.
  useEffect(() => {
    if (slotTaken) document.getElementById('lb-slot-taken')?.scrollIntoView({ block: 'nearest' });
  }, [slotTaken]);

  // The price follows every choice once slots are chosen; a newer question aborts the older one.
  useEffect(() => {
    if (!productId || slotIds.length === 0) {
      setQuote(null);
      return;
    }
    let live = true;
    setQuoteLoading(true);
    setQuoteError(null);
    getPrice({
      productId,
      slots: slotIds,
      playersCount: players,
      promocode: promocode ?? undefined,
      upsellItems: upsells,
      affiliateId: affiliateId ?? undefined,
    }).then(
      (answer) => {
        if (!live) return;
        setQuote(answer);
        setQuoteLoading(false);
      },
      (error) => {
        if (!live || isAbort(error)) return;
        setQuoteLoading(false);
        if (promocode && error instanceof ApiError && error.fields.some((f) => f.path.startsWith('promocode'))) {
          setPromoError(error.fields.find((f) => f.path.startsWith('promocode'))!.message);
          setPromocode(null);
          return;
        }
        setQuoteError(messageOf(error));
      },
    );
    return () => {
      live = false;
    };
  }, [productId, slotIds, players, promocode, upsells, affiliateId]);

  const go = (next: Step) => {
    setStep(next);
    setFormError(null);
  };

  const chooseProduct = (p: WidgetProduct) => {
    setProductId(p.id);
    setGroupId(startingGroup(p)?.id ?? null);
    setPlayers(startingPlayers(p));
    setDate(null);
    setSlotIds([]);
    setUpsells({});
    setCustom({});
    setTermsAccepted(false);
    report({ step: 1, productId: p.id });
    go('players');
  };

  const back: Partial<Record<Step, Step>> = {
    players: single ? undefined : 'product',
    date: 'players',
    slots: 'date',
    extras: 'slots',
    details: product && (product.upsellItems.length > 0 || template.isPromocodesAvailable) ? 'extras' : 'slots',
  };

  const afterSlots = () => {
    report({ step: 3, productId: productId ?? undefined, eventDate: date ?? undefined });
    go(product && (product.upsellItems.length > 0 || template.isPromocodesAvailable) ? 'extras' : 'details');
  };

  const afterBooking = (made: PublicBooking) => {
    // Everyone counted as signed already (the booker's waiver on file, playing alone): nothing to ask.
    if ((made.hasWaiver || product?.hasWaiver) && made.numberOfSignedWaivers < made.playersCount) return go('waiver');
    afterWaiver(made);
  };

  const afterWaiver = (made: PublicBooking) => {
    if (venue.paymentsOn && made.due > 0) return go('pay');
    report({ step: 5, bookingReference: made.bookingReference ?? undefined });
    go('success');
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!product || submitting) return;
    const found = customerDetailsProblems({ reservationInfo: info, customFields: custom, termsAccepted }, product);
    setErrors(found);
    if (Object.keys(found).length) {
      setFormError('Check the fields marked above.');
      return;
    }
    const request = customerBookingRequest(
      {
        productId: product.id,
        date,
        slots: slotIds,
        playersCount: players,
        reservationInfo: info,
        upsellQuantities: upsells,
        customFields: custom,
        selectedGroupId: groupId,
        promocode,
        affiliateId,
      },
      product.typeOfPricing,
    );
    // Not asked, not sent: the guest's earlier answer stays as it is.
    const body = venue.marketingConsentText ? { ...request, marketingConsent } : request;
    const key = keys.current.keyFor(JSON.stringify(body));
    setSubmitting(true);
    setFormError(null);
    setSlotTaken(null);
    try {
      const made = await createBooking(body, key);
      keys.current.settle();
      setBooking(made);
      report({ step: 4, bookingReference: made.bookingReference ?? undefined, eventDate: date ?? undefined });
      afterBooking(made);
    } catch (error) {
      // No answer: the same form keeps its key, so trying again cannot book twice.
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) keys.current.settle();
      if (error instanceof ApiError && error.code === 'slot_unavailable') {
        setSlotTaken(error.message || SLOT_TAKEN);
        return;
      }
      const fieldErrors: Record<string, string> = {};
      if (error instanceof ApiError) for (const f of error.fields) fieldErrors[f.path] = f.message;
      setErrors(fieldErrors);
      setFormError(messageOf(error));
    } finally {
      setSubmitting(false);
    }
  };

  const backToSlots = () => {
    setSlotTaken(null);
    setSlotIds([]);
    setSlotsRefresh((n) => n + 1);
    go('slots');
  };

  const cancellation = product
    ? { amount: product.cancellationPeriodAmount, unit: product.cancellationPeriodUnit }
    : { amount: 24, unit: 'hours' as const };
  const chosenSlots = slotIds.map((id) => daySlots.find((s) => s.id === id)).filter((s): s is PublicSlot => !!s);
  const showPrice = slotIds.length > 0 && ['slots', 'extras', 'details'].includes(step);

  const summary =
    product && step !== 'product' && step !== 'success' ? (
      <p className="lb-summary">
        <strong>{product.title || product.name}</strong>
        {step !== 'players' ? ` · ${players} player${players === 1 ? '' : 's'}` : ''}
        {date && step !== 'date' && step !== 'players' ? ` · ${longDate(date)}` : ''}
        {chosenSlots.length && !['slots', 'date', 'players'].includes(step)
          ? ` · ${timeOf(chosenSlots[0].startsAt, venue)} – ${timeOf(chosenSlots[chosenSlots.length - 1].endsAt, venue)}`
          : ''}
      </p>
    ) : null;

  const field = (path: string) => errors[path];
  const groups = product?.typeOfPricing === 'group-range' ? product.groups : [];
  const { min: minPlayers, max: maxPlayers } = playersRange(product, groupId);

  return (
    <div className="lb-flow">
      {back[step] && !submitting ? (
        <button type="button" className="lb-link-btn" onClick={() => go(back[step]!)}>
          ‹ Back
        </button>
      ) : null}
      <h2 ref={heading} tabIndex={-1} className="lb-step-title">
        {TITLES[step]}
      </h2>
      {summary}

      {step === 'product' ? (
        products.length === 0 ? (
          <p className="lb-muted">Nothing can be booked online right now.</p>
        ) : (
          <ul className="lb-products">
            {products.map((p) => (
              <li key={p.id}>
                <button type="button" className="lb-product" onClick={() => chooseProduct(p)}>
                  {p.image ? <img src={p.image} alt="" loading="lazy" /> : null}
                  <span className="lb-product-body">
                    <span className="lb-product-title">{p.title || p.name}</span>
                    {p.description ? <span className="lb-product-desc">{p.description}</span> : null}
                    <span className="lb-product-meta">
                      {[fromPrice(p, venue.moneyFormat), durationText(p.duration)].filter(Boolean).join(' · ')}
                    </span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}

      {step === 'players' && product ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            report({ step: 2, productId: product.id });
            go('date');
          }}
        >
          {product.widgetNote ? <p className="lb-note lb-pre">{product.widgetNote}</p> : null}
          {groups.length ? (
            <fieldset className="lb-field">
              <legend>Group size</legend>
              {groups.map((g) => (
                <div className="lb-check" key={g.id}>
                  <input
                    type="radio"
                    name="lb-group"
                    id={`lb-group-${g.id}`}
                    checked={g.id === groupId}
                    onChange={() => {
                      setGroupId(g.id);
                      setPlayers(g.from);
                    }}
                  />
                  <label htmlFor={`lb-group-${g.id}`}>
                    {g.from === g.to ? `${g.from}` : `${g.from}–${g.to}`} players · {money(g.price, venue)}
                  </label>
                </div>
              ))}
            </fieldset>
          ) : null}
          <div className="lb-field">
            <label htmlFor="lb-players">Players</label>
            <div className="lb-stepper">
              <button
                type="button"
                className="lb-icon-btn"
                aria-label="One player fewer"
                disabled={players <= minPlayers}
                onClick={() => setPlayers(players - 1)}
              >
                −
              </button>
              <input
                id="lb-players"
                type="number"
                inputMode="numeric"
                min={minPlayers}
                max={maxPlayers}
                value={players}
                onInput={(e) => {
                  const n = Math.round(Number(e.currentTarget.value));
                  if (Number.isFinite(n)) setPlayers(Math.min(maxPlayers, Math.max(minPlayers, n)));
                }}
              />
              <button
                type="button"
                className="lb-icon-btn"
                aria-label="One player more"
                disabled={players >= maxPlayers}
                onClick={() => setPlayers(players + 1)}
              >
                +
              </button>
            </div>
            <span className="lb-hint">
              {minPlayers === maxPlayers ? `${minPlayers} players` : `${minPlayers} to ${maxPlayers} players`}
            </span>
          </div>
          <button type="submit" className="lb-btn lb-btn-block">
            Continue
          </button>
        </form>
      ) : null}

      {step === 'date' && product ? (
        <DatePicker
          productId={product.id}
          playersCount={players}
          firstDayOfWeek={venue.firstDayOfWeek}
          today={today}
          value={date}
          onChange={(d) => {
            if (d !== date) setSlotIds([]);
            setDate(d);
            go('slots');
          }}
        />
      ) : null}

      {step === 'slots' && product && date ? (
        <>
          <SlotPicker
            productId={product.id}
            date={date}
            playersCount={players}
            venue={venue}
            viewMode={template.view.viewMode}
            useAvailabilityColors={template.view.isUseAvailabilityColors}
            cutoffTime={product.cutoffTime}
            selected={slotIds}
            refresh={slotsRefresh}
            onChange={(ids, list) => {
              setSlotIds(ids);
              setDaySlots(list);
            }}
          />
          <button type="button" className="lb-btn lb-btn-block" disabled={slotIds.length === 0} onClick={afterSlots}>
            Continue
          </button>
        </>
      ) : null}

      {step === 'extras' && product ? (
        <>
          {product.upsellItems.length ? (
            <ul className="lb-upsells" aria-label="Add-ons">
              {product.upsellItems.map((item) => {
                const quantity = upsells[item.id] ?? 0;
                const set = (n: number) => setUpsells((u) => ({ ...u, [item.id]: Math.max(0, Math.min(1000, n)) }));
                return (
                  <li key={item.id} className="lb-upsell">
                    {item.image ? <img src={item.image} alt="" loading="lazy" /> : null}
                    <div className="lb-upsell-body">
                      <span className="lb-product-title">{item.name}</span>
                      {item.description ? <span className="lb-product-desc">{item.description}</span> : null}
                      <span className="lb-product-meta">{money(item.price, venue)}</span>
                    </div>
                    <div className="lb-stepper" role="group" aria-label={`${item.name} quantity`}>
                      <button
                        type="button"
                        className="lb-icon-btn"
                        aria-label={`Remove one ${item.name}`}
                        disabled={quantity === 0}
                        onClick={() => set(quantity - 1)}
                      >
                        −
                      </button>
                      <output aria-live="polite">{quantity}</output>
                      <button type="button" className="lb-icon-btn" aria-label={`Add one ${item.name}`} onClick={() => set(quantity + 1)}>
                        +
                      </button>
                    </div>
                  </li>
                );
              })}
            </ul>
          ) : null}
          {template.isPromocodesAvailable ? (
            <form
              className="lb-promo"
              onSubmit={(e) => {
                e.preventDefault();
                setPromoError(null);
                setPromocode(promoInput.trim() || null);
              }}
            >
              <Field
                type="text"
                label="Promo code"
                value={promoInput}
                onChange={(v) => setPromoInput(String(v ?? ''))}
                error={promoError ?? undefined}
                autoComplete="off"
              />
              <button type="submit" className="lb-btn lb-btn-secondary">
                Apply
              </button>
              {promocode && !promoError && quote && !quoteLoading ? (
                <p className="lb-ok" role="status">
                  Promo code {promocode} applied.
                </p>
              ) : null}
            </form>
          ) : null}
          <button type="button" className="lb-btn lb-btn-block" onClick={() => go('details')}>
            Continue
          </button>
        </>
      ) : null}

      {step === 'details' && product ? (
        <form onSubmit={submit} noValidate>
          <div className="lb-row">
            <Field
              type="text"
              label="First name"
              required
              autoComplete="given-name"
              value={info.firstName}
              onChange={(v) => setInfo({ ...info, firstName: String(v ?? '') })}
              error={field('reservationInfo.firstName')}
            />
            <Field
              type="text"
              label="Last name"
              required
              autoComplete="family-name"
              value={info.lastName}
              onChange={(v) => setInfo({ ...info, lastName: String(v ?? '') })}
              error={field('reservationInfo.lastName')}
            />
          </div>
          <Field
            type="email"
            label="Email"
            required
            autoComplete="email"
            value={info.email}
            onChange={(v) => setInfo({ ...info, email: String(v ?? '') })}
            error={field('reservationInfo.email')}
          />
          <Field
            type="phone"
            label="Phone"
            autoComplete="tel"
            value={info.phone}
            onChange={(v) => setInfo({ ...info, phone: String(v ?? '') })}
            error={field('reservationInfo.phone')}
          />
          {Object.values(product.customFields)
            .sort((a, b) => a.sortWeight - b.sortWeight)
            .map((f) => (
              <Field
                key={f.label}
                type={f.type}
                label={f.label}
                hint={f.hint}
                required={f.isRequired}
                options={f.options}
                value={custom[f.label]}
                onChange={(v) => setCustom((c) => ({ ...c, [f.label]: v }))}
                error={field(`customFields.${f.label}`)}
              />
            ))}
          <Field
            type="textarea"
            label="Note"
            value={info.note}
            onChange={(v) => setInfo({ ...info, note: String(v ?? '') })}
            error={field('reservationInfo.note')}
          />
          {product.terms ? (
            <div className="lb-terms">
              <div className="lb-terms-text lb-pre" tabIndex={0} role="region" aria-label={product.terms.title}>
                {product.terms.text}
              </div>
              <Field
                type="flag"
                label={`I accept the ${product.terms.title}`}
                required
                value={termsAccepted}
                onChange={(v) => setTermsAccepted(v === true)}
                error={field('terms')}
              />
            </div>
          ) : null}
          {venue.marketingConsentText ? (
            <Field
              type="flag"
              label={venue.marketingConsentText}
              value={marketingConsent}
              onChange={(v) => setMarketingConsent(v === true)}
              error={field('marketingConsent')}
            />
          ) : null}
          <div aria-live="assertive">
            {slotTaken ? (
              <div className="lb-alert" role="alert" id="lb-slot-taken">
                <p>{slotTaken}</p>
                <button type="button" className="lb-btn" onClick={backToSlots}>
                  Choose another time
                </button>
              </div>
            ) : formError ? (
              <p className="lb-error" role="alert">
                {formError}
              </p>
            ) : null}
          </div>
          <button type="submit" className="lb-btn lb-btn-block" disabled={submitting || slotTaken !== null} aria-busy={submitting}>
            {submitting ? 'Booking…' : quote ? `Book · ${money(quote.total, venue)}` : 'Book'}
          </button>
        </form>
      ) : null}

      {onGiftCards && step === (single ? 'players' : 'product') ? (
        <p className="lb-gift-offer">
          <button type="button" className="lb-link-btn" onClick={onGiftCards}>
            Buy a gift card
          </button>
        </p>
      ) : null}

      {showPrice ? <PriceBox quote={quote} loading={quoteLoading} error={quoteError} venue={venue} /> : null}

      {step === 'waiver' && booking ? (
        <Suspense fallback={<p className="lb-muted">Loading the waiver…</p>}>
          <SignWaiver
            by={{ reference: booking.bookingReference ?? '' }}
            laterLink={booking.signingLink}
            venue={venue}
            onDone={() => afterWaiver(booking)}
          />
        </Suspense>
      ) : null}

      {step === 'pay' && booking ? (
        <Suspense fallback={<p className="lb-muted">Loading the payment…</p>}>
          <PayStep
            booking={booking}
            venue={venue}
            allowDeposit={!!product?.isDeposit}
            returnUrl={returnUrlFor(booking.bookingReference ?? '')}
            onPaid={(paid) => {
              setBooking(paid);
              report({ step: 5, bookingReference: paid.bookingReference ?? undefined });
              go('success');
            }}
          />
        </Suspense>
      ) : null}

      {step === 'success' && booking ? (
        <Success booking={booking} venue={venue} cancellation={cancellation} payAtVenue={!venue.paymentsOn} />
      ) : null}
    </div>
  );
}
