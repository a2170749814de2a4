import { z } from './zod.js';
import { instantSchema } from './api-schemas.js';
import { isoDateSchema } from './calendar-schemas.js';
export * from './gift-card-settings.js';
import { cardAmount } from './gift-card-settings.js';
import {
  COMPLIMENTARY,
  GIFT_CARD_CODE_LENGTH,
  GIFT_CARD_LEDGER_KINDS,
  GIFT_CARD_STATUSES,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
} from './gift-cards.js';

/**
 * The gift cards API's bodies and answers (issue 37, decision 045), shared by the server
 * (validation, serialization) and the console and widget (types). Money in integer cents.
 */

const MAX_CENTS = 100_000_000;

// ---------- The code ----------

/** A code as typed: case, spaces and dashes do not matter; the shape is checked (400 naming `code`). */
export const giftCardCodeSchema = z
  .string('Enter the gift card code')
  .max(100, 'A gift card code is shorter than that')
  .transform(normalizeGiftCardCode)
  .refine(isGiftCardCodeShape, `A gift card code has ${GIFT_CARD_CODE_LENGTH} letters and digits, such as 7KQM-X4TR-ZP9C-WH2N-B6DF`);

// ---------- The card and its ledger ----------

const name = (label: string) => z.string(`${label} must be text`).trim().max(120, `${label} must be at most 120 characters`);
const optionalEmail = z
  .string('Email must be text')
  .trim()
  .max(200)
  .refine((typed) => typed === '' || z.email().safeParse(typed).success, 'Enter a valid email address, or leave it empty');
const requiredEmail = z.email('Enter a valid email address').trim().max(200);
const message = z.string('Message must be text').trim().max(1000, 'The message must be at most 1000 characters');

export const giftCardLedgerEntrySchema = z.object({
  id: z.string(),
  kind: z.enum(GIFT_CARD_LEDGER_KINDS),
  /** Signed cents: issued and refunded add, redeemed and expired take off, adjusted either. */
  amount: z.number().int(),
  /** The balance right after this entry. */
  balanceAfter: z.number().int(),
  /** issued: how it was paid (a venue method's name, Card online, Complimentary); else null. */
  method: z.string().nullable(),
  /** complimentary and adjusted: why. */
  reason: z.string().nullable(),
  /** redeemed and refunded: the booking. */
  bookingId: z.string().nullable(),
  userName: z.string(),
  createdAt: instantSchema,
});
export type GiftCardLedgerEntry = z.infer<typeof giftCardLedgerEntrySchema>;

/** A card as the desk sees it: the code only as its last four. */
export const giftCardSchema = z.object({
  id: z.string(),
  last4: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  /** The instant it stops working (the venue's midnight after its last day); null: never. */
  expiresAt: instantSchema.nullable(),
  /** Its last valid day in the venue's calendar; null: never. */
  expiresOn: z.string().nullable(),
  source: z.enum(['desk', 'online']),
  buyerName: z.string(),
  buyerEmail: z.string(),
  recipientName: z.string(),
  recipientEmail: z.string(),
  message: z.string(),
  /** The venue date the recipient's mail goes out. */
  deliverAt: z.string(),
  /** When the recipient's mail was queued (null: not yet, or no recipient email). */
  deliveredAt: instantSchema.nullable(),
  disabledAt: instantSchema.nullable(),
  disabledReason: z.string().nullable(),
  createdAt: instantSchema,
});
export type GiftCard = z.infer<typeof giftCardSchema>;

/** GET /api/private/gift-cards/{id}: the card with its ledger, oldest entry first. */
export const giftCardDetailSchema = giftCardSchema.extend({ ledger: z.array(giftCardLedgerEntrySchema) });
export type GiftCardDetail = z.infer<typeof giftCardDetailSchema>;

export const giftCardListSchema = z.object({ items: z.array(giftCardSchema), total: z.number().int() });

/** `?search=` matches the last four of the code, or the recipient's or buyer's name or email; newest first. */
export const giftCardListQuerySchema = z
  .object({
    search: z.string().trim().max(100).optional(),
    status: z.enum(GIFT_CARD_STATUSES).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
    offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  })
  .strict();
export type GiftCardListQuery = z.input<typeof giftCardListQuerySchema>;

/** The recipient and the delivery, shared by the desk's sale and the online purchase. */
const recipientFields = {
  recipientName: name('Recipient name'),
  message: message.default(''),
  /** The venue date the recipient's mail goes out; today (or left out): at once. */
  deliverAt: isoDateSchema.optional(),
};

/**
 * POST /api/private/gift-cards: a card sold at the desk for one of the venue's payment methods,
 * or given away (`complimentary`, with a reason, needs giftCards.issue). A recipient email is
 * optional at the desk: a card handed over on paper needs none.
 */
export const giftCardSaleSchema = z
  .object({
    amount: cardAmount('The amount'),
    paymentMethod: z.string('Choose a payment method').trim().min(1, 'Choose a payment method').max(60),
    ...recipientFields,
    recipientName: name('Recipient name').default(''),
    recipientEmail: optionalEmail.default(''),
    buyerName: name('Buyer name').default(''),
    buyerEmail: optionalEmail.default(''),
    reason: z.string('Reason must be text').trim().max(500, 'The reason must be at most 500 characters').optional(),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.paymentMethod.toLowerCase() === COMPLIMENTARY && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why the card is given away' });
  });
export type GiftCardSale = z.input<typeof giftCardSaleSchema>;

/** The sale's answer: the only answer that ever holds the full code (XXXX-XXXX-XXXX-XXXX-XXXX). */
export const giftCardSoldSchema = z.object({
  id: z.string(),
  code: z.string(),
  last4: z.string(),
  amount: z.number().int(),
  balance: z.number().int(),
  status: z.enum(GIFT_CARD_STATUSES),
  expiresAt: instantSchema.nullable(),
  expiresOn: z.string().nullable(),
});
export type GiftCardSold = z.infer<typeof giftCardSoldSchema>;

/** POST /api/private/gift-cards/{id}/adjust: a signed amount (cents, not 0) and why. */
export const giftCardAdjustSchema = z
  .object({
    amount: z
      .number('The amount must be a number')
      .int('The amount must be in whole cents')
      .min(-MAX_CENTS, 'The amount is too large')
      .max(MAX_CENTS, 'The amount is too large')
      .refine((amount) => amount !== 0, 'The amount must not be zero: add (positive) or take off (negative)'),
    reason: z.string('Reason must be text').trim().min(1, 'Say why the balance changes').max(500),
  })
  .strict();

/** POST /api/private/gift-cards/{id}/disable. */
export const giftCardDisableSchema = z
  .object({ reason: z.string('Reason must be text').trim().max(500, 'The reason must be at most 500 characters').optional() })
  .strict();

/** POST /api/private/gift-cards/{id}/resend: again to the recipient, or to a corrected address (kept as the recipient's). */
export const giftCardResendSchema = z.object({ recipientEmail: requiredEmail.optional() }).strict();

/** POST /api/private/gift-cards/{id}/pdf: the printable card; the code is the one the sale answered (checked, never read back). */
export const giftCardPdfSchema = z.object({ code: giftCardCodeSchema }).strict();

/** GET /api/private/gift-cards/summary: venue dates, both included; left out: this month in the venue's zone. */
export const giftCardSummaryQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .strict()
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.to < q.from)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'The period must end on or after its start' });
    if (q.from && q.to && (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > 366)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'A period spans at most 366 days' });
  });

/**
 * The owner's figures of a period, cents (decision 045): cards sold (paid, not complimentary),
 * given away, redeemed on bookings, refunded back to cards, adjusted (net) and expired; and what
 * active cards still hold now (the venue's liability). A sale is not revenue: bookings count the
 * redemptions as their payments.
 */
export const giftCardSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  sold: z.number().int(),
  soldCount: z.number().int(),
  complimentary: z.number().int(),
  redeemed: z.number().int(),
  refunded: z.number().int(),
  adjusted: z.number().int(),
  expired: z.number().int(),
  outstanding: z.number().int(),
});
export type GiftCardSummary = z.infer<typeof giftCardSummarySchema>;

// ---------- Spending ----------

/** What a card paid of a booking: its last four, the amount taken and what it holds now. */
export const appliedGiftCardSchema = z.object({ last4: z.string(), amount: z.number().int(), balance: z.number().int() });

// ---------- Public: balance and the online purchase ----------

/**
 * `?venueId=` of the widget's gift card calls: the venue whose cards they are, as the widget's
 * configuration names it (a code of another venue is unknown there).
 */
export const giftCardVenueQuerySchema = z.object({ venueId: z.string('Name the venue').trim().min(1, 'Name the venue').max(100) }).strict();

/** POST /api/public/gift-cards/balance?venueId=. */
export const giftCardBalanceBodySchema = z.object({ code: giftCardCodeSchema }).strict();
/** What a card holds: an expired card says so with 0; an unknown or disabled code is the same 404. */
export const giftCardBalanceSchema = z.object({
  last4: z.string(),
  balance: z.number().int(),
  status: z.enum(['active', 'expired']),
  expiresAt: instantSchema.nullable(),
  expiresOn: z.string().nullable(),
});
export type GiftCardBalance = z.infer<typeof giftCardBalanceSchema>;

/** POST /api/public/gift-cards/checkout?venueId=: a card bought online, paid on the provider's hosted page. */
export const giftCardPurchaseSchema = z
  .object({
    amount: cardAmount('The amount'),
    ...recipientFields,
    recipientName: name('Recipient name').min(1, 'Recipient name is required'),
    recipientEmail: requiredEmail,
    buyerName: name('Your name').min(1, 'Your name is required'),
    buyerEmail: requiredEmail,
    /** Where the provider's page returns: one of this server's /widget/ pages (`giftCardOrder` and, when given up, paid=0 are added). */
    returnUrl: z.url('Enter the address of a widget page').max(2000),
  })
  .strict();
export type GiftCardPurchase = z.input<typeof giftCardPurchaseSchema>;
export const giftCardCheckoutSchema = z.object({ orderId: z.string(), url: z.string(), embeddable: z.boolean() });

/** GET /api/public/gift-cards/orders/{id}?venueId=: paid once the provider confirmed it, with the card's last four. */
export const giftCardOrderSchema = z.object({
  id: z.string(),
  status: z.enum(['open', 'paid']),
  amount: z.number().int(),
  recipientName: z.string(),
  deliverAt: z.string(),
  giftCard: z.object({ last4: z.string(), expiresOn: z.string().nullable() }).nullable(),
});
export type GiftCardOrder = z.infer<typeof giftCardOrderSchema>;
