import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { webhookDeliveryPageSchema } from '@lanebook/core';
import type { ModuleRoutes } from '../../platform/module.js';
import { venueOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { deliveryLog } from './webhooks.js';

/** Webhook delivery (decision 018): the delivery log; the jobs that post each recorded event are jobs.ts's. */
export const integrationRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/private/integrations/:id/deliveries',
    {
      config: { access: { permission: 'integrations.edit' } },
      schema: {
        operationId: 'listWebhookDeliveries',
        summary: "A webhook's delivery log",
        tags: ['integrations'],
        description:
          "A webhook integration's delivery log, newest first: each event sent (id, type), its status (pending, delivered, failed), attempts and the target's last answer.",
        params: idParams,
        querystring: pageQuery(50, 200),
        response: { 200: webhookDeliveryPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const log = await deliveryLog(db, venueOf(request).id, request.params.id, request.query);
      if (!log) throw notFound('Integration');
      return log;
    },
  );
};
