import { z } from './zod.js';
import { VENUE_ROLES } from './permissions.js';

export const emailSchema = z.string().trim().toLowerCase().pipe(z.email('Email must be a valid email address').max(254));
export const roleSchema = z.enum(VENUE_ROLES, { message: 'Role must be owner, manager or staff' });

export const USER_SORTS = ['az', 'za', 'new', 'old'] as const;
export const userListQuerySchema = z.object({
  role: roleSchema.optional(),
  sort: z.enum(USER_SORTS, { message: 'Sort must be az, za, new or old' }).default('az'),
  search: z.string().trim().max(100).optional(),
});

export const inviteUserSchema = z.object({ email: emailSchema, role: roleSchema }).strict();
export const changeRoleSchema = z.object({ role: roleSchema }).strict();
export const profileUpdateSchema = z
  .object({
    name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
    image: z.union([
      z.literal(''),
      z.null(),
      z
        .string()
        .max(300_000, 'Image is too large (at most 200 KB)')
        .regex(/^(data:image\/(png|jpeg|webp|gif);base64,|https?:\/\/|\/)/, 'Image must be an image URL or an uploaded image'),
    ]),
    phone: z.string().trim().max(40, 'Phone must be at most 40 characters'),
  })
  .partial()
  .strict();

export const PASSWORD_MIN = 8;
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN, `Password must be at least ${PASSWORD_MIN} characters`)
  .max(128, 'Password must be at most 128 characters');

export const onboardingProgressSchema = z
  .object({
    currentStep: z.number().int().min(-1, 'Current step must be -1 to 30').max(30, 'Current step must be -1 to 30'),
    isFinished: z.boolean(),
  })
  .partial()
  .strict();
export const ONBOARDING_STEPS = 31;

/** An invitation to a venue can be accepted for this many days after it was sent (decision 008). */
export const INVITATION_DAYS = 14;

/**
 * Setting a password from an invitation link: the reset token of the link, the new password and
 * the venue whose invitation the link carried (`invitation`; that invitation is accepted with it).
 */
export const activateInvitationSchema = z
  .object({
    token: z.string().trim().min(1, 'Token is required').max(200, 'Token must be at most 200 characters'),
    newPassword: passwordSchema,
    /** The id of the venue whose invitation the link carried (the link's ?invitation=). */
    invitation: z.string().trim().min(1, 'Invitation is required').max(100, 'Invitation must be at most 100 characters'),
  })
  .strict();
