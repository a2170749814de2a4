import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import {
  MAILING_TEMPLATE_EVENTS,
  mailingLastSentSchema,
  mailPreviewBodySchema,
  mailPreviewSchema,
  mailTestAnswerSchema,
  pagedSchema,
  venueMailSchema,
  type MailingTemplateEvent,
} from '@lanebook/core';
import { identityOf, venueOf } from '../../platform/access.js';
import { conflict, notFound } from '../../platform/errors.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { toVenueMail, venueMailById, venueMailLog } from '../../platform/mail-log.js';
import type { ModuleDeps } from '../../platform/module.js';
import { previewMail, sendTestMail } from './preview.js';

const tags = ['mailing-templates'];

/**
 * The mailing templates' own routes beside the collection's (platform/collections.ts). When each
 * type last went out is a route of its own: the collection's list is kept in memory until a
 * template changes, and a mail sent changes no template.
 */
export const mailingTemplateRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/private/mailing-templates/last-sent',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getMailLastSent',
        summary: 'When each booking mail was last sent',
        tags,
        description:
          "When the venue's mail of each template type (confirmation, reminder, cancellation, abandoned, custom, and giftCard: a gift card's recipient mail) last went out: sent, or kept in the outbox when the server has no SMTP. null: never.",
        response: { 200: mailingLastSentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      // A gift card's recipient mail is its own kind (gift-card-delivery, decision 045).
      const kindOf = (event: MailingTemplateEvent) => (event === 'giftCard' ? 'gift-card-delivery' : `booking-${event}`);
      const last = await deps.mailer.lastSentAt(venueOf(request).id, MAILING_TEMPLATE_EVENTS.map(kindOf));
      return { items: MAILING_TEMPLATE_EVENTS.map((event) => ({ event, lastSentAt: last.get(kindOf(event))?.toISOString() ?? null })) };
    },
  );

  const { db } = deps.database;
  const previewDeps = { db, baseUrl: deps.config.baseUrl, mailer: deps.mailer };
  // Per user: a render may hold the event loop up to the render limit, and a test mail costs a send.
  const perUser = (name: string, max: number) => ({
    max,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `${name}:${identityOf(request).userId}`,
  });

  app.post(
    '/api/private/mailing-template/preview',
    {
      config: { access: { permission: 'mailingTemplates.edit' }, rateLimit: perUser('mail-preview', 60) },
      schema: {
        operationId: 'previewMail',
        summary: 'Render a mail preview',
        tags,
        description:
          "Renders a subject and text as typed (not yet saved) over the venue's latest booking, or a made-up one when it has none, as the mail would go: subject, text and HTML. With templateId, a part left out is that template's.",
        body: mailPreviewBodySchema,
        response: { 200: mailPreviewSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => previewMail(previewDeps, venueOf(request).row, request.body),
  );

  app.post(
    '/api/private/mailing-template/test',
    {
      config: { access: { permission: 'mailingTemplates.edit' }, rateLimit: perUser('mail-test', 5) },
      schema: {
        operationId: 'sendTestMail',
        summary: 'Send a test mail to yourself',
        tags,
        description:
          "Sends the preview, its subject marked [Test], to the signed-in user's own address only (never one from the body or the template), through the outbox: with no mail server it is kept there.",
        body: mailPreviewBodySchema,
        response: { 200: mailTestAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => sendTestMail(previewDeps, venueOf(request).row, request.body, identityOf(request).email),
  );

  // The venue's mail log (Settings → Mail, decision 030): owners and managers by default, not staff.
  app.get(
    '/api/private/mails',
    {
      config: { access: { permission: 'mails.view' } },
      schema: {
        operationId: 'listMails',
        summary: "The venue's sent mail",
        tags,
        description:
          "Every mail the venue sent: booking mail to its customers and its members' test sends, newest first, with its delivery state (stored: kept in the outbox, no mail server; sending; deferred: the mail server said later, it is tried again; sent; failed).",
        querystring: pageQuery(),
        response: { 200: pagedSchema(venueMailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => venueMailLog(db, venueOf(request).id, request.query),
  );

  app.post(
    '/api/private/mails/:id/resend',
    {
      config: { access: { permission: 'mails.view' }, rateLimit: perUser('mail-resend', 20) },
      schema: {
        operationId: 'resendMail',
        summary: 'Send a mail again',
        tags,
        description:
          'Sends a mail of the log again, as it was (same recipients, subject and text), as a new mail of its own in the log; the first stays as it was. 409 while the mail is still being sent or retried.',
        params: idParams,
        response: { 201: venueMailSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const mail = await venueMailById(db, venueId, request.params.id);
      if (!mail) throw notFound('Mail');
      if (!['stored', 'sent', 'failed'].includes(mail.status))
        throw conflict('This mail is still being sent: wait for its result before sending it again.', 'mail_in_progress');
      const id = randomUUID();
      await deps.mailer.send({
        id,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        kind: mail.kind,
        venueId,
        bookingId: mail.bookingId,
      });
      const resent = await venueMailById(db, venueId, id);
      if (!resent) throw notFound('Mail');
      return reply.status(201).send(toVenueMail(resent));
    },
  );
};
