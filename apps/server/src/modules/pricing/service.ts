import { priceBooking, PricingError, type Quote } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { activeAffiliate, affiliateById, type Affiliate } from '../affiliates/service.js';
import type { ProductRow } from '../products/service.js';
import { promocodeByCode, usablePromocode, type Promocode } from '../promocodes/service.js';
import { taxesByIds } from '../taxes/service.js';
import { upsellItemsOnSale } from '../upsell-items/service.js';
import { fieldError } from '../../platform/errors.js';

/**
 * The server's pricing (decision 013): core's one engine (priceBooking, slotPrice) fed with the
 * venue's taxes, promocodes, affiliates and upsell items. The calendar's price calls and a
 * booking's create and edit price through here; it reads only the catalog's modules, so neither
 * calendar nor bookings owns it.
 */

/** A price the engine cannot make is a 400 naming the input at fault. */
export function priceOrBadRequest<T>(price: () => T): T {
  try {
    return price();
  } catch (error) {
    if (error instanceof PricingError) throw fieldError(error.message, error.field);
    throw error;
  }
}

export interface QuoteRequest {
  playersCount: number;
  promocode?: string | null;
  affiliateId?: string | null;
  /** The public calls: an unknown, inactive or other venue's affiliate is left out, not refused (a tracked link gone stale, decision 031). */
  ignoreUnknownAffiliate?: boolean;
  upsellItems: { id: string; quantity: number }[];
  payInFull?: boolean;
  /** The booking being edited took this promocode already: it keeps it, used up or not. */
  promocodeTaken?: boolean;
  /** The booking being edited came through this affiliate: it keeps its discount though the affiliate was paused since; a deleted one is left out. */
  affiliateTaken?: boolean;
}

export interface QuoteResult {
  quote: Quote;
  promocode: Promocode | null;
  affiliate: Affiliate | null;
  upsellItems: { id: string; name: string; price: number; quantity: number }[];
}

/**
 * The priced quote of a product's slots (decision 013): the price call's answer and a booking's
 * price come from here. An unknown, inactive or used-up promocode is a 400 naming `promocode`;
 * an affiliate or upsell item that is not active, a 400 naming its field.
 */
export async function quoteFor(
  db: Db | Tx,
  venueId: string,
  product: ProductRow,
  slots: { id: string; price: number | null; fixedPrice: number | null; groupsBasedPrice: unknown }[],
  request: QuoteRequest,
): Promise<QuoteResult> {
  const findPromocode = request.promocodeTaken ? promocodeByCode : usablePromocode;
  const promocode = request.promocode ? await findPromocode(db, venueId, request.promocode) : null;
  if (request.promocode && !promocode) throw fieldError('This promocode is unknown, inactive or used up', 'promocode');
  const findAffiliate = request.affiliateTaken ? affiliateById : activeAffiliate;
  const affiliate = request.affiliateId ? await findAffiliate(db, venueId, request.affiliateId) : null;
  if (request.affiliateId && !affiliate && !request.ignoreUnknownAffiliate && !request.affiliateTaken)
    throw fieldError('Unknown affiliate', 'affiliateId');
  const onSale = await upsellItemsOnSale(
    db,
    venueId,
    request.upsellItems.map((i) => i.id),
  );
  const upsellItems = request.upsellItems.map((wanted) => {
    const item = onSale.find((i) => i.id === wanted.id);
    if (!item) throw fieldError(`Upsell item '${wanted.id}' is not on sale`, 'upsellItems');
    return { ...item, quantity: wanted.quantity };
  });
  const taxes = await taxesByIds(db, venueId, product.taxes);
  const quote = priceOrBadRequest(() =>
    priceBooking({
      product: {
        id: product.id,
        typeOfPricing: product.typeOfPricing,
        price: product.price,
        fixedPrice: product.fixedPrice,
        groups: product.groups,
        isDeposit: product.isDeposit,
        deposit: product.deposit,
      },
      slots: slots.map((s) => ({ id: s.id, price: s.price, fixedPrice: s.fixedPrice, groupsBasedPrice: s.groupsBasedPrice as never })),
      playersCount: request.playersCount,
      taxes,
      upsellItems,
      promocode,
      affiliate,
      payInFull: request.payInFull,
    }),
  );
  return { quote, promocode, affiliate, upsellItems };
}
