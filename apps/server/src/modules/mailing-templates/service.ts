import { and, asc, eq } from 'drizzle-orm';
import { Liquid } from 'liquidjs';
import type { Db } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { mailingTemplates } from './schema.js';
import type { Row } from '../../platform/collections.js';
import { validationFailed } from '../../platform/errors.js';

const liquid = new Liquid();

/** A template that would fail when a mail is sent is refused when it is saved, naming the field. */
export async function assertLiquidParses(record: Row) {
  const issues: { path: string[]; message: string }[] = [];
  for (const field of ['subject', 'text']) {
    try {
      liquid.parse(String(record[field] ?? ''));
    } catch (error) {
      issues.push({ path: [field], message: `Template error: ${(error as Error).message.split('\n')[0]}` });
    }
  }
  if (issues.length) throw validationFailed(issues);
}

export type MailingTemplateRow = typeof mailingTemplates.$inferSelect;

/** The venue's active (not paused) template for a mail event, the oldest first; none when every one is paused. */
export async function activeMailingTemplate(
  db: Db,
  venueId: string,
  event: MailingTemplateRow['event'],
): Promise<MailingTemplateRow | null> {
  const found = await forVenue(db, venueId).first(
    mailingTemplates,
    and(eq(mailingTemplates.event, event), eq(mailingTemplates.isPaused, false)),
    { orderBy: [asc(mailingTemplates.createdAt), asc(mailingTemplates.id)] },
  );
  return found ?? null;
}

/** One of the venue's templates by id (another venue's is none). */
export async function mailingTemplateById(db: Db, venueId: string, id: string): Promise<MailingTemplateRow | null> {
  return (await forVenue(db, venueId).first(mailingTemplates, eq(mailingTemplates.id, id))) ?? null;
}
