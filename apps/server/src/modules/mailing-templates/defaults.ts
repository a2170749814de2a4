import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { mailingTemplates } from './schema.js';

/**
 * The mailing templates every new venue starts with, one active template of each type
 * (docs/decisions/030-mail-that-runs-the-venue.md): a venue's customers get their confirmation,
 * reminder, cancellation and refund receipts from the first booking. Dates, times, phones and
 * money come from the variables, so they are in the venue's zone and formats; `booking.when`
 * says "today" or "tomorrow" from the booking itself. Migration 0029 gave existing venues the
 * texts of the day (a migration is a snapshot: editing these does not change it).
 */

const SIGNATURE =
  '{{ venue.name }}\n' +
  '{% if venue.address != "" %}{{ venue.address }}\n{% endif %}' +
  '{% if venue.phone != "" %}{{ venue.phone }}\n{% endif %}' +
  '{% if venue.email != "" %}{{ venue.email }}\n{% endif %}';

const DETAILS =
  '{{ product.name }}\n' +
  'When: {{ booking.when }}{% if booking.when != booking.date %} ({{ booking.date }}){% endif %}, {{ booking.time }} to {{ booking.endTime }}\n' +
  'Players: {{ booking.playersCount }}\n' +
  'Booking reference: {{ booking.reference }}\n';

export const DEFAULT_MAILING_TEMPLATES = [
  {
    event: 'confirmation',
    subject: 'Your booking at {{ venue.name }}: {{ product.name }} {{ booking.when }} at {{ booking.time }}',
    text:
      'Hello {{ customer.firstName }},\n\n' +
      'Thank you for booking with {{ venue.name }}. Your booking is confirmed:\n\n' +
      DETAILS +
      '\nTotal: {{ booking.total | money }}\n' +
      '{% if booking.due > 0 %}Still to pay: {{ booking.due | money }}{% else %}Paid in full.{% endif %}\n\n' +
      '{% if waiverUrl != "" %}Each player signs the waiver before playing; please sign it before you come:\n{{ waiverUrl }}\n\n{% endif %}' +
      'Your booking, to see or change it:\n{{ manageUrl }}\n' +
      '{% if booking.cancellation != "" %}{{ booking.cancellation }}\n{% endif %}\n' +
      'See you soon,\n' +
      SIGNATURE,
  },
  {
    event: 'reminder',
    subject: 'Reminder: {{ product.name }} at {{ venue.name }} {{ booking.when }} at {{ booking.time }}',
    text:
      'Hello {{ customer.firstName }},\n\n' +
      'A reminder of your booking at {{ venue.name }}:\n\n' +
      DETAILS +
      '{% if booking.due > 0 %}\nStill to pay: {{ booking.due | money }}\n{% endif %}' +
      '\nPlease arrive 10 minutes early.' +
      '{% if waiverUrl != "" %} Each player signs the waiver before playing:\n{{ waiverUrl }}{% endif %}\n\n' +
      'Your booking:\n{{ manageUrl }}\n\n' +
      'See you soon,\n' +
      SIGNATURE,
  },
  {
    event: 'cancellation',
    subject: 'Your booking at {{ venue.name }} is canceled',
    text:
      'Hello {{ customer.firstName }},\n\n' +
      'Your booking {{ booking.reference }} at {{ venue.name }} is canceled:\n\n' +
      '{{ product.name }}, {{ booking.date }} at {{ booking.time }}\n\n' +
      '{% if booking.refunded > 0 %}Refunded: {{ booking.refunded | money }}. A card refund can take a few days to show.\n\n{% endif %}' +
      'We hope to see you another time. Questions? Reply to this mail or call us.\n\n' +
      SIGNATURE,
  },
  {
    event: 'abandoned',
    subject: 'Your booking at {{ venue.name }} was not completed',
    text:
      'Hello {{ customer.firstName }},\n\n' +
      'Your booking of {{ product.name }} on {{ booking.date }} at {{ booking.time }} was not paid in time, so the lanes were released for other guests.\n\n' +
      'You are welcome to book again on our website. Questions? Reply to this mail or call us.\n\n' +
      SIGNATURE,
  },
  {
    // A gift card's recipient (decision 045): the code, the amount, the buyer's message; the printable card is attached.
    event: 'giftCard',
    subject:
      '{% if giftCard.buyerName != "" %}{{ giftCard.buyerName }} sent you a gift card{% else %}Your gift card{% endif %} for {{ venue.name }}',
    text:
      'Hello{% if giftCard.recipientName != "" %} {{ giftCard.recipientName }}{% endif %},\n\n' +
      '{% if giftCard.buyerName != "" %}{{ giftCard.buyerName }} sent you{% else %}Here is{% endif %} a gift card of {{ giftCard.amount | money }} for {{ venue.name }}.\n\n' +
      '{% if giftCard.message != "" %}{{ giftCard.message }}\n\n{% endif %}' +
      'Your gift card code: {{ giftCard.code }}\n' +
      '{% if giftCard.expiresOn != "" %}Valid until {{ giftCard.expiresOn }}.\n{% endif %}\n' +
      'Enter the code when you pay for a booking on our website, or show it at the desk. The card is attached to print.\n\n' +
      'See you soon,\n' +
      SIGNATURE,
  },
  {
    event: 'custom',
    subject: 'About your booking at {{ venue.name }}',
    text:
      'Hello {{ customer.firstName }},\n\n' +
      'About your booking at {{ venue.name }}:\n\n' +
      DETAILS +
      '\nYour booking:\n{{ manageUrl }}\n\n' +
      SIGNATURE,
  },
] as const;

/** The default template of a type (a gift card's mail goes with it when the venue has no active one of its own). */
export const defaultMailingTemplate = (event: (typeof DEFAULT_MAILING_TEMPLATES)[number]['event']) =>
  DEFAULT_MAILING_TEMPLATES.find((template) => template.event === event)!;

/** Writes the default templates, active, in the new venue's transaction. */
export async function createDefaultMailingTemplates(tx: Tx, venueId: string): Promise<void> {
  const scoped = forVenue(tx, venueId);
  for (const template of DEFAULT_MAILING_TEMPLATES) {
    await scoped.insert(mailingTemplates, { id: randomUUID(), ...template, isPaused: false });
  }
}
