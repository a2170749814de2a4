/** An amount of money a customer types (a gift card's "Another amount"), as integer cents. */

const MAX_CENTS = 100_000_000;

/**
 * "50", "$50.00", "1,250.5", "12,50": cents, or null for what is not an amount. A separator
 * followed by one or two digits at the end is the decimal one (either "." or ","); the others
 * group thousands. Negative amounts are not amounts.
 */
export function parseAmount(typed: string): number | null {
  if (typed.includes('-')) return null;
  const cleaned = typed.replace(/[^\d.,]/g, '');
  const match = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(cleaned);
  if (!match || !/\d/.test(cleaned)) return null;
  const whole = match[1].replace(/[.,]/g, '');
  const fraction = match[2] ?? '';
  if (!/^\d*$/.test(whole) || whole.length > 9) return null;
  const cents = Number(whole || '0') * 100 + Number(fraction.padEnd(2, '0') || '0');
  return cents > 0 && cents <= MAX_CENTS ? cents : null;
}

/** What the venue's settings allow: one of its preset amounts, or one within its custom range. */
export function isAllowedAmount(cents: number, settings: { presetAmounts: number[]; customAmountMin: number; customAmountMax: number }) {
  return settings.presetAmounts.includes(cents) || (cents >= settings.customAmountMin && cents <= settings.customAmountMax);
}
