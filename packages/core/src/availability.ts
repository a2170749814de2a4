/**
 * How free a slot is, in one word and one colour, from the share of its lanes free: the console's
 * calendar, its slot drawer, the widget and the widget template's preview all say it with this
 * rule (docs/decisions/014-calendar-and-availability.md, "Availability in words"). No imports: the
 * widget takes it.
 */

export type Availability = 'full' | 'low' | 'moderate' | 'high';

/** At most this share of the lanes free is "low", at most MODERATE_SHARE "moderate"; above it, "high". */
export const LOW_SHARE = 0.25;
export const MODERATE_SHARE = 0.5;

/**
 * The level of a slot with `free` of `total` lanes free. A venue (or a product) with one or two
 * lanes has no "few" to speak of: a free lane there is simply available, never "almost full".
 */
export function availabilityOf(free: number, total: number): Availability {
  if (free <= 0 || total <= 0) return 'full';
  if (total <= 2) return 'high';
  const share = free / total;
  if (share <= LOW_SHARE) return 'low';
  if (share <= MODERATE_SHARE) return 'moderate';
  return 'high';
}

/** The word each level is said with, wherever availability is shown. */
export const AVAILABILITY_LABELS: Record<Availability, string> = {
  full: 'Full',
  low: 'Almost full',
  moderate: 'Filling up',
  high: 'Available',
};

/** The availability colours (decision 014); "high" is the theme's primary colour, and a full slot wears the low one. */
export const AVAILABILITY_COLORS = { low: '#ff7171', moderate: '#d59d00', high: 'primary' } as const;

/** The colour of a level, `primary` being the venue's (or the theme's) primary colour. */
export function availabilityColor(level: Availability, primary: string): string {
  if (level === 'high') return primary;
  return level === 'moderate' ? AVAILABILITY_COLORS.moderate : AVAILABILITY_COLORS.low;
}
