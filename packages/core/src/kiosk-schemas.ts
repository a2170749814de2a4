import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';
import { signingFormSchema } from './waiver-schemas.js';

/**
 * Waiver kiosks (issue 39): a tablet signed in by an owner or manager with a device credential of
 * its own, which can only find today's bookings and sign their waivers.
 */

export const kioskCreateSchema = z.object({ name: z.string().trim().min(1, 'Name the kiosk').max(100) }).strict();
export type KioskCreate = z.infer<typeof kioskCreateSchema>;

export const kioskSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdBy: z.string(),
  createdAt: instantSchema,
  expiresAt: instantSchema,
  revokedAt: instantSchema.nullable(),
  lastSeenAt: instantSchema.nullable(),
});
export type Kiosk = z.infer<typeof kioskSchema>;

export const kioskListSchema = z.object({ items: z.array(kioskSchema), total: z.number().int() });

/** The answer to a kiosk's creation: the token is shown here once and never again (only its hash is kept). */
export const kioskCreatedSchema = z.object({ id: z.string(), name: z.string(), token: z.string(), expiresAt: instantSchema });
export type KioskCreated = z.infer<typeof kioskCreatedSchema>;

/** A booking's check-in code, or the booker's last name and the last four digits of their phone. */
export const kioskFindSchema = z
  .object({
    code: z.string().trim().min(1).max(400).optional(),
    lastName: z.string().trim().min(1).max(100).optional(),
    phoneLast4: z
      .string()
      .regex(/^\d{4}$/, 'The last four digits of the phone')
      .optional(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.code !== undefined) return;
    if (body.lastName === undefined)
      context.addIssue({ code: 'custom', path: ['lastName'], message: 'Send a check-in code, or a last name and phone digits' });
    if (body.phoneLast4 === undefined)
      context.addIssue({ code: 'custom', path: ['phoneLast4'], message: 'Send a check-in code, or a last name and phone digits' });
  });
export type KioskFind = z.infer<typeof kioskFindSchema>;

/** A booking as the kiosk shows it: nothing of the customer, only what the players sign. */
export const kioskBookingSchema = z.object({
  id: z.string(),
  productName: z.string(),
  startsAt: instantSchema,
  playersCount: z.number().int(),
  signedCount: z.number().int(),
  /** What the public signing form gives; null when the booking's product has no waiver to sign now. */
  waiver: signingFormSchema.nullable(),
});
export type KioskBooking = z.infer<typeof kioskBookingSchema>;

export const kioskFindAnswerSchema = z.object({ items: z.array(kioskBookingSchema) });
