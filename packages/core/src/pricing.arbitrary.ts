import fc from 'fast-check';
import type { PriceInput } from './pricing.js';

/**
 * Any booking the pricing engine may be asked to price, for property tests: person pricing with
 * slot and fixed prices, taxes to four decimals, extras, a promocode taxed before or after, an
 * affiliate, deposits. Its product is 'axe'; discounts may be scoped to it, to another or to none.
 */
const cents = fc.integer({ min: 0, max: 100_000 });
const rate = fc.integer({ min: 0, max: 300_000 }).map((n) => n / 10_000); // 0..30% to four decimals
const discount = fc.oneof(
  fc.record({ discountType: fc.constant('fixed' as const), discount: fc.integer({ min: 0, max: 500_000 }) }),
  fc.record({ discountType: fc.constant('percent' as const), discount: fc.integer({ min: 0, max: 10_000 }).map((n) => n / 100) }),
);
const upsellIds = ['pizza', 'soda', 'shirt'];
const scope = fc.record({
  products: fc.oneof(fc.constant([] as string[]), fc.constant(['axe']), fc.constant(['other'])),
  upsellItems: fc.subarray(upsellIds),
});

export const priceInputArbitrary: fc.Arbitrary<PriceInput> = fc.record({
  product: fc.record({
    id: fc.constant('axe'),
    typeOfPricing: fc.constant('person' as const),
    price: cents,
    fixedPrice: fc.oneof(fc.constant(0), cents),
    groups: fc.constant([]),
    isDeposit: fc.boolean(),
    deposit: cents,
  }),
  slots: fc.array(fc.record({ id: fc.uuid(), price: fc.option(cents, { nil: null }), fixedPrice: fc.option(cents, { nil: null }) }), {
    minLength: 1,
    maxLength: 4,
  }),
  playersCount: fc.integer({ min: 1, max: 40 }),
  taxes: fc.uniqueArray(fc.record({ id: fc.uuid(), name: fc.constant('Tax'), rate }), { selector: (tax) => tax.id, maxLength: 3 }),
  upsellItems: fc.uniqueArray(
    fc.record({ id: fc.constantFrom(...upsellIds), name: fc.constant('Item'), price: cents, quantity: fc.integer({ min: 1, max: 10 }) }),
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
