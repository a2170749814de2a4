/** Every /api/public call the widget makes, with the contract's shapes (docs/decisions/024-the-widget.md). */
import { query, request, seg } from './api';
import type {
  CheckoutAnswer,
  PublicBooking,
  PublicBookingCreate,
  PublicSlot,
  PublicWaiver,
  QuoteAnswer,
  SigningBody,
  WidgetConfig,
} from './types';

/**
 * The page's server asks the browser to fetch this while the app loads (a Link preload of the same
 * URL, made by widgetConfigPath on the server); a preload is reused only by a request of the same
 * credentials mode, hence 'same-origin' here.
 */
export const getWidgetConfig = (venueId: string, templateId: string | null) =>
  request<WidgetConfig>(`/api/public/widget/${seg(venueId)}${query({ template: templateId })}`, { credentials: 'same-origin' });

const datesUrl = (productId: string, month: string, playersCount: number, bookingId?: string) =>
  `/api/public/product/${seg(productId)}/dates${query({ month, playersCount, bookingId })}`;

/** Dates asked for ahead of the date step (while the customer picks the players), answered once. */
const prefetchedDates = new Map<string, Promise<{ dates: string[] }>>();

/** Asks for a month's dates now, so the date step shows them at once. */
export function prefetchDates(productId: string, month: string, playersCount: number) {
  const url = datesUrl(productId, month, playersCount);
  if (prefetchedDates.has(url)) return;
  const answer = request<{ dates: string[] }>(url);
  // An unused or failed prefetch is simply asked again by the date step.
  answer.catch(() => prefetchedDates.delete(url));
  prefetchedDates.set(url, answer);
}

export const getDates = (productId: string, month: string, playersCount: number, bookingId?: string) => {
  const url = datesUrl(productId, month, playersCount, bookingId);
  const prefetched = prefetchedDates.get(url);
  prefetchedDates.delete(url);
  return prefetched ?? request<{ dates: string[] }>(url, { kind: 'dates' });
};

export const getSlots = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  request<{ slots: PublicSlot[] }>(`/api/public/product/${seg(productId)}/slots${query({ date, playersCount, bookingId })}`, {
    kind: 'slots',
  });

export interface PriceQuestion {
  productId: string;
  slots: string[];
  playersCount: number;
  promocode?: string;
  upsellItems?: Record<string, number>;
}

/** publicPriceQuerySchema: slots as a comma list, upsell items as id:quantity pairs. */
export function priceQuery(q: PriceQuestion): string {
  const upsells = Object.entries(q.upsellItems ?? {})
    .filter(([, quantity]) => quantity > 0)
    .map(([id, quantity]) => `${id}:${quantity}`)
    .join(',');
  return query({
    slots: q.slots.join(','),
    playersCount: q.playersCount,
    promocode: q.promocode?.trim() || undefined,
    upsellItems: upsells,
  });
}

export const getPrice = (q: PriceQuestion) =>
  request<QuoteAnswer>(`/api/public/product/${seg(q.productId)}/price${priceQuery(q)}`, { kind: 'price' });

export const createBooking = (body: PublicBookingCreate, idempotencyKey: string) =>
  request<PublicBooking>('/api/public/booking', { method: 'POST', body, headers: { 'idempotency-key': idempotencyKey } });

export const getBooking = (reference: string) => request<PublicBooking>(`/api/public/booking/${seg(reference)}`);

export const cancelBooking = (reference: string) =>
  request<PublicBooking>(`/api/public/booking/${seg(reference)}/cancel`, { method: 'POST', body: {} });

export const moveBooking = (reference: string, slots: string[]) =>
  request<PublicBooking>(`/api/public/booking/${seg(reference)}/move`, { method: 'POST', body: { slots } });

export const openCheckout = (reference: string, body: { isFullFirstPayment?: boolean; returnUrl: string }) =>
  request<CheckoutAnswer>(`/api/public/booking/${seg(reference)}/checkout`, { method: 'POST', body });

export const getWaiver = (reference: string) => request<PublicWaiver>(`/api/public/booking/${seg(reference)}/waiver`);

export const signWaiver = (reference: string, body: SigningBody) =>
  request<unknown>(`/api/public/booking/${seg(reference)}/signatures`, { method: 'POST', body });

export const calendarUrl = (reference: string) => `/api/public/booking/${seg(reference)}/calendar.ics`;

// ---- Visits: never block the flow, errors ignored ----

export const startVisit = (venueId: string, templateId: string | null) =>
  request<{ id: string }>(`/api/public/widget/${seg(venueId)}/visits`, { method: 'POST', body: { templateId } }).catch(() => null);

export interface VisitStep {
  step: number;
  productId?: string;
  eventDate?: string;
  bookingReference?: string;
}

export const reportVisit = (venueId: string, visitId: string, step: VisitStep) =>
  request<void>(`/api/public/widget/${seg(venueId)}/visits/${seg(visitId)}`, { method: 'PATCH', body: step }).catch(() => undefined);
