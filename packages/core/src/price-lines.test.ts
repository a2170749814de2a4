import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceBreakdown } from './price-lines.js';
import { priceBooking, type PriceInput } from './pricing.js';

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
    const cents = fc.integer({ min: 0, max: 100_000 });
    const rate = fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000);
    const discount = fc.oneof(
      fc.record({ discountType: fc.constant('fixed' as const), discount: fc.integer({ min: 0, max: 500_000 }) }),
      fc.record({ discountType: fc.constant('percent' as const), discount: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100) }),
    );
    const upsellIds = ['pizza', 'soda', 'shirt'];
    const scope = fc.record({
      products: fc.oneof(fc.constant([] as string[]), fc.constant(['axe']), fc.constant(['other'])),
      upsellItems: fc.subarray(upsellIds),
    });
    const input: fc.Arbitrary<PriceInput> = fc.record({
      product: fc.record({
        id: fc.constant('axe'),
        typeOfPricing: fc.constant('person' as const),
        price: cents,
        fixedPrice: fc.oneof(fc.constant(0), cents),
        groups: fc.constant([]),
        isDeposit: fc.boolean(),
        deposit: cents,
      }),
      slots: fc.array(fc.record({ id: fc.uuid(), price: fc.option(cents, { nil: null }) }), { minLength: 1, maxLength: 3 }),
      playersCount: fc.integer({ min: 1, max: 20 }),
      taxes: fc.uniqueArray(fc.record({ id: fc.uuid(), name: fc.constant('Tax'), rate }), { selector: (t) => t.id, maxLength: 3 }),
      upsellItems: fc.uniqueArray(
        fc.record({
          id: fc.constantFrom(...upsellIds),
          name: fc.constant('Item'),
          price: cents,
          quantity: fc.integer({ min: 1, max: 10 }),
        }),
        { selector: (item) => item.id, maxLength: 3 },
      ),
      promocode: fc.option(
        fc
          .tuple(discount, scope, fc.constantFrom('before' as const, 'after' as const))
          .map(([d, s, taxBehaviour]) => ({ code: 'CODE', taxBehaviour, ...d, ...s })),
        { nil: null },
      ),
      affiliate: fc.option(
        fc.tuple(discount, scope).map(([d, s]) => ({ id: 'aff', name: 'Affiliate', ...d, ...s })),
        { nil: null },
      ),
      payInFull: fc.boolean(),
    });
    fc.assert(
      fc.property(input, (i) => {
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
