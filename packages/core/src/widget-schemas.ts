import { z } from './zod.js';
import { WIDGET_FONTS, WIDGET_POSITIONS, WIDGET_VIEW_MODES } from './catalog.js';
import { isoDateSchema } from './calendar-schemas.js';
import { CANCELLATION_UNITS, PRICING_TYPES, customFieldSchema, priceGroupSchema } from './products.js';
import { DATE_FORMATS, VENUE_STATUSES } from './venue.js';
import { widgetGiftCardsSchema } from './gift-card-settings.js';

/**
 * The widget module's bodies and answers (decision 024): the configuration the widget opens
 * with, its visits (bounce tracking) and the dashboard's summary of them. The widget app takes
 * only the types of this file (`import type`); its constants are in widget.ts, which has no zod.
 */

/** What the widget shows of the venue; `isTakingBookings` is `status === 'live'`. */
export const widgetVenueSchema = z.object({
  id: z.string(),
  name: z.string(),
  timezone: z.string(),
  timeFormat: z.union([z.literal(12), z.literal(24)]),
  dateFormat: z.enum(DATE_FORMATS),
  moneyFormat: z.string(),
  firstDayOfWeek: z.number().int(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  companySite: z.string(),
  status: z.enum(VENUE_STATUSES),
  isTakingBookings: z.boolean(),
  /** The venue takes card payments (isStripePaymentsEnabled). */
  paymentsOn: z.boolean(),
  /** The marketing consent question the details step asks, in the venue's words (unchecked by default); '' asks nothing (issue 38). */
  marketingConsentText: z.string(),
});
export type WidgetVenue = z.infer<typeof widgetVenueSchema>;

/** The template the widget is shown with: the one named, the venue's default, or the defaults (id null). */
export const widgetTemplateViewSchema = z.object({
  id: z.string().nullable(),
  /** The product preselected, when the template names one. */
  productId: z.string().nullable(),
  position: z.enum(WIDGET_POSITIONS),
  isHideBeacon: z.boolean(),
  isPromocodesAvailable: z.boolean(),
  view: z.object({
    fontFamily: z.enum(WIDGET_FONTS),
    viewMode: z.enum(WIDGET_VIEW_MODES),
    colors: z.object({ primary: z.string(), secondary: z.string() }),
    isUseAvailabilityColors: z.boolean(),
  }),
});
export type WidgetTemplateView = z.infer<typeof widgetTemplateViewSchema>;

export const widgetUpsellItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
  /** An upload under /uploads/ or an http(s) URL; null without one. */
  image: z.string().nullable(),
});
export type WidgetUpsellItem = z.infer<typeof widgetUpsellItemSchema>;

export const widgetTermsSchema = z.object({ id: z.string(), title: z.string(), text: z.string() });
export type WidgetTerms = z.infer<typeof widgetTermsSchema>;

/** A product the public can book online (not paused, not deleted), with what the flow shows of it. */
export const widgetProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  description: z.string(),
  /** An upload under /uploads/ or an http(s) URL; null without one. */
  image: z.string().nullable(),
  duration: z.number().int(),
  /** Hours before a slot's start after which it cannot be booked online. */
  cutoffTime: z.number().int(),
  minPlayers: z.number().int(),
  maxPlayers: z.number().int(),
  typeOfPricing: z.enum(PRICING_TYPES),
  groups: z.array(priceGroupSchema),
  price: z.number().int(),
  fixedPrice: z.number().int(),
  deposit: z.number().int(),
  isDeposit: z.boolean(),
  widgetNote: z.string(),
  cancellationPeriodAmount: z.number().int(),
  cancellationPeriodUnit: z.enum(CANCELLATION_UNITS),
  /** The product's custom fields, by key, as the product schema has them. */
  customFields: z.record(z.string(), customFieldSchema),
  /** The items on sale (not paused) the product offers, in the product's order. */
  upsellItems: z.array(widgetUpsellItemSchema),
  terms: widgetTermsSchema.nullable(),
  /** Customers sign a waiver for this product's bookings. */
  hasWaiver: z.boolean(),
});
export type WidgetProduct = z.infer<typeof widgetProductSchema>;

/** GET /api/public/widget/{venueId}?template= */
export const widgetConfigSchema = z.object({
  venue: widgetVenueSchema,
  template: widgetTemplateViewSchema,
  /** The venue's gift cards as the widget offers them (decision 045). */
  giftCards: widgetGiftCardsSchema,
  /** Sorted by name; empty unless the venue is taking bookings. */
  products: z.array(widgetProductSchema),
});
export type WidgetConfig = z.infer<typeof widgetConfigSchema>;

export const widgetConfigQuerySchema = z.object({ template: z.string().trim().min(1).max(100).optional() });

const idField = (label: string) =>
  z.string(`${label} must be text`).trim().min(1, `${label} is required`).max(100, `${label} must be at most 100 characters`);

/** POST /api/public/widget/{venueId}/visits: one opening of the widget. */
export const widgetVisitCreateSchema = z.object({ templateId: idField('Template id').nullable().optional() }).strict();
export type WidgetVisitCreate = z.infer<typeof widgetVisitCreateSchema>;
export const widgetVisitCreatedSchema = z.object({ id: z.string() });

/** PATCH /api/public/widget/{venueId}/visits/{visitId}: the step reached (a lower one than kept changes nothing). */
export const widgetVisitUpdateSchema = z
  .object({
    step: z
      .number('Step must be a number 0 to 5')
      .int('Step must be a whole number 0 to 5')
      .min(0, 'Step must be 0 to 5')
      .max(5, 'Step must be 0 to 5'),
    productId: idField('Product id').optional(),
    /** The venue date of the slots chosen. */
    eventDate: isoDateSchema.optional(),
    bookingReference: idField('Booking reference').optional(),
  })
  .strict();
export type WidgetVisitUpdate = z.infer<typeof widgetVisitUpdateSchema>;

export const widgetVisitParamsSchema = z.object({
  venueId: z.string().min(1).max(100),
  visitId: z.string().min(1).max(100),
});

/** GET /api/private/widget/visits?from=&to=: visits by event date, both days included. */
export const widgetVisitsQuerySchema = z
  .object({ from: isoDateSchema, to: isoDateSchema })
  .refine((q) => q.from <= q.to, { message: 'From must be on or before to', path: ['to'] });
export type WidgetVisitsQuery = z.infer<typeof widgetVisitsQuerySchema>;

export const widgetVisitsSummarySchema = z.object({
  /** Visits whose event date is in the period. */
  visits: z.number().int(),
  /** Of them, those that reached payment success (step 5). */
  booked: z.number().int(),
  /** The share of visits that never reached step 5, 0 to 100 (0 without visits), one decimal. */
  bounceRate: z.number(),
  /** steps[n]: visits that reached at least step n (steps[0] = visits). */
  steps: z.array(z.number().int()).length(6),
});
export type WidgetVisitsSummary = z.infer<typeof widgetVisitsSummarySchema>;
