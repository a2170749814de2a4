/** Which page of the widget an address names (contract: "URLs served by the one server"). */

export type WidgetView = 'flow' | 'gift-cards';

export type Route =
  | {
      page: 'flow';
      venueId: string;
      templateId: string | null;
      frame: string | null;
      paidBooking: string | null;
      visitId: string | null;
      /** The partner whose tracked link brought the customer; the server ignores one it does not know. */
      affiliateId: string | null;
      /** What the widget opens on: the booking flow, or the gift cards (the loader's data-view="gift-cards"). */
      view: WidgetView;
      /** Back from a gift card's hosted checkout: the order to follow until the provider confirms it. */
      giftCardOrder: string | null;
      /** The customer gave up on the hosted checkout (paid=0): nothing was charged. */
      checkoutCanceled: boolean;
    }
  | { page: 'manage'; reference: string }
  | { page: 'sign'; reference: string }
  /** The friends' sign-only link (decision 023): /widget/sign/<token>. */
  | { page: 'signing'; token: string }
  | { page: 'missing' };

/** An affiliate id as the API takes it (1-100 characters once trimmed); anything else is left out rather than refused. */
export function affiliateOf(value: string | null): string | null {
  const id = value?.trim() ?? '';
  return id.length > 0 && id.length <= 100 ? id : null;
}

export function routeOf(pathname: string, search: string): Route {
  const params = new URLSearchParams(search);
  const rest = pathname.replace(/^\/widget\/?/, '').replace(/\/+$/, '');
  const booking = /^booking\/([^/]+)(\/sign)?$/.exec(rest);
  if (booking) {
    const reference = decodeURIComponent(booking[1]);
    return booking[2] ? { page: 'sign', reference } : { page: 'manage', reference };
  }
  const signing = /^sign\/([^/]+)$/.exec(rest);
  if (signing) return { page: 'signing', token: decodeURIComponent(signing[1]) };
  const venueId = params.get('venue');
  if (rest === '' && venueId) {
    const paid = params.get('paid') === '1' ? params.get('booking') : null;
    const canceled = params.get('paid') === '0';
    return {
      page: 'flow',
      venueId,
      templateId: params.get('template') || null,
      frame: params.get('frame'),
      paidBooking: paid || null,
      visitId: params.get('visit'),
      affiliateId: affiliateOf(params.get('affiliate')),
      view: params.get('view') === 'gift-cards' ? 'gift-cards' : 'flow',
      giftCardOrder: canceled ? null : params.get('giftCardOrder') || null,
      checkoutCanceled: canceled,
    };
  }
  return { page: 'missing' };
}

/** The page the hosted checkout returns to: this same flow, told which booking was paid (and the visit, to record step 5). */
export function returnUrlOf(
  origin: string,
  route: { venueId: string; templateId: string | null; frame: string | null },
  reference: string,
  visitId: string | null,
) {
  const params = new URLSearchParams({ venue: route.venueId });
  if (route.templateId) params.set('template', route.templateId);
  if (route.frame) params.set('frame', route.frame);
  params.set('booking', reference);
  params.set('paid', '1');
  if (visitId) params.set('visit', visitId);
  return `${origin}/widget/?${params.toString()}`;
}

/**
 * Where a gift card's hosted checkout returns: the gift cards of this same widget; the server adds
 * giftCardOrder=<id> (and paid=0 when the buyer gives up).
 */
export function giftCardReturnUrlOf(origin: string, route: { venueId: string; templateId: string | null; frame: string | null }) {
  const params = new URLSearchParams({ venue: route.venueId });
  if (route.templateId) params.set('template', route.templateId);
  if (route.frame) params.set('frame', route.frame);
  params.set('view', 'gift-cards');
  return `${origin}/widget/?${params.toString()}`;
}

export const manageUrlOf = (origin: string, reference: string) => `${origin}/widget/booking/${encodeURIComponent(reference)}`;
