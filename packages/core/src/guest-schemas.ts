import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';

/**
 * Guests (issue 38, decision 046): one record per person of a venue, found by email (case folded)
 * or, without one, by phone (E.164). Shared by the server (validation, answers) and the console.
 */

export const GUEST_FLAG_TYPES = ['ban', 'vip', 'medical', 'alert', 'competency'] as const;
export type GuestFlagType = (typeof GUEST_FLAG_TYPES)[number];

/** What the desk reads a flag as, everywhere it shows one. */
export const GUEST_FLAG_LABELS: Record<GuestFlagType, string> = {
  ban: 'Banned',
  vip: 'VIP',
  medical: 'Medical',
  alert: 'Alert',
  competency: 'Competency',
};

/** The name every erased guest's bookings and signatures carry instead of theirs. */
export const ERASED_GUEST_NAME = 'Erased guest';

/** What a venue does when a banned guest books online (`bannedGuestsOnline` on the venue). */
export const BANNED_GUESTS_ONLINE = ['refuse', 'warn'] as const;
export type BannedGuestsOnline = (typeof BANNED_GUESTS_ONLINE)[number];

/** The widget's marketing question until the venue words its own. */
export const MARKETING_CONSENT_TEXT_DEFAULT = 'Email me news and offers from this venue';

const note = z.string('A flag note must be text').trim().max(500, 'A flag note must be at most 500 characters');

/** A flag as written: its type and note. A flag kept from before keeps when and by whom it was set. */
export const guestFlagInputSchema = z
  .object({
    type: z.enum(GUEST_FLAG_TYPES, { message: `A flag type is one of ${GUEST_FLAG_TYPES.join(', ')}` }),
    note: note.default(''),
  })
  .strict();
export type GuestFlagInput = z.infer<typeof guestFlagInputSchema>;

export const guestFlagSchema = z.object({
  type: z.enum(GUEST_FLAG_TYPES),
  note: z.string(),
  createdAt: instantSchema,
  createdBy: z.string(),
});
export type GuestFlag = z.infer<typeof guestFlagSchema>;

/** A signature of the waiver that still counts for the guest's bookings (the waiver's validForMonths). */
export const waiverOnFileSchema = z.object({
  signatureId: z.string(),
  signedAt: instantSchema,
  /** The instant it stops counting: a booking starting later asks again. */
  validUntil: instantSchema,
  waiverId: z.string(),
  waiverVersion: z.number().int(),
});
export type WaiverOnFile = z.infer<typeof waiverOnFileSchema>;

/** A guest as lists show them: who, how often, how much, and their flags. */
export const guestSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  /** E.164, as bookings keep phones. */
  phone: z.string(),
  notes: z.string(),
  /** Every booking but the abandoned. */
  bookingsCount: z.number().int(),
  /** Bookings the group came to (checked in, in part or fully). */
  visitsCount: z.number().int(),
  /** Live bookings that ended with nobody checked in. */
  noShowCount: z.number().int(),
  /** Cents paid less refunded, over every booking. */
  totalSpent: z.number().int(),
  firstVisitAt: instantSchema.nullable(),
  lastVisitAt: instantSchema.nullable(),
  flags: z.array(guestFlagSchema),
  marketingConsent: z.boolean(),
  /** When the latest answer to the marketing question was given; null: never asked. */
  marketingConsentAt: instantSchema.nullable(),
  /** Set when the person was erased (their data removed, the money and counts kept). */
  erasedAt: instantSchema.nullable(),
  createdAt: instantSchema,
});
export type Guest = z.infer<typeof guestSchema>;

export const guestBookingSchema = z.object({
  id: z.string(),
  registrationCode: z.string().nullable(),
  productName: z.string(),
  date: z.string().nullable(),
  startsAt: instantSchema,
  status: z.string(),
  presenceStatus: z.enum(['no', 'partially', 'fully']),
  playersCount: z.number().int(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  refundedTotal: z.number().int(),
});

export const guestSignatureSchema = z.object({
  id: z.string(),
  bookingId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  waiverTitle: z.string(),
  createdAt: instantSchema,
});

export const guestLogEntrySchema = z.object({
  id: z.string(),
  /** created, updated, flags, merged, consent, erased. */
  type: z.string(),
  /** What changed, in words. */
  detail: z.string(),
  userName: z.string(),
  createdAt: instantSchema,
});

/** GET /api/private/guests/{id}: the guest, their waiver on file, their bookings (newest first), signatures and log. */
export const guestDetailSchema = guestSchema.extend({
  waiverOnFile: waiverOnFileSchema.nullable(),
  bookings: z.array(guestBookingSchema),
  signatures: z.array(guestSignatureSchema),
  log: z.array(guestLogEntrySchema),
});
export type GuestDetail = z.infer<typeof guestDetailSchema>;

/** GET /api/private/guests: search as the booking list's `all:` reads it (name in either order, email, phone or its last four). */
export const guestListQuerySchema = z.object({
  search: z
    .string()
    .max(200, 'A search is at most 200 characters')
    .optional()
    .transform((value) => value?.replace(/\s+/g, ' ').trim() || undefined),
  /** Only guests with this flag. */
  flag: z.enum(GUEST_FLAG_TYPES, { message: `flag is one of ${GUEST_FLAG_TYPES.join(', ')}` }).optional(),
  limit: z.coerce.number().int().min(1, 'limit is 1 to 100').max(100, 'limit is 1 to 100').default(25),
  offset: z.coerce.number().int().min(0, 'offset is 0 or more').max(100_000, 'offset is at most 100000').default(0),
});
export type GuestListQuery = z.infer<typeof guestListQuerySchema>;

/** `total` counts up to 1,000 matches, as the booking list does; `totalCapped` says there are more ("1,000+"). */
export const guestListSchema = z.object({
  items: z.array(guestSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
});

/** GET /api/private/guests/match: the guest an email (first) or a phone in the booking form is. */
export const guestMatchQuerySchema = z.object({
  email: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(40).optional(),
});
export const guestMatchSchema = z.object({ guest: guestDetailSchema.nullable() });

/** PATCH /api/private/guests/{id}: names, notes, the whole list of flags, the marketing answer. */
export const guestUpdateSchema = z
  .object({
    firstName: z.string('First name must be text').trim().max(80, 'First name must be at most 80 characters'),
    lastName: z.string('Last name must be text').trim().max(80, 'Last name must be at most 80 characters'),
    notes: z.string('Notes must be text').trim().max(2000, 'Notes must be at most 2000 characters'),
    flags: z
      .array(guestFlagInputSchema, 'flags must be a list of { type, note }')
      .max(20, 'At most 20 flags')
      .refine((flags) => new Set(flags.map((f) => f.type)).size === flags.length, 'Each flag type at most once: write both notes in one'),
    marketingConsent: z.boolean('marketingConsent must be true or false'),
  })
  .partial()
  .strict();
export type GuestUpdate = z.infer<typeof guestUpdateSchema>;

/** POST /api/private/guests/{id}/merge: the guest named here joins the one in the path. */
export const guestMergeSchema = z
  .object({ guestId: z.string('guestId must be a guest id').min(1, 'guestId must be a guest id').max(100) })
  .strict();

/** POST /api/private/guests/{id}/erase: why, for the log (the person's request, say). */
export const guestEraseSchema = z.object({ reason: z.string().trim().max(500).default('') }).strict();
