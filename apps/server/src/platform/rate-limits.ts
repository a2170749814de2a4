import { InvalidatingCache } from './cache.js';

/**
 * The limit of every public route that serves the widget (config.rateLimit): calls per minute per
 * client address, each route on its own. Counted in onRequest, before the access step looks up
 * the product, booking or venue the path names, so an unknown one is counted like any other.
 */
export function publicRateLimit(config: { publicPerMinute?: number }) {
  return { max: config.publicPerMinute ?? 300, timeWindow: 60_000, hook: 'onRequest' as const };
}

/** Unknown booking references a client address may look up per minute (AppConfig.publicMissesPerMinute). */
export const DEFAULT_PUBLIC_MISSES_PER_MINUTE = 30;

/**
 * Lookups that found nothing, per client address, in a fixed window that starts with the first
 * miss (as @fastify/rate-limit counts). Past `max` the address waits for the window's end, so
 * guessing booking references stops after a few dozen tries. In memory per process, as the
 * route limits are; the least recently seen addresses go first when it is full.
 */
export class MissBudget {
  private readonly windows: InvalidatingCache<{ misses: number; endsAt: number }>;

  constructor(
    private readonly max: number,
    private readonly windowMs = 60_000,
  ) {
    this.windows = new InvalidatingCache({ ttlMs: windowMs, maxEntries: 10_000 });
  }

  /** Seconds until `address` may look up again: 0 while it is within its budget. */
  waitFor(address: string): number {
    const window = this.windows.get(address);
    if (!window || window.misses < this.max) return 0;
    return Math.max(1, Math.ceil((window.endsAt - Date.now()) / 1000));
  }

  miss(address: string) {
    const window = this.windows.get(address);
    if (window) window.misses += 1;
    else this.windows.set(address, { misses: 1, endsAt: Date.now() + this.windowMs }, this.windows.epoch);
  }
}
