/**
 * A price answer as the lines a person reads: what was bought, the discounts, each tax, and (when
 * the venue set the total by hand) the adjustment, summing to the total shown beneath them. The
 * widget, the console's booking form, booking page and receipt, and the PDF receipt all show a
 * price through this one function, so no surface adds a part twice or leaves one out
 * (docs/decisions/013-pricing.md, "Showing a price"). No imports but types: the widget takes it.
 */
import type { Quote } from './pricing.js';

export type PriceLineKind = 'item' | 'discount' | 'tax' | 'adjustment';

export interface PriceLine {
  kind: PriceLineKind;
  /** Stable within one breakdown: a list key and a test's handle. */
  key: string;
  label: string;
  /** Cents; a discount is negative. */
  amount: number;
}

export interface PriceBreakdown {
  /** They sum to `total`, always. */
  lines: PriceLine[];
  total: number;
  /** What the product asks up front, shown apart from the lines (it is part of the total, not added to it); 0 when none is asked or it is the whole total. */
  deposit: number;
}

/** The parts of a price answer the breakdown reads (the engine's `Quote`, the API's `QuoteAnswer`, a booking's stored quote). */
export type PricedAnswer = Pick<Quote, 'lines' | 'affiliateDiscount' | 'promocodeDiscount' | 'taxLines' | 'total' | 'deposit'>;

/**
 * The lines of `quote`. `total` is the total to show when it is not the quote's (a booking whose
 * price staff set or adjusted): the difference is one "Price adjusted by the venue" line. Taxes
 * are the quote's tax lines, each once: `taxes` already holds `upsellTaxes`.
 */
export function priceBreakdown(quote: PricedAnswer, total: number = quote.total): PriceBreakdown {
  const lines: PriceLine[] = quote.lines.map((line, index) => ({
    kind: 'item',
    key: `${line.kind}-${line.id}-${index}`,
    label: line.quantity > 1 ? `${line.label} × ${line.quantity}` : line.label,
    amount: line.amount,
  }));
  if (quote.affiliateDiscount > 0)
    lines.push({ kind: 'discount', key: 'affiliate', label: 'Affiliate discount', amount: -quote.affiliateDiscount });
  if (quote.promocodeDiscount > 0)
    lines.push({ kind: 'discount', key: 'promocode', label: 'Promo code discount', amount: -quote.promocodeDiscount });
  for (const tax of quote.taxLines)
    if (tax.amount !== 0) lines.push({ kind: 'tax', key: `tax-${tax.id}`, label: `${tax.name} (${tax.rate}%)`, amount: tax.amount });
  // Whatever the parts do not explain is said, never hidden: a custom price or a goodwill discount.
  const adjustment = total - lines.reduce((sum, line) => sum + line.amount, 0);
  if (adjustment !== 0) lines.push({ kind: 'adjustment', key: 'adjustment', label: 'Price adjusted by the venue', amount: adjustment });
  return { lines, total, deposit: quote.deposit > 0 && quote.deposit < total ? quote.deposit : 0 };
}
