import { z } from './zod.js';
import { bookingStatusLabel } from './bookings.js';
import { formatMoney, venueSpan, type VenueClockFormat } from './format.js';
import { PRESENCE_SHOWN, PRESENCE_SHOWN_LABELS } from './presence.js';

/**
 * A booking's history as typed events (decision 044): each log entry stores what happened as data
 * (amounts in cents, instants, lane ids, mail and delivery state), and its sentence is made where it
 * is shown, by renderBookingEvent, for the API's `text` and the console's log alike.
 */

/** The log entry's kind, the coarse filter the API has always answered as `type`. */
export const LOG_TYPES = ['refund', 'cancel', 'custom', 'update', 'paid', 'create', 'warning', 'abandoned'] as const;
export type BookingLogType = (typeof LOG_TYPES)[number];

const cents = z.number().int();
const instant = z.string();
const span = z.object({ startsAt: instant, endsAt: instant });
const spanOnLanes = span.extend({ lanes: z.array(z.string()) });
const extra = z.object({ quantity: z.number().int(), name: z.string() });
const fromTo = <T extends z.ZodType>(value: T) => ({ from: value, to: value });

export const RESERVATION_FIELDS = ['firstName', 'lastName', 'email', 'phone', 'note'] as const;
const RESERVATION_FIELD_WORDS: Record<(typeof RESERVATION_FIELDS)[number], string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  phone: 'phone',
  note: 'note',
};

/** One thing a staff edit changed, with its old and new value (personal info and custom fields only named). */
export const bookingChangeSchema = z.discriminatedUnion('change', [
  z.object({ change: z.literal('moved'), ...fromTo(spanOnLanes) }),
  z.object({ change: z.literal('time'), ...fromTo(spanOnLanes) }),
  z.object({ change: z.literal('lanes'), ...fromTo(z.array(z.string())) }),
  z.object({ change: z.literal('players'), ...fromTo(z.number().int()) }),
  z.object({ change: z.literal('extras'), ...fromTo(z.array(extra)) }),
  z.object({ change: z.literal('customPrice'), ...fromTo(cents.nullable()) }),
  z.object({ change: z.literal('total'), ...fromTo(cents) }),
  z.object({ change: z.literal('status'), ...fromTo(z.string()) }),
  z.object({ change: z.literal('personalInfo'), fields: z.array(z.enum(RESERVATION_FIELDS)) }),
  z.object({ change: z.literal('customFields'), labels: z.array(z.string()) }),
]);
export type BookingChange = z.infer<typeof bookingChangeSchema>;

/** The mails a booking sends by itself (a refund's receipt included), and a move's change mail. */
export const AUTOMATIC_MAILS = ['confirmation', 'reminder', 'cancellation', 'abandoned', 'receipt', 'change'] as const;
export type AutomaticMail = (typeof AUTOMATIC_MAILS)[number];
export const AUTOMATIC_MAIL_LABELS: Record<AutomaticMail, string> = {
  confirmation: 'Confirmation',
  reminder: 'Reminder',
  cancellation: 'Cancellation',
  abandoned: 'Abandoned booking',
  receipt: 'Refund receipt',
  change: 'Change',
};
/** What became of a mail: sent by SMTP, refused (with the server's words), put off for a retry, or only kept in the outbox. */
export const MAIL_DELIVERIES = ['sent', 'failed', 'deferred', 'stored'] as const;
export type MailDelivery = (typeof MAIL_DELIVERIES)[number];

export const bookingEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('created'), source: z.enum(['online', 'phone', 'walk_in']), players: z.number().int() }),
  z.object({ type: z.literal('canceled'), reason: z.string().nullable() }),
  z.object({ type: z.literal('abandoned'), minutes: z.number().int() }),
  z.object({ type: z.literal('presence'), presence: z.enum(PRESENCE_SHOWN) }),
  z.object({ type: z.literal('saved'), saved: z.boolean() }),
  z.object({ type: z.literal('note'), text: z.string() }),
  /** A staff edit; no changes is a save without any. */
  z.object({ type: z.literal('changed'), changes: z.array(bookingChangeSchema) }),
  /** The customer moved it online; `total` only when the move changed it. */
  z.object({ type: z.literal('movedByCustomer'), ...fromTo(span), total: cents.nullable() }),
  z.object({ type: z.literal('paymentCollected'), amount: cents, method: z.string() }),
  z.object({ type: z.literal('cardPaymentReceived'), amount: cents }),
  /** A gift card paid (decision 045): the card by its last four. */
  z.object({ type: z.literal('giftCardPaid'), amount: cents, last4: z.string() }),
  /** Refund rows written at once; `overpayment` when a payment that arrived with nothing due goes back. */
  z.object({
    type: z.literal('refunded'),
    parts: z.array(z.object({ amount: cents, method: z.string() })),
    keptDepositToo: z.boolean(),
    overpayment: z.boolean(),
  }),
  z.object({ type: z.literal('priceLowered'), amount: cents, total: cents }),
  z.object({ type: z.literal('cardRefundAtProvider'), amount: cents }),
  z.object({ type: z.literal('cardRefundRetried'), amount: cents }),
  z.object({ type: z.literal('cardRefundFailed'), amount: cents, failure: z.string() }),
  z.object({ type: z.literal('customerRefundNotMade'), amount: cents, reason: z.string() }),
  z.object({ type: z.literal('waiverSigned'), signer: z.string() }),
  z.object({ type: z.literal('signatureDeleted'), signer: z.string() }),
  /** A mail to the customer: sent by staff (`staff`) or by the booking itself. */
  z.object({
    type: z.literal('mail'),
    mail: z.enum(['staff', ...AUTOMATIC_MAILS]),
    subject: z.string(),
    to: z.string(),
    delivery: z.enum(MAIL_DELIVERIES),
    error: z.string().nullable(),
  }),
  z.object({ type: z.literal('mailNotRendered'), mail: z.enum(AUTOMATIC_MAILS), to: z.string() }),
  /** An entry written as prose before events, whose words could not be read back into one (migration 0032). */
  z.object({ type: z.literal('legacy'), text: z.string() }),
]);
export type BookingEvent = z.infer<typeof bookingEventSchema>;

/** What a sentence needs of the venue: its money format, zone and date and time formats. */
export type BookingEventFormat = VenueClockFormat & { moneyFormat: string };

/** The log type an event is written with (a legacy entry keeps the type it was written with). */
export function logTypeOf(event: BookingEvent): BookingLogType {
  switch (event.type) {
    case 'created':
      return 'create';
    case 'canceled':
      return 'cancel';
    case 'abandoned':
      return 'abandoned';
    case 'paymentCollected':
    case 'cardPaymentReceived':
    case 'giftCardPaid':
      return 'paid';
    case 'refunded':
    case 'cardRefundAtProvider':
    case 'cardRefundRetried':
      return 'refund';
    case 'cardRefundFailed':
    case 'customerRefundNotMade':
    case 'mailNotRendered':
      return 'warning';
    case 'mail':
      return event.delivery === 'failed' ? 'warning' : 'custom';
    case 'presence':
    case 'saved':
    case 'changed':
    case 'movedByCustomer':
    case 'priceLowered':
      return 'update';
    case 'note':
    case 'waiverSigned':
    case 'signatureDeleted':
    case 'legacy':
      return 'custom';
  }
}

/** The extras as the log lists them: "2 × Drinks, 1 × Shoes", or "none". */
export const extrasText = (items: { quantity: number; name: string }[]) =>
  items.map((item) => `${item.quantity} × ${item.name}`).join(', ') || 'none';

const deliveryText = (delivery: MailDelivery, error: string | null) =>
  ({
    sent: 'sent',
    failed: `not delivered: ${error ?? ''}`,
    deferred: 'not delivered yet, tried again later',
    stored: 'kept in the outbox (no mail server)',
  })[delivery];

function changeText(change: BookingChange, venue: BookingEventFormat): string {
  const money = (amount: number | null) => (amount === null ? 'none' : formatMoney(amount, venue.moneyFormat));
  const at = (s: z.infer<typeof spanOnLanes>) => `${venueSpan(new Date(s.startsAt), new Date(s.endsAt), venue)}, ${s.lanes.join(', ')}`;
  switch (change.change) {
    case 'moved':
      return `Moved from ${at(change.from)} to ${at(change.to)}`;
    case 'time':
      return `Time ${at(change.from)} → ${at(change.to)}`;
    case 'lanes':
      return `Lanes ${change.from.join(', ')} → ${change.to.join(', ')}`;
    case 'players':
      return `Players ${change.from} → ${change.to}`;
    case 'extras':
      return `Extras ${extrasText(change.from)} → ${extrasText(change.to)}`;
    case 'customPrice':
      return `Custom price ${money(change.from)} → ${money(change.to)}`;
    case 'total':
      return `Total ${money(change.from)} → ${money(change.to)}`;
    case 'status':
      return `Status ${bookingStatusLabel(change.from)} → ${bookingStatusLabel(change.to)}`;
    case 'personalInfo':
      return `Personal info changed: ${change.fields.map((field) => RESERVATION_FIELD_WORDS[field]).join(', ')}`;
    case 'customFields':
      return `Custom fields changed: ${change.labels.join(', ')}`;
  }
}

const SOURCE_WORDS = { online: 'online', phone: 'by phone', walk_in: 'as a walk-in' } as const;

/** The entry's sentence, in the venue's money, zone and formats. */
export function renderBookingEvent(event: BookingEvent, venue: BookingEventFormat): string {
  const money = (amount: number) => formatMoney(amount, venue.moneyFormat);
  const spanOf = (s: z.infer<typeof span>) => venueSpan(new Date(s.startsAt), new Date(s.endsAt), venue);
  switch (event.type) {
    case 'created':
      return `Booking created ${SOURCE_WORDS[event.source]} for ${event.players} players`;
    case 'canceled':
      return event.reason ? `Booking canceled: ${event.reason}` : 'Booking canceled';
    case 'abandoned':
      return `Abandoned: not paid within ${event.minutes} minutes; the lanes are free again`;
    case 'presence':
      return `Presence: ${PRESENCE_SHOWN_LABELS[event.presence]}`;
    case 'saved':
      return event.saved ? 'Saved' : 'No longer saved';
    case 'note':
    case 'legacy':
      return event.text;
    case 'changed':
      return event.changes.length ? event.changes.map((change) => changeText(change, venue)).join('; ') : 'Saved without changes';
    case 'movedByCustomer':
      return `Moved by the customer from ${spanOf(event.from)} to ${spanOf(event.to)}${event.total === null ? '' : `; total ${money(event.total)}`}`;
    case 'paymentCollected':
      return `Collected ${money(event.amount)} by ${event.method}`;
    case 'cardPaymentReceived':
      return `Card payment of ${money(event.amount)} received`;
    case 'giftCardPaid':
      return `Paid ${money(event.amount)} by gift card ••••${event.last4}`;
    case 'refunded': {
      const parts = event.parts.map((part) => `${money(part.amount)} to ${part.method}`).join(', ');
      return `${event.overpayment ? 'Refunded overpayment:' : 'Refunded'} ${parts}${event.keptDepositToo ? ' (the kept deposit too)' : ''}`;
    }
    case 'priceLowered':
      return `Price lowered by ${money(event.amount)} to ${money(event.total)} with the refund`;
    case 'cardRefundAtProvider':
      return `Card refund of ${money(event.amount)} made at the payment provider`;
    case 'cardRefundRetried':
      return `Retried the card refund of ${money(event.amount)}`;
    case 'cardRefundFailed':
      return `Card refund of ${money(event.amount)} failed: ${event.failure}`;
    case 'customerRefundNotMade':
      return `Refund of ${money(event.amount)} to the customer not made: ${event.reason}`;
    case 'waiverSigned':
      return `Waiver signed by ${event.signer}`;
    case 'signatureDeleted':
      return `Signature of ${event.signer} deleted`;
    case 'mail': {
      const outcome = deliveryText(event.delivery, event.error);
      if (event.mail === 'staff') return `Mail "${event.subject}" to ${event.to}: ${outcome}`;
      return `${AUTOMATIC_MAIL_LABELS[event.mail]} mail "${event.subject}" to ${event.to}: ${outcome}`;
    }
    case 'mailNotRendered':
      return `${AUTOMATIC_MAIL_LABELS[event.mail]} mail to ${event.to} not sent: its template does not render`;
  }
}
