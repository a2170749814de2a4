import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '@lanebook/core';
import {
  widgetConfigQuerySchema,
  widgetConfigSchema,
  widgetVisitCreateSchema,
  widgetVisitCreatedSchema,
  widgetVisitParamsSchema,
  widgetVisitsQuerySchema,
  widgetVisitsSummarySchema,
  widgetVisitUpdateSchema,
  type WidgetConfig,
} from '@lanebook/core/widget-schemas';
import type { ModuleDeps } from '../../platform/module.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { publicContext, venueOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses, preSerialized } from '../../platform/http.js';
import { createVisit, updateVisit, visitsSummary, widgetConfigJson } from './service.js';

const tags = ['widget'];
const venueParams = z.object({ venueId: z.string().min(1).max(100) });

/** The widget's own calls (decision 024): its configuration, its visits, and the dashboard's summary of them. */
export const widgetRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);

  app.get(
    '/api/public/widget/:venueId',
    {
      // Answered for a venue that is not live too: the widget says it is not taking bookings yet.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getWidgetConfig',
        summary: 'What the widget opens with',
        tags,
        description:
          "What the widget opens with: the venue, the template (the one named, else the venue's default, else the defaults) and the products bookable online (none unless the venue is live).",
        params: venueParams,
        querystring: widgetConfigQuerySchema,
        response: { 200: widgetConfigSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const row = await deps.access.publicVenueRow(request.params.venueId);
      if (!row) throw notFound('Venue');
      // The venue this call resolved to: CORS answers its widget origins (platform/security.ts).
      request.venue = publicContext(row);
      const json = await widgetConfigJson(db, deps.reads, row, request.query.template ?? null);
      return reply.type('application/json; charset=utf-8').send(preSerialized<WidgetConfig>(json));
    },
  );

  app.post(
    '/api/public/widget/:venueId/visits',
    {
      // The body is checked before the venue is looked up, as for the other public calls with a body.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'startWidgetVisit',
        summary: 'Record an opening of the widget',
        tags,
        description: 'One opening of the widget of a live venue (bounce tracking): answers the visit id the widget reports its steps to.',
        params: venueParams,
        body: widgetVisitCreateSchema,
        response: { 201: widgetVisitCreatedSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      request.venue = await deps.access.resolvePublic('venue', request.params.venueId, request);
      const id = await createVisit(db, request.venue.row, request.body.templateId ?? null);
      return reply.status(201).send({ id });
    },
  );

  app.patch(
    '/api/public/widget/:venueId/visits/:visitId',
    {
      // The body is checked before the venue is looked up, as for the other public calls with a body.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'reportWidgetVisit',
        summary: 'Record the step a visit reached',
        tags,
        description:
          'The step a visit reached (0 open, 1 select product, 2 players count, 3 select slots, 4 request payment, 5 payment success); a lower step than the one kept changes nothing. eventDate is the date of the slots chosen; bookingReference links the booking made.',
        params: widgetVisitParamsSchema,
        body: widgetVisitUpdateSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      request.venue = await deps.access.resolvePublic('venue', request.params.venueId, request);
      await updateVisit(db, request.venue.id, request.params.visitId, request.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/private/widget/visits',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getWidgetVisits',
        summary: 'Widget visits and bounce rate',
        tags,
        description:
          'Widget visits whose event date is in the period (both days included): how many reached each step, how many booked (step 5), and the bounce rate (percent that never reached step 5).',
        querystring: widgetVisitsQuerySchema,
        response: { 200: widgetVisitsSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => visitsSummary(db, venueOf(request).id, request.query.from, request.query.to),
  );
};
