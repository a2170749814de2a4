import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { EMAIL_TYPES, mailingLastSentSchema, mailPreviewBodySchema, mailPreviewSchema, mailTestAnswerSchema } from '@lanebook/core';
import { identityOf, venueOf } from '../../platform/access.js';
import { errorResponses } from '../../platform/http.js';
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
        tags,
        description:
          "When the venue's booking mail of each type (confirmation, reminder, cancellation, abandoned, custom) last went out: sent, or kept in the outbox when the server has no SMTP. null: never.",
        response: { 200: mailingLastSentSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const last = await deps.mailer.lastSentAt(
        venueOf(request).id,
        EMAIL_TYPES.map((event) => `booking-${event}`),
      );
      return { items: EMAIL_TYPES.map((event) => ({ event, lastSentAt: last.get(`booking-${event}`)?.toISOString() ?? null })) };
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
        tags,
        description:
          "Sends the preview, its subject marked [Test], to the signed-in user's own address only (never one from the body or the template), through the outbox: with no mail server it is kept there.",
        body: mailPreviewBodySchema,
        response: { 200: mailTestAnswerSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => sendTestMail(previewDeps, venueOf(request).row, request.body, identityOf(request).email),
  );
};
