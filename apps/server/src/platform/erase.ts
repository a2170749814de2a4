import { sql, type SQL } from 'drizzle-orm';
import { ERASED_GUEST_NAME } from '@lanebook/core/guest-schemas';

/**
 * Erasing a person (issue 38, decision 046) from texts that keep them among other things: a
 * booking's log, a webhook's payload, a mail. Each module erases from its own tables with these.
 */

/** The person's words (names, email, phone), longest first so a full name goes before its parts. */
export function personWords(words: string[]): string[] {
  return [...new Set(words.map((w) => w.trim()).filter((w) => w.length >= 2 && w !== ERASED_GUEST_NAME))].sort(
    (a, b) => b.length - a.length,
  );
}

/** A text column with each word replaced. */
export const scrubbedText = (words: string[], value: SQL): SQL =>
  words.reduce<SQL>((text, word) => sql`replace(${text}, ${word}, ${ERASED_GUEST_NAME})`, value);

/** A jsonb column with each word replaced in its text, as JSON writes the word (a name with a quote in it). */
export const scrubbedJson = (words: string[], column: SQL): SQL =>
  sql`(${scrubbedText(
    words.map((word) => JSON.stringify(word).slice(1, -1)),
    sql`${column}::text`,
  )})::jsonb`;

/** The same in a JavaScript string. */
export const scrubbedString = (words: string[], text: string): string =>
  words.reduce((out, word) => out.split(word).join(ERASED_GUEST_NAME), text);
