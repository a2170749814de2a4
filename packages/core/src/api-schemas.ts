import { z } from './zod.js';
import { PERMISSION_KEYS, type PermissionsMap } from './permissions.js';
import { roleSchema } from './users.js';
import { permissionsMapSchema, venueFieldsSchema, venueStatusSchema } from './venue-schemas.js';
import { giftCardSettingsFields } from './gift-card-settings.js';

/**
 * What the API answers: the response schemas of its routes (the server declares them, so
 * Fastify serializes with them and a field that is not here never goes out) and, as their
 * `z.infer`, the types the console reads. Collection records are declared with their fields
 * (`recordSchema(...).record` in catalog.ts and products.ts).
 */

/** An instant as the API sends it: ISO 8601 in UTC (`Date.prototype.toISOString`). */
export const instantSchema = z.iso.datetime();

/** The one error body of the API (apps/server/src/platform/errors.ts). */
export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string(),
  details: z.looseObject({ fields: z.array(z.object({ path: z.string(), message: z.string() })).optional() }).optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/** A page of a list: `{ items, total }`, where total counts every match, not only this page. */
export const pagedSchema = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().min(0) });
export interface Paged<T> {
  items: T[];
  total: number;
}

/** A 204's empty body (fastify-type-provider-zod's convention). */
export const noContentSchema = z.undefined();

/** The inferred type of the PUT body schema is keyed by plain strings; the map it checks is this. */
const permissionsMapAnswer = permissionsMapSchema as unknown as z.ZodType<PermissionsMap>;
const permissionKeySchema = z.enum(PERMISSION_KEYS);

export const venueSchema = venueFieldsSchema.extend({
  id: z.string(),
  status: venueStatusSchema,
  stripeBankAccountStatus: z.enum(['active', 'pending', 'inactive']),
  isStripePaymentsEnabled: z.boolean(),
  bankOnboardingSkipped: z.boolean(),
  permissions: permissionsMapAnswer,
  /** Gift cards: sold online or not, the amounts, the picture, how long cards last (decision 045). */
  giftCards: giftCardSettingsFields,
  createdAt: instantSchema,
});
export type Venue = z.infer<typeof venueSchema>;

export const venueMembershipSchema = z.object({
  venueId: z.string(),
  venueName: z.string(),
  role: roleSchema,
  /** A superadmin who opened a venue from the superadmin page joins it temporarily. */
  isTemporary: z.boolean(),
});
export type VenueMembership = z.infer<typeof venueMembershipSchema>;

/** The onboarding tour as the API answers it (`onboardingProgressSchema` in users.ts is its PUT body). */
export const onboardingStateSchema = z.object({ currentStep: z.number().int(), isFinished: z.boolean() });
export type OnboardingProgress = z.infer<typeof onboardingStateSchema>;

export const meSchema = z.object({
  user: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    image: z.string().nullable(),
    phone: z.string(),
    isSuperadmin: z.boolean(),
    createdAt: instantSchema,
  }),
  isSuperadmin: z.boolean(),
  venues: z.array(venueMembershipSchema),
  /** The venue chosen by X-Venue-Id, when the header was sent and is allowed. */
  venue: venueSchema.nullable(),
  role: roleSchema.nullable(),
  permissions: z.array(permissionKeySchema),
  onboarding: onboardingStateSchema,
});
export type Me = z.infer<typeof meSchema>;

/**
 * A member of a venue as the venue sees them: what a venue needs, never the person's phone or
 * sign-in state (those are the person's own, and a superadmin's; decision 008).
 */
export const venueUserSchema = z.object({
  status: z.literal('member'),
  id: z.string(),
  /** The venue-user junction's fields under the spec's names: userId is the id. */
  userId: z.string(),
  venueId: z.string(),
  email: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  joinedAt: instantSchema,
});
export type VenueUser = z.infer<typeof venueUserSchema>;

/** An invitation the venue sent and the person has not answered yet: the venue sees only the email. */
export const venueInvitationSchema = z.object({
  status: z.literal('invited'),
  email: z.string(),
  role: roleSchema,
  invitedAt: instantSchema,
  expiresAt: instantSchema,
});
export type VenueInvitation = z.infer<typeof venueInvitationSchema>;

/** A row of the venue's users list: members, then pending invitations. */
export const venueUserRowSchema = z.discriminatedUnion('status', [venueUserSchema, venueInvitationSchema]);
export type VenueUserRow = z.infer<typeof venueUserRowSchema>;

/** The answer to an invitation (POST /api/private/users): the same whether or not the email has an account. */
export const inviteAnswerSchema = z.object({ invitation: venueInvitationSchema });
export type InviteAnswer = z.infer<typeof inviteAnswerSchema>;

/** An invitation as the invited person sees it (GET /api/private/invitations). */
export const pendingInvitationSchema = z.object({
  venueId: z.string(),
  venueName: z.string(),
  role: roleSchema,
  invitedAt: instantSchema,
  expiresAt: instantSchema,
});
export type PendingInvitation = z.infer<typeof pendingInvitationSchema>;

/** The answer to setting a password from an invitation link: the venue joined, or null when the invitation was gone. */
export const activateAnswerSchema = z.object({ status: z.boolean(), venue: venueMembershipSchema.nullable() });
export type ActivateAnswer = z.infer<typeof activateAnswerSchema>;

export const superadminVenueSchema = z.object({
  id: z.string(),
  name: z.string(),
  status: venueStatusSchema,
  ownerEmail: z.string(),
  timezone: z.string(),
  createdAt: instantSchema,
  memberCount: z.number().int(),
});
export type SuperadminVenue = z.infer<typeof superadminVenueSchema>;

/** An account as the superadmin's list shows it. */
export const superadminAccountSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  isSuperadmin: z.boolean(),
  isDisabled: z.boolean(),
  createdAt: instantSchema,
});
export type SuperadminAccount = z.infer<typeof superadminAccountSchema>;

export const outboxMailSchema = z.object({
  id: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  /**
   * queued: written with the change that causes it, waiting for its job to render and send it;
   * deferred: the SMTP server refused it for the moment (or did not answer), and it is tried again.
   */
  status: z.enum(['queued', 'stored', 'sending', 'deferred', 'sent', 'failed']),
  error: z.string().nullable(),
  createdAt: instantSchema,
});
export type OutboxMail = z.infer<typeof outboxMailSchema>;

/**
 * `GET /api/private/mails`: a mail the venue sent its customers (booking mail) or a member
 * ("Send me a test"), as its mail log shows it. type: the template type (confirmation, reminder,
 * cancellation, abandoned, custom), receipt (a refund's), or test.
 */
export const venueMailSchema = z.object({
  id: z.string(),
  type: z.string(),
  to: z.array(z.string()),
  subject: z.string(),
  state: outboxMailSchema.shape.status,
  createdAt: instantSchema,
  sentAt: instantSchema.nullable(),
  bookingId: z.string().nullable(),
});
export type VenueMail = z.infer<typeof venueMailSchema>;

export const authConfigSchema = z.object({ socialProviders: z.array(z.object({ id: z.string(), name: z.string() })) });
export type AuthConfig = z.infer<typeof authConfigSchema>;

/** An uploaded image (POST /api/public/media/images/upload): `url` is the value image fields store. */
export const uploadedImageSchema = z.object({ url: z.string(), contentType: z.string(), size: z.number().int() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
