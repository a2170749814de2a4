import { useEffect, useMemo, useRef, useState } from 'react';
import { ApiError, messageOf } from '../lib/api';
import { isAllowedAmount, parseAmount } from '../lib/amount';
import { buyGiftCard, getGiftCardOrder } from '../lib/calls';
import { goToCheckout, pollUntil } from '../lib/checkout';
import { longDate, money, venueToday } from '../lib/format';
import { createSubmitKeys } from '../lib/idempotency';
import { addDays } from '../lib/month';
import { giftCardReturnUrlOf } from '../lib/route';
import type { GiftCardPurchase, WidgetConfig } from '../lib/types';
import { Facts } from '../flow/Facts';
import { Field } from '../flow/Field';
import { CheckoutInTab } from '../pay/CheckoutInTab';
import { BalanceCheck } from './BalanceCheck';
import { clearDraft, EMPTY_DRAFT, loadDraft, saveDraft, type GiftCardDraft } from './draft';
import { OrderStatus } from './OrderStatus';

type Step = 'buy' | 'review' | 'balance' | 'order';

const TITLES: Record<Step, string> = {
  buy: 'Gift cards',
  review: 'Check and pay',
  balance: "Check a gift card's balance",
  order: 'Thank you',
};

/** The server takes a delivery date up to a year ahead. */
const DELIVERY_DAYS_AHEAD = 366;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Props {
  config: WidgetConfig;
  route: { venueId: string; templateId: string | null; frame: string | null; giftCardOrder: string | null; checkoutCanceled: boolean };
  /** To the booking flow, when the venue takes bookings online. */
  onBook?: () => void;
  /** The customer came here from the booking flow: the title takes the focus at once. */
  focusTitle?: boolean;
}

/** "Valid for 5 years", "Valid for 18 months", "It never expires". */
function validityText(expiryMonths: number | null) {
  if (expiryMonths === null) return 'It never expires.';
  const years = expiryMonths / 12;
  if (Number.isInteger(years)) return `Valid for ${years} year${years === 1 ? '' : 's'} from purchase.`;
  return `Valid for ${expiryMonths} month${expiryMonths === 1 ? '' : 's'} from purchase.`;
}

/**
 * The gift cards of the widget (issue 37, decision 045): choose an amount, the recipient, a
 * message and the day it goes out, the buyer, then pay on the provider's page as bookings do. The
 * card is issued when the provider confirms the payment; the return shows the order until then.
 * A balance check for a card someone holds. Loaded on demand: the booking flow does not carry it.
 */
export default function GiftCardsPage({ config, route, onBook, focusTitle = false }: Props) {
  const { venue, giftCards } = config;
  const today = useMemo(() => venueToday(venue.timezone), [venue.timezone]);
  const [step, setStep] = useState<Step>(route.giftCardOrder ? 'order' : 'buy');
  const [orderId, setOrderId] = useState(route.giftCardOrder);
  const [draft, setDraft] = useState<GiftCardDraft>(() => {
    const saved = route.checkoutCanceled ? loadDraft(route.venueId) : null;
    if (saved) return { ...saved, deliverAt: saved.deliverAt >= today ? saved.deliverAt : today };
    return { ...EMPTY_DRAFT, amount: giftCards.presetAmounts[0] ?? 'other', deliverAt: today };
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [waiting, setWaiting] = useState<{ url: string | null } | null>(null);
  const keys = useRef(createSubmitKeys());
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const firstRender = useRef(!focusTitle);
  const stopPolling = useRef<() => void>(() => {});

  // The new step's title takes the focus, so a screen reader says where the customer is.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  useEffect(() => () => stopPolling.current(), []);

  // Back from the provider's page: the order is the server's now; what was typed is not needed again.
  useEffect(() => {
    if (route.giftCardOrder) clearDraft(route.venueId);
  }, [route.giftCardOrder, route.venueId]);

  const amount = draft.amount === 'other' ? parseAmount(draft.otherAmount) : draft.amount;
  const range = `${money(giftCards.customAmountMin, venue)} to ${money(giftCards.customAmountMax, venue)}`;
  const lastDay = addDays(today, DELIVERY_DAYS_AHEAD);
  const set = (changes: Partial<GiftCardDraft>) => {
    setDraft((d) => ({ ...d, ...changes }));
    // A field the customer changes is theirs to check again: its old error goes.
    const fields = Object.keys(changes).map((key) => (key === 'otherAmount' ? 'amount' : key));
    if (fields.some((field) => errors[field]))
      setErrors((e) => Object.fromEntries(Object.entries(e).filter(([field]) => !fields.includes(field))));
  };

  const problems = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (amount === null) found.amount = draft.otherAmount.trim() ? `Enter an amount from ${range}, such as 50` : 'Enter an amount';
    else if (!isAllowedAmount(amount, giftCards)) found.amount = `Choose an amount from ${range}`;
    if (!draft.recipientName.trim()) found.recipientName = "Enter the recipient's name";
    if (!EMAIL.test(draft.recipientEmail.trim())) found.recipientEmail = "Enter the recipient's email address";
    if (draft.message.trim().length > 1000) found.message = 'The message must be at most 1000 characters';
    if (!draft.deliverAt || draft.deliverAt < today || draft.deliverAt > lastDay)
      found.deliverAt = `Choose a day from today to ${longDate(lastDay)}`;
    if (!draft.buyerName.trim()) found.buyerName = 'Enter your name';
    if (!EMAIL.test(draft.buyerEmail.trim())) found.buyerEmail = 'Enter your email address';
    return found;
  };

  const showProblems = (found: Record<string, string>, message: string) => {
    setErrors(found);
    setFormError(message);
    // The first field to fix takes the focus once it is drawn.
    window.setTimeout(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
  };

  const review = (event: React.FormEvent) => {
    event.preventDefault();
    const found = problems();
    if (Object.keys(found).length) return showProblems(found, 'Check the fields marked above.');
    setErrors({});
    setFormError(null);
    setStep('review');
  };

  const purchase = (): GiftCardPurchase => ({
    amount: amount ?? 0,
    recipientName: draft.recipientName.trim(),
    recipientEmail: draft.recipientEmail.trim(),
    message: draft.message.trim(),
    deliverAt: draft.deliverAt,
    buyerName: draft.buyerName.trim(),
    buyerEmail: draft.buyerEmail.trim(),
    returnUrl: giftCardReturnUrlOf(location.origin, route),
  });

  const pay = async () => {
    if (busy) return;
    const body = purchase();
    const key = keys.current.keyFor(JSON.stringify(body));
    setBusy(true);
    setFormError(null);
    try {
      const checkout = await buyGiftCard(route.venueId, body, key);
      keys.current.settle();
      // Kept for the way back should the buyer give up on the provider's page.
      saveDraft(route.venueId, draft);
      const tab = goToCheckout(checkout);
      if (!tab) return;
      setWaiting(tab);
      stopPolling.current();
      stopPolling.current = pollUntil(async () => {
        const order = await getGiftCardOrder(route.venueId, checkout.orderId);
        if (order.status !== 'paid') return false;
        setWaiting(null);
        setOrderId(order.id);
        setStep('order');
        return true;
      });
    } catch (e) {
      // No answer: the same purchase keeps its key, so trying again opens one order.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) keys.current.settle();
      if (e instanceof ApiError && e.fields.length) {
        const found: Record<string, string> = {};
        for (const f of e.fields) found[f.path] = f.message;
        setStep('buy');
        return showProblems(found, messageOf(e));
      }
      setFormError(messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const startAgain = () => {
    setDraft({ ...EMPTY_DRAFT, amount: giftCards.presetAmounts[0] ?? 'other', deliverAt: today });
    setOrderId(null);
    setStep('buy');
  };

  const back: Partial<Record<Step, Step>> = { review: 'buy', balance: 'buy' };
  const bookButton = onBook ? (
    <button type="button" className="lb-btn lb-btn-secondary lb-btn-block" onClick={onBook}>
      Book a lane
    </button>
  ) : null;
  const balanceLink = (
    <p>
      <button type="button" className="lb-link-btn" onClick={() => setStep('balance')}>
        Check a gift card's balance
      </button>
    </p>
  );

  let content;
  if (waiting) content = <CheckoutInTab url={waiting.url} />;
  else if (step === 'order' && orderId)
    content = (
      <>
        <OrderStatus venueId={route.venueId} orderId={orderId} venue={venue} today={today} />
        {giftCards.isOnSale ? (
          <button type="button" className="lb-btn lb-btn-block" onClick={startAgain}>
            Buy another gift card
          </button>
        ) : null}
        {bookButton}
      </>
    );
  else if (step === 'balance') content = <BalanceCheck venueId={route.venueId} venue={venue} />;
  else if (!giftCards.isOnSale)
    content = (
      <>
        <p className="lb-note">{venue.name} does not sell gift cards online. Ask the venue about them.</p>
        {balanceLink}
        {bookButton}
      </>
    );
  else if (step === 'review')
    content = (
      <>
        <Facts
          rows={[
            ['Gift card', money(amount ?? 0, venue)],
            ['To', `${draft.recipientName.trim()} (${draft.recipientEmail.trim()})`],
            ['Sent by email', draft.deliverAt === today ? 'Today' : longDate(draft.deliverAt)],
            draft.message.trim() !== '' && ['Message', <span className="lb-pre">{draft.message.trim()}</span>],
            ['From', `${draft.buyerName.trim()} (${draft.buyerEmail.trim()})`],
          ]}
        />
        <p className="lb-muted">
          {validityText(giftCards.expiryMonths)} Your receipt goes to {draft.buyerEmail.trim()}; the code goes to{' '}
          {draft.recipientName.trim()} on the day.
        </p>
        <button type="button" className="lb-btn lb-btn-block" disabled={busy} aria-busy={busy} onClick={pay}>
          {busy ? 'Opening the payment…' : `Pay · ${money(amount ?? 0, venue)}`}
        </button>
        {formError ? (
          <p className="lb-error" role="alert">
            {formError}
          </p>
        ) : null}
      </>
    );
  else
    content = (
      <>
        {giftCards.image ? <img className="lb-gift-image" src={giftCards.image} alt={`${venue.name} gift card`} /> : null}
        <p>
          Give a visit to {venue.name}: the recipient gets the card's code by email on the day you choose.{' '}
          {validityText(giftCards.expiryMonths)}
        </p>
        {route.checkoutCanceled ? <p className="lb-note">The payment was canceled: nothing was charged. You can try again.</p> : null}
        <form ref={form} onSubmit={review} noValidate>
          <AmountChoice
            presets={giftCards.presetAmounts}
            value={draft.amount}
            other={draft.otherAmount}
            range={range}
            venue={venue}
            error={errors.amount}
            onChange={(choice, other) => set({ amount: choice, otherAmount: other })}
          />
          <h3>Who is it for?</h3>
          <Field
            type="text"
            label="Recipient's name"
            required
            autoComplete="off"
            value={draft.recipientName}
            onChange={(v) => set({ recipientName: String(v ?? '') })}
            error={errors.recipientName}
          />
          <Field
            type="email"
            label="Recipient's email"
            required
            autoComplete="off"
            value={draft.recipientEmail}
            onChange={(v) => set({ recipientEmail: String(v ?? '') })}
            error={errors.recipientEmail}
          />
          <Field
            type="textarea"
            label="Message"
            hint="It goes with the card in the email."
            value={draft.message}
            onChange={(v) => set({ message: String(v ?? '') })}
            error={errors.message}
          />
          <Field
            type="date"
            label="Send it on"
            hint={`The recipient gets the email on this day (${venue.timezone.replace(/_/g, ' ')} time); today sends it at once.`}
            required
            min={today}
            max={lastDay}
            value={draft.deliverAt}
            onChange={(v) => set({ deliverAt: String(v ?? '') })}
            error={errors.deliverAt}
          />
          <h3>From</h3>
          <Field
            type="text"
            label="Your name"
            required
            autoComplete="name"
            value={draft.buyerName}
            onChange={(v) => set({ buyerName: String(v ?? '') })}
            error={errors.buyerName}
          />
          <Field
            type="email"
            label="Your email"
            hint="Your receipt goes here."
            required
            autoComplete="email"
            value={draft.buyerEmail}
            onChange={(v) => set({ buyerEmail: String(v ?? '') })}
            error={errors.buyerEmail}
          />
          {formError ? (
            <p className="lb-error" role="alert">
              {formError}
            </p>
          ) : null}
          <button type="submit" className="lb-btn lb-btn-block">
            {amount !== null ? `Continue · ${money(amount, venue)}` : 'Continue'}
          </button>
        </form>
        {balanceLink}
        {bookButton}
      </>
    );

  return (
    <div className="lb-flow">
      {back[step] && !busy && !waiting ? (
        <button type="button" className="lb-link-btn" onClick={() => setStep(back[step]!)}>
          ‹ Back
        </button>
      ) : null}
      <h2 ref={heading} tabIndex={-1} className="lb-step-title">
        {TITLES[step]}
      </h2>
      {content}
    </div>
  );
}

/** The venue's preset amounts as choices, and another amount within its custom range. */
function AmountChoice({
  presets,
  value,
  other,
  range,
  venue,
  error,
  onChange,
}: {
  presets: number[];
  value: number | 'other';
  other: string;
  range: string;
  venue: WidgetConfig['venue'];
  error?: string;
  onChange: (choice: number | 'other', other: string) => void;
}) {
  const otherShown = value === 'other' || presets.length === 0;
  return (
    <fieldset className="lb-field" aria-describedby={error && !otherShown ? 'lb-amount-error' : undefined}>
      <legend>Amount</legend>
      {presets.length ? (
        <div className="lb-amounts">
          {presets.map((cents) => (
            <label key={cents} className="lb-amount">
              <input type="radio" name="lb-amount" checked={value === cents} onChange={() => onChange(cents, '')} />
              <span>{money(cents, venue)}</span>
            </label>
          ))}
          <label className="lb-amount">
            <input type="radio" name="lb-amount" checked={value === 'other'} onChange={() => onChange('other', other)} />
            <span>Other</span>
          </label>
        </div>
      ) : null}
      {otherShown ? (
        <Field
          type="text"
          label={presets.length ? 'Another amount' : 'Amount'}
          hint={`From ${range}.`}
          inputMode="decimal"
          required
          autoComplete="off"
          value={other}
          onChange={(v) => onChange('other', String(v ?? ''))}
          error={error}
        />
      ) : error ? (
        <span className="lb-field-error" id="lb-amount-error">
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}
