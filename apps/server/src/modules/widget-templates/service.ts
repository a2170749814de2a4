import { and, eq, ne } from 'drizzle-orm';
import type { CollectionContext, Row } from '../../platform/collections.js';
import { lockKeys } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { widgetTemplates } from './schema.js';

/**
 * At most one widget template is the default: saving a new default first unsets the previous
 * one, in the same transaction (a partial unique index backs this up in the database). The
 * venue's default is locked first, so two new defaults at once are saved one after the other
 * and the second unsets the first, instead of one of them failing on the index.
 */
export async function unsetOtherDefault(ctx: CollectionContext, record: Row, existing: Row | null) {
  if (!record.isDefault) return;
  await lockKeys(ctx.tx, [`widget-template-default:${ctx.venueId}`]);
  const others = existing ? ne(widgetTemplates.id, existing.id as string) : undefined;
  await forVenue(ctx.tx, ctx.venueId).update(widgetTemplates, and(eq(widgetTemplates.isDefault, true), others), {
    isDefault: false,
    updatedAt: new Date(),
  });
}
