import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { PRODUCT_DELETE_BLOCKED } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import type { CollectionContext } from '../../platform/collections.js';
import { conflict } from '../../platform/errors.js';
import { forVenue } from '../../platform/venue-scope.js';
import { productHasBookingsToCome } from '../bookings/service.js';
import { products } from './schema.js';

/** The fields of a product that name records of other collections: a list of ids, or one id. */
const REFERENCE_COLUMNS = {
  resources: products.resources,
  taxes: products.taxes,
  upsellItemIds: products.upsellItemIds,
  termsId: products.termsId,
  largeGroupDisclaimerId: products.largeGroupDisclaimerId,
  activeWaiverId: products.activeWaiverId,
};
export type ProductReferenceField = keyof typeof REFERENCE_COLUMNS;

/** Names of the live products whose `field` (taxes, resources, ...) names `id`. */
export async function productsUsing(ctx: CollectionContext, field: ProductReferenceField, id: string): Promise<string[]> {
  const column = REFERENCE_COLUMNS[field];
  const using = column.dataType === 'json' ? sql`${column} @> ${JSON.stringify([id])}::jsonb` : eq(column, id);
  const rows = await forVenue(ctx.tx, ctx.venueId).select(products, and(eq(products.isDeleted, false), using));
  return rows.map((row) => row.name);
}

/** Refuses to delete something products still use, naming them. */
export async function refuseIfUsedByProducts(ctx: CollectionContext, field: ProductReferenceField, id: string, what: string) {
  const names = await productsUsing(ctx, field, id);
  if (names.length) {
    const list = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
    throw conflict(`${what} is used by ${names.length === 1 ? 'the product' : 'the products'} ${list}. Remove it there first.`, 'in_use');
  }
}

/**
 * Deleted products let go of terms being deleted: their foreign keys would otherwise hold on
 * to them (live products were refused first, by refuseIfUsedByProducts).
 */
export async function releaseTermsOfDeletedProducts(ctx: CollectionContext, termsId: string) {
  const venue = forVenue(ctx.tx, ctx.venueId);
  const deleted = eq(products.isDeleted, true);
  await venue.update(products, and(deleted, eq(products.termsId, termsId)), { termsId: null });
  await venue.update(products, and(deleted, eq(products.largeGroupDisclaimerId, termsId)), { largeGroupDisclaimerId: null });
}

/** A deleted lane: the products that offered it stop offering it. */
export async function stopOfferingLane(ctx: CollectionContext, laneId: string) {
  await forVenue(ctx.tx, ctx.venueId).update(products, sql`${products.resources} @> ${JSON.stringify([laneId])}::jsonb`, {
    resources: sql`${products.resources} - ${laneId}`,
    updatedAt: new Date(),
  });
}

/**
 * A product cannot be deleted while it has future bookings waiting for payment or paid,
 * unless they were refunded with nothing paid left (bookings/predicates.ts).
 */
export async function assertProductDeletable(ctx: CollectionContext, productId: string) {
  if (await productHasBookingsToCome(ctx.tx, ctx.venueId, productId)) throw conflict(PRODUCT_DELETE_BLOCKED, 'product_has_bookings');
}

/** A product's row as the calendar, bookings, pricing and mail read it. */
export type ProductRow = typeof products.$inferSelect;

/** A live product of the venue (one not deleted; paused ones count), by id; undefined otherwise. */
export async function liveProductById(tx: Db | Tx, venueId: string, productId: string): Promise<ProductRow | undefined> {
  return forVenue(tx, venueId).first(products, and(eq(products.id, productId), eq(products.isDeleted, false)));
}

/** The venue's live products (not deleted), optionally only those named. */
export async function liveProducts(tx: Db | Tx, venueId: string, productIds?: string[]): Promise<ProductRow[]> {
  const named = productIds?.length ? inArray(products.id, productIds) : undefined;
  return forVenue(tx, venueId).select(products, and(eq(products.isDeleted, false), named));
}

/**
 * The venue of a product the public may book (decision 012): not deleted, not paused. The
 * venue is what this finds, so the query cannot be scoped by one.
 */
export async function bookableProductVenueId(db: Db | Tx, productId: string): Promise<string | null> {
  const [found] = await db
    .select({ venueId: products.venueId })
    // eslint-disable-next-line no-restricted-syntax -- the public access step finds the venue from the product (decision 012)
    .from(products)
    .where(and(eq(products.id, productId), eq(products.isDeleted, false), eq(products.isPaused, false)))
    .limit(2);
  return found?.venueId ?? null;
}

/** The products the public can book online in the venue (the widget's list): not paused, not deleted, by name. */
export async function bookableProducts(db: Db | Tx, venueId: string): Promise<ProductRow[]> {
  return forVenue(db, venueId).select(products, and(eq(products.isDeleted, false), eq(products.isPaused, false)), {
    orderBy: [asc(products.name), asc(products.id)],
  });
}
