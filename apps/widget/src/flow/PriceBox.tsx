import { priceBreakdown } from '@lanebook/core/price-lines';
import { money } from '../lib/format';
import type { QuoteAnswer, VenueFormat } from '../lib/types';

/** The running price of the choices so far, as lines that add up to the total; announced politely as it changes. */
export function PriceBox({
  quote,
  loading,
  error,
  venue,
}: {
  quote: QuoteAnswer | null;
  loading: boolean;
  error: string | null;
  venue: VenueFormat;
}) {
  const shown = quote ? priceBreakdown(quote) : null;
  return (
    <section className="lb-price" aria-live="polite" aria-busy={loading} aria-label="Price">
      {error ? <p className="lb-error">{error}</p> : null}
      {shown ? (
        <dl>
          {shown.lines.map((line) => (
            <div key={line.key}>
              <dt>{line.label}</dt>
              <dd>{line.amount < 0 ? `−${money(-line.amount, venue)}` : money(line.amount, venue)}</dd>
            </div>
          ))}
          <div className="lb-total">
            <dt>Total</dt>
            <dd>{money(shown.total, venue)}</dd>
          </div>
          {shown.deposit > 0 ? (
            <div>
              <dt>Deposit to book</dt>
              <dd>{money(shown.deposit, venue)}</dd>
            </div>
          ) : null}
        </dl>
      ) : loading ? (
        <p className="lb-muted">Working out the price…</p>
      ) : null}
    </section>
  );
}
