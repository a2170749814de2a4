import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBreakdown } from './price-lines.js';
import { priceBooking } from './pricing.js';
import { priceInputArbitrary } from './pricing.arbitrary.js';

const sum = (lines: { amount: number }[]) => lines.reduce((total, line) => total + line.amount, 0);
const axe = { id: 'axe', typeOfPricing: 'person' as const, price: 10000, fixedPrice: 0, groups: [], isDeposit: false, deposit: 0 };
const slot = { id: 'slot-1' };
const drink = { id: 'drink', name: 'Drink', price: 600, quantity: 1 };
const salesTax = { id: 'sales', name: 'Sales tax', rate: 8.875 };

describe('priceBreakdown: the lines a price is shown with', () => {
  it('a taxed extra: each tax once (taxes already hold upsellTaxes), the lines add up to the total', () => {
    const quote = priceBooking({ product: axe, slots: [slot], playersCount: 1, taxes: [salesTax], upsellItems: [drink] });
    expect(quote.upsellTaxes).toBeGreaterThan(0);
    const shown = priceBreakdown(quote);
    expect(shown.lines.map((line) => [line.label, line.amount])).toEqual([
      ['Slot', 10000],
      ['Drink', 600],
      ['Sales tax (8.875%)', 941],
    ]);
    expect(shown.total).toBe(11541);
    expect(sum(shown.lines)).toBe(shown.total);
  });

  it('a promocode and an affiliate each a negative line; quantities in the label', () => {
    const quote = priceBooking({
      product: axe,
      slots: [slot],
      playersCount: 2,
      taxes: [salesTax],
      upsellItems: [{ ...drink, quantity: 3 }],
      affiliate: { id: 'aff', name: 'Hotel', discount: 10, discountType: 'percent', products: [], upsellItems: [] },
      promocode: { code: 'SAVE5', taxBehaviour: 'after', discount: 500, discountType: 'fixed', products: [], upsellItems: ['drink'] },
    });
    const shown = priceBreakdown(quote);
    expect(shown.lines.map((line) => [line.kind, line.label, line.amount])).toEqual([
      ['item', 'Slot', 20000],
      ['item', 'Drink × 3', 1800],
      ['discount', 'Affiliate discount', -2000],
      ['discount', 'Promo code discount', -500],
      ['tax', 'Sales tax (8.875%)', quote.taxes],
    ]);
    expect(sum(shown.lines)).toBe(quote.total);
  });

  it('a deposit is shown apart: not a line, and only when it is less than the total', () => {
    const quote = priceBooking({ product: { ...axe, isDeposit: true, deposit: 2000 }, slots: [slot], playersCount: 1, taxes: [salesTax] });
    const shown = priceBreakdown(quote);
    expect(shown.deposit).toBe(2000);
    expect(shown.lines.some((line) => line.amount === 2000)).toBe(false);
    expect(sum(shown.lines)).toBe(quote.total);
    const whole = priceBooking({ product: { ...axe, isDeposit: true, deposit: 50000 }, slots: [slot], playersCount: 1, taxes: [] });
    expect(priceBreakdown(whole).deposit).toBe(0);
  });

  it('a total set by the venue: the difference is one adjustment line', () => {
    const quote = priceBooking({ product: axe, slots: [slot], playersCount: 1, taxes: [salesTax] });
    const shown = priceBreakdown(quote, 9000);
    expect(shown.lines.at(-1)).toEqual({
      kind: 'adjustment',
      key: 'adjustment',
      label: 'Price adjusted by the venue',
      amount: 9000 - quote.total,
    });
    expect(sum(shown.lines)).toBe(9000);
  });

  it('property: for any engine quote (taxed extras, promocodes, affiliates, deposits) the lines sum to the total, with no adjustment', () => {
    fc.assert(
      fc.property(priceInputArbitrary, (i) => {
        const quote = priceBooking(i);
        const shown = priceBreakdown(quote);
        expect(sum(shown.lines)).toBe(quote.total);
        expect(shown.total).toBe(quote.total);
        expect(shown.lines.some((line) => line.kind === 'adjustment')).toBe(false);
        expect(shown.deposit).toBeLessThan(Math.max(quote.total, 1));
      }),
      { numRuns: 500 },
    );
  });
});
