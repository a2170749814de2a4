/** Every /api/public call the widget makes, with the contract's shapes (docs/decisions/024-the-widget.md). */
import { upsellChoices, upsellQueryValue } from '@lanebook/core/booking-form';
import { query, request, seg } from './api';
import type {
  CheckoutAnswer,
  PublicBooking,
  PublicBookingCreate,
  PublicSlot,
  PublicWaiver,
  QuoteAnswer,
  SigningBody,
  SigningForm,
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
const slotsUrl = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  `/api/public/product/${seg(productId)}/slots${query({ date, playersCount, bookingId })}`;

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
  takeOrRequest<{ dates: string[] }>(datesUrl(productId, month, playersCount, bookingId), 'dates');

export const getSlots = (productId: string, date: string, playersCount: number, bookingId?: string) =>
  takeOrRequest<{ slots: PublicSlot[] }>(slotsUrl(productId, date, playersCount, bookingId), 'slots');

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
export function priceQuery(q: PriceQuestion): string {
  const upsells = upsellQueryValue(upsellChoices(q.upsellItems ?? {}));
  return query({
    slots: q.slots.join(','),
    playersCount: q.playersCount,
    promocode: q.promocode?.trim() || undefined,
    upsellItems: upsells,
    affiliateId: q.affiliateId,
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

/** The friends' sign-only link (decision 023): the form alone, and signing; nothing else of the booking. */
export const getSigningForm = (token: string) => request<SigningForm>(`/api/public/signing/${seg(token)}`);
export const signBySigningLink = (token: string, body: SigningBody) =>
  request<unknown>(`/api/public/signing/${seg(token)}/signatures`, { method: 'POST', body });

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
