import { formatVenueDate, formatVenueTime } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Db } from '../../db/client.js';
import { renderTemplate, TemplateError } from '../../platform/liquid.js';
import type { Mailer } from '../../platform/mail.js';
import { escapeHtml } from '../../platform/mail-templates.js';
import { fieldError } from '../calendar/service.js';
import { activeMailingTemplate, type MailingTemplateRow } from '../mailing-templates/service.js';
import { productForCalendar } from '../products/service.js';
import { customerLinks } from './public.js';

/**
 * Booking mail (decision 020): a venue's mailing template, or a message staff type, rendered
 * with Liquid over the booking's values. What a customer typed (names, email, note) is
 * defanged so no mail client makes a link of it; the HTML part is the rendered text, escaped.
 */

export interface MailVenue {
  id: string;
  name: string;
  phone: string;
  address: string;
  timezone: string;
  dateFormat: string;
  timeFormat: 12 | 24;
  moneyFormat: string;
}

export type BookingMailType = MailingTemplateRow['event'];

/** What sending booking mail needs: the database, the mailer, and the server's address for the customer's links. */
export interface BookingMailer {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: manageUrl and waiverUrl are pages of the widget under it (decision 024). */
  baseUrl: string;
}

/** "://" and a dot between letters or digits are broken up, so text never turns into a link. */
export function defang(text: string): string {
  return text.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]');
}

/** The placeholders of MAIL_PLACEHOLDERS (packages/core/src/catalog.ts), for one booking. */
function mailValues(booking: Booking, venue: MailVenue, productName: string, baseUrl: string) {
  const info = booking.reservationInfo;
  const startsAt = new Date(booking.startsAt);
  return {
    customer: { firstName: defang(info.firstName), lastName: defang(info.lastName), email: defang(info.email) },
    booking: {
      registrationCode: booking.registrationCode ?? '',
      reference: booking.bookingReference ?? '',
      date: formatVenueDate(startsAt, venue.timezone, venue.dateFormat),
      time: formatVenueTime(startsAt, venue.timezone, venue.timeFormat, false),
      playersCount: booking.playersCount,
      lanes: booking.resourceIds.join(', '),
      total: booking.total,
      paid: booking.paid,
      due: booking.due,
      note: defang(info.note),
    },
    product: { name: productName },
    venue: { name: venue.name, phone: venue.phone, address: venue.address },
    ...customerLinks(baseUrl, booking.bookingReference),
  };
}

export interface BookingMailContent {
  subject: string;
  text: string;
}

/** Renders a subject and text (a template's, or typed by staff) for the booking. */
export async function renderBookingMail(
  { db, baseUrl }: Pick<BookingMailer, 'db' | 'baseUrl'>,
  venue: MailVenue,
  booking: Booking,
  content: BookingMailContent,
): Promise<{ subject: string; text: string; html: string }> {
  const product = await productForCalendar(db, venue.id, booking.productId);
  const values = mailValues(booking, venue, product?.name ?? '', baseUrl);
  const render = async (template: string, field: 'subject' | 'message'): Promise<string> => {
    try {
      return await renderTemplate(template, values, { moneyFormat: venue.moneyFormat });
    } catch (error) {
      throw error instanceof TemplateError ? fieldError(error.message, field) : error;
    }
  };
  // A subject is one line, whatever the template or the values hold.
  const subject = (await render(content.subject, 'subject')).replace(/\s+/g, ' ').trim().slice(0, 200);
  const text = await render(content.text, 'message');
  const html = `<div style="font-family:sans-serif;white-space:pre-wrap">${escapeHtml(text)}</div>`;
  return { subject, text, html };
}

/** Sends a rendered booking mail to the customer (and the template's own recipients); it is kept in the outbox either way. */
export async function sendBookingMail(
  { db, mailer, baseUrl }: BookingMailer,
  venue: MailVenue,
  booking: Booking,
  to: string,
  type: BookingMailType,
  content: BookingMailContent,
  template?: MailingTemplateRow,
) {
  const mail = await renderBookingMail({ db, baseUrl }, venue, booking, content);
  await mailer.send({
    to: [to, ...(template?.to ?? [])],
    cc: template?.cc,
    bcc: template?.bcc,
    replyTo: template?.replyTo,
    ...mail,
    kind: `booking-${type}`,
    venueId: venue.id,
  });
  return mail.subject;
}

/**
 * The mail a booking event sends by itself (confirmation on create, cancellation on cancel):
 * only when the venue has an active template for it. A failure is logged, never undoes the
 * booking (the outbox records it).
 */
export async function sendAutomaticMail(
  mail: BookingMailer,
  venue: MailVenue,
  booking: Booking,
  type: 'confirmation' | 'cancellation',
  log: { warn: (object: object, message: string) => void },
) {
  try {
    if (!booking.reservationInfo.email) return;
    const template = await activeMailingTemplate(mail.db, venue.id, type);
    if (!template) return;
    await sendBookingMail(mail, venue, booking, booking.reservationInfo.email, type, template, template);
  } catch (error) {
    log.warn({ err: error, bookingId: booking.id }, `The ${type} mail of a booking could not be sent`);
  }
}
