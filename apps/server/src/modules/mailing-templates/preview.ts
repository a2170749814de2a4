import type { MailPreview, MailPreviewBody, MailTestAnswer } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import type { Mailer } from '../../platform/mail.js';
import {
  bookingMailVariables,
  latestBooking,
  MailRenderError,
  renderBookingMailContent,
  renderMail,
  sampleBooking,
  venueMailColor,
  type RenderedMail,
} from '../bookings/mail-variables.js';
import { giftCardMailVariables, renderGiftCardMail } from '../gift-cards/mail.js';
import { expiryOf } from '../gift-cards/service.js';
import { bookableProducts } from '../products/service.js';
import { mailingTemplateById } from './service.js';

/**
 * The template editor's preview and "Send me a test": the subject and text as typed, rendered by
 * the very functions a booking's mail uses (bookings/mail-variables.ts), over the venue's latest
 * booking or, when it has none, a made-up one in the venue's zone and formats.
 */

export interface PreviewDeps {
  db: Db;
  /** PUBLIC_URL: the sample's manageUrl and waiverUrl. */
  baseUrl: string;
}

/** The subject and text to render: the body's, a part left out taken from the named template (another venue's is a 404). */
async function contentOf(db: Db, venueId: string, body: MailPreviewBody) {
  if (!body.templateId) return { subject: body.subject ?? '', text: body.text ?? '', event: body.event };
  const saved = await mailingTemplateById(db, venueId, body.templateId);
  if (!saved) throw notFound('Mailing template');
  return { subject: body.subject ?? saved.subject, text: body.text ?? saved.text, event: body.event ?? saved.event };
}

/** A made-up gift card of the venue's first preset amount, from a buyer with a message, for a gift card template's preview. */
async function giftCardPreview(db: Db, baseUrl: string, venue: VenueRow, content: { subject: string; text: string }): Promise<MailPreview> {
  const amount = venue.giftCards.presetAmounts[0] ?? venue.giftCards.customAmountMin;
  const card = {
    amount,
    balance: amount,
    recipientName: 'Alex Sample',
    buyerName: 'Sam Sample',
    message: 'Happy birthday! Enjoy a game on us.',
    expiresAt: expiryOf(venue, new Date()),
  };
  try {
    const rendered = await renderGiftCardMail(db, baseUrl, venue, content, giftCardMailVariables(card, venue, 'SAMP-LE23-4567-89AB-CDEF'));
    return { ...rendered, sample: { kind: 'giftCard', reference: null } };
  } catch (error) {
    if (!(error instanceof MailRenderError)) throw error;
    throw validationFailed(error.issues.map((issue) => ({ path: [issue.part], message: issue.message })));
  }
}

export async function previewMail({ db, baseUrl }: PreviewDeps, venue: VenueRow, body: MailPreviewBody): Promise<MailPreview> {
  const content = await contentOf(db, venue.id, body);
  if (content.event === 'giftCard') return giftCardPreview(db, baseUrl, venue, content);
  const booking = await latestBooking(db, venue.id);
  let rendered: RenderedMail;
  try {
    if (booking) {
      rendered = await renderBookingMailContent(db, baseUrl, venue, booking, content);
    } else {
      const [product] = await bookableProducts(db, venue.id);
      const variables = bookingMailVariables(sampleBooking(venue), venue, product ?? { name: 'Your product' }, baseUrl);
      rendered = await renderMail(content, variables, venue, await venueMailColor(db, venue.id));
    }
  } catch (error) {
    if (!(error instanceof MailRenderError)) throw error;
    throw validationFailed(error.issues.map((issue) => ({ path: [issue.part], message: issue.message })));
  }
  return {
    ...rendered,
    sample: booking ? { kind: 'booking', reference: booking.bookingReference } : { kind: 'example', reference: null },
  };
}

/**
 * Sends the preview to the signed-in user's own address, never another: no recipient is taken
 * from the body or the template. Through the mailer, so it is in the outbox and, with SMTP, sent.
 */
export async function sendTestMail(
  deps: PreviewDeps & { mailer: Mailer },
  venue: VenueRow,
  body: MailPreviewBody,
  ownEmail: string,
): Promise<MailTestAnswer> {
  const preview = await previewMail(deps, venue, body);
  const subject = `[Test] ${preview.subject}`.trim();
  const result = await deps.mailer.send({
    to: [ownEmail],
    subject,
    text: preview.text,
    html: preview.html,
    kind: 'mailing-template-test',
    venueId: venue.id,
  });
  // A fresh id is never a duplicate; the mail server's own words stay in the outbox (superadmins).
  return { to: ownEmail, subject, status: result.status === 'failed' ? 'failed' : result.status === 'sent' ? 'sent' : 'stored' };
}
