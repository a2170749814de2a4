import { and, eq, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.js';
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

export type WidgetTemplateRow = typeof widgetTemplates.$inferSelect;

/**
 * The template a widget is shown with: the active one named, or without a name the venue's
 * active default; undefined when the named one is not an active template of the venue, or
 * when no name is given and there is no active default.
 */
export async function activeWidgetTemplate(
  db: Db | Tx,
  venueId: string,
  templateId: string | null,
): Promise<WidgetTemplateRow | undefined> {
  const which = templateId === null ? eq(widgetTemplates.isDefault, true) : eq(widgetTemplates.id, templateId);
  return forVenue(db, venueId).first(widgetTemplates, and(which, eq(widgetTemplates.isActive, true)));
}
