import { formatVenueDate } from '@lanebook/core';
import { formatPhone } from '@lanebook/core/phone';
import { maskedGiftCardCode } from '@lanebook/core/gift-cards';
import type { Db, Tx } from '../../db/client.js';
import type { VenueRow } from '../../platform/access.js';
import type { JobAttempt, Jobs } from '../../platform/jobs.js';
import { conflict, fieldError } from '../../platform/errors.js';
import { renderTemplate, TemplateError } from '../../platform/liquid.js';
import { withTransaction } from '../../platform/locking.js';
import { handOverWrittenMails, MAIL_RETRIES, stableMailId, type Mailer, type QueuedMail } from '../../platform/mail.js';
import type { ModuleDeps } from '../../platform/module.js';
import { mailHtml } from '../bookings/mail-layout.js';
import { defang, MailRenderError, venueMailColor } from '../bookings/mail-variables.js';
import { defaultMailingTemplate } from '../mailing-templates/defaults.js';
import { activeMailingTemplate, type MailingTemplateRow } from '../mailing-templates/service.js';
import { venueRowById } from '../venues/service.js';
import { giftCardKeys, unsealCode, type GiftCardKeys } from './codes.js';
import { giftCardPdf } from './pdf.js';
import { expiresOnOf, giftCardOrNotFound, markDelivered, setRecipientEmail, type GiftCardRow } from './service.js';

/**
 * A gift card's mails (decision 045): the recipient's, with the code, on the delivery date (the
 * venue's active gift card template, else the default one: a card bought is always delivered),
 * and the buyer's receipt at once (Lanebook's own text, the last four only). Written to the outbox
 * in the transaction that causes them, rendered and sent by the gift-card-mail job, once per card,
 * mail and occasion. The code goes to the recipient; with SMTP the outbox's copy shows •••• instead.
 */

export const GIFT_CARD_MAIL_QUEUE = 'gift-card-mail';

export interface GiftCardMailJob {
  venueId: string;
  giftCardId: string;
  mail: 'delivery' | 'receipt';
  /** What makes this mail one of its own: 'first' for the delivery and the receipt, a resend's id. */
  occasion: string;
}

/** What the gift card mails need: the database, the mailer, the jobs, the server's address and its gift card keys. */
export interface GiftCardMailer {
  db: Db;
  mailer: Mailer;
  jobs: Jobs;
  baseUrl: string;
  keys: GiftCardKeys;
}

export const giftCardMailerOf = (deps: ModuleDeps): GiftCardMailer => ({
  db: deps.database.db,
  mailer: deps.mailer,
  jobs: deps.jobs,
  baseUrl: deps.config.baseUrl,
  keys: giftCardKeys(deps.config.giftCardSecret ?? deps.config.authSecret),
});

const mailIdOf = (job: Pick<GiftCardMailJob, 'giftCardId' | 'mail' | 'occasion'>) =>
  stableMailId(`gift-card:${job.giftCardId}:${job.mail}:${job.occasion}`);

/**
 * The mails a change writes in its transaction (`write`), handed to their job after the commit
 * (`handOver`); a lost hand-over is the mailer's sweep's (decision 020).
 */
export function giftCardMails(mail: Pick<GiftCardMailer, 'mailer' | 'jobs'>, log: { warn: (object: object, message: string) => void }) {
  const written: QueuedMail[] = [];
  const mails = {
    async write(
      tx: Tx,
      card: Pick<GiftCardRow, 'venueId' | 'id' | 'recipientEmail' | 'buyerEmail'>,
      kind: GiftCardMailJob['mail'],
      occasion = 'first',
    ) {
      const to = kind === 'delivery' ? card.recipientEmail : card.buyerEmail;
      if (!to) return;
      const data: GiftCardMailJob = { venueId: card.venueId, giftCardId: card.id, mail: kind, occasion };
      const queued: QueuedMail = {
        id: mailIdOf(data),
        kind: `gift-card-${kind}`,
        venueId: card.venueId,
        bookingId: null,
        to: [to],
        job: { queue: GIFT_CARD_MAIL_QUEUE, data, options: { ...MAIL_RETRIES, expireInSeconds: 120 } },
      };
      if (await mail.mailer.queue(tx, queued)) written.push(queued);
    },
    /**
     * A sale's mails: the buyer's receipt (online purchases), and the recipient's at once when its
     * day has come (else the delivery sweep sends it on the day).
     */
    async afterIssue(tx: Tx, card: GiftCardRow, now = new Date()) {
      if (card.source === 'online') await mails.write(tx, card, 'receipt');
      if (card.deliverAfter <= now && card.recipientEmail && (await markDelivered(tx, card.venueId, card.id, now)))
        await mails.write(tx, card, 'delivery');
    },
    handOver: () => handOverWrittenMails(mail.jobs, written, log),
  };
  return mails;
}

export type GiftCardMails = ReturnType<typeof giftCardMails>;

/** The values a gift card mail reads (GIFT_CARD_MAIL_PLACEHOLDERS): what people typed is defanged, never evaluated. */
export function giftCardMailVariables(
  card: Pick<GiftCardRow, 'amount' | 'balance' | 'recipientName' | 'buyerName' | 'message' | 'expiresAt'>,
  venue: Pick<VenueRow, 'name' | 'phone' | 'email' | 'address' | 'country' | 'timezone' | 'dateFormat'>,
  code: string,
) {
  const expiresOn = expiresOnOf(card.expiresAt, venue.timezone);
  return {
    giftCard: {
      code,
      amount: card.amount,
      balance: card.balance,
      recipientName: defang(card.recipientName),
      buyerName: defang(card.buyerName),
      message: defang(card.message),
      expiresOn: expiresOn ? formatVenueDate(new Date(card.expiresAt!.getTime() - 1), venue.timezone, venue.dateFormat) : '',
    },
    venue: { name: venue.name, phone: formatPhone(venue.phone, venue.country), email: venue.email, address: venue.address },
  };
}

/** The buyer's receipt: Lanebook's own text, with the card's last four only (the code is the recipient's). */
const RECEIPT = {
  subject: 'Your gift card for {{ venue.name }}',
  text:
    'Hello {{ buyer.name }},\n\n' +
    'Thank you for your gift card of {{ giftCard.amount | money }} for {{ venue.name }} ({{ buyer.card }}).\n\n' +
    'It goes to {{ giftCard.recipientName }} by mail on {{ buyer.deliverOn }}.' +
    '{% if giftCard.expiresOn != "" %} It is valid until {{ giftCard.expiresOn }}.{% endif %}\n\n' +
    '{{ venue.name }}\n' +
    '{% if venue.address != "" %}{{ venue.address }}\n{% endif %}{% if venue.phone != "" %}{{ venue.phone }}\n{% endif %}',
};

/** An uploaded picture is served under PUBLIC_URL; a URL is used as it is. */
const absoluteImage = (baseUrl: string, image: string) => (image.startsWith('/uploads/') ? `${baseUrl}${image}` : image);

/** Renders a subject and text over a card's values: the subject on one line, the HTML part in the venue's look with the card's picture. */
export async function renderGiftCardMail(
  db: Db,
  baseUrl: string,
  venue: VenueRow,
  content: { subject: string; text: string },
  variables: object,
) {
  const issues: MailRenderError['issues'] = [];
  const render = async (part: 'subject' | 'text') => {
    try {
      return await renderTemplate(content[part], variables, { moneyFormat: venue.moneyFormat });
    } catch (error) {
      if (!(error instanceof TemplateError)) throw error;
      issues.push({ part, message: error.message });
      return '';
    }
  };
  const subject = (await render('subject')).replace(/\s+/g, ' ').trim().slice(0, 200);
  const text = await render('text');
  if (issues.length) throw new MailRenderError(issues);
  const image = venue.giftCards.image ? absoluteImage(baseUrl, venue.giftCards.image) : undefined;
  const html = mailHtml(subject, text, { venueName: venue.name, primaryColor: await venueMailColor(db, venue.id), links: [], image });
  return { subject, text, html };
}

/** The recipient's mail: the venue's active gift card template, else the default text. */
async function giftCardTemplate(
  db: Db,
  venueId: string,
): Promise<Pick<MailingTemplateRow, 'subject' | 'text'> & Partial<MailingTemplateRow>> {
  return (await activeMailingTemplate(db, venueId, 'giftCard')) ?? defaultMailingTemplate('giftCard');
}

/**
 * The job: renders the mail over the card as it is now and sends it, once per id (the outbox row
 * is taken before sending). A disabled or expired card's delivery is dropped; a template that
 * does not render falls back to the default text, so a card bought still reaches its recipient.
 */
export async function sendGiftCardMail(mail: GiftCardMailer, job: GiftCardMailJob, attempt?: JobAttempt) {
  const id = mailIdOf(job);
  const venue = await venueRowById(mail.db, job.venueId);
  const card = venue ? await giftCardOrNotFound(mail.db, venue.id, job.giftCardId).catch(() => null) : null;
  const to = job.mail === 'delivery' ? card?.recipientEmail : card?.buyerEmail;
  if (!venue || !card || !to || (job.mail === 'delivery' && card.status !== 'active')) {
    await mail.mailer.discard(id);
    return;
  }
  const code = unsealCode(mail.keys, card.codeSealed);
  const variables = giftCardMailVariables(card, venue, code);
  if (job.mail === 'receipt') {
    const receiptValues = {
      ...variables,
      giftCard: { ...variables.giftCard, code: '' },
      buyer: {
        name: defang(card.buyerName),
        card: maskedGiftCardCode(card.codeLast4),
        deliverOn: formatVenueDate(card.deliverAfter, venue.timezone, venue.dateFormat),
      },
    };
    const rendered = await renderGiftCardMail(mail.db, mail.baseUrl, venue, RECEIPT, receiptValues);
    await mail.mailer.send({ id, to: [to], ...rendered, kind: 'gift-card-receipt', venueId: venue.id }, attempt);
    return;
  }
  const template = await giftCardTemplate(mail.db, venue.id);
  let rendered: Awaited<ReturnType<typeof renderGiftCardMail>>;
  try {
    rendered = await renderGiftCardMail(mail.db, mail.baseUrl, venue, template, variables);
  } catch (error) {
    if (!(error instanceof TemplateError)) throw error;
    rendered = await renderGiftCardMail(mail.db, mail.baseUrl, venue, defaultMailingTemplate('giftCard'), variables);
  }
  const pdf = await giftCardPdf(venue, { ...card, expiresOn: variables.giftCard.expiresOn || null }, code);
  await mail.mailer.send(
    {
      id,
      to: [to, ...(template.to ?? [])],
      cc: template.cc,
      bcc: template.bcc,
      replyTo: template.replyTo,
      ...rendered,
      kind: 'gift-card-delivery',
      venueId: venue.id,
      secrets: [code, code.replaceAll('-', '')],
      attachments: [{ filename: 'gift-card.pdf', content: Buffer.from(pdf), contentType: 'application/pdf' }],
    },
    attempt,
  );
}

/** A resend: the recipient's mail again, as a mail of its own (decision 045); the card must be active. */
export async function resendGiftCard(
  mail: GiftCardMailer,
  mails: GiftCardMails,
  venueId: string,
  id: string,
  resend: { recipientEmail?: string; occasion: string },
): Promise<GiftCardRow> {
  return withTransaction(mail.db, async (tx) => {
    let card = await giftCardOrNotFound(tx, venueId, id, { lock: true });
    if (card.status !== 'active')
      throw conflict(`This card is ${card.status}: its code pays nothing, so it is not sent.`, 'gift_card_not_active');
    if (resend.recipientEmail) card = await setRecipientEmail(tx, venueId, id, resend.recipientEmail);
    if (!card.recipientEmail) throw fieldError('The card has no recipient email: give one', 'recipientEmail');
    await mails.write(tx, card, 'delivery', resend.occasion);
    if (!card.deliveredAt) await markDelivered(tx, venueId, id, new Date());
    return card;
  });
}
