import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';
import { BOOKING_STATUSES } from './bookings.js';
import { PAYMENT_LABELS } from './booking-money.js';
import { PRESENCE_STATUSES } from './presence.js';
import { bookingEventSchema, LOG_TYPES } from './booking-events.js';
import { normalizePhone } from './format.js';
import { publicPriceQuerySchema, quoteSchema } from './calendar-schemas.js';
import { DATE_RANGE_MESSAGE, isDateInRange } from './date-range.js';
import { EMAIL_TYPES } from './catalog.js';
import { appliedGiftCardSchema, giftCardCodeSchema } from './gift-card-schemas.js';

/**
 * The bookings API's bodies and answers, shared by the server (validation, serialization) and
 * the console and widget (types). Money in integer cents.
 */

const id = z.string().trim().min(1).max(100);
const cents = z.number().int('Amounts are whole cents').min(0).max(100_000_000);

export const reservationInfoSchema = z
  .object({
    firstName: z.string().trim().min(1, 'First name is required').max(80),
    lastName: z.string().trim().min(1, 'Last name is required').max(80),
    email: z.email('Enter a valid email address').trim().max(200),
    // Digits of any script count (normalizePhone); text that holds none (spaces, words) is refused, never kept as ''.
    phone: z
      .string()
      .max(40)
      .refine((typed) => typed === '' || normalizePhone(typed) !== '', 'Enter a phone number, or leave the phone empty')
      .transform(normalizePhone)
      .refine((p) => p === '' || /^\+?\d{7,15}$/.test(p), 'Enter a phone number of 7 to 15 digits'),
    note: z.string().trim().max(2000).default(''),
  })
  .strict();
export type ReservationInfo = z.infer<typeof reservationInfoSchema>;

/**
 * The desk's reservation info: a walk-in or a caller may give no email or phone, and a walk-in
 * no name at all (the server names them "Walk-in"). The public forms keep every field required.
 */
export const staffReservationInfoSchema = reservationInfoSchema.extend({
  firstName: z.string().trim().max(80).default(''),
  lastName: z.string().trim().max(80).default(''),
  email: z
    .string()
    .trim()
    .max(200)
    .refine((typed) => typed === '' || z.email().safeParse(typed).success, 'Enter a valid email address, or leave the email empty')
    .default(''),
  phone: reservationInfoSchema.shape.phone.default(''),
});

/** The product's custom fields as filled in, by label. */
const customFieldValuesSchema = z.record(
  z.string().max(200),
  z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.string().max(200)).max(50)]),
);

const upsellChoice = z.object({ id, quantity: z.number().int().min(1).max(1000) });

const isoDate = z.iso.date('Use a date as YYYY-MM-DD').refine(isDateInRange, DATE_RANGE_MESSAGE);

/** The booking form (the widget's and the front desk's): slots are ids from the slots call, consecutive. */
export const publicBookingCreateSchema = z
  .object({
    productId: id,
    /** The venue date of the first slot, when the form sends it: it must be the slots' date. */
    date: isoDate.optional(),
    slots: z.array(id).min(1, 'Choose at least one slot').max(48),
    playersCount: z.number().int().min(1).max(10_000),
    reservationInfo: reservationInfoSchema,
    typeOfPricing: z.enum(['person', 'group-range']).optional(),
    selectedGroupId: z.string().max(100).nullable().optional(),
    isSpecifyGroupSize: z.boolean().default(false),
    isFullFirstPayment: z.boolean().default(false),
    isConfirmationEmail: z.boolean().default(true),
    affiliateId: id.nullable().optional(),
    promocode: z.string().trim().min(1).max(100).nullable().optional(),
    upsellItems: z.array(upsellChoice).max(50).default([]),
    customFields: customFieldValuesSchema.default({}),
    /** Only staff book walk-ins: the public call takes the field and books online. */
    isWalkIn: z.boolean().default(false),
    /** The customer's answer to the venue's marketing question (issue 38); left out: not asked, the guest's answer stays. */
    marketingConsent: z.boolean('marketingConsent must be true or false').optional(),
  })
  .strict();
export type PublicBookingCreate = z.infer<typeof publicBookingCreateSchema>;

/** Staff add the lanes (else the smallest set that fits), the walk-in flag and a custom price. */
export const bookingCreateSchema = publicBookingCreateSchema.extend({
  reservationInfo: staffReservationInfoSchema,
  resourceIds: z.array(id).min(1).max(100).optional(),
  customPrice: cents.nullable().optional(),
});
export type BookingCreate = z.infer<typeof bookingCreateSchema>;

/**
 * PUT /api/private/booking/{id} (bookings.edit): what staff change. Fields left out stay; the
 * slots and lanes are checked again, excluding the booking itself, and the price is made again.
 */
export const bookingUpdateSchema = z
  .object({
    slots: z.array(id).min(1, 'Choose at least one slot').max(48),
    playersCount: z.number().int().min(1).max(10_000),
    resourceIds: z.array(id).min(1).max(100),
    reservationInfo: staffReservationInfoSchema,
    upsellItems: z.array(upsellChoice).max(50),
    customFields: customFieldValuesSchema,
    customPrice: cents.nullable(),
  })
  .partial()
  .strict();
export type BookingUpdate = z.infer<typeof bookingUpdateSchema>;

/**
 * `GET /api/private/booking/{id}/quote` (bookings.edit): the price of a change before it is
 * saved, as PUT would make it. Fields left out stay as booked; lists are comma-separated, upsell
 * items as id:quantity; `none` clears the upsell items or the custom price (an empty value is
 * not sent at all).
 */
const NONE = 'none';
export const bookingChangeQuoteQuerySchema = publicPriceQuerySchema
  .pick({ playersCount: true, slots: true })
  .partial()
  .extend({
    upsellItems: z.preprocess((v) => (v === NONE ? '' : v), publicPriceQuerySchema.shape.upsellItems).optional(),
    resourceIds: z
      .string()
      .max(4000)
      .transform((v) =>
        v
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean),
      )
      .pipe(z.array(id).min(1, 'Choose at least one lane').max(100))
      .optional(),
    customPrice: z
      .string()
      .max(12)
      .transform((v) => (v === NONE ? null : Number(v)))
      .pipe(cents.nullable())
      .optional(),
  })
  .strict();
export type BookingChangeQuoteQuery = z.input<typeof bookingChangeQuoteQuerySchema>;

/** What the booking would be after the change: its time, lanes (chosen as PUT would), price and what to collect or give back. */
export const bookingChangeQuoteSchema = z.object({
  slotIds: z.array(z.string()),
  startsAt: instantSchema,
  endsAt: instantSchema,
  resourceIds: z.array(z.string()),
  playersCount: z.number().int(),
  quote: quoteSchema.nullable(),
  customPrice: z.number().int().nullable(),
  total: z.number().int(),
  /** The total before the change. */
  previousTotal: z.number().int(),
  due: z.number().int(),
  overpaid: z.number().int(),
});
export type BookingChangeQuote = z.infer<typeof bookingChangeQuoteSchema>;

export { PRESENCE_LABELS, PRESENCE_STATUSES, presenceLabel, type PresenceStatus } from './presence.js';
export const BOOKING_SOURCES = ['online', 'phone', 'walk_in'] as const;
export const BOOKING_SOURCE_LABELS = { online: 'Online', phone: 'Phone', walk_in: 'Walk-in' } as const;
export { LOG_TYPES } from './booking-events.js';

/** One payment as checkoutInfo shows it: what it took, what went back, when and how. */
export const bookingPaymentSchema = z.object({
  id: z.string(),
  paid: z.number().int(),
  refunded: z.number().int(),
  date: instantSchema,
  paymentIntentId: z.string().nullable(),
  paymentMethodAlias: z.string(),
});

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * One refund row of the ledger: a card refund is pending until the provider answers, then
 * succeeded or failed (failed ones count for nothing and can be retried); others succeed at once.
 */
export const bookingRefundSchema = z.object({
  id: z.string(),
  /** The payment it gives back (checkoutInfo.payments[].id). */
  paymentId: z.string().nullable(),
  amount: z.number().int(),
  paymentMethodAlias: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** The provider's words when it failed. */
  failure: z.string().nullable(),
  date: instantSchema,
});
export type BookingRefund = z.infer<typeof bookingRefundSchema>;

export const bookingSchema = z.object({
  id: z.string(),
  productId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  presenceStatus: z.enum(PRESENCE_STATUSES),
  source: z.enum(BOOKING_SOURCES),
  date: z.string().nullable(),
  /** The spec's name for the event's venue date (YYYY-MM-DD, the venue's zone): the same value as date. */
  dateIso: z.string().nullable(),
  startsAt: instantSchema,
  endsAt: instantSchema,
  slotIds: z.array(z.string()),
  resourceIds: z.array(z.string()),
  playersCount: z.number().int(),
  reservationInfo: z.object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    note: z.string(),
  }),
  registrationCode: z.string().nullable(),
  bookingReference: z.string().nullable(),
  /** The friends' sign-only link's token (decision 023): staff share `signingPathOf(token)`; never the reference. */
  signingToken: z.string(),
  isWarning: z.boolean(),
  isSaved: z.boolean(),
  isRefunded: z.boolean(),
  isWalkIn: z.boolean(),
  isFullFirstPayment: z.boolean(),
  isConfirmationEmail: z.boolean(),
  typeOfPricing: z.enum(['person', 'group-range']),
  selectedGroupId: z.string().nullable(),
  affiliateId: z.string().nullable(),
  appliedPromocode: z.string().nullable(),
  customFields: z.record(z.string(), z.unknown()),
  upsellItems: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int(), quantity: z.number().int() })),
  quote: quoteSchema.nullable(),
  customPrice: z.number().int().nullable(),
  /** What the booking costs: the custom price when set, else the quote's total. */
  total: z.number().int(),
  /**
   * The quote's figures under the spec's names (0 without a quote); a custom price replaces the
   * total only, so these stay the product's price as quoted.
   */
  subtotal: z.number().int(),
  taxes: z.number().int(),
  upsellTaxes: z.number().int(),
  discounts: z.number().int(),
  deposit: z.number().int(),
  /** The spec's name for deposit: the same cents. */
  depositPrice: z.number().int(),
  paid: z.number().int(),
  refunded: z.number().int(),
  /** total − (paid − refunded), never below 0. */
  due: z.number().int(),
  /** (paid − refunded) − total, never below 0: what to give back after the booking got cheaper. */
  overpaid: z.number().int(),
  /** The deposit kept because the group did not show up (decision 022); 0 otherwise. */
  keptDeposit: z.number().int(),
  /** paid − refunded (bookingMoney in booking-money.ts). */
  netPaid: z.number().int(),
  /** A canceled or abandoned booking's net paid, kept by the venue and offered for refund; 0 while live. */
  kept: z.number().int(),
  /** Unpaid, Part paid, Paid, Overpaid, Refunded, Kept or No charge: a label, not a status. */
  paymentLabel: z.enum(PAYMENT_LABELS),
  /** Every refund, oldest first, with where it stands at the provider. */
  refunds: z.array(bookingRefundSchema),
  /** What can be refunded without overriding the kept deposit: paid − refunded − keptDeposit. */
  refundable: z.number().int(),
  /** Signatures on the booking, and the booker's waiver on file when they have one (issue 38). */
  numberOfSignedWaivers: z.number().int(),
  /** Until when the booker's earlier signature counts for this booking (one of numberOfSignedWaivers); null: none. */
  waiverOnFileUntil: instantSchema.nullable(),
  /** The guest the booking is of (issue 38): made or matched by its email, else its phone; null without either. */
  guestId: z.string().nullable(),
  /** The product's active waiver and its version when the booking was made: what its signers sign. */
  activeWaiver: z.object({ id: z.string(), version: z.number().int() }).nullable(),
  /** The affiliate's name when the booking was made (null without an affiliate). */
  affiliateName: z.string().nullable(),
  /** What the affiliate earns on this booking, cents: its rate (kept from when it was made) on the net paid (decision 031). */
  affiliateCommissionAmount: z.number().int(),
  checkoutInfo: z.object({ payments: z.array(bookingPaymentSchema), affiliateCommissionAmount: z.number().int() }),
  canceledAt: instantSchema.nullable(),
  createdAt: instantSchema,
  updatedAt: instantSchema,
});
export type Booking = z.infer<typeof bookingSchema>;

export const bookingLogSchema = z.object({
  id: z.string(),
  type: z.enum(LOG_TYPES),
  /** The entry's sentence, rendered from its event in the venue's formats (kept for clients that read it). */
  text: z.string(),
  event: bookingEventSchema,
  timestamp: instantSchema,
  userName: z.string(),
});
export type BookingLog = z.infer<typeof bookingLogSchema>;
/** A page of a booking's log, newest first. */
export const bookingLogPageSchema = z.object({ items: z.array(bookingLogSchema), total: z.number().int() });

/** GET /api/private/booking/{id}: the booking with its log, newest first. */
export const bookingDetailSchema = bookingSchema.extend({ logs: z.array(bookingLogSchema) });
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

/** What the public calls show a customer of their own booking, by its reference. */
export const publicBookingSchema = bookingSchema
  .pick({
    id: true,
    productId: true,
    status: true,
    date: true,
    dateIso: true,
    startsAt: true,
    endsAt: true,
    slotIds: true,
    playersCount: true,
    reservationInfo: true,
    registrationCode: true,
    bookingReference: true,
    upsellItems: true,
    quote: true,
    total: true,
    deposit: true,
    depositPrice: true,
    paid: true,
    refunded: true,
    due: true,
    netPaid: true,
    kept: true,
    paymentLabel: true,
    numberOfSignedWaivers: true,
  })
  .extend({
    productName: z.string(),
    venueId: z.string(),
    venueName: z.string(),
    /** The venue's street address and phone, as its settings hold them ('' when not set). */
    venueAddress: z.string(),
    venuePhone: z.string(),
    /** The customer may cancel online: the booking is live and it is before cancellableUntil. */
    isCancellable: z.boolean(),
    /** The start less the product's cancellation period (24 hours unless set); null once canceled or abandoned. */
    cancellableUntil: instantSchema.nullable(),
    /** The customer may move it to other slots of the same product: the same window as cancelling. */
    isMovable: z.boolean(),
    /** The product has a waiver for its players to sign. */
    hasWaiver: z.boolean(),
    /** The link to share with friends: the widget's signing page of the booking's sign-only token (decision 023). */
    signingLink: z.string(),
    /** The code the desk scans (issue 39, decision 047); its QR code is `qr.png` of the booking's reference. */
    checkInCode: z.string(),
  });
export type PublicBooking = z.infer<typeof publicBookingSchema>;

/** `Idempotency-Key` of `POST /api/public/booking`: the widget makes one per submit and keeps it across retries. */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,100}$/, 'Use 8 to 100 letters, digits, - or _');

/** `POST /api/public/booking/{reference}/checkout`: pay what is due (the deposit unless in full) on the provider's page. */
export const publicCheckoutBodySchema = z
  .object({
    /** Pay everything due now even when the product takes a deposit; the booking's own choice when left out. */
    isFullFirstPayment: z.boolean().optional(),
    /** Where the checkout returns: one of this server's /widget/ pages. */
    returnUrl: z.url('Enter the address of a widget page').max(2000),
  })
  .strict();
/** The provider's hosted checkout; `embeddable` when its page may be shown inside the widget's frame (the sandbox). */
export const publicCheckoutAnswerSchema = z.object({ url: z.string(), embeddable: z.boolean() });

/** `POST /api/public/booking/{reference}/move`: other consecutive slots of the same product, for the same players. */
export const publicMoveBodySchema = z.object({ slots: z.array(id).min(1, 'Choose at least one slot').max(48) }).strict();

export const presenceBodySchema = z.object({ presenceStatus: z.enum(PRESENCE_STATUSES) }).strict();
export const noteBodySchema = z.object({ text: z.string().trim().min(1, 'Write the note').max(2000) }).strict();
/** `paymentMethod` of the desk's checkout that pays with a gift card (decision 045). */
export const GIFT_CARD_PAYMENT_METHOD = 'giftCard';
/** Where a refund of money a gift card paid goes: back to the card (the default), or in cash at the desk. */
export const GIFT_CARD_REFUND_TARGETS = ['giftCard', 'cash'] as const;
export const checkoutBodySchema = z
  .object({
    amount: cents.min(1, 'The amount must be at least one cent'),
    /** One of the venue's methods, `card` (the provider's hosted page) or `giftCard` (with giftCardCode). */
    paymentMethod: z.string().trim().min(1, 'Choose a payment method').max(60),
    /** Cash handed over, cents: at least the amount, and only with cash; the answer's `change` is what goes back. */
    tendered: cents.optional(),
    /** With paymentMethod giftCard: the card's code (case, spaces and dashes do not matter). */
    giftCardCode: giftCardCodeSchema.optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    const giftCard = body.paymentMethod === GIFT_CARD_PAYMENT_METHOD;
    if (giftCard && !body.giftCardCode) ctx.addIssue({ code: 'custom', path: ['giftCardCode'], message: 'Enter the gift card code' });
    if (!giftCard && body.giftCardCode)
      ctx.addIssue({ code: 'custom', path: ['giftCardCode'], message: 'A gift card code goes with paymentMethod giftCard' });
  });
/**
 * A payment the desk collected: the booking, the change to hand back from the cash tendered (0
 * without), and with a gift card what it paid (at most the amount: what it held) and holds now.
 */
export const checkoutAnswerSchema = bookingSchema.extend({ change: z.number().int(), appliedGiftCard: appliedGiftCardSchema.optional() });

/** `POST /api/public/booking/{reference}/gift-card`: a gift card pays what it can of what is due. */
export const publicGiftCardApplySchema = z.object({ code: giftCardCodeSchema }).strict();
/** The customer's booking with its new due, and what the card paid and holds now. */
export const publicGiftCardAppliedSchema = publicBookingSchema.extend({ appliedGiftCard: appliedGiftCardSchema });
export type CheckoutAnswer = z.infer<typeof checkoutAnswerSchema>;
export const refundBodySchema = z
  .object({
    amount: cents.min(1, 'The amount must be at least one cent'),
    /** Refund a no-show's kept deposit too (decision 022). */
    overrideDeposit: z.boolean().optional(),
    /** A goodwill discount: the price is lowered by the amount (else the customer owes it again). */
    lowerPrice: z.boolean().optional(),
    /** Money a gift card paid goes back to the card (the default) or in cash. */
    giftCardRefundTo: z.enum(GIFT_CARD_REFUND_TARGETS).optional(),
  })
  .strict();

/** `POST .../cancel` by staff: cancelling refunds nothing by itself; refundAmount gives back all, part or none in the same step. */
export const staffCancelBodySchema = z
  .object({
    /** Cents to refund, at most what the booking holds; 0 or left out refunds nothing. */
    refundAmount: cents.optional(),
    /** Why, kept in the booking's log. */
    reason: z.string().trim().max(500).optional(),
    /** Money a gift card paid goes back to the card (the default) or in cash. */
    giftCardRefundTo: z.enum(GIFT_CARD_REFUND_TARGETS).optional(),
  })
  .strict();
export type StaffCancelBody = z.infer<typeof staffCancelBodySchema>;

/** `POST .../sendEmail`: a mailing template of the venue, or a subject and message typed by staff. */
export const sendEmailBodySchema = z
  .object({
    email: z.email('Enter a valid email address').trim().max(200),
    type: z.enum(EMAIL_TYPES, { message: `Type must be one of ${EMAIL_TYPES.join(', ')}` }),
    subject: z.string().trim().max(200).optional(),
    message: z.string().trim().max(20_000).optional(),
    templateId: id.nullable().optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.templateId) return;
    if (!body.subject) ctx.addIssue({ code: 'custom', path: ['subject'], message: 'Write a subject, or choose a template' });
    if (!body.message) ctx.addIssue({ code: 'custom', path: ['message'], message: 'Write a message, or choose a template' });
  });
export type SendEmailBody = z.infer<typeof sendEmailBodySchema>;

/** The refund's answer: each payment given back, for the "Done!" dialog. */
export const refundAnswerSchema = z.object({
  booking: bookingSchema,
  refunds: z.array(
    z.object({
      amount: z.number().int(),
      paymentMethodAlias: z.string(),
      date: instantSchema,
      /** The refund row (booking.refunds[].id) and where it stands: a card refund is pending until the provider answers. */
      id: z.string(),
      status: z.enum(REFUND_STATUSES),
    }),
  ),
});

/** `POST .../refunds/{refundId}/retry`: the refund row to send again. */
export const refundRetryParamsSchema = z.object({ id, refundId: id }).strict();

export const paymentMethodsAnswerSchema = z.object({ items: z.array(z.string()) });

// ---- The booking list ----

export const BOOKING_FILTERS = [
  'wait_for_payment',
  'paid',
  'abandoned',
  'upcoming',
  'saved',
  'ended',
  'canceled',
  'warning',
  'refunded',
] as const;
export type BookingFilter = (typeof BOOKING_FILTERS)[number];
export const DATE_RANGES = [
  'yesterday',
  'today',
  'tomorrow',
  'thisWeek',
  'week',
  'thisMonth',
  'month',
  'thisYear',
  'year',
  'custom',
] as const;
export type DateRangeName = (typeof DATE_RANGES)[number];
export const SEARCH_FIELDS = ['registrationCode', 'phone', 'email', 'firstName', 'lastName', 'bookingReference'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];
/**
 * The search box's default: `all:<text>` finds the text by its shape (a reference, a
 * registration code, an email, a phone however typed or its last 4+ digits, a first, last or
 * full name), each shape that fits joined with OR.
 */
export const ALL_SEARCH = 'all';
export type BookingSearchField = typeof ALL_SEARCH | SearchField;

/** The shortest query each search field takes (phone: digits of a full number in the venue's mask). */
export const SEARCH_MINIMUMS: Record<BookingSearchField, number> = {
  all: 1,
  registrationCode: 1,
  phone: 10,
  email: 4,
  firstName: 1,
  lastName: 1,
  bookingReference: 3,
};

/**
 * The list's orders: newest or oldest first (by the date field), by name, and by each column the
 * desk can sort (email, phone, lanes, duration), each way; ties newest first.
 */
export const BOOKING_SORTS = [
  'new',
  'old',
  'az',
  'za',
  'email_asc',
  'email_desc',
  'phone_asc',
  'phone_desc',
  'lanes_asc',
  'lanes_desc',
  'duration_asc',
  'duration_desc',
] as const;

const RANGE_FROM = 'dateRangeFilter[from]';
const RANGE_TO = 'dateRangeFilter[to]';

const SEARCH_FORM = `Search as field:query, the field all or one of ${SEARCH_FIELDS.join(', ')}`;

export const bookingListQuerySchema = z
  .object({
    /** `all:<text>` (the search box's default) or `<field>:<query>` for one field (decision 028). */
    search: z
      .string()
      .max(200)
      .optional()
      .transform((value, ctx): { field: BookingSearchField; query: string } | undefined => {
        if (!value) return undefined;
        const at = value.indexOf(':');
        const field = value.slice(0, at) as BookingSearchField;
        // Runs of spaces are one space: "Grace  Hopper" is "Grace Hopper".
        const raw = value
          .slice(at + 1)
          .trim()
          .replace(/\s+/g, ' ');
        if (at < 0 || !(field === ALL_SEARCH || SEARCH_FIELDS.includes(field))) {
          ctx.addIssue({ code: 'custom', message: SEARCH_FORM });
          return z.NEVER;
        }
        const query = field === 'phone' ? normalizePhone(raw) : raw;
        if (query.replace(/^\+/, '').length < SEARCH_MINIMUMS[field]) {
          const minimum = SEARCH_MINIMUMS[field];
          ctx.addIssue({ code: 'custom', message: `Search by ${field} needs at least ${minimum} character${minimum === 1 ? '' : 's'}` });
          return z.NEVER;
        }
        return { field, query };
      }),
    productId: id.optional(),
    affiliateId: id.optional(),
    activeFilter: z.enum(BOOKING_FILTERS).optional(),
    dateRange: z.enum(DATE_RANGES).optional(),
    from: isoDate.optional(),
    to: isoDate.optional(),
    /** The spec's form of from and to (`dateRangeFilter[from]=…&dateRangeFilter[to]=…`), venue dates as well. */
    [RANGE_FROM]: isoDate.optional(),
    [RANGE_TO]: isoDate.optional(),
    /** Which date the range and the sort apply to: when the booking was made, or its event date. */
    dateField: z.enum(['createdAt', 'date']).default('createdAt'),
    /**
     * Left out: newest first, except a today or tomorrow range by event date, which runs in event
     * order (the desk's day, earliest first).
     */
    sort: z.enum(BOOKING_SORTS).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .superRefine((q, ctx) => {
    // Both forms of one end must agree; either may be sent alone.
    if (q.from && q[RANGE_FROM] && q.from !== q[RANGE_FROM])
      ctx.addIssue({ code: 'custom', path: [RANGE_FROM], message: 'Send the start once, as from or as dateRangeFilter[from]' });
    if (q.to && q[RANGE_TO] && q.to !== q[RANGE_TO])
      ctx.addIssue({ code: 'custom', path: [RANGE_TO], message: 'Send the end once, as to or as dateRangeFilter[to]' });
    const from = q.from ?? q[RANGE_FROM];
    const to = q.to ?? q[RANGE_TO];
    if (q.dateRange === 'custom' && (!from || !to))
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'A custom range needs from and to' });
    if (from && to && to < from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The range must end on or after its start' });
  });
export type BookingListQuery = z.infer<typeof bookingListQuerySchema>;
export type BookingSort = NonNullable<BookingListQuery['sort']>;

/** The list's range as from and to, whichever form the query sent them in. */
export const bookingListRange = (query: BookingListQuery): { from?: string; to?: string } => ({
  from: query.from ?? query[RANGE_FROM],
  to: query.to ?? query[RANGE_TO],
});

/** The sort a list runs in: the one asked for, else event order for today's or tomorrow's events, else newest first. */
export function bookingListSort(query: Pick<BookingListQuery, 'sort' | 'dateField' | 'dateRange'>): BookingSort {
  if (query.sort) return query.sort;
  return query.dateField === 'date' && (query.dateRange === 'today' || query.dateRange === 'tomorrow') ? 'old' : 'new';
}

export const bookingListItemSchema = bookingSchema.omit({
  quote: true,
  customFields: true,
  upsellItems: true,
  checkoutInfo: true,
  refunds: true,
});
/** `total` counts up to 1,000 matches; `totalCapped` says there are more (the console shows "1,000+"). */
export const bookingListAnswerSchema = z.object({
  items: z.array(bookingListItemSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
});

// ---------- An affiliate's statement and the affiliates' summary (decision 031) ----------

/** The longest period a statement or the summary covers, in days. */
export const AFFILIATE_PERIOD_MAX_DAYS = 366;

/** A period of venue dates, by the booking's event date, inclusive; left out: this month in the venue's zone. */
export const affiliatePeriodQuerySchema = z.object({ from: isoDate.optional(), to: isoDate.optional() }).superRefine((q, ctx) => {
  if (q.from && q.to && q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period must end on or after its start' });
});
export type AffiliatePeriodQuery = z.infer<typeof affiliatePeriodQuerySchema>;

export const affiliateStatementItemSchema = z.object({
  bookingId: z.string(),
  bookingReference: z.string().nullable(),
  registrationCode: z.string().nullable(),
  /** The event's start. */
  date: instantSchema,
  customerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  total: z.number().int(),
  /** paid − refunded. */
  netPaid: z.number().int(),
  /** What the booking earned the affiliate (its affiliateCommissionAmount). */
  commission: z.number().int(),
});
export type AffiliateStatementItem = z.infer<typeof affiliateStatementItemSchema>;

/** GET /api/private/affiliates/{id}/statement: the period's bookings and their sums. */
export const affiliateStatementSchema = z.object({
  affiliate: z.object({ id: z.string(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  items: z.array(affiliateStatementItemSchema),
  /** The sums of the items' columns, and how many there are. */
  totals: z.object({ bookings: z.number().int(), total: z.number().int(), netPaid: z.number().int(), commission: z.number().int() }),
});
export type AffiliateStatement = z.infer<typeof affiliateStatementSchema>;

/** GET /api/private/affiliates/summary: every affiliate of the venue with its bookings and commission in the period. */
export const affiliateSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  items: z.array(z.object({ affiliateId: z.string(), bookings: z.number().int(), commission: z.number().int() })),
});
export type AffiliateSummary = z.infer<typeof affiliateSummarySchema>;

/** `POST /api/private/check-in` (issue 39): a booking's check-in code, scanned or typed; `checkIn` checks the group in too. */
export const checkInBodySchema = z
  .object({ code: z.string().trim().min(1, 'Scan or type a check-in code').max(400), checkIn: z.boolean().optional() })
  .strict();
export type CheckInBody = z.infer<typeof checkInBodySchema>;

/** What the desk must know of a scanned booking. */
export const checkInAnswerSchema = z.object({
  booking: z.object({
    id: z.string(),
    registrationCode: z.string().nullable(),
    productId: z.string(),
    productName: z.string(),
    customerName: z.string(),
    /** The venue date it starts on (YYYY-MM-DD). */
    date: z.string(),
    startsAt: instantSchema,
    endsAt: instantSchema,
    status: z.enum(BOOKING_STATUSES),
    presenceStatus: z.enum(PRESENCE_STATUSES),
    playersCount: z.number().int(),
    numberOfSignedWaivers: z.number().int(),
    /** Cents still to pay. */
    due: z.number().int(),
    /** The friends' sign-only link (decision 023), and its token. */
    signingLink: z.string(),
    signingToken: z.string(),
    /** The guest it is of (issue 38). */
    guestId: z.string().nullable(),
  }),
  /** The guest's flags (issue 38): a ban, a warning, a note. */
  flags: z.array(z.object({ type: z.string(), note: z.string() })),
  /** It starts today in the venue's zone. */
  isToday: z.boolean(),
  /** Minutes from its start to now: negative early, positive late. */
  minutesLate: z.number().int(),
  /** This call checked the group in. */
  checkedIn: z.boolean(),
  /** When and by whom the group was checked in, if it was. */
  checkedInBefore: z.object({ at: instantSchema, by: z.string() }).nullable(),
});
export type CheckInAnswer = z.infer<typeof checkInAnswerSchema>;
