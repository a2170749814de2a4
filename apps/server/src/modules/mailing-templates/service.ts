import { and, asc, eq } from 'drizzle-orm';
import { GIFT_CARD_MAIL_PLACEHOLDERS, MAIL_PLACEHOLDERS } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import { renderTemplate, TemplateError } from '../../platform/liquid.js';
import { forVenue } from '../../platform/venue-scope.js';
import { mailingTemplates } from './schema.js';
import type { Row } from '../../platform/collections.js';
import { validationFailed } from '../../platform/errors.js';

/**
 * A value for every placeholder, as long as a real booking's may be: a save renders the template
 * over them, so one past a render limit is refused then rather than when a booking mails it.
 */
const SAMPLE_VALUES: object = (() => {
  const values: Record<string, Record<string, unknown> | unknown> = {};
  for (const { name } of [...MAIL_PLACEHOLDERS, ...GIFT_CARD_MAIL_PLACEHOLDERS]) {
    const [path, filter] = name.split(' | ');
    const keys = path.split('.');
    const sample =
      filter === 'money' ? 1_234_567 : keys.at(-1) === 'playersCount' ? 24 : keys.at(-1) === 'message' ? 'x'.repeat(1000) : 'x'.repeat(60);
    let holder = values;
    for (const key of keys.slice(0, -1)) holder = (holder[key] ??= {}) as Record<string, unknown>;
    holder[keys.at(-1) as string] = sample;
  }
  return values;
})();

/** A template that would fail when a mail is sent is refused when it is saved, naming the field. */
export async function assertTemplateRenders(record: Row) {
  const issues: { path: string[]; message: string }[] = [];
  for (const field of ['subject', 'text']) {
    try {
      await renderTemplate(String(record[field] ?? ''), SAMPLE_VALUES);
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      issues.push({ path: [field], message: error.message });
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

/** The venues with an active template for a mail event (the reminder sweep's venues). */
export async function venuesWithActiveTemplate(db: Db, event: MailingTemplateRow['event']): Promise<string[]> {
  const rows = await db
    .selectDistinct({ venueId: mailingTemplates.venueId })
    // eslint-disable-next-line no-restricted-syntax -- the reminder sweep serves every venue: it finds those that send reminders, then reads each within its own venue
    .from(mailingTemplates)
    .where(and(eq(mailingTemplates.event, event), eq(mailingTemplates.isPaused, false)));
  return rows.map((row) => row.venueId);
}
