import { z } from './zod.js';
import { PERMISSION_AREAS, VENUE_ROLES } from './permissions.js';
import { COUNTRIES, DATE_FORMATS, isValidTimeZone, VENUE_STATUSES } from './venue.js';
import { MAX_WIDGET_ORIGINS, normalizeWidgetOrigin, widgetOriginProblem } from './widget.js';
import { giftCardSettingsPatchSchema } from './gift-card-settings.js';

/** A venue id is chosen by the user and appears in URLs and embed codes, so it is a slug. */
export const venueIdSchema = z
  .string()
  .trim()
  .min(3, 'Venue ID must be at least 3 characters')
  .max(63, 'Venue ID must be at most 63 characters')
  .regex(
    /^[a-z0-9][a-z0-9-]*[a-z0-9]$/,
    'Venue ID may use lowercase letters, digits and dashes, and must start and end with a letter or digit',
  );

const optionalText = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

/**
 * What Closure percent is, said where it is set (Settings → Venue and the Lanes page): a figure the
 * venue keeps for its own reports and integrations; nothing in booking or availability reads it
 * (decision 039), so the text says how to close a lane instead.
 */
export const CLOSURE_PERCENT_HELP =
  'A venue-wide figure, 0 to 100, kept for your own reports and integrations (the API returns it with the venue). It does not change what customers can book: to close a lane, pause it.';

export const venueFieldsSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120, 'Name must be at most 120 characters'),
  companyName: optionalText(160),
  companySite: z.union([z.literal(''), z.url('Company site must be a URL, e.g. https://example.com').max(300)]),
  country: z.enum(COUNTRIES.map((c) => c.code) as ['US', 'CA'], { message: 'Country must be US or CA' }),
  timezone: z
    .string()
    .min(1, { message: 'Time zone is required: choose the zone the venue is in', abort: true })
    .refine(isValidTimeZone, 'Time zone must be an IANA zone such as America/New_York'),
  address: optionalText(300),
  phone: optionalText(40),
  email: z.union([z.literal(''), z.email('Email must be a valid email address').max(254)]),
  ownerEmail: z.union([z.literal(''), z.email('Owner email must be a valid email address').max(254)]),
  registrationCodePrefix: z
    .string()
    .trim()
    .max(8, 'Registration code prefix must be at most 8 characters')
    .regex(/^[A-Za-z0-9]*$/, 'Registration code prefix may only use letters and digits'),
  closurePercent: z
    .number('Closure percent must be a number')
    .min(0, 'Closure percent must be 0 to 100')
    .max(100, 'Closure percent must be 0 to 100'),
  firstDayOfWeek: z.number().int().min(0, 'First day of week must be 0 (Sunday) to 6').max(6, 'First day of week must be 0 (Sunday) to 6'),
  abandonAfterMinutes: z
    .number('Abandon after must be a number of minutes')
    .int('Abandon after must be whole minutes')
    .min(5, 'Abandon after must be 5 to 1440 minutes')
    .max(1440, 'Abandon after must be 5 to 1440 minutes'),
  /** How long before a booking's start its reminder mail goes out. */
  reminderLeadHours: z
    .number('Reminder lead time must be a number of hours')
    .int('Reminder lead time must be whole hours')
    .min(1, 'Reminder lead time must be 1 to 168 hours')
    .max(168, 'Reminder lead time must be 1 to 168 hours'),
  /** Signers younger than this sign with a guardian (decision 023). */
  ageOfMajority: z
    .number('Age of majority must be a number of years')
    .int('Age of majority must be whole years')
    .min(14, 'Age of majority must be 14 to 25')
    .max(25, 'Age of majority must be 14 to 25'),
  phoneFormat: z.string().trim().min(1, 'Phone format is required').max(40).regex(/#/, 'Phone format must contain # for each digit'),
  moneyFormat: z
    .string()
    .trim()
    .max(40)
    .refine(
      (v) => v.includes('{{amount}}') || v.includes('{{amount_rounded}}'),
      'Money format must contain {{amount}} or {{amount_rounded}}',
    ),
  timeFormat: z.union([z.literal(12), z.literal(24)], { message: 'Time format must be 12 or 24' }),
  dateFormat: z.enum(DATE_FORMATS, { message: `Date format must be one of ${DATE_FORMATS.join(', ')}` }),
  paymentMethods: z
    .array(z.string().trim().min(1, 'Payment method names cannot be empty').max(60))
    .max(20, 'At most 20 payment methods')
    .refine((list) => new Set(list.map((m) => m.toLowerCase())).size === list.length, 'Payment methods must be unique'),
  /** A banned guest's online booking (issue 38): refused with the venue's phone to call, or taken, marked and told to the desk. */
  bannedGuestsOnline: z.enum(['refuse', 'warn'], { message: 'Banned guests online must be refuse or warn' }),
  /** The widget's marketing consent question, in the venue's words; empty: the widget does not ask. */
  marketingConsentText: optionalText(300),
  /** The web sites that may embed the widget (decision 024), kept as browsers send them in Origin. */
  widgetOrigins: z
    .array(
      z
        .string('Each widget origin must be text')
        .trim()
        .max(200, 'A widget origin must be at most 200 characters')
        .superRefine((value, ctx) => {
          const problem = widgetOriginProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: problem });
        })
        .overwrite(normalizeWidgetOrigin),
      'Widget origins must be a list of web addresses',
    )
    .max(MAX_WIDGET_ORIGINS, `At most ${MAX_WIDGET_ORIGINS} widget origins`)
    .refine((list) => new Set(list).size === list.length, 'Widget origins must be unique'),
});
export type VenueFields = z.infer<typeof venueFieldsSchema>;

/**
 * PATCH /api/private/venues/current: any of the fields, and `giftCards`, any of the gift card
 * settings (merged into the saved ones, the result checked as a whole; decision 045).
 */
export const venueUpdateSchema = venueFieldsSchema.partial().extend({ giftCards: giftCardSettingsPatchSchema.optional() }).strict();
export type VenueUpdate = z.infer<typeof venueUpdateSchema>;

export const venueCreateSchema = z
  .object({ id: venueIdSchema })
  .extend(venueFieldsSchema.pick({ name: true, country: true, timezone: true }).shape)
  .extend(venueFieldsSchema.partial().omit({ name: true, country: true, timezone: true }).shape)
  .strict();
export type VenueCreate = z.infer<typeof venueCreateSchema>;

export const superadminVenueCreateSchema = venueCreateSchema.extend({
  ownerEmail: z.email('Owner email must be a valid email address').max(254),
});

const rolesList = z.array(z.enum(VENUE_ROLES, { message: 'Roles must be owner, manager or staff' }));
export const permissionsMapSchema = z
  .object(
    Object.fromEntries(
      Object.entries(PERMISSION_AREAS).map(([area, actions]) => [
        area,
        z.object(Object.fromEntries(actions.map((a) => [a, rolesList]))).strict(),
      ]),
    ),
  )
  .strict();

export const venueStatusSchema = z.enum(VENUE_STATUSES, { message: 'Status must be inactive, pending or live' });
