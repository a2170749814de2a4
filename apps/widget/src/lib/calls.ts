/** Every /api/public call the widget makes, with the contract's shapes (docs/decisions/024-the-widget.md). */
import { upsellChoices, upsellQueryValue } from '@lanebook/core/booking-form';
import type { ApiAnswer, ApiOperation } from '@lanebook/core/api/client';
import { call, query, request, urlOf } from './api';
import type { GiftCardPurchase, PublicBookingCreate, SigningBody } from './types';

/**
 * The page's server asks the browser to fetch this while the app loads (a Link preload of the same
 * URL, made by widgetConfigPath on the server); a preload is reused only by a request of the same
 * credentials mode, hence 'same-origin' here.
 */
export const getWidgetConfig = (venueId: string, templateId: string | null) =>
  call('get', '/api/public/widget/{venueId}', {
    path: { venueId },
    query: { template: templateId ?? undefined },
    credentials: 'same-origin',
  });

const datesUrl = (productId: string, month: string, playersCount: number, bookingId?: string) =>
  urlOf('get', '/api/public/product/{id}/dates', { path: { id: productId }, query: { month, playersCount, bookingId } });
const slotsUrl = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  urlOf('get', '/api/public/product/{id}/slots', { path: { id: productId }, query: { date, playersCount, bookingId } });

/**
 * Answers asked for ahead of the step that shows them (the first month's dates while the customer
 * counts the players, the first open day's slots while they look at the month), each used once.
 */
const prefetched = new Map<string, Promise<unknown>>();

function prefetch(url: string) {
  if (prefetched.has(url)) return;
  const answer = request(url);
  // An unused or failed prefetch is simply asked again by its step.
  answer.catch(() => prefetched.delete(url));
  prefetched.set(url, answer);
}

function takeOrRequest<T>(url: string, kind: string): Promise<T> {
  const early = prefetched.get(url) as Promise<T> | undefined;
  prefetched.delete(url);
  return early ?? request<T>(url, { kind });
}

export const prefetchDates = (productId: string, month: string, playersCount: number) => prefetch(datesUrl(productId, month, playersCount));

export const prefetchSlots = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  prefetch(slotsUrl(productId, date, playersCount, bookingId));

export const getDates = (productId: string, month: string, playersCount: number, bookingId?: string) =>
  takeOrRequest<ApiAnswer<ApiOperation<'/api/public/product/{id}/dates', 'get'>>>(
    datesUrl(productId, month, playersCount, bookingId),
    'dates',
  );

export const getSlots = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  takeOrRequest<ApiAnswer<ApiOperation<'/api/public/product/{id}/slots', 'get'>>>(
    slotsUrl(productId, date, playersCount, bookingId),
    'slots',
  );

export interface PriceQuestion {
  productId: string;
  slots: string[];
  playersCount: number;
  promocode?: string;
  upsellItems?: Record<string, number>;
  /** The tracked link's partner: its discount applies where it applies. */
  affiliateId?: string;
}

/** publicPriceQuerySchema: slots as a comma list, upsell items as id:quantity pairs. */
function priceParams(q: PriceQuestion) {
  return {
    slots: q.slots.join(','),
    playersCount: q.playersCount,
    promocode: q.promocode?.trim() || undefined,
    upsellItems: upsellQueryValue(upsellChoices(q.upsellItems ?? {})) || undefined,
    affiliateId: q.affiliateId,
  };
}

export const priceQuery = (q: PriceQuestion) => query(priceParams(q));

export const getPrice = (q: PriceQuestion) =>
  call('get', '/api/public/product/{id}/price', { path: { id: q.productId }, query: priceParams(q), kind: 'price' });

export const createBooking = (body: PublicBookingCreate, idempotencyKey: string) =>
  call('post', '/api/public/booking', { body, headers: { 'idempotency-key': idempotencyKey } });

export const getBooking = (reference: string) => call('get', '/api/public/booking/{id}', { path: { id: reference } });

export const cancelBooking = (reference: string) => call('post', '/api/public/booking/{id}/cancel', { path: { id: reference }, body: {} });

export const moveBooking = (reference: string, slots: string[]) =>
  call('post', '/api/public/booking/{id}/move', { path: { id: reference }, body: { slots } });

export const openCheckout = (reference: string, body: { isFullFirstPayment?: boolean; returnUrl: string }) =>
  call('post', '/api/public/booking/{id}/checkout', { path: { id: reference }, body });

/** A gift card pays what it can of what is due (decision 045): the booking with its new due, and what the card paid. */
export const payWithGiftCard = (reference: string, code: string) =>
  call('post', '/api/public/booking/{id}/gift-card', { path: { id: reference }, body: { code } });

export const getWaiver = (reference: string) => call('get', '/api/public/booking/{id}/waiver', { path: { id: reference } });

export const signWaiver = (reference: string, body: SigningBody) =>
  call('post', '/api/public/booking/{id}/signatures', { path: { id: reference }, body });

/** The friends' sign-only link (decision 023): the form alone, and signing; nothing else of the booking. */
export const getSigningForm = (token: string) => call('get', '/api/public/signing/{id}', { path: { id: token } });
export const signBySigningLink = (token: string, body: SigningBody) =>
  call('post', '/api/public/signing/{id}/signatures', { path: { id: token }, body });

export const calendarUrl = (reference: string) => urlOf('get', '/api/public/booking/{id}/calendar.ics', { path: { id: reference } });
export const checkInQrUrl = (reference: string) => urlOf('get', '/api/public/booking/{id}/qr.png', { path: { id: reference } });

// ---- Gift cards bought online and their balance (decision 045) ----

export const buyGiftCard = (venueId: string, body: GiftCardPurchase, idempotencyKey: string) =>
  call('post', '/api/public/gift-cards/checkout', { query: { venueId }, body, headers: { 'idempotency-key': idempotencyKey } });

export const getGiftCardOrder = (venueId: string, orderId: string) =>
  call('get', '/api/public/gift-cards/orders/{id}', { path: { id: orderId }, query: { venueId } });

export const getGiftCardBalance = (venueId: string, code: string) =>
  call('post', '/api/public/gift-cards/balance', { query: { venueId }, body: { code } });

// ---- Visits: never block the flow, errors ignored ----

export const startVisit = (venueId: string, templateId: string | null) =>
  call('post', '/api/public/widget/{venueId}/visits', { path: { venueId }, body: { templateId } }).catch(() => null);

export interface VisitStep {
  step: number;
  productId?: string;
  eventDate?: string;
  bookingReference?: string;
}

export const reportVisit = (venueId: string, visitId: string, step: VisitStep) =>
  call('patch', '/api/public/widget/{venueId}/visits/{visitId}', { path: { venueId, visitId }, body: step }).catch(() => undefined);
