import { desc } from 'drizzle-orm';
import { addDays, DEFAULT_COLORS, formatVenueDate, formatVenueTime, instantOf, venueToday, wallClockOf } from '@lanebook/core';
import { formatPhone } from '@lanebook/core/phone';
import { cancellationPeriodText, cancellationSentence } from '@lanebook/core/format';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Db, Tx } from '../../db/client.js';
import { renderTemplate, TemplateError } from '../../platform/liquid.js';
import { forVenue } from '../../platform/venue-scope.js';
import { liveProductById } from '../products/service.js';
import { activeWidgetTemplate } from '../widget-templates/service.js';
import { mailHtml, type MailLink } from './mail-layout.js';
import { cancellationPeriodOf, customerDeadline } from './actions.js';
import { customerLinks, signingLinkOf } from './public.js';
import { bookingWithLedger } from './records.js';
import { bookings } from './schema.js';

/**
 * The values a booking mail's Liquid template reads (MAIL_PLACEHOLDERS in packages/core), built
 * in one place for every mail a booking sends and for the template editor's preview, and the
 * rendering of a subject and text over them into the subject, text and HTML of a mail.
 */

/** What of the venue a booking mail shows: its contact lines, and its zone and formats. */
export interface MailVenue {
  id: string;
  name: string;
  phone: string;
  email: string;
  address: string;
  /** Phones are stored E.164 and shown in this country's format (formatPhone). */
  country: string;
  timezone: string;
  dateFormat: string;
  timeFormat: 12 | 24;
  moneyFormat: string;
}

/** "://" and a dot between letters or digits are broken up, so text never turns into a link. */
export function defang(text: string): string {
  return text.replace(/:\/\//g, '[:]//').replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, '[.]');
}

/** "today" or "tomorrow" as the venue's calendar has it when the mail is made, else the booking's date. */
function whenOf(startsAt: Date, timezone: string, date: string, now: Date): string {
  const day = wallClockOf(startsAt, timezone).date;
  const today = venueToday(timezone, now);
  if (day === today) return 'today';
  return day === addDays(today, 1) ? 'tomorrow' : date;
}

/** The booking fields the variables read. */
export type MailBooking = Pick<
  Booking,
  | 'status'
  | 'reservationInfo'
  | 'startsAt'
  | 'endsAt'
  | 'registrationCode'
  | 'bookingReference'
  | 'signingToken'
  | 'playersCount'
  | 'resourceIds'
  | 'total'
  | 'netPaid'
  | 'refunded'
  | 'due'
>;

/** What of the booking's product a mail reads: its name and cancellation period (24 hours unless set). */
export interface MailProduct {
  name: string;
  cancellationPeriodAmount?: number;
  cancellationPeriodUnit?: 'hours' | 'days';
}

/**
 * Every placeholder's value for one booking. Dates and times are in the venue's zone and
 * formats, phones in its country's format; amounts stay in cents for the `money` filter, which
 * speaks the venue's money format. What the customer typed is defanged (decision 020).
 */
export function bookingMailVariables(booking: MailBooking, venue: MailVenue, product: MailProduct, baseUrl: string, now = new Date()) {
  const info = booking.reservationInfo;
  const startsAt = new Date(booking.startsAt);
  const time = (instant: Date) => formatVenueTime(instant, venue.timezone, venue.timeFormat, false);
  const date = formatVenueDate(startsAt, venue.timezone, venue.dateFormat);
  const period = cancellationPeriodOf({
    cancellationPeriodAmount: product.cancellationPeriodAmount ?? 24,
    cancellationPeriodUnit: product.cancellationPeriodUnit ?? 'hours',
  });
  const deadline = customerDeadline({ status: booking.status, startsAt }, period);
  const until = deadline
    ? `${whenOf(deadline, venue.timezone, formatVenueDate(deadline, venue.timezone, venue.dateFormat), now)} at ${time(deadline)}`
    : null;
  const signingLink = signingLinkOf(baseUrl, booking.signingToken);
  return {
    customer: {
      firstName: defang(info.firstName),
      lastName: defang(info.lastName),
      fullName: defang(`${info.firstName} ${info.lastName}`.trim()),
      email: defang(info.email),
      phone: formatPhone(info.phone, venue.country),
    },
    booking: {
      registrationCode: booking.registrationCode ?? '',
      reference: booking.bookingReference ?? '',
      date,
      when: whenOf(startsAt, venue.timezone, date, now),
      time: time(startsAt),
      endTime: time(new Date(booking.endsAt)),
      playersCount: booking.playersCount,
      lanes: booking.resourceIds.join(', '),
      total: booking.total,
      // What the customer has paid and kept paid: payments less refunds, as `due` counts it.
      paid: booking.netPaid,
      refunded: booking.refunded,
      due: booking.due,
      note: defang(info.note),
      // True for this booking: until when it can be canceled online, or that it no longer can.
      cancellation: cancellationSentence(cancellationPeriodText(period.amount, period.unit), until, deadline !== null && now < deadline),
    },
    product: { name: product.name },
    venue: { name: venue.name, phone: formatPhone(venue.phone, venue.country), email: venue.email, address: venue.address },
    ...customerLinks(baseUrl, booking.bookingReference),
    // The friends' sign-only link; waiverUrl is its older name, kept so saved templates never share the reference (decision 023).
    signingLink,
    waiverUrl: signingLink,
  };
}

export type MailVariables = ReturnType<typeof bookingMailVariables>;

export interface MailContent {
  subject: string;
  text: string;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** A subject or text that does not render: each part refused with why; each caller names its own fields. */
export class MailRenderError extends TemplateError {
  constructor(readonly issues: { part: keyof MailContent; message: string }[]) {
    super(issues.map((issue) => `${issue.part}: ${issue.message}`).join('; '));
  }
}

/** The venue's primary color: its default widget template's, else the widget's default. */
export async function venueMailColor(db: Db | Tx, venueId: string): Promise<string> {
  const template = await activeWidgetTemplate(db, venueId, null);
  return template?.view.colors.primary ?? DEFAULT_COLORS.primary;
}

/**
 * Renders a subject and text over the variables: the subject on one line, the text as written,
 * and the HTML part made from that text in the venue's look (mail-layout.ts). Every part that
 * fails is reported (MailRenderError).
 */
export async function renderMail(
  content: MailContent,
  variables: MailVariables & Record<string, unknown>,
  venue: Pick<MailVenue, 'name' | 'moneyFormat'>,
  primaryColor: string,
): Promise<RenderedMail> {
  const issues: MailRenderError['issues'] = [];
  const render = async (part: keyof MailContent) => {
    try {
      return await renderTemplate(content[part], variables, { moneyFormat: venue.moneyFormat });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      issues.push({ part, message: error.message });
      return '';
    }
  };
  const subjectText = await render('subject');
  const text = await render('text');
  if (issues.length) throw new MailRenderError(issues);
  // A subject is one line, whatever the template or the values hold.
  const subject = subjectText.replace(/\s+/g, ' ').trim().slice(0, 200);
  const links: MailLink[] = [
    { url: variables.signingLink, label: 'Sign the waiver' },
    { url: variables.manageUrl, label: 'View your booking' },
  ].filter((link) => link.url !== '');
  // The check-in code and its QR code go under the text in the HTML part; templates may name {{ checkIn.code }} in the text.
  const checkIn = checkInOf(variables.checkIn);
  return { subject, text, html: mailHtml(subject, text, { venueName: venue.name, primaryColor, links, checkIn }) };
}

/** The check-in values an occasion gave (mail.ts's checkInMailValues), when they are well formed. */
function checkInOf(value: unknown): { code: string; imageUrl: string } | undefined {
  const candidate = value as { code?: unknown; imageUrl?: unknown } | undefined;
  if (typeof candidate?.code !== 'string' || typeof candidate.imageUrl !== 'string') return undefined;
  if (!/^[A-Za-z0-9_-]+$/.test(candidate.code) || !/^https?:\/\//.test(candidate.imageUrl)) return undefined;
  return { code: candidate.code, imageUrl: candidate.imageUrl };
}

/**
 * A booking's mail as it would go now: its product's name, the venue's color, the variables,
 * and `extra` values of the occasion (a move's `change`) beside them.
 */
export async function renderBookingMailContent(
  db: Db | Tx,
  baseUrl: string,
  venue: MailVenue,
  booking: Booking,
  content: MailContent,
  extra: Record<string, unknown> = {},
): Promise<RenderedMail> {
  const [product, color] = await Promise.all([liveProductById(db, venue.id, booking.productId), venueMailColor(db, venue.id)]);
  const variables = { ...bookingMailVariables(booking, venue, product ?? { name: '' }, baseUrl), ...extra };
  return renderMail(content, variables, venue, color);
}

/** The booking a template's preview shows: the venue's latest, with its ledger; null when it has none. */
export async function latestBooking(db: Db, venueId: string): Promise<Booking | null> {
  const row = await forVenue(db, venueId).first(bookings, undefined, { orderBy: [desc(bookings.createdAt), desc(bookings.id)] });
  return row ? bookingWithLedger(db, venueId, row) : null;
}

/**
 * A made-up booking for a venue with none yet: tomorrow at 6 PM in the venue's zone, two
 * hours, four players on two lanes, half paid. Its links lead to the widget's "not found" page.
 */
export function sampleBooking(venue: Pick<MailVenue, 'timezone'>, now = new Date()): MailBooking {
  const tomorrow = addDays(venueToday(venue.timezone, now), 1);
  // `now` only where 18:00 does not exist that day (a clock change at that hour).
  const startsAt = instantOf(tomorrow, '18:00', venue.timezone) ?? now;
  return {
    status: 'new',
    reservationInfo: { firstName: 'Alex', lastName: 'Sample', email: 'alex.sample@example.com', phone: '+12025550143', note: '' },
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
    registrationCode: 'SAMPLE-0001',
    bookingReference: 'SAMPLE0001',
    signingToken: '0'.repeat(32),
    playersCount: 4,
    resourceIds: ['1', '2'],
    total: 8000,
    netPaid: 4000,
    refunded: 0,
    due: 4000,
  };
}
