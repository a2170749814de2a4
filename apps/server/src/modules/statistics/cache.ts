import type { Notifications } from '../../db/client.js';
import { InvalidatingCache } from '../../platform/cache.js';
import { CHANGES_CHANNEL } from '../../platform/venue-reads.js';

/**
 * The dashboard's answers, kept as the JSON sent, per venue and parameters, for at most 60
 * minutes (decision 029) and never past a change: the triggers of lanebook_changes
 * (decision 007) announce every table a figure reads. statistics_days moves with every booking,
 * payment, refund (the ledger's sums are on the booking) and widget visit; the slots, closed
 * days, lanes and products make occupancy's denominator; bookings the lists.
 */
const TABLES = new Set(['statistics_days', 'bookings', 'slots', 'venue_non_working_days', 'resources', 'products']);
export const STATISTICS_TTL_MS = 60 * 60_000;
/**
 * `refresh=1` recomputes an answer at most this often (per venue and parameters): within it the
 * answer computed last is sent, which nothing has changed since (a change drops it). A refresh
 * button pressed again and again, or a script, cannot make a year's heatmap recompute in a loop.
 */
export const REFRESH_AT_MOST_EVERY_MS = 30_000;

export class StatisticsCache {
  private readonly cache = new InvalidatingCache<{ venueId: string; json: string; computedAt: number }>({
    ttlMs: STATISTICS_TTL_MS,
    maxEntries: 2_000,
  });

  constructor(private readonly notifications: Notifications) {}

  async start() {
    await this.notifications.listen(
      CHANGES_CHANNEL,
      (payload) => {
        const at = payload.indexOf(':');
        if (!TABLES.has(payload.slice(0, at))) return;
        const venueId = payload.slice(at + 1);
        this.cache.invalidate((entry) => entry.venueId === venueId);
      },
      () => this.cache.clear(),
    );
  }

  /** The JSON of `load()`, from memory unless a change since or `refresh` (at most every 30 s); kept only while the changes are heard. */
  async json(venueId: string, key: string, refresh: boolean, load: () => Promise<unknown>): Promise<string> {
    const cacheKey = `${venueId}\n${key}`;
    const listening = this.notifications.isListening();
    if (listening) {
      const cached = this.cache.get(cacheKey);
      if (cached && (!refresh || Date.now() - cached.computedAt < REFRESH_AT_MOST_EVERY_MS)) return cached.json;
    }
    const epoch = this.cache.epoch;
    const json = JSON.stringify(await load());
    if (listening) this.cache.set(cacheKey, { venueId, json, computedAt: Date.now() }, epoch);
    return json;
  }
}
