/**
 * The pricing engine: one pure function that the server (quotes, bookings), the console (the
 * booking form) and the widget share, so a price is the same wherever it is shown.
 * Every amount is integer cents. The one rounding rule: a percentage of an amount (a tax or a
 * percent discount) is computed exactly and rounded half up to the cent, once per line and per
 * tax or discount (docs/decisions/013-pricing.md).
 */

export type PricingType = 'person' | 'group-range';
export type DiscountType = 'fixed' | 'percent';

export interface PriceGroupRange {
  from: number;
  to: number;
  /** What the whole group pays for one slot, in cents. */
  price: number;
}

export interface PricedProduct {
  id: string;
  typeOfPricing: PricingType;
  /** Per person and slot, in cents (person pricing). */
  price: number;
  /** When above 0: what one slot costs, whatever the players count. */
  fixedPrice: number;
  groups: readonly PriceGroupRange[];
  isDeposit: boolean;
  /** Cents asked up front when isDeposit. */
  deposit: number;
}

/** A slot's own prices; null (or absent) takes the product's. */
export interface PricedSlot {
  id: string;
  price?: number | null;
  fixedPrice?: number | null;
  groupsBasedPrice?: readonly PriceGroupRange[] | null;
}

export interface PricedTax {
  id: string;
  name: string;
  /** Percent, 0..100, up to four decimals. */
  rate: number;
}

export interface PricedUpsell {
  id: string;
  name: string;
  /** Per unit, in cents. */
  price: number;
  quantity: number;
}

export interface PricedDiscount {
  discount: number;
  discountType: DiscountType;
  /** Products it applies to; empty means every product. */
  products: readonly string[];
  /** Upsell items it applies to; only those listed. */
  upsellItems: readonly string[];
}

export interface PricedPromocode extends PricedDiscount {
  code: string;
  /** before: taxes are computed on the discounted amount; after: on the amount before the discount. */
  taxBehaviour: 'before' | 'after';
}

export interface PricedAffiliate extends PricedDiscount {
  id: string;
  name: string;
}

export interface PriceInput {
  product: PricedProduct;
  slots: PricedSlot[];
  playersCount: number;
  /** The product's taxes; upsell items are taxed with them too (an upsell item has no taxes of its own). */
  taxes: PricedTax[];
  upsellItems?: PricedUpsell[];
  promocode?: PricedPromocode | null;
  affiliate?: PricedAffiliate | null;
  /** The customer pays everything now even when the product asks only a deposit. */
  payInFull?: boolean;
}

export interface QuoteLine {
  kind: 'slot' | 'upsell';
  /** The slot's or the upsell item's id. */
  id: string;
  label: string;
  quantity: number;
  unitPrice: number;
  /** unitPrice × quantity. */
  amount: number;
  /** Affiliate and promocode discounts taken off this line. */
  discount: number;
  /** Taxes of this line. */
  tax: number;
}

export interface Quote {
  lines: QuoteLine[];
  /** Sum of the lines' amounts, before discounts and taxes. */
  subtotal: number;
  /** Sum of the discounts. */
  discounts: number;
  affiliateDiscount: number;
  promocodeDiscount: number;
  /** Sum of every tax, upsell items' included. */
  taxes: number;
  /** The part of `taxes` that falls on upsell items. */
  upsellTaxes: number;
  taxLines: { id: string; name: string; rate: number; amount: number }[];
  /** subtotal + taxes − discounts. */
  total: number;
  /** What the product asks up front (never above total); 0 when it asks no deposit. */
  deposit: number;
  /** What is charged at booking: the deposit, or the total when there is none or the customer pays in full. */
  dueNow: number;
}

/** A price the engine cannot make; `field` names the input at fault (playersCount, slots, ...). */
export class PricingError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'PricingError';
  }
}

/** `amount × percent / 100`, rounded half up to the cent; percent is taken to four decimals. */
export function percentOf(amount: number, percent: number): number {
  // Integer arithmetic: the percent as millionths of the whole, so 8.25% is exact.
  const millionths = Math.round(percent * 10_000);
  const scaled = amount * millionths;
  return Math.floor((scaled + 500_000) / 1_000_000);
}

/** The price of one slot for this many players, before discounts and taxes. */
export function slotPrice(product: PricedProduct, slot: PricedSlot, playersCount: number): number {
  const fixed = slot.fixedPrice ?? product.fixedPrice;
  if (fixed > 0) return fixed;
  if (product.typeOfPricing === 'person') return (slot.price ?? product.price) * playersCount;
  const groups = slot.groupsBasedPrice && slot.groupsBasedPrice.length > 0 ? slot.groupsBasedPrice : product.groups;
  const group = groups.find((g) => playersCount >= g.from && playersCount <= g.to);
  if (!group) throw new PricingError('playersCount', `No price group covers ${playersCount} players`);
  return group.price;
}

function appliesTo(discount: PricedDiscount, line: QuoteLine, productId: string): boolean {
  if (line.kind === 'slot') return discount.products.length === 0 || discount.products.includes(productId);
  return discount.upsellItems.includes(line.id);
}

/**
 * Takes `discount` off the lines it applies to, from what is left of each (`remaining`), and
 * returns the amounts taken per line. A percent discount is a percentage of each line; a fixed
 * one is spread over the lines in order, never more than what is left of them.
 */
function takeDiscount(discount: PricedDiscount, lines: QuoteLine[], remaining: number[], productId: string): number[] {
  const taken = lines.map(() => 0);
  if (discount.discountType === 'percent') {
    lines.forEach((line, i) => {
      if (appliesTo(discount, line, productId)) taken[i] = Math.min(remaining[i], percentOf(remaining[i], discount.discount));
    });
    return taken;
  }
  let left = Math.max(0, Math.round(discount.discount));
  lines.forEach((line, i) => {
    if (left === 0 || !appliesTo(discount, line, productId)) return;
    taken[i] = Math.min(remaining[i], left);
    left -= taken[i];
  });
  return taken;
}

function assertCents(field: string, value: number) {
  if (!Number.isInteger(value) || value < 0) throw new PricingError(field, `${field} must be whole cents, not negative`);
}

/** Prices a booking: its slots for the players count, upsell items, discounts, taxes and deposit. */
export function priceBooking(input: PriceInput): Quote {
  const { product, playersCount } = input;
  if (!Number.isInteger(playersCount) || playersCount < 1) throw new PricingError('playersCount', 'Players count must be at least 1');
  if (input.slots.length === 0) throw new PricingError('slots', 'Choose at least one slot');

  const lines: QuoteLine[] = input.slots.map((slot) => {
    const amount = slotPrice(product, slot, playersCount);
    assertCents('price', amount);
    return { kind: 'slot', id: slot.id, label: 'Slot', quantity: 1, unitPrice: amount, amount, discount: 0, tax: 0 };
  });
  for (const item of input.upsellItems ?? []) {
    assertCents('upsellItems', item.price);
    if (!Number.isInteger(item.quantity) || item.quantity < 1)
      throw new PricingError('upsellItems', `Quantity of ${item.name} must be at least 1`);
    const amount = item.price * item.quantity;
    lines.push({
      kind: 'upsell',
      id: item.id,
      label: item.name,
      quantity: item.quantity,
      unitPrice: item.price,
      amount,
      discount: 0,
      tax: 0,
    });
  }

  // The affiliate's discount first, then the promocode's on what is left.
  const remaining = lines.map((line) => line.amount);
  let affiliateDiscount = 0;
  if (input.affiliate) {
    takeDiscount(input.affiliate, lines, remaining, product.id).forEach((amount, i) => {
      remaining[i] -= amount;
      lines[i].discount += amount;
      affiliateDiscount += amount;
    });
  }
  const afterAffiliate = [...remaining];
  let promocodeDiscount = 0;
  if (input.promocode) {
    takeDiscount(input.promocode, lines, remaining, product.id).forEach((amount, i) => {
      remaining[i] -= amount;
      lines[i].discount += amount;
      promocodeDiscount += amount;
    });
  }

  // Taxable amount of each line: after every discount, unless the promocode says taxes come first.
  const taxable = input.promocode?.taxBehaviour === 'after' ? afterAffiliate : remaining;
  const taxLines = input.taxes.map((tax) => ({ id: tax.id, name: tax.name, rate: tax.rate, amount: 0 }));
  let upsellTaxes = 0;
  lines.forEach((line, i) => {
    for (const taxLine of taxLines) {
      const amount = percentOf(taxable[i], taxLine.rate);
      taxLine.amount += amount;
      line.tax += amount;
      if (line.kind === 'upsell') upsellTaxes += amount;
    }
  });

  const subtotal = sum(lines.map((line) => line.amount));
  const discounts = affiliateDiscount + promocodeDiscount;
  const taxes = sum(taxLines.map((line) => line.amount));
  const total = subtotal + taxes - discounts;
  const deposit = product.isDeposit ? Math.min(product.deposit, total) : 0;
  const dueNow = deposit > 0 && !input.payInFull ? deposit : total;
  return { lines, subtotal, discounts, affiliateDiscount, promocodeDiscount, taxes, upsellTaxes, taxLines, total, deposit, dueNow };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
