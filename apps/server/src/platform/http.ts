import { z } from 'zod';

/**
 * One way for each HTTP convention of the API: the `:id` of a record, paging (`limit` and
 * `offset` in, `{ items, total }` out) and search that matches what was typed, literally.
 */

/** `/:id` of a record, a user or a venue. */
export const idParams = z.object({ id: z.string().min(1).max(100) });

/** `?limit=&offset=`; each list chooses its default page and largest page. */
export function pageQuery(defaultLimit = 50, maxLimit = 200) {
  return z.object({
    limit: z.coerce.number().int().min(1).max(maxLimit).default(defaultLimit),
    offset: z.coerce.number().int().min(0).default(0),
  });
}

export interface Page<T> {
  items: T[];
  /** Every match, not only this page. */
  total: number;
}

/** A page of a list already in memory (small lists built from several queries). */
export function pageOf<T>(all: T[], page: { limit: number; offset: number }): Page<T> {
  return { items: all.slice(page.offset, page.offset + page.limit), total: all.length };
}

/** `?search=`: trimmed, at most 100 characters. */
export const searchQuery = z.string().trim().max(100).optional();

/**
 * The ILIKE pattern of a search: contains `search`, where `%`, `_` and `\` mean themselves
 * (backslash is PostgreSQL's default LIKE escape).
 */
export function likePattern(search: string): string {
  return `%${search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
