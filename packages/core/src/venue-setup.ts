import { z } from './zod.js';
import { venueStatusSchema } from './venue-schemas.js';
import { SETUP_ITEM_KEYS } from './venue-setup-items.js';

export * from './venue-setup-items.js';

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
