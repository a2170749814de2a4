import { randomUUID } from 'node:crypto';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import { venueToday, widgetTemplateDefaults } from '@lanebook/core';
import type { WidgetProduct, WidgetTemplateView, WidgetVenue, WidgetVisitUpdate, WidgetVisitsSummary } from '@lanebook/core/widget-schemas';
import type { WidgetGiftCards } from '@lanebook/core/gift-card-schemas';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { forVenue } from '../../platform/venue-scope.js';
import { bookingIdOfReference } from '../bookings/service.js';
import { bookableProducts, liveProductById } from '../products/service.js';
import { termsByIds } from '../terms/service.js';
import { upsellItemsOnOffer } from '../upsell-items/service.js';
import { existingWaiverIds } from '../waivers/service.js';
import { activeWidgetTemplate } from '../widget-templates/service.js';
import { widgetVisits } from './schema.js';

/**
 * The widget's configuration and its visits (decision 024). The configuration is read through
 * the modules that own each piece and kept in memory (platform/venue-reads.ts) until one of the
 * tables it comes from changes for the venue; the venue row comes from the access step's cache.
 */

/** The tables the widget's product list is made of: each has a change trigger (decision 007). */
const PRODUCT_TABLES = ['products', 'upsell_items', 'terms', 'waivers'] as const;

export function widgetVenue(row: VenueRow): WidgetVenue {
  return {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    timeFormat: row.timeFormat,
    dateFormat: row.dateFormat as WidgetVenue['dateFormat'],
    moneyFormat: row.moneyFormat,
    firstDayOfWeek: row.firstDayOfWeek,
    address: row.address,
    phone: row.phone,
    email: row.email,
    companySite: row.companySite,
    status: row.status,
    isTakingBookings: row.status === 'live',
    paymentsOn: row.isStripePaymentsEnabled,
    marketingConsentText: row.marketingConsentText,
  };
}

/** The venue's gift cards as the widget offers them (decision 045): on sale when the setting is on, the venue live and taking card payments. */
export function widgetGiftCards(row: VenueRow): WidgetGiftCards {
  const settings = row.giftCards;
  return {
    isOnSale: settings.isEnabled && row.status === 'live' && row.isStripePaymentsEnabled,
    presetAmounts: settings.presetAmounts,
    customAmountMin: settings.customAmountMin,
    customAmountMax: settings.customAmountMax,
    image: settings.image || null,
    expiryMonths: settings.expiryMonths,
  };
}

/** The products the venue offers online, with their upsell items, terms and whether they have a waiver. */
export async function widgetProducts(db: Db | Tx, venueId: string): Promise<WidgetProduct[]> {
  const products = await bookableProducts(db, venueId);
  if (products.length === 0) return [];
  const termsIds = [...new Set(products.map((p) => p.termsId).filter((id): id is string => Boolean(id)))];
  const waiverIds = [...new Set(products.map((p) => p.activeWaiverId).filter((id): id is string => Boolean(id)))];
  const [items, terms, waivers] = await Promise.all([
    upsellItemsOnOffer(db, venueId),
    termsByIds(db, venueId, termsIds),
    existingWaiverIds(db, venueId, waiverIds),
  ]);
  const itemById = new Map(items.map((item) => [item.id, item]));
  const termsById = new Map(terms.map((t) => [t.id, t]));
  return products.map((p) => {
    const productTerms = p.termsId ? termsById.get(p.termsId) : undefined;
    return {
      id: p.id,
      name: p.name,
      title: p.title,
      description: p.description,
      image: p.image || null,
      duration: p.duration,
      cutoffTime: p.cutoffTime,
      minPlayers: p.minPlayers,
      maxPlayers: p.maxPlayers,
      typeOfPricing: p.typeOfPricing,
      groups: p.groups,
      price: p.price,
      fixedPrice: p.fixedPrice,
      deposit: p.deposit,
      isDeposit: p.isDeposit,
      widgetNote: p.widgetNote,
      cancellationPeriodAmount: p.cancellationPeriodAmount,
      cancellationPeriodUnit: p.cancellationPeriodUnit,
      customFields: p.customFields,
      upsellItems: p.upsellItemIds
        .map((id) => itemById.get(id))
        .filter((item) => item !== undefined)
        .map((item) => ({ id: item.id, name: item.name, description: item.description, price: item.price, image: item.image || null })),
      terms: productTerms ? { id: productTerms.id, title: productTerms.name, text: productTerms.text } : null,
      hasWaiver: p.activeWaiverId !== null && waivers.has(p.activeWaiverId),
    };
  });
}

/** The template as the widget uses it; the defaults (id null) when the venue has no active default. */
async function templateView(db: Db | Tx, venueId: string, templateId: string | null): Promise<WidgetTemplateView | null> {
  const row = await activeWidgetTemplate(db, venueId, templateId);
  if (!row) {
    if (templateId !== null) return null;
    const { productId, position, isHideBeacon, isPromocodesAvailable, view } = widgetTemplateDefaults;
    return { id: null, productId, position, isHideBeacon, isPromocodesAvailable, view };
  }
  return {
    id: row.id,
    productId: row.productId,
    position: row.position,
    isHideBeacon: row.isHideBeacon,
    isPromocodesAvailable: row.isPromocodesAvailable,
    view: row.view as WidgetTemplateView['view'],
  };
}

/**
 * The JSON text of the widget's configuration (widgetConfigSchema): the venue, the template
 * (404 when one is named that is not an active template of the venue) and the products, which
 * a venue that is not live does not offer.
 */
export async function widgetConfigJson(db: Db, reads: VenueReads, row: VenueRow, templateId: string | null): Promise<string> {
  const templateJson = await reads.json('widget_templates', row.id, `widget-template\n${templateId ?? ''}`, () =>
    templateView(db, row.id, templateId),
  );
  if (templateJson === 'null') throw notFound('Widget template');
  const productsJson =
    row.status === 'live' ? await reads.json(PRODUCT_TABLES, row.id, 'widget-products', () => widgetProducts(db, row.id)) : '[]';
  return `{"venue":${JSON.stringify(widgetVenue(row))},"template":${templateJson},"giftCards":${JSON.stringify(widgetGiftCards(row))},"products":${productsJson}}`;
}

/** A new visit of the venue's widget, on the venue's today until slots are chosen; a template it names is one the widget can show. */
export async function createVisit(db: Db, row: VenueRow, templateId: string | null): Promise<string> {
  if (templateId !== null && !(await activeWidgetTemplate(db, row.id, templateId)))
    throw validationFailed([{ path: ['templateId'], message: 'No active widget template of this venue has this id' }]);
  const id = randomUUID();
  await forVenue(db, row.id).insert(widgetVisits, { id, templateId, step: 0, eventDate: venueToday(row.timezone) });
  return id;
}

/**
 * Records how far a visit got: the step only rises (a lower one keeps the step it had); the
 * product, event date and booking replace what the visit had. The product and the booking (by
 * its reference) must be the venue's; a visit of another venue is not found.
 */
export async function updateVisit(db: Db, venueId: string, visitId: string, update: WidgetVisitUpdate): Promise<void> {
  if (update.productId !== undefined && !(await liveProductById(db, venueId, update.productId)))
    throw validationFailed([{ path: ['productId'], message: 'No product of this venue has this id' }]);
  let bookingId: string | undefined;
  if (update.bookingReference !== undefined) {
    const found = await bookingIdOfReference(db, venueId, update.bookingReference);
    if (!found) throw validationFailed([{ path: ['bookingReference'], message: 'No booking of this venue has this reference' }]);
    bookingId = found;
  }
  const changed = await forVenue(db, venueId)
    .update(widgetVisits, eq(widgetVisits.id, visitId), {
      step: sql`greatest(${widgetVisits.step}, ${update.step})`,
      ...(update.productId !== undefined ? { productId: update.productId } : {}),
      ...(update.eventDate !== undefined ? { eventDate: update.eventDate } : {}),
      ...(bookingId !== undefined ? { bookingId } : {}),
      updatedAt: new Date(),
    })
    .returning({ id: widgetVisits.id });
  if (changed.length === 0) throw notFound('Visit');
}

/** The visits of the period by event date, how many reached each step, and the bounce rate. */
export async function visitsSummary(db: Db, venueId: string, from: string, to: string): Promise<WidgetVisitsSummary> {
  const reached = (step: number) => sql<number>`(count(*) filter (where ${widgetVisits.step} >= ${step}))::int`;
  const row = await forVenue(db, venueId).aggregate(
    widgetVisits,
    { s0: reached(0), s1: reached(1), s2: reached(2), s3: reached(3), s4: reached(4), s5: reached(5) },
    and(gte(widgetVisits.eventDate, from), lte(widgetVisits.eventDate, to)),
  );
  const steps = [row.s0, row.s1, row.s2, row.s3, row.s4, row.s5].map(Number);
  const [visits, , , , , booked] = steps;
  const bounceRate = visits === 0 ? 0 : Math.round(((visits - booked) / visits) * 1000) / 10;
  return { visits, booked, bounceRate, steps };
}
