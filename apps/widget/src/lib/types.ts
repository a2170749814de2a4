/**
 * What the widget reads from /api/public (docs/decisions/024-the-widget.md). Types only: the
 * schemas stay on the server, the widget never loads zod. The shapes of existing calls come from
 * @lanebook/core (type imports are erased); the widget config is the contract's
 * widgetConfigSchema, written out here until its type is imported from core.
 */
import type { CustomField, PriceGroup } from '@lanebook/core/products';
import type { PublicBooking as CorePublicBooking, PublicBookingCreate } from '@lanebook/core/booking-schemas';
import type { QuoteAnswer } from '@lanebook/core/calendar-schemas';
import type { GiftCardBalance, GiftCardOrder, GiftCardPurchase, WidgetGiftCards } from '@lanebook/core/gift-card-schemas';

export type {
  CustomField,
  GiftCardBalance,
  GiftCardOrder,
  GiftCardPurchase,
  PriceGroup,
  PublicBookingCreate,
  QuoteAnswer,
  WidgetGiftCards,
};
export type { PublicWaiver, SigningBody, SigningForm, WaiverField } from '@lanebook/core/waiver-schemas';

export type ViewMode = 'detailed' | 'compact' | 'table';

export interface WidgetVenue {
  id: string;
  name: string;
  timezone: string;
  timeFormat: 12 | 24;
  dateFormat: string;
  moneyFormat: string;
  firstDayOfWeek: number;
  address: string;
  phone: string;
  email: string;
  companySite: string;
  status: 'inactive' | 'pending' | 'live';
  isTakingBookings: boolean;
  paymentsOn: boolean;
  /** The details step's marketing consent question in the venue's words; '' asks nothing. */
  marketingConsentText: string;
}

export interface WidgetTemplateView {
  id: string | null;
  productId: string | null;
  position: 'embedded' | 'floating';
  isHideBeacon: boolean;
  isPromocodesAvailable: boolean;
  view: { fontFamily: string; viewMode: ViewMode; colors: { primary: string; secondary: string }; isUseAvailabilityColors: boolean };
}

export interface WidgetUpsellItem {
  id: string;
  name: string;
  description: string;
  price: number;
  image: string | null;
}

export interface WidgetProduct {
  id: string;
  name: string;
  title: string;
  description: string;
  image: string | null;
  duration: number;
  cutoffTime: number;
  minPlayers: number;
  maxPlayers: number;
  typeOfPricing: 'person' | 'group-range';
  groups: PriceGroup[];
  price: number;
  fixedPrice: number;
  deposit: number;
  isDeposit: boolean;
  widgetNote: string;
  cancellationPeriodAmount: number;
  cancellationPeriodUnit: 'hours' | 'days';
  customFields: Record<string, CustomField>;
  upsellItems: WidgetUpsellItem[];
  terms: { id: string; title: string; text: string } | null;
  hasWaiver: boolean;
}

export interface WidgetConfig {
  venue: WidgetVenue;
  template: WidgetTemplateView;
  /** The venue's gift cards as sold online (decision 045). */
  giftCards: WidgetGiftCards;
  products: WidgetProduct[];
}

export interface PublicSlot {
  id: string;
  from: string;
  to: string;
  startsAt: string;
  endsAt: string;
  freeLanes: number;
  lanesTotal: number;
  lanesNeeded: number;
  price: number;
}

/** The public booking with the fields the bookings helper adds (contract, "Bookings additions"). */
export type PublicBooking = CorePublicBooking & {
  productName: string;
  venueId: string;
  venueName: string;
  isCancellable: boolean;
  cancellableUntil: string | null;
  isMovable: boolean;
  numberOfSignedWaivers: number;
  hasWaiver: boolean;
};

export interface CheckoutAnswer {
  url: string;
  embeddable: boolean;
}

/** The venue fields the formatters need. */
export type VenueFormat = Pick<WidgetVenue, 'timezone' | 'timeFormat' | 'dateFormat' | 'moneyFormat'>;
