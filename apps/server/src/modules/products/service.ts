import { and, eq, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { PRODUCT_DELETE_BLOCKED } from '@lanebook/core';
import { bookings, products } from '../../db/schema/index.js';
import type { CollectionContext } from '../../platform/collections.js';
import { conflict, validationFailed } from '../../platform/errors.js';
import { keepsProductFromNow } from '../bookings/predicates.js';

/** Names of the live products whose list column (taxes, resources, ...) or id column names `id`. */
export async function productsUsing(ctx: CollectionContext, column: PgColumn, id: string): Promise<string[]> {
  const names = await ctx.tx
    .select({ name: products.name })
    .from(products)
    .where(
      and(
        eq(products.venueId, ctx.venueId),
        eq(products.isDeleted, false),
        column.dataType === 'json' ? sql`${column} @> ${JSON.stringify([id])}::jsonb` : eq(column, id),
      ),
    );
  return names.map((n) => n.name);
}

/** Refuses to delete something products still use, naming them. */
export async function refuseIfUsedByProducts(ctx: CollectionContext, column: PgColumn, id: string, what: string) {
  const names = await productsUsing(ctx, column, id);
  if (names.length) {
    const list = names.slice(0, 5).join(', ') + (names.length > 5 ? ` and ${names.length - 5} more` : '');
    throw conflict(`${what} is used by ${names.length === 1 ? 'the product' : 'the products'} ${list}. Remove it there first.`, 'in_use');
  }
}

/**
 * A product cannot be deleted while it has future bookings waiting for payment or paid,
 * unless they were refunded with nothing paid left (bookings/predicates.ts).
 */
export async function assertProductDeletable(ctx: CollectionContext, productId: string) {
  const [blocking] = await ctx.tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.venueId, ctx.venueId), eq(bookings.productId, productId), keepsProductFromNow()))
    .limit(1);
  if (blocking) throw conflict(PRODUCT_DELETE_BLOCKED, 'product_has_bookings');
}

/**
 * Waivers come with the waivers work: until their table exists no waiver id is valid, so a
 * product can only have none. The waivers work replaces this with a Reference.
 */
export async function assertWaiverExists(waiverId: string | null) {
  if (waiverId) throw validationFailed([{ path: ['activeWaiverId'], message: `Waiver '${waiverId}' not found` }]);
}
