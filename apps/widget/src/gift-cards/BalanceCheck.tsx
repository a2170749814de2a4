import { useState } from 'react';
import { maskedGiftCardCode } from '@lanebook/core/gift-cards';
import { ApiError, messageOf } from '../lib/api';
import { getGiftCardBalance } from '../lib/calls';
import { longDate, money } from '../lib/format';
import type { GiftCardBalance, VenueFormat } from '../lib/types';
import { GiftCardCodeField } from '../pay/GiftCardCode';

/** What a card holds and until when, for someone holding its code; refusals in the server's words. */
export function BalanceCheck({ venueId, venue }: { venueId: string; venue: VenueFormat }) {
  const [code, setCode] = useState('');
  const [answer, setAnswer] = useState<GiftCardBalance | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = async (event: React.FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setAnswer(null);
    if (!code.trim()) return setError('Enter the gift card code.');
    setBusy(true);
    setError(null);
    try {
      setAnswer(await getGiftCardBalance(venueId, code));
    } catch (e) {
      const field = e instanceof ApiError ? e.fields.find((f) => f.path === 'code') : undefined;
      setError(field?.message ?? messageOf(e));
    } finally {
      setBusy(false);
    }
  };

  const card = answer ? maskedGiftCardCode(answer.last4) : '';
  return (
    <>
      <form className="lb-code-form" onSubmit={check} noValidate>
        <GiftCardCodeField hint="As on the card or in its email" value={code} onChange={setCode} error={error} />
        <button type="submit" className="lb-btn" disabled={busy} aria-busy={busy}>
          {busy ? 'Checking…' : 'Check balance'}
        </button>
      </form>
      <div role="status">
        {answer ? (
          answer.status === 'expired' ? (
            <p className="lb-note">
              The gift card {card} expired{answer.expiresOn ? ` on ${longDate(answer.expiresOn)}` : ''}: it pays nothing now.
            </p>
          ) : (
            <p className="lb-note">
              The gift card {card} holds <strong>{money(answer.balance, venue)}</strong>
              {answer.expiresOn ? `, valid until ${longDate(answer.expiresOn)}.` : '. It never expires.'}
            </p>
          )
        ) : null}
      </div>
    </>
  );
}
