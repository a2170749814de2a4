/** The setup checklist's keys, labels and refusal, without zod: every console page may import them (venue-setup.ts has the schemas). */

/**
 * The setup checklist of a new venue (docs/decisions/035-going-live-alone.md): each item is
 * computed by the server from the venue's real data. The required ones must be done before the
 * owner may ask to go live; the others are advice.
 */
export const SETUP_ITEM_KEYS = ['details', 'lanes', 'product', 'hours', 'waiver', 'payments', 'live'] as const;
export type SetupItemKey = (typeof SETUP_ITEM_KEYS)[number];

/** What a venue must have before it asks to take online bookings. */
export const SETUP_REQUIRED: readonly SetupItemKey[] = ['details', 'lanes', 'product', 'hours', 'payments'];

export const SETUP_ITEM_LABELS: Record<SetupItemKey, string> = {
  details: 'Venue details',
  lanes: 'Lanes',
  product: 'A product',
  hours: 'Opening hours',
  waiver: 'A waiver',
  payments: 'Payments',
  live: 'Go live',
};

/** The 409 of a go-live request refused for missing setup: `details.missing` lists them. */
export const SETUP_INCOMPLETE_CODE = 'setup_incomplete';
export function setupIncompleteMessage(missing: readonly SetupItemKey[]): string {
  return `Finish these before going live: ${missing.map((key) => SETUP_ITEM_LABELS[key]).join(', ')}.`;
}
