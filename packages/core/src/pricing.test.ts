import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { percentOf, priceBooking, PricingError, slotPrice, type PriceInput, type PricedProduct } from './pricing.js';
import { priceInputArbitrary } from './pricing.arbitrary.js';

const product = (over: Partial<PricedProduct> = {}): PricedProduct => ({
  id: 'axe',
  typeOfPricing: 'person',
  price: 2500,
  fixedPrice: 0,
  groups: [],
  isDeposit: false,
  deposit: 0,
  ...over,
});
const tax = (rate: number, id = 'tax') => ({ id, name: `Tax ${rate}%`, rate });

describe('percentOf: the one rounding rule', () => {
  it('rounds half up to the cent, exactly for rates with decimals', () => {
    expect(percentOf(1000, 8.25)).toBe(83); // 82.5 → 83
    expect(percentOf(1000, 8.24)).toBe(82); // 82.4
    expect(percentOf(200, 0.25)).toBe(1); // 0.5 → 1
    expect(percentOf(199, 0.25)).toBe(0); // 0.4975
    expect(percentOf(12345, 100)).toBe(12345);
    expect(percentOf(0, 13)).toBe(0);
    // A float would make 1.005 × 100 = 100.49999...; the millionths are exact.
    expect(percentOf(100, 1.005)).toBe(1);
  });
});

describe('slotPrice', () => {
  it('person pricing: price per person, the slot price overriding the product price', () => {
    expect(slotPrice(product(), { id: 's' }, 4)).toBe(10000);
    expect(slotPrice(product(), { id: 's', price: 2000 }, 4)).toBe(8000);
    expect(slotPrice(product(), { id: 's', price: null }, 4)).toBe(10000);
  });

  it('a fixed price (the slot one first) is what the slot costs, whatever the players', () => {
    expect(slotPrice(product({ fixedPrice: 9000 }), { id: 's' }, 2)).toBe(9000);
    expect(slotPrice(product({ fixedPrice: 9000 }), { id: 's', fixedPrice: 7000 }, 8)).toBe(7000);
    expect(slotPrice(product(), { id: 's', fixedPrice: 0 }, 2)).toBe(5000);
  });

  it('group-range pricing: the group holding the players count, the slot groups overriding', () => {
    const grouped = product({
      typeOfPricing: 'group-range',
      groups: [
        { from: 1, to: 4, price: 8000 },
        { from: 5, to: 8, price: 14000 },
      ],
    });
    expect(slotPrice(grouped, { id: 's' }, 4)).toBe(8000);
    expect(slotPrice(grouped, { id: 's' }, 5)).toBe(14000);
    expect(slotPrice(grouped, { id: 's', groupsBasedPrice: [{ from: 1, to: 8, price: 10000 }] }, 6)).toBe(10000);
    expect(() => slotPrice(grouped, { id: 's' }, 9)).toThrow(new PricingError('playersCount', 'No price group covers 9 players'));
  });
});

describe('priceBooking', () => {
  it('prices each slot, adds upsell items, taxes everything with the product taxes', () => {
    const quote = priceBooking({
      product: product(),
      slots: [{ id: 'a' }, { id: 'b' }],
      playersCount: 3,
      taxes: [tax(5, 'gst'), tax(7, 'pst')],
      upsellItems: [{ id: 'pizza', name: 'Pizza', price: 1500, quantity: 2 }],
    });
    expect(quote.lines.map((l) => [l.kind, l.amount, l.tax])).toEqual([
      ['slot', 7500, 375 + 525],
      ['slot', 7500, 375 + 525],
      ['upsell', 3000, 150 + 210],
    ]);
    expect(quote.subtotal).toBe(18000);
    expect(quote.taxes).toBe(2160);
    expect(quote.upsellTaxes).toBe(360);
    expect(quote.taxLines).toEqual([
      { id: 'gst', name: 'Tax 5%', rate: 5, amount: 900 },
      { id: 'pst', name: 'Tax 7%', rate: 7, amount: 1260 },
    ]);
    expect(quote.total).toBe(20160);
    expect(quote.dueNow).toBe(20160);
    expect(quote.deposit).toBe(0);
  });

  it('a promocode with tax behaviour before: taxes on the discounted amount', () => {
    const quote = priceBooking({
      product: product(),
      slots: [{ id: 'a' }],
      playersCount: 4,
      taxes: [tax(10)],
      promocode: { code: 'TEN', discount: 10, discountType: 'percent', taxBehaviour: 'before', products: [], upsellItems: [] },
    });
    expect([quote.subtotal, quote.discounts, quote.taxes, quote.total]).toEqual([10000, 1000, 900, 9900]);
  });

  it('a promocode with tax behaviour after: taxes on the amount before the discount', () => {
    const quote = priceBooking({
      product: product(),
      slots: [{ id: 'a' }],
      playersCount: 4,
      taxes: [tax(10)],
      promocode: { code: 'TEN', discount: 10, discountType: 'percent', taxBehaviour: 'after', products: [], upsellItems: [] },
    });
    expect([quote.subtotal, quote.discounts, quote.taxes, quote.total]).toEqual([10000, 1000, 1000, 10000]);
  });

  it('discounts apply only to their products and the upsell items they name, fixed ones capped', () => {
    const input: PriceInput = {
      product: product(),
      slots: [{ id: 'a' }],
      playersCount: 1,
      taxes: [],
      upsellItems: [
        { id: 'pizza', name: 'Pizza', price: 1000, quantity: 1 },
        { id: 'soda', name: 'Soda', price: 300, quantity: 1 },
      ],
    };
    const otherProduct = priceBooking({
      ...input,
      promocode: { code: 'X', discount: 50, discountType: 'percent', taxBehaviour: 'before', products: ['bowling'], upsellItems: ['soda'] },
    });
    expect(otherProduct.lines.map((l) => l.discount)).toEqual([0, 0, 150]);
    const bigFixed = priceBooking({
      ...input,
      promocode: { code: 'X', discount: 1_000_000, discountType: 'fixed', taxBehaviour: 'before', products: [], upsellItems: ['pizza'] },
    });
    expect(bigFixed.lines.map((l) => l.discount)).toEqual([2500, 1000, 0]);
    expect(bigFixed.total).toBe(300);
  });

  it('the affiliate discount comes first, the promocode works on what is left', () => {
    const quote = priceBooking({
      product: product(),
      slots: [{ id: 'a' }],
      playersCount: 4,
      taxes: [],
      affiliate: { id: 'hotel', name: 'Hotel', discount: 1000, discountType: 'fixed', products: [], upsellItems: [] },
      promocode: { code: 'HALF', discount: 50, discountType: 'percent', taxBehaviour: 'before', products: [], upsellItems: [] },
    });
    expect([quote.affiliateDiscount, quote.promocodeDiscount, quote.total]).toEqual([1000, 4500, 4500]);
  });

  it('the deposit is due now, never above the total, unless the customer pays in full', () => {
    const base: PriceInput = { product: product({ isDeposit: true, deposit: 2000 }), slots: [{ id: 'a' }], playersCount: 2, taxes: [] };
    expect(priceBooking(base)).toMatchObject({ total: 5000, deposit: 2000, dueNow: 2000 });
    expect(priceBooking({ ...base, payInFull: true })).toMatchObject({ deposit: 2000, dueNow: 5000 });
    expect(priceBooking({ ...base, product: product({ isDeposit: true, deposit: 9000 }) })).toMatchObject({ deposit: 5000, dueNow: 5000 });
  });

  it('names the input at fault', () => {
    const base: PriceInput = { product: product(), slots: [{ id: 'a' }], playersCount: 2, taxes: [] };
    expect(() => priceBooking({ ...base, slots: [] })).toThrow(new PricingError('slots', 'Choose at least one slot'));
    expect(() => priceBooking({ ...base, playersCount: 0 })).toThrow(PricingError);
    expect(() => priceBooking({ ...base, upsellItems: [{ id: 'x', name: 'Soda', price: 100, quantity: 0 }] })).toThrow(
      new PricingError('upsellItems', 'Quantity of Soda must be at least 1'),
    );
  });
});

describe('priceBooking properties', () => {
  it('every amount is whole cents and never negative; total = subtotal + taxes − discounts', () => {
    fc.assert(
      fc.property(priceInputArbitrary, (i) => {
        const q = priceBooking(i);
        for (const value of [q.subtotal, q.discounts, q.taxes, q.upsellTaxes, q.total, q.deposit, q.dueNow]) {
          expect(Number.isInteger(value) && value >= 0).toBe(true);
        }
        expect(q.total).toBe(q.subtotal + q.taxes - q.discounts);
        expect(q.discounts).toBe(q.affiliateDiscount + q.promocodeDiscount);
        expect(q.taxes).toBe(q.taxLines.reduce((a, t) => a + t.amount, 0));
      }),
    );
  });

  it('a discount is never above what it applies to; the deposit never above the total', () => {
    fc.assert(
      fc.property(priceInputArbitrary, (i) => {
        const q = priceBooking(i);
        for (const line of q.lines) expect(line.discount).toBeLessThanOrEqual(line.amount);
        expect(q.discounts).toBeLessThanOrEqual(q.subtotal);
        expect(q.deposit).toBeLessThanOrEqual(q.total);
        expect(q.dueNow).toBeLessThanOrEqual(q.total);
        if (!i.product.isDeposit || i.payInFull) expect(q.dueNow).toBe(q.total);
      }),
    );
  });

  it('a discount never raises the total', () => {
    fc.assert(
      fc.property(priceInputArbitrary, (i) => {
        const without = priceBooking({ ...i, promocode: null, affiliate: null });
        expect(priceBooking(i).total).toBeLessThanOrEqual(without.total);
      }),
    );
  });
});
