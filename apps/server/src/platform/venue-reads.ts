import type { Notifications } from '../db/client.js';
import { InvalidatingCache } from './cache.js';

/** The channel the change triggers of migration 0002_change_notifications announce on: '<table>:<venue id>'. */
export const CHANGES_CHANNEL = 'lanebook_changes';

interface CachedRead {
  tables: readonly string[];
  venueId: string;
  json: string;
}

/**
 * Answers of venue reads (a collection's list, one record), kept as the JSON sent, until a
 * table they come from changes for that venue in any server process. A read that depends on
 * several tables names each of them (each must have a change trigger); one that depends on a
 * table no trigger covers must not be cached here.
 */
export class VenueReads {
  private readonly cache = new InvalidatingCache<CachedRead>({ ttlMs: 60_000, maxEntries: 5_000 });

  constructor(private readonly notifications: Notifications) {}

  async start() {
    await this.notifications.listen(
      CHANGES_CHANNEL,
      (payload) => this.changed(payload),
      () => this.cache.clear(),
    );
  }

  private changed(payload: string) {
    const at = payload.indexOf(':');
    const table = payload.slice(0, at);
    const venueId = payload.slice(at + 1);
    this.cache.invalidate((read) => read.venueId === venueId && read.tables.includes(table));
  }

  /**
   * The JSON of `load()`, from memory while `table` (each of the tables named) has not changed for the venue.
   * An answer that time alone changes (a slot past its booking cutoff) says until when it holds: `notAfter()`
   * (epoch ms), asked once `load()` has answered.
   */
  async json(
    table: string | readonly string[],
    venueId: string,
    key: string,
    load: () => Promise<unknown>,
    { notAfter }: { notAfter?: () => number } = {},
  ): Promise<string> {
    const tables = typeof table === 'string' ? [table] : table;
    const cacheKey = `${tables.join(',')}\n${venueId}\n${key}`;
    const listening = this.notifications.isListening();
    if (listening) {
      const cached = this.cache.get(cacheKey);
      if (cached) return cached.json;
    }
    const epoch = this.cache.epoch;
    const json = JSON.stringify(await load());
    if (listening) this.cache.set(cacheKey, { tables, venueId, json }, epoch, notAfter?.());
    return json;
  }

  /**
   * The venue of a record a public path names (decision 012), found by `load()` and kept until
   * `table` changes for that venue; a record not found is looked up again every time.
   */
  async venueIdOf(table: string, key: string, load: () => Promise<string | null>): Promise<string | null> {
    const cacheKey = `${table}\n\n${key}`;
    const listening = this.notifications.isListening();
    if (listening) {
      const cached = this.cache.get(cacheKey);
      if (cached) return cached.venueId;
    }
    const epoch = this.cache.epoch;
    const venueId = await load();
    if (venueId && listening) this.cache.set(cacheKey, { tables: [table], venueId, json: JSON.stringify(venueId) }, epoch);
    return venueId;
  }
}
