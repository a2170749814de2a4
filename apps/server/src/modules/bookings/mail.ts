import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Db } from '../../db/client.js';
import { TemplateError } from '../../platform/liquid.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { venueRowById } from '../venues/service.js';
import { bookingWithLedger } from './records.js';
import { bookings } from './schema.js';
import { forVenue } from '../../platform/venue-scope.js';
import { validationFailed } from '../../platform/errors.js';
import { activeMailingTemplate, type MailingTemplateRow } from '../mailing-templates/service.js';
import {
  defang,
  MailRenderError,
  renderBookingMailContent,
  type MailContent,
  type MailVenue,
  type RenderedMail,
} from './mail-variables.js';

/**
 * Booking mail (decision 020): a venue's mailing template, or a message staff type, rendered
 * with Liquid over the booking's values. What a customer typed (names, email, note) is
 * defanged so no mail client makes a link of it; the HTML part is the rendered text, escaped,
 * in the venue's layout. The values and the rendering are mail-variables.ts's, shared with the
 * template editor's preview.
 */

export type { MailVenue };

export type BookingMailType = MailingTemplateRow['event'];

/** What sending booking mail needs: the database, the mailer, and the server's address for the customer's links. */
export interface BookingMailer {
  db: Db;
  mailer: Mailer;
  /** PUBLIC_URL: manageUrl and waiverUrl are pages of the widget under it (decision 024). */
  baseUrl: string;
  /** Automatic mails are rendered and sent by a job, not the request. */
  jobs: Jobs;
  /** Whether the venue has an active template for a mail is kept here until its templates change. */
  reads: VenueReads;
}

export type BookingMailContent = MailContent;

/** Renders a subject and text (a template's, or typed by staff) for the booking. */
export async function renderBookingMail(
  { db, baseUrl }: Pick<BookingMailer, 'db' | 'baseUrl'>,
  venue: MailVenue,
  booking: Booking,
  content: BookingMailContent,
): Promise<RenderedMail> {
  try {
    return await renderBookingMailContent(db, baseUrl, venue, booking, content);
  } catch (error) {
    if (!(error instanceof MailRenderError)) throw error;
    // Send email's fields are subject and message.
    throw validationFailed(
      error.issues.map((issue) => ({ path: [issue.part === 'text' ? 'message' : 'subject'], message: issue.message })),
    );
  }
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
  /** The outbox id of a mail that must go once (an automatic mail's). */
  id?: string,
) {
  const mail = await renderBookingMail({ db, baseUrl }, venue, booking, content);
  await mailer.send({
    id,
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

export const BOOKING_MAIL_QUEUE = 'booking-mail';
type AutomaticMailType = 'confirmation' | 'cancellation';
interface BookingMailJob {
  venueId: string;
  bookingId: string;
  type: AutomaticMailType;
}

/** One id per booking and mail type, as a UUID: the job's id and its outbox row's, so the mail goes once however often the job runs. */
export function automaticMailId(bookingId: string, type: AutomaticMailType): string {
  const hex = createHash('sha256').update(`${bookingId}:${type}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The mail a booking event sends by itself (confirmation on create, cancellation on cancel),
 * queued after the booking's commit and rendered and sent by the job (sendQueuedAutomaticMail). A
 * failure to queue is logged, never undoes the booking.
 */
export async function queueAutomaticMail(
  mail: BookingMailer,
  venue: MailVenue,
  booking: Booking,
  type: AutomaticMailType,
  log: { warn: (object: object, message: string) => void },
) {
  if (!booking.reservationInfo.email) return;
  const job: BookingMailJob = { venueId: venue.id, bookingId: booking.id, type };
  try {
    // Decided when the booking is made: a template resumed a moment later does not mail earlier bookings.
    const hasTemplate = await mail.reads.json(
      'mailing_templates',
      venue.id,
      `active-mailing-template:${type}`,
      async () => !!(await activeMailingTemplate(mail.db, venue.id, type)),
    );
    if (!JSON.parse(hasTemplate)) return;
    await mail.jobs.send(BOOKING_MAIL_QUEUE, job, {
      id: automaticMailId(booking.id, type),
      retryLimit: 3,
      retryDelaySeconds: 10,
      expireInSeconds: 120,
    });
  } catch (error) {
    log.warn({ err: error, bookingId: booking.id }, `The ${type} mail of a booking could not be queued`);
  }
}

/**
 * The job: sends the mail when the venue has an active template for it, over the booking as it is
 * now. Its outbox row has the job's stable id, so a second run (a retry after a crash) sends nothing.
 */
export async function sendQueuedAutomaticMail(mail: BookingMailer, { venueId, bookingId, type }: BookingMailJob) {
  const venue = await venueRowById(mail.db, venueId);
  const [row] = venue ? await forVenue(mail.db, venueId).select(bookings, eq(bookings.id, bookingId)) : [];
  if (!venue || !row) return;
  const booking = await bookingWithLedger(mail.db, venueId, row);
  if (!booking.reservationInfo.email) return;
  const template = await activeMailingTemplate(mail.db, venueId, type);
  if (!template) return;
  try {
    await sendBookingMail(mail, venue, booking, booking.reservationInfo.email, type, template, template, automaticMailId(bookingId, type));
  } catch (error) {
    // A template that does not render now never will: no retry.
    if (error instanceof TemplateError || (error as { statusCode?: number }).statusCode === 400) {
      console.warn(`The ${type} mail of booking ${bookingId} could not be rendered: ${(error as Error).message}`);
      return;
    }
    throw error;
  }
}
