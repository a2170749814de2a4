import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';

/**
 * Catalog and settings collections: one zod schema per collection, shared by
 * the server (validation) and the console (forms). Money is integer cents; percentages 0..100.
 */

/**
 * A collection record's schema in its uses: `fields` (the object), `full` (a whole record,
 * with the rules that span fields; create and the merged result of an update must pass it),
 * `patch` (any subset of the fields, for PATCH); unknown keys are refused in all three. And
 * `record`, the record as the API answers it: its fields, id and timestamps (the response
 * schema of the collection's routes, which drops any other key).
 */
export function recordSchema<S extends z.ZodRawShape>(shape: S, rules?: (value: z.infer<z.ZodObject<S>>, ctx: z.RefinementCtx) => void) {
  const fields = z.object(shape).strict();
  const full = rules ? fields.superRefine((value, ctx) => rules(value as z.infer<z.ZodObject<S>>, ctx)) : fields;
  const patch = z.object(shape).partial().strict();
  const record = z.object({ id: z.string(), ...shape, createdAt: instantSchema, updatedAt: instantSchema });
  return { fields, full, patch, record };
}

export const cents = (label: string) =>
  z
    .number(`${label} must be a number`)
    .int(`${label} must be in whole cents`)
    .min(0, `${label} cannot be negative`)
    .max(100_000_000, `${label} is too large`);
export const percent = (label: string) =>
  z.number(`${label} must be a number`).min(0, `${label} must be 0 to 100`).max(100, `${label} must be 0 to 100`);
const text = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);
const required = (label: string, max: number) => text(label, max).min(1, `${label} is required`);
const ids = (label: string) => z.array(z.string().min(1).max(100), `${label} must be a list of ids`).max(200, `${label}: at most 200`);
const imageRef = z.union([
  z.literal(''),
  z
    .string()
    .max(500)
    .regex(/^(\/uploads\/|https?:\/\/)/, 'Image must be an uploaded image or an http(s) URL'),
]);

// ---------- Lanes (resources) ----------
export const RESOURCE_TYPES = ['Lane'] as const;
export const resourceSchema = recordSchema(
  {
    id: z
      .string()
      .trim()
      .min(1, 'Lane ID is required')
      .max(40, 'Lane ID must be at most 40 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9 _-]*$/, 'Lane ID may use letters, digits, spaces, dashes and underscores'),
    capacity: z
      .number('Capacity must be a number')
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(100, 'Capacity must be at most 100'),
    minCapacity: z
      .number('Min capacity must be a number')
      .int('Min capacity must be a whole number')
      .min(1, 'Min capacity must be at least 1')
      .max(100, 'Min capacity must be at most 100'),
    type: z.enum(RESOURCE_TYPES, { message: 'Type must be Lane' }),
    isPaused: z.boolean(),
  },
  (r, ctx) => {
    if (r.minCapacity > r.capacity)
      ctx.addIssue({ code: 'custom', message: 'Min capacity cannot be above capacity', path: ['minCapacity'] });
  },
);
export type Resource = z.infer<typeof resourceSchema.record>;
export const resourceDefaults = { capacity: 6, minCapacity: 1, type: 'Lane' as const, isPaused: false };
export const laneExistsMessage = (id: string) => `Lane with ID '${id}' already exists`;
export const LANE_DELETE_BLOCKED = 'The lane with upcoming bookings cannot be deleted';

// ---------- Taxes ----------
export const taxSchema = recordSchema({
  name: required('Name', 100),
  rate: percent('Rate'),
  description: text('Description', 500),
});
export type Tax = z.infer<typeof taxSchema.record>;

// ---------- Terms ----------
export const termsSchema = recordSchema({
  name: required('Name', 120),
  description: text('Description', 500),
  text: required('Text', 50_000),
});
export type Terms = z.infer<typeof termsSchema.record>;

// ---------- Upsell items ----------
export const upsellItemSchema = recordSchema({
  name: required('Name', 120),
  description: text('Description', 1000),
  image: imageRef,
  price: cents('Price'),
  isPaused: z.boolean(),
});
export type UpsellItem = z.infer<typeof upsellItemSchema.record>;

// ---------- Discounts (promocodes, affiliates) ----------
export const DISCOUNT_TYPES = ['fixed', 'percent'] as const;
export const TAX_BEHAVIOURS = ['before', 'after'] as const;
const discountFields = {
  discount: z.number('Discount must be a number').min(0, 'Discount cannot be negative'),
  discountType: z.enum(DISCOUNT_TYPES, { message: 'Discount type must be fixed or percent' }),
  products: ids('Products'),
  upsellItems: ids('Upsell items'),
};
/** A fixed discount is cents; a percent discount is 0..100. */
const discountRule = (v: { discount: number; discountType: string }, ctx: z.RefinementCtx) => {
  if (v.discountType === 'percent' && v.discount > 100)
    ctx.addIssue({ code: 'custom', message: 'A percent discount must be 0 to 100', path: ['discount'] });
  if (v.discountType === 'fixed' && !Number.isInteger(v.discount))
    ctx.addIssue({ code: 'custom', message: 'A fixed discount must be in whole cents', path: ['discount'] });
};

const promocodeRecordSchema = recordSchema(
  {
    code: z
      .string()
      .trim()
      .min(2, 'Code must be at least 2 characters')
      .max(40, 'Code must be at most 40 characters')
      .regex(/^[A-Za-z0-9_-]+$/, 'Code may use letters, digits, dashes and underscores'),
    maxUseNumber: z
      .number('Max uses must be a number')
      .int('Max uses must be a whole number')
      .min(1, 'Max uses must be at least 1')
      .max(1_000_000),
    isActive: z.boolean(),
    taxBehaviour: z.enum(TAX_BEHAVIOURS, { message: 'Tax behaviour must be before or after' }),
    ...discountFields,
  },
  discountRule,
);
/** A promocode's record also counts the bookings that used it (the bookings work keeps it). */
export const promocodeSchema = {
  ...promocodeRecordSchema,
  record: promocodeRecordSchema.record.extend({ useCount: z.number().int().min(0) }),
};
export type Promocode = z.infer<typeof promocodeSchema.record>;
export const promocodeDefaults = { maxUseNumber: 1, isActive: true, discountType: 'percent' as const, taxBehaviour: 'before' as const };

export const addressSchema = z.object({
  country: text('Country', 60),
  state: text('State', 60),
  city: text('City', 80),
  zip: text('ZIP', 20),
  street: text('Street', 160),
});
export const COMMISSION_TYPES = ['percent', 'fixed'] as const;
export const affiliateSchema = recordSchema(
  {
    name: required('Name', 120),
    businessName: text('Business name', 160),
    isActive: z.boolean(),
    address: addressSchema,
    ...discountFields,
    /** What the affiliate earns on a booking it brings: percent of its net paid, or fixed cents once paid (decision 031). */
    commission: z.number('Commission must be a number').min(0, 'Commission cannot be negative').max(100_000_000, 'Commission is too large'),
    commissionType: z.enum(COMMISSION_TYPES, { message: 'Commission type must be percent or fixed' }),
  },
  (v, ctx) => {
    discountRule(v, ctx);
    if (v.commissionType === 'percent' && v.commission > 100)
      ctx.addIssue({ code: 'custom', message: 'A percent commission must be 0 to 100', path: ['commission'] });
    if (v.commissionType === 'fixed' && !Number.isInteger(v.commission))
      ctx.addIssue({ code: 'custom', message: 'A fixed commission must be in whole cents', path: ['commission'] });
  },
);
export type Affiliate = z.infer<typeof affiliateSchema.record>;
export const affiliateDefaults = { commission: 0, commissionType: 'percent' as const };

// ---------- Mailing templates ----------
/** The mails a booking sends (Send email's types). */
export const EMAIL_TYPES = ['confirmation', 'reminder', 'cancellation', 'abandoned', 'custom'] as const;
/** A mailing template's event: a booking's mail, or a gift card's to its recipient (decision 045). */
export const MAILING_TEMPLATE_EVENTS = [...EMAIL_TYPES, 'giftCard'] as const;
export type MailingTemplateEvent = (typeof MAILING_TEMPLATE_EVENTS)[number];
const emailList = (label: string) =>
  z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .pipe(z.email(`${label}: each entry must be a valid email address`)),
      `${label} must be a list`,
    )
    .max(20, `${label}: at most 20 addresses`);
export const mailingTemplateSchema = recordSchema({
  event: z.enum(MAILING_TEMPLATE_EVENTS, { message: `Event must be one of ${MAILING_TEMPLATE_EVENTS.join(', ')}` }),
  subject: required('Subject', 200),
  to: emailList('To'),
  cc: emailList('Cc'),
  bcc: emailList('Bcc'),
  replyTo: emailList('Reply-to'),
  text: required('Text', 100_000),
  isPaused: z.boolean(),
});
export type MailingTemplate = z.infer<typeof mailingTemplateSchema.record>;
/** `GET /api/private/mailing-templates/last-sent`: when mail of each type last went out for the venue (null: never). */
export const mailingLastSentSchema = z.object({
  items: z.array(z.object({ event: z.enum(MAILING_TEMPLATE_EVENTS), lastSentAt: instantSchema.nullable() })),
});
export type MailingLastSent = z.infer<typeof mailingLastSentSchema>;
/**
 * Placeholders a mailing template can use, documented beside the editor; the server fills them in
 * for each booking (apps/server/src/modules/bookings/mail-variables.ts).
 */
export const MAIL_PLACEHOLDERS = [
  { name: 'customer.firstName', description: "Customer's first name" },
  { name: 'customer.lastName', description: "Customer's last name" },
  { name: 'customer.fullName', description: "Customer's first and last name" },
  { name: 'customer.email', description: "Customer's email" },
  { name: 'customer.phone', description: "Customer's phone, venue country's format" },
  { name: 'booking.registrationCode', description: 'Registration code' },
  { name: 'booking.reference', description: 'Booking reference' },
  { name: 'booking.date', description: 'Date of the event, venue date format' },
  { name: 'booking.when', description: '"today", "tomorrow" (in the venue\'s zone, when the mail is sent) or the date' },
  { name: 'booking.time', description: 'Start time, venue time format' },
  { name: 'booking.endTime', description: 'End time, venue time format' },
  { name: 'booking.playersCount', description: 'Number of players' },
  { name: 'booking.lanes', description: 'Lanes, e.g. 1, 2' },
  { name: 'booking.total | money', description: 'Total, venue money format' },
  { name: 'booking.paid | money', description: 'Amount paid (less refunds)' },
  { name: 'booking.due | money', description: 'Amount due' },
  { name: 'booking.refunded | money', description: 'Amount refunded' },
  { name: 'booking.note', description: "Customer's note" },
  { name: 'booking.cancellation', description: 'Until when the booking can be canceled online, or that it no longer can' },
  { name: 'product.name', description: 'Product name' },
  { name: 'venue.name', description: 'Venue name' },
  { name: 'venue.address', description: 'Venue address' },
  { name: 'venue.phone', description: 'Venue phone' },
  { name: 'venue.email', description: 'Venue email' },
  { name: 'signingLink', description: 'Link to sign the waiver, safe to share with friends: it signs and opens nothing else' },
  { name: 'waiverUrl', description: 'The same signing link (its older name)' },
  { name: 'manageUrl', description: 'Link to view, move or cancel the booking' },
] as const;

/** The placeholders of a gift card's mail to its recipient (event giftCard, decision 045), beside venue.*. */
export const GIFT_CARD_MAIL_PLACEHOLDERS = [
  { name: 'giftCard.code', description: 'The gift card code, in groups of four' },
  { name: 'giftCard.amount | money', description: 'The value it was issued with' },
  { name: 'giftCard.balance | money', description: 'What it holds now' },
  { name: 'giftCard.recipientName', description: "The recipient's name" },
  { name: 'giftCard.buyerName', description: "The buyer's name ('' for a card sold at the desk without one)" },
  { name: 'giftCard.message', description: "The buyer's message" },
  { name: 'giftCard.expiresOn', description: "Its last valid day, venue date format ('' when it never expires)" },
  { name: 'venue.name', description: 'Venue name' },
  { name: 'venue.address', description: 'Venue address' },
  { name: 'venue.phone', description: 'Venue phone' },
  { name: 'venue.email', description: 'Venue email' },
] as const;

/**
 * `POST /api/private/mailing-template/preview` and `/test`: a subject and text as typed in the
 * editor (saved or not) rendered over a sample booking. With `templateId` (the template being
 * edited, one of the venue's) a part left out is the saved template's.
 */
export const mailPreviewBodySchema = z
  .object({
    templateId: z.string().min(1).max(100).optional(),
    subject: z.string('Subject must be text').max(200, 'Subject: at most 200 characters').optional(),
    text: z.string('Text must be text').max(100_000, 'Text: at most 100000 characters').optional(),
    /** The template's event when it is not saved yet: giftCard renders over a sample gift card; left out, a booking. */
    event: z.enum(MAILING_TEMPLATE_EVENTS).optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.templateId) return;
    if (body.subject === undefined) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Write a subject, or name a template' });
    if (body.text === undefined) ctx.addIssue({ code: 'custom', path: ['text'], message: 'Write the text, or name a template' });
  });
export type MailPreviewBody = z.infer<typeof mailPreviewBodySchema>;
/** The rendered mail; `sample` says whose data it shows: the venue's latest booking, or a made-up one when it has none. */
export const mailPreviewSchema = z.object({
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Whose data it shows: the venue's latest booking, a made-up booking, or a made-up gift card (a giftCard template). */
  sample: z.object({ kind: z.enum(['booking', 'example', 'giftCard']), reference: z.string().nullable() }),
});
export type MailPreview = z.infer<typeof mailPreviewSchema>;
/** "Send me a test": where it went (the signed-in user's own address) and what became of it. */
export const mailTestAnswerSchema = z.object({
  to: z.string(),
  subject: z.string(),
  /** sent: the mail server took it; stored: kept in the outbox (no mail server); failed: the mail server refused it. */
  status: z.enum(['sent', 'stored', 'failed']),
});
export type MailTestAnswer = z.infer<typeof mailTestAnswerSchema>;

// ---------- Widget templates ----------
export const WIDGET_POSITIONS = ['embedded', 'floating'] as const;
export const WIDGET_FONTS = ['Helvetica Neue', 'Euclid Circular B', 'Arial', 'Verdana', 'Tahoma', 'Georgia', 'Times New Roman'] as const;
export const WIDGET_VIEW_MODES = ['detailed', 'compact', 'table'] as const;
export const DEFAULT_COLORS = { primary: '#286eed', secondary: '#262626' };
export const COLOR_PRESETS = {
  A: DEFAULT_COLORS,
  B: { primary: '#ED6A3F', secondary: '#262626' },
  C: { primary: '#4F49BB', secondary: '#262626' },
} as const;
const hexColor = (label: string) => z.string().regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a color like #286eed`);
export const widgetTemplateSchema = recordSchema({
  name: required('Name', 120),
  productId: z.string().max(100).nullable(),
  position: z.enum(WIDGET_POSITIONS, { message: 'Position must be embedded or floating' }),
  isHideBeacon: z.boolean(),
  isPromocodesAvailable: z.boolean(),
  isActive: z.boolean(),
  isDefault: z.boolean(),
  view: z.object({
    fontFamily: z.enum(WIDGET_FONTS, { message: `Font must be one of ${WIDGET_FONTS.join(', ')}` }),
    viewMode: z.enum(WIDGET_VIEW_MODES, { message: 'View mode must be detailed, compact or table' }),
    colors: z.object({ primary: hexColor('Primary color'), secondary: hexColor('Secondary color') }),
    isUseAvailabilityColors: z.boolean(),
  }),
});
export type WidgetTemplate = z.infer<typeof widgetTemplateSchema.record>;
export const widgetTemplateDefaults = {
  position: 'embedded' as const,
  isHideBeacon: false,
  isPromocodesAvailable: true,
  isActive: true,
  isDefault: false,
  productId: null,
  view: { fontFamily: 'Helvetica Neue' as const, viewMode: 'detailed' as const, colors: DEFAULT_COLORS, isUseAvailabilityColors: true },
};

// ---------- Integrations ----------
/** The booking events a webhook integration can subscribe to (decision 018). */
export const WEBHOOK_EVENTS = ['booking.created', 'booking.updated', 'booking.paid', 'booking.canceled', 'booking.refunded'] as const;
/** The gift card events (decision 045): a card issued (sold, given away or bought online), spent on a booking, refunded back to. */
export const GIFT_CARD_WEBHOOK_EVENTS = ['giftCard.issued', 'giftCard.redeemed', 'giftCard.refunded'] as const;
/** Every event an integration can subscribe to. */
export const INTEGRATION_EVENTS = [...WEBHOOK_EVENTS, ...GIFT_CARD_WEBHOOK_EVENTS] as const;
/** One event sent to a webhook integration: its delivery log's row (decision 018). */
export const webhookDeliverySchema = z.object({
  id: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: instantSchema,
  deliveredAt: instantSchema.nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
export const webhookDeliveryPageSchema = z.object({ items: z.array(webhookDeliverySchema), total: z.number().int() });
export const INTEGRATION_TYPES = ['webhook', 'custom'] as const;
const webhookSettings = z.object({
  url: z
    .url('URL must be an http(s) URL')
    .regex(/^https?:\/\//, 'URL must start with http:// or https://')
    .max(500)
    // Credentials in a URL end up in logs and in every screen that shows it: the secret signs deliveries instead.
    .refine((value) => {
      try {
        const url = new URL(value);
        return !url.username && !url.password;
      } catch {
        return true; // not a URL at all: the check above says so
      }
    }, 'URL must not contain a user name or password'),
  events: z
    .array(z.enum(INTEGRATION_EVENTS, { message: `Events must be among ${INTEGRATION_EVENTS.join(', ')}` }))
    .min(1, 'Choose at least one event'),
});
const integrationRecordSchema = recordSchema(
  {
    type: z.enum(INTEGRATION_TYPES, { message: 'Type must be webhook or custom' }),
    name: required('Name', 120),
    isActive: z.boolean(),
    /** Webhook: {url, events}. Custom: settings of an integration Lanebook has no form for, kept as typed JSON. */
    settings: z.record(z.string().max(100), z.unknown()),
  },
  (value, ctx) => {
    if (value.type === 'webhook') {
      const parsed = webhookSettings.safeParse(value.settings);
      for (const issue of parsed.error?.issues ?? [])
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['settings', ...issue.path.map(String)] });
      return;
    }
    for (const [key, entry] of Object.entries(value.settings)) {
      const ok = entry === null || ['string', 'number', 'boolean'].includes(typeof entry);
      if (!ok || (typeof entry === 'string' && entry.length > 2000)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Settings values must be text (up to 2000 characters), numbers, true/false or empty',
          path: ['settings', key],
        });
      }
    }
  },
);
/**
 * The webhook secret is made by the server and shown, never chosen by the user: only in the
 * answer to the create (`created`; null for a custom integration), never in a record read later.
 */
export const integrationSchema = {
  ...integrationRecordSchema,
  created: integrationRecordSchema.record.extend({ secret: z.string().nullable() }),
};
export type IntegrationInput = z.infer<typeof integrationSchema.fields>;
export type Integration = z.infer<typeof integrationSchema.record> & { secret?: string | null };
