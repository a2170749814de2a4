import { z } from './zod.js';
import { venueStatusSchema } from './venue-schemas.js';

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

export const setupItemSchema = z.object({
  key: z.enum(SETUP_ITEM_KEYS),
  done: z.boolean(),
  /** Must be done before asking to go live. */
  required: z.boolean(),
  /** What is still missing, or what was found (in the owner's words). */
  detail: z.string(),
});
export type SetupItem = z.infer<typeof setupItemSchema>;

export const venueSetupSchema = z.object({
  status: venueStatusSchema,
  /** auto: asking goes live at once (VENUE_APPROVAL=auto); manual: a superadmin approves. */
  approval: z.enum(['manual', 'auto']),
  /** The venue chose to take payment at the venue rather than card payments online. */
  payAtVenue: z.boolean(),
  items: z.array(setupItemSchema),
  /** The required items not done: asking to go live answers 409 with these. */
  missing: z.array(z.enum(SETUP_ITEM_KEYS)),
});
export type VenueSetup = z.infer<typeof venueSetupSchema>;

export const payAtVenueBodySchema = z.object({ payAtVenue: z.boolean('payAtVenue must be true or false') }).strict();
export type PayAtVenueBody = z.infer<typeof payAtVenueBodySchema>;

/** The 409 of a go-live request refused for missing setup: `details.missing` lists them. */
export const SETUP_INCOMPLETE_CODE = 'setup_incomplete';
export function setupIncompleteMessage(missing: readonly SetupItemKey[]): string {
  return `Finish these before going live: ${missing.map((key) => SETUP_ITEM_LABELS[key]).join(', ')}.`;
}
