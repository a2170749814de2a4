import { eq } from 'drizzle-orm';
import { formatMoney, isLiveStatus } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { AutomaticMail, MailDelivery } from '@lanebook/core/booking-events';
import type { Db, Tx } from '../../db/client.js';
import { TemplateError } from '../../platform/liquid.js';
import type { JobAttempt, Jobs } from '../../platform/jobs.js';
import { withTransaction } from '../../platform/locking.js';
import {
  handOverWrittenMails,
  MAIL_RETRIES,
  MailDeferred,
  stableMailId,
  type Mailer,
  type MailResult,
  type QueuedMail,
} from '../../platform/mail.js';
import type { ModuleDeps } from '../../platform/module.js';
import type { VenueReads } from '../../platform/venue-reads.js';
import { venueRowById } from '../venues/service.js';
import { bookingWithLedger, writeLog } from './records.js';
import { bookings } from './schema.js';
import { forVenue } from '../../platform/venue-scope.js';
import { validationFailed } from '../../platform/errors.js';
import { activeMailingTemplate, type MailingTemplateRow } from '../mailing-templates/service.js';
import { venueSpan } from './public.js';
import { checkInCodeOf, checkInKey } from '../check-in/codes.js';
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
  /** Automatic mails are written in the change's transaction, then rendered and sent by a job, not the request. */
  jobs: Jobs;
  /** Whether the venue has an active template for a mail is kept here until its templates change. */
  reads: VenueReads;
  /** The key of check-in codes (check-in/codes.ts): confirmations and reminders show the booking's (issue 39). */
  checkInKey?: Buffer;
}

/** The module's BookingMailer, from what app.ts hands every module. */
export const bookingMailerOf = (deps: ModuleDeps): BookingMailer => ({
  db: deps.database.db,
  mailer: deps.mailer,
  baseUrl: deps.config.baseUrl,
  jobs: deps.jobs,
  reads: deps.reads,
  checkInKey: checkInKey(deps.config.authSecret),
});

export type BookingMailContent = MailContent;

/** Renders a subject and text (a template's, or typed by staff) for the booking. */
export async function renderBookingMail(
  { db, baseUrl }: Pick<BookingMailer, 'db' | 'baseUrl'>,
  venue: MailVenue,
  booking: Booking,
  content: BookingMailContent,
  /** Values of the occasion beside the booking's (a move's `change`). */
  extra: Record<string, unknown> = {},
): Promise<RenderedMail> {
  try {
    return await renderBookingMailContent(db, baseUrl, venue, booking, content, extra);
  } catch (error) {
    if (!(error instanceof MailRenderError)) throw error;
    // Send email's fields are subject and message.
    throw validationFailed(
      error.issues.map((issue) => ({ path: [issue.part === 'text' ? 'message' : 'subject'], message: issue.message })),
    );
  }
}

/** A booking's check-in code and the absolute address of its QR code, as a mail shows them (mail-layout.ts). */
export function checkInMailValues(mail: Pick<BookingMailer, 'baseUrl' | 'checkInKey'>, venueId: string, booking: Booking) {
  if (!mail.checkInKey || !booking.bookingReference) return undefined;
  return {
    code: checkInCodeOf(mail.checkInKey, venueId, booking.id),
    imageUrl: `${mail.baseUrl}/api/public/booking/${encodeURIComponent(booking.bookingReference)}/qr.png`,
  };
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
  const result = await mailer.send({
    id,
    to: [to, ...(template?.to ?? [])],
    cc: template?.cc,
    bcc: template?.bcc,
    replyTo: template?.replyTo,
    ...mail,
    kind: `booking-${type}`,
    venueId: venue.id,
    bookingId: booking.id,
  });
  return { subject: mail.subject, result };
}

/** A mail's delivery state as the booking's log keeps it (a duplicate is never logged). */
export function mailDelivery(result: MailResult): { delivery: MailDelivery; error: string | null } {
  const delivery = result.status === 'duplicate' ? 'stored' : result.status;
  return { delivery, error: result.error ?? null };
}

export const BOOKING_MAIL_QUEUE = 'booking-mail';
/** The mails a booking sends by itself: a template's type, or a refund's receipt (Lanebook's own text). */
export type AutomaticMailType = Exclude<AutomaticMail, 'change'>;

/** A refund the receipt tells of, as the refund's answer gave it. */
export interface RefundReceipt {
  id: string;
  amount: number;
  paymentMethodAlias: string;
  status: string;
}

export interface BookingMailJob {
  venueId: string;
  bookingId: string;
  type: AutomaticMailType;
  /**
   * What makes the mail one of its own where its type repeats: a move's booking version, a
   * reminder's start, a refund's id. Part of its idempotency key (automaticMailId).
   */
  occasion?: string;
  /** A moved booking's confirmation: its time before the move, as the customer reads it. */
  change?: { from: string };
  /** A reminder: the start it reminds of (moved since, it is not sent). */
  startsAt?: string;
  refund?: RefundReceipt;
}

/**
 * One id per booking, mail type and occasion (a UUID): the job's id and its outbox row's, so the
 * mail goes once however often and wherever its job runs.
 */
export function automaticMailId(bookingId: string, type: AutomaticMailType, occasion?: string): string {
  return stableMailId(occasion ? `${bookingId}:${type}:${occasion}` : `${bookingId}:${type}`);
}

/** Retries of a temporary SMTP failure: the mailer's (30 s, then twice as long each time, 6 times). */
export const AUTOMATIC_MAIL_RETRIES = MAIL_RETRIES;

/** Whether the venue has an active template for the type, kept in memory until its templates change. */
async function hasActiveTemplate(mail: BookingMailer, tx: Tx, venueId: string, type: MailingTemplateRow['event']): Promise<boolean> {
  const answer = await mail.reads.json('mailing_templates', venueId, `active-mailing-template:${type}`, async () =>
    Boolean(await activeMailingTemplate(tx, venueId, type)),
  );
  return JSON.parse(answer) as boolean;
}

/**
 * The mails a booking event sends by itself (the confirmation on create, its change on a move,
 * the cancellation, the abandoned mail, a refund's receipt, a reminder): `write` puts each in the
 * outbox in the change's own transaction (queued, decision 020), so a change that commits has
 * its mail whatever happens next; `handOver`, after the commit, gives them to the job
 * (sendQueuedAutomaticMail) that renders and sends them. A hand-over that fails is logged, never
 * undoes the change: the mailer's sweep hands the mail over a minute later.
 */
export function automaticMails(mail: BookingMailer, log: { warn: (object: object, message: string) => void }) {
  const written: QueuedMail[] = [];
  const automatic = {
    /** Writes the mail in the change's transaction when the venue sends it: it has a customer address and an active template. */
    async write(
      tx: Tx,
      venue: { id: string },
      booking: { id: string; reservationInfo: { email?: string } },
      type: AutomaticMailType,
      details: Omit<BookingMailJob, 'venueId' | 'bookingId' | 'type'> = {},
    ) {
      const to = booking.reservationInfo.email;
      if (!to) return;
      // Decided when the event happens: a template resumed a moment later does not mail earlier bookings.
      // A refund's receipt goes where the venue confirms bookings by mail.
      if (!(await hasActiveTemplate(mail, tx, venue.id, type === 'receipt' ? 'confirmation' : type))) return;
      const data: BookingMailJob = { venueId: venue.id, bookingId: booking.id, type, ...details };
      const queued: QueuedMail = {
        id: automaticMailId(booking.id, type, details.occasion),
        kind: `booking-${type}`,
        venueId: venue.id,
        bookingId: booking.id,
        to: [to],
        job: { queue: BOOKING_MAIL_QUEUE, data, options: { ...AUTOMATIC_MAIL_RETRIES, expireInSeconds: 120 } },
      };
      if (await mail.mailer.queue(tx, queued)) written.push(queued);
    },
    /**
     * Writes a receipt for each refund of the booking dated `since` or later (the refunds the
     * change just made); the refund's id makes each receipt once. A failed card refund gets none.
     */
    async writeRefundReceipts(tx: Tx, venue: { id: string }, booking: Booking, since: Date) {
      if (!booking.isConfirmationEmail) return;
      for (const refund of booking.refunds) {
        if (refund.status === 'failed' || new Date(refund.date) < since) continue;
        const { id, amount, paymentMethodAlias, status } = refund;
        await automatic.write(tx, venue, booking, 'receipt', { occasion: id, refund: { id, amount, paymentMethodAlias, status } });
      }
    },
    /** After the commit: each mail written goes to its job now. */
    handOver: () => handOverWrittenMails(mail.jobs, written, log),
  };
  return automatic;
}

export type AutomaticMails = ReturnType<typeof automaticMails>;

/** Whether the booking is still as the mail was queued for: a reminder of a start moved or canceled since, an abandoned mail of a booking paid since, are dropped. */
function stillWanted(job: BookingMailJob, row: typeof bookings.$inferSelect): boolean {
  const live = isLiveStatus(row.status);
  if (job.type === 'reminder') return live && row.startsAt.toISOString() === job.startsAt;
  if (job.type === 'abandoned') return row.status === 'abandoned';
  if (job.change) return live;
  return true;
}

/** The refund receipt: Lanebook's own text (the spec's mail types have none for it), over the booking's values and the refund's. */
const RECEIPT_CONTENT: BookingMailContent = {
  subject: 'Refund receipt for booking {{ booking.reference }}',
  text:
    'Hello {{ customer.firstName }},\n\n' +
    '{{ venue.name }} refunded {{ refund.amount }} ({{ refund.method }}) for your booking {{ booking.reference }}, ' +
    '{{ product.name }} on {{ booking.date }} at {{ booking.time }}.' +
    '{% if refund.pending %} It is on its way to your card: it can take a few days to show.{% endif %}\n\n' +
    'Total: {{ booking.total | money }}\nPaid: {{ booking.paid | money }}\nDue: {{ booking.due | money }}\n\n' +
    'Your booking: {{ manageUrl }}\n\n{{ venue.name }}\n' +
    '{% if venue.address != "" %}{{ venue.address }}\n{% endif %}{% if venue.phone != "" %}{{ venue.phone }}\n{% endif %}',
};

/**
 * A moved booking's confirmation names the change: the template reads `change.from` and
 * `change.to`; one that does not mention `change` gets a line saying it before its text.
 */
function withChange(content: BookingMailContent): BookingMailContent {
  // `change` in a Liquid output or tag, not the word in the text.
  if (/\{\{-?\s*change\b|\{%-?[^%]*\bchange\b/.test(content.subject + content.text)) return content;
  return {
    subject: `Changed: ${content.subject}`,
    text: `Your booking was moved from {{ change.from }} to {{ change.to }}.\n\n${content.text}`,
  };
}

/**
 * The job: sends the mail when the venue has an active template for it (a receipt: for confirmations), over
 * the booking as it is now, and writes the outcome in the booking's log. Its outbox row (queued
 * in the change's transaction) has the job's stable id and is taken before sending, so a second
 * run (a retry after a crash, another process, the sweep's hand-over) sends nothing; a
 * temporary SMTP failure throws MailDeferred, and pg-boss runs it again later. A mail no longer
 * wanted leaves the outbox, so the sweep does not hand it over again.
 */
export async function sendQueuedAutomaticMail(mail: BookingMailer, job: BookingMailJob, attempt?: JobAttempt) {
  const id = automaticMailId(job.bookingId, job.type, job.occasion);
  if ((await renderAndSend(mail, id, job, attempt)) === 'not sent') await mail.mailer.discard(id);
}

async function renderAndSend(mail: BookingMailer, id: string, job: BookingMailJob, attempt?: JobAttempt): Promise<'not sent' | 'done'> {
  const { venueId, bookingId, type } = job;
  const venue = await venueRowById(mail.db, venueId);
  const [row] = venue ? await forVenue(mail.db, venueId).select(bookings, eq(bookings.id, bookingId)) : [];
  if (!venue || !row || !stillWanted(job, row)) return 'not sent';
  const booking = await bookingWithLedger(mail.db, venueId, row);
  const to = booking.reservationInfo.email;
  if (!to) return 'not sent';
  const active = await activeMailingTemplate(mail.db, venueId, type === 'receipt' ? 'confirmation' : type);
  if (!active) return 'not sent';
  // A receipt is Lanebook's text to the customer alone; the confirmation template only says the venue mails its customers.
  const template = type === 'receipt' ? null : active;
  let content: BookingMailContent = template ?? RECEIPT_CONTENT;
  const extra: Record<string, unknown> = {};
  if (job.refund) {
    const refund = booking.refunds.find((candidate) => candidate.id === job.refund?.id);
    if (!refund || refund.status === 'failed') return 'not sent';
    // A card refund the provider has not answered yet: its receipt waits for the answer, on the job's retries.
    if (refund.status === 'pending' && attempt && !attempt.isLastAttempt)
      throw new MailDeferred('The card refund is still pending at the provider.');
    // Values, never template text: a payment method's name is what staff typed.
    extra.refund = {
      amount: formatMoney(refund.amount, venue.moneyFormat),
      method: defang(refund.paymentMethodAlias),
      pending: refund.status === 'pending',
    };
  }
  if (job.change) {
    extra.change = { from: job.change.from, to: venueSpan(row.startsAt, row.endsAt, venue) };
    content = withChange(content);
  }
  // The mails a customer opens on the way to the venue show the desk's code; a move's change mail shows the change.
  if ((type === 'confirmation' || type === 'reminder') && !job.change && mail.checkInKey && booking.bookingReference)
    extra.checkIn = checkInMailValues(mail, venueId, booking);
  const logged = job.change ? 'change' : type;
  let rendered: { subject: string; text: string; html: string };
  try {
    rendered = await renderBookingMail(mail, venue, booking, content, extra);
  } catch (error) {
    // A template that does not render now never will: no retry, a warning in the log.
    if (!(error instanceof TemplateError || (error as { statusCode?: number }).statusCode === 400)) throw error;
    console.warn(`The ${type} mail of booking ${bookingId} could not be rendered: ${(error as Error).message}`);
    await withTransaction(mail.db, (tx) => writeLog(tx, venueId, bookingId, { type: 'mailNotRendered', mail: logged, to }, 'Lanebook'));
    return 'not sent';
  }
  const result = await mail.mailer.send(
    {
      id,
      to: [to, ...(template?.to ?? [])],
      cc: template?.cc,
      bcc: template?.bcc,
      replyTo: template?.replyTo,
      ...rendered,
      kind: `booking-${type}`,
      venueId,
      bookingId,
    },
    attempt,
  );
  if (result.status === 'duplicate') return 'done';
  await withTransaction(mail.db, (tx) =>
    writeLog(tx, venueId, bookingId, { type: 'mail', mail: logged, subject: rendered.subject, to, ...mailDelivery(result) }, 'Lanebook'),
  );
  return 'done';
}
