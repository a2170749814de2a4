/**
 * Going to the payment provider's hosted checkout, for a booking or a gift card (decision 024).
 * The sandbox's page may be framed, so the widget goes there itself and comes back to its return
 * URL; Stripe's cannot, so it opens in a new tab and the widget follows what was paid until the
 * provider's webhook confirms it.
 */
import { postToParent } from './frame';

const CHECKOUT_HEIGHT = 720;

/** Opens the checkout; answers null when this page goes there, else the address to offer again (https only) for the tab. */
export function goToCheckout(checkout: { url: string; embeddable: boolean }): { url: string | null } | null {
  if (checkout.embeddable) {
    // The checkout page does not report its height: leave it room before going there.
    postToParent({
      type: 'lanebook:resize',
      frame: new URLSearchParams(location.search).get('frame'),
      height: Math.max(CHECKOUT_HEIGHT, document.documentElement.scrollHeight),
    });
    location.assign(checkout.url);
    return null;
  }
  const tab = window.open(checkout.url, '_blank');
  if (tab) tab.opener = null;
  return { url: /^https:\/\//.test(checkout.url) ? checkout.url : null };
}

/**
 * Asks `check` every `intervalMs` (the first time at once with `immediate`) until it answers true,
 * `attempts` run out (then `onGiveUp`) or the answered stop function is called. A check that
 * throws (a missed answer) counts as not yet.
 */
export function pollUntil(
  check: () => Promise<boolean>,
  options: { intervalMs?: number; attempts?: number; immediate?: boolean; onGiveUp?: () => void } = {},
): () => void {
  const { intervalMs = 2000, immediate = false, onGiveUp } = options;
  let left = options.attempts ?? Infinity;
  let timer: number | undefined;
  let stopped = false;
  const tick = async () => {
    let done = false;
    try {
      done = await check();
    } catch {
      done = false;
    }
    left -= 1;
    if (done || stopped) return;
    if (left > 0) timer = window.setTimeout(tick, intervalMs);
    else onGiveUp?.();
  };
  timer = window.setTimeout(tick, immediate ? 0 : intervalMs);
  return () => {
    stopped = true;
    window.clearTimeout(timer);
  };
}
