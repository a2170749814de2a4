import { money } from '../lib/format';
import type { QuoteAnswer, VenueFormat } from '../lib/types';

/** The running price of the choices so far; announced politely as it changes. */
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
  return (
    <section className="lb-price" aria-live="polite" aria-busy={loading} aria-label="Price">
      {error ? <p className="lb-error">{error}</p> : null}
      {quote ? (
        <dl>
          {quote.lines.map((line, i) => (
            <div key={`${line.kind}-${line.id}-${i}`}>
              <dt>
                {line.label}
                {line.quantity > 1 ? ` × ${line.quantity}` : ''}
              </dt>
              <dd>{money(line.amount, venue)}</dd>
            </div>
          ))}
          {quote.discounts > 0 ? (
            <div>
              <dt>Discount</dt>
              <dd>−{money(quote.discounts, venue)}</dd>
            </div>
          ) : null}
          {quote.taxes + quote.upsellTaxes > 0 ? (
            <div>
              <dt>Taxes</dt>
              <dd>{money(quote.taxes + quote.upsellTaxes, venue)}</dd>
            </div>
          ) : null}
          <div className="lb-total">
            <dt>Total</dt>
            <dd>{money(quote.total, venue)}</dd>
          </div>
          {quote.deposit > 0 && quote.deposit < quote.total ? (
            <div>
              <dt>Deposit to book</dt>
              <dd>{money(quote.deposit, venue)}</dd>
            </div>
          ) : null}
        </dl>
      ) : loading ? (
        <p className="lb-muted">Working out the price…</p>
      ) : null}
    </section>
  );
}
