import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';
import { recordSchema } from './catalog.js';
import { widgetTemplateViewSchema } from './widget-schemas.js';

/**
 * Waivers and signatures (decision 023): the waiver a product's customers sign, what a signing
 * sends, and the signature kept exactly as signed. Shared by the server, the console and the widget.
 */

export const STANDARD_WAIVER_FIELDS = ['firstName', 'lastName', 'address', 'phone', 'email', 'birthdate'] as const;
export type StandardWaiverField = (typeof STANDARD_WAIVER_FIELDS)[number];
/** First name, last name and email are always asked and always required. */
export const MANDATORY_WAIVER_FIELDS: readonly StandardWaiverField[] = ['firstName', 'lastName', 'email'];
export const WAIVER_FIELD_TYPES = ['text', 'phone', 'email', 'date', 'numeric', 'select', 'multiple', 'flag'] as const;
export type WaiverFieldType = (typeof WAIVER_FIELD_TYPES)[number];
export const DEFAULT_FIELD_OPTIONS = ['Option 1', 'Option 2'];

const STANDARD_TYPES: Record<StandardWaiverField, WaiverFieldType> = {
  firstName: 'text',
  lastName: 'text',
  address: 'text',
  phone: 'phone',
  email: 'email',
  birthdate: 'date',
};
const STANDARD_LABELS: Record<StandardWaiverField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  address: 'Address',
  phone: 'Phone',
  email: 'Email',
  birthdate: 'Date of birth',
};

const label = z.string().trim().min(1, 'Label is required').max(200, 'Label must be at most 200 characters');

export const waiverFieldSchema = z
  .object({
    /** A standard field's key (firstName...), or null for a custom field, which is named by its label. */
    key: z.enum(STANDARD_WAIVER_FIELDS).nullable(),
    type: z.enum(WAIVER_FIELD_TYPES, { message: `Type must be one of ${WAIVER_FIELD_TYPES.join(', ')}` }),
    label,
    hint: z.string().trim().max(500, 'Hint must be at most 500 characters'),
    isRequired: z.boolean(),
    sortWeight: z.number().int('Sort weight must be a whole number').min(-1000).max(1000),
    isDisabled: z.boolean(),
    isAllowCustomOption: z.boolean(),
    options: z.array(z.string().trim().min(1, 'An option cannot be empty').max(200)).max(50, 'At most 50 options'),
  })
  .strict();
export type WaiverField = z.infer<typeof waiverFieldSchema>;

export const waiverCheckboxSchema = z
  .object({
    text: z.string().trim().min(1, 'Checkbox text is required').max(2000, 'Checkbox text must be at most 2,000 characters'),
    isRequired: z.boolean(),
  })
  .strict();
export type WaiverCheckbox = z.infer<typeof waiverCheckboxSchema>;

/** The six standard fields as a new waiver has them. */
export function standardWaiverFields(): WaiverField[] {
  return STANDARD_WAIVER_FIELDS.map((key, index) => ({
    key,
    type: STANDARD_TYPES[key],
    label: STANDARD_LABELS[key],
    hint: '',
    isRequired: MANDATORY_WAIVER_FIELDS.includes(key),
    sortWeight: index,
    isDisabled: false,
    isAllowCustomOption: false,
    options: [],
  }));
}

const hours = (name: string) =>
  z
    .number(`${name} must be a number of hours`)
    .int(`${name} must be whole hours`)
    .min(0, `${name} cannot be negative`)
    .max(8760, `${name}: at most a year`);

export const waiverSchema = recordSchema(
  {
    title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
    intro: z.string().trim().max(5000, 'Intro must be at most 5,000 characters'),
    /** Rich text (HTML), sanitized on save to the tags a waiver needs. */
    text: z.string().max(200_000, 'Text must be at most 200,000 characters'),
    fields: z.array(waiverFieldSchema).max(60, 'At most 60 fields'),
    checkboxes: z.array(waiverCheckboxSchema).max(30, 'At most 30 checkboxes'),
    /** Signing opens this many hours before the booking's start; 0: from when the booking is made. */
    startTimeHours: hours('Start time'),
    /** Signing closes this many hours after the booking's start; 0: at the start. */
    cutOffHours: hours('Cut-off'),
    /**
     * How long a guest's signature counts for their later bookings (issue 38): 0, per booking; else
     * months from signing, until a new version of the waiver changes what is signed.
     */
    validForMonths: z
      .number('Valid for must be a number of months')
      .int('Valid for must be whole months')
      .min(0, 'Valid for must be 0 (each booking) to 60 months')
      .max(60, 'Valid for must be 0 (each booking) to 60 months'),
  },
  (waiver, ctx) => {
    for (const key of STANDARD_WAIVER_FIELDS) {
      const index = waiver.fields.findIndex((f) => f.key === key);
      if (index < 0) {
        ctx.addIssue({ code: 'custom', path: ['fields'], message: `The standard field ${STANDARD_LABELS[key]} is missing` });
        continue;
      }
      const field = waiver.fields[index];
      if (field.type !== STANDARD_TYPES[key])
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, 'type'],
          message: `${STANDARD_LABELS[key]} is a ${STANDARD_TYPES[key]} field`,
        });
      if (MANDATORY_WAIVER_FIELDS.includes(key) && (field.isDisabled || !field.isRequired))
        ctx.addIssue({
          code: 'custom',
          path: ['fields', index, field.isDisabled ? 'isDisabled' : 'isRequired'],
          message: `${STANDARD_LABELS[key]} is always asked and required`,
        });
    }
    const seen = new Set<string>();
    waiver.fields.forEach((field, index) => {
      const name = field.key ?? field.label.toLowerCase();
      if (seen.has(name))
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'label'], message: `Two fields are named ${field.label}` });
      seen.add(name);
      if ((field.type === 'select' || field.type === 'multiple') && field.options.length === 0)
        ctx.addIssue({ code: 'custom', path: ['fields', index, 'options'], message: `${field.label} needs at least one option` });
    });
  },
);
export type Waiver = z.infer<typeof waiverSchema.record>;

/** What a create body without fields, checkboxes or window gets. */
export const waiverDefaults = () => ({
  intro: '',
  text: '',
  fields: standardWaiverFields(),
  checkboxes: [],
  startTimeHours: 0,
  cutOffHours: 0,
  validForMonths: 0,
});

// ---------- Signing ----------

const pngDataUrl = z
  .string()
  .max(400_000, 'The signature image is too large')
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/, 'The signature must be a PNG image (data:image/png;base64,...)');

export const signingBodySchema = z
  .object({
    /** Standard fields by their key, custom fields by their label. */
    fields: z.record(z.string().max(200), z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.string().max(200)).max(50)])),
    checkboxes: z.array(z.object({ text: z.string().max(2000), value: z.boolean() }).strict()).max(30),
    signature: pngDataUrl,
    /** For a signer under the venue's age of majority. */
    guardianName: z.string().trim().max(200).optional(),
    guardianSignature: pngDataUrl.optional(),
  })
  .strict();
export type SigningBody = z.infer<typeof signingBodySchema>;

/** The waiver as it was shown when signed: kept with the signature, never changed after. */
export const signedWaiverSchema = z.object({
  waiverId: z.string(),
  title: z.string(),
  intro: z.string(),
  text: z.string(),
  fields: z.array(waiverFieldSchema),
  checkboxes: z.array(waiverCheckboxSchema),
});

export const signatureSchema = z.object({
  id: z.string(),
  bookingId: z.string().nullable(),
  bookingReference: z.string().nullable(),
  productId: z.string().nullable(),
  isWalkIn: z.boolean(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  /** Every asked field by its label, as signed. */
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
  checkboxes: z.array(z.object({ text: z.string(), value: z.boolean() })),
  /** The spec's name for the signed waiver's id: the same as waiver.waiverId. */
  waiverId: z.string(),
  waiver: signedWaiverSchema,
  isMinor: z.boolean(),
  guardianName: z.string().nullable(),
  /** URLs of the PNG images (the signer's, and the guardian's for a minor). */
  signatureUrl: z.string(),
  guardianSignatureUrl: z.string().nullable(),
  createdAt: instantSchema,
});
export type Signature = z.infer<typeof signatureSchema>;

export const SIGNATURE_TYPES = ['bookings', 'walk-ins'] as const;
export const SIGNATURE_SORTS = ['new', 'old', 'az', 'za'] as const;
export const SIGNATURES_PAGE_SIZE = 100;
export const SIGNATURES_EXPORT_PAGE_SIZE = 10_000;

export const signatureListQuerySchema = z
  .object({
    type: z.enum(SIGNATURE_TYPES, { message: 'Type must be bookings or walk-ins' }).optional(),
    sort: z.enum(SIGNATURE_SORTS, { message: 'Sort must be new, old, az or za' }).default('new'),
    search: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1, 'Page starts at 1').max(100_000).default(1),
  })
  .strict();

export const signatureListSchema = z.object({ items: z.array(signatureSchema), total: z.number().int() });

/** GET /api/public/booking/{reference}/waiver: only what the signer needs. */
export const publicWaiverSchema = z.object({
  venueName: z.string(),
  productName: z.string(),
  date: z.string().nullable(),
  startsAt: instantSchema,
  playersCount: z.number().int(),
  signedCount: z.number().int(),
  ageOfMajority: z.number().int(),
  /** Whether signing is open now, and when it opens or closes. */
  window: z.object({ opensAt: instantSchema.nullable(), closesAt: instantSchema, isOpen: z.boolean() }),
  waiver: signedWaiverSchema,
  /**
   * The booker's name and email from the booking, for the booker's own signature to start filled
   * in; null once a signature with them is on the booking. Who holds the booking's reference can
   * read them on the booking already (GET /api/public/booking/{reference}).
   */
  booker: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }).nullable(),
  /**
   * The booker's waiver on file (issue 38): a signature of theirs from an earlier booking that
   * counts for this one until `validUntil`, so they are not asked to sign again; null: none.
   */
  bookerOnFile: z.object({ validUntil: instantSchema }).nullable(),
});
export type PublicWaiver = z.infer<typeof publicWaiverSchema>;

/** The friends' sign-only link's token (decision 023): 128 random bits as 32 lowercase hex characters. */
export const SIGNING_TOKEN_PATTERN = /^[0-9a-f]{32}$/;
/** The widget's page of a signing token: the link friends get, never the booking's reference. */
export const signingPathOf = (token: string) => `/widget/sign/${token}`;

/**
 * GET /api/public/signing/{token}: the form alone, in the venue's look (the friends' page has no
 * widget configuration). Never the booker's name, email or phone, the reference or anything that
 * opens the booking.
 */
export const signingFormSchema = publicWaiverSchema.omit({ booker: true, bookerOnFile: true }).extend({
  waiverVersion: z.number().int(),
  /** The venue's default widget template's look, or the defaults. */
  view: widgetTemplateViewSchema.shape.view,
});
export type SigningForm = z.infer<typeof signingFormSchema>;

/** What an online signing answers: the signature's id and how many have signed now. */
export const publicSignedSchema = z.object({ id: z.string(), signedCount: z.number().int() });
