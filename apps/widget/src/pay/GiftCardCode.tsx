import { useRef, useState } from 'react';
import { maskedGiftCardCode } from '@lanebook/core/gift-cards';
import { ApiError, messageOf } from '../lib/api';
import { payWithGiftCard } from '../lib/calls';
import { money } from '../lib/format';
import type { PublicBooking, VenueFormat } from '../lib/types';
import { Field } from '../flow/Field';

/** The field a gift card's code is typed in (the pay step's and the balance check's): a code, read as typed, its error announced. */
export function GiftCardCodeField({
  hint,
  value,
  onChange,
  error,
}: {
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Field
      type="text"
      label="Gift card code"
      hint={hint}
      value={value}
      onChange={(v) => onChange(String(v ?? ''))}
      error={error ?? undefined}
      autoComplete="off"
      announce
      isCode
    />
  );
}

export interface AppliedGiftCard {
  last4: string;
  amount: number;
  balance: number;
}

interface Props {
  reference: string;
  venue: VenueFormat;
  /** The booking as the card left it (its new due), and what the card paid. */
  onApplied: (booking: PublicBooking, applied: AppliedGiftCard) => void;
}

/**
 * "Have a gift card?" on the pay step (decision 045): the code pays what the card holds of what is
 * due, before the card form. Folded away at first: most customers have none. Refusals are the
 * server's words (unknown, disabled, expired, empty code; too many attempts), said as they come.
 */
export function GiftCardCode({ reference, venue, onApplied }: Props) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [applied, setApplied] = useState<AppliedGiftCard[]>([]);
  const form = useRef<HTMLFormElement>(null);

  const apply = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (!code.trim()) {
      setError('Enter the gift card code.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const answer = await payWithGiftCard(reference, code);
      setApplied((list) => [...list, answer.appliedGiftCard]);
      setCode('');
      onApplied(answer, answer.appliedGiftCard);
    } catch (e) {
      // A code of the wrong shape is a 400 naming `code`: its own sentence reads better than the summary.
      const field = e instanceof ApiError ? e.fields.find((f) => f.path === 'code') : undefined;
      setError(field?.message ?? messageOf(e));
      form.current?.querySelector('input')?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="lb-gift-code">
      {applied.length ? (
        <ul className="lb-plain" role="status">
          {applied.map((card, index) => (
            <li key={index} className="lb-ok">
              Gift card {maskedGiftCardCode(card.last4)} paid {money(card.amount, venue)}; it holds {money(card.balance, venue)} now.
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <form ref={form} className="lb-code-form" onSubmit={apply} noValidate>
          <GiftCardCodeField
            hint="As on the card or in its email, such as 7KQM-X4TR-ZP9C-WH2N-B6DF"
            value={code}
            onChange={setCode}
            error={error}
          />
          <button type="submit" className="lb-btn lb-btn-secondary" disabled={busy} aria-busy={busy}>
            {busy ? 'Applying…' : 'Apply'}
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="lb-link-btn"
          onClick={() => {
            setOpen(true);
            // The field takes the focus once it is drawn.
            window.setTimeout(() => form.current?.querySelector('input')?.focus(), 0);
          }}
        >
          {applied.length ? 'Use another gift card' : 'Have a gift card?'}
        </button>
      )}
    </div>
  );
}
