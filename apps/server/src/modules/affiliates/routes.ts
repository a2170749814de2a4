import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { affiliatePeriodQuerySchema, affiliateStatementSchema, affiliateSummarySchema } from '@lanebook/core/booking-schemas';
import type { ModuleDeps } from '../../platform/module.js';
import { venueOf } from '../../platform/access.js';
import { errorResponses, idParams } from '../../platform/http.js';
import { affiliateTotals } from '../bookings/affiliate-statement.js';
import { affiliateIds } from './service.js';
import { affiliateStatement, periodOf, statementCsv, statementFileName } from './statement.js';

const tags = ['affiliates'];
/** Whoever reads the affiliates list reads what they earned (decision 031). */
const access = { auth: 'venue' } as const;

/** What the venue owes its affiliates (issue 26): a statement of an affiliate's bookings, as JSON and CSV, and every affiliate's month. */
export const affiliateRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;

  app.get(
    '/api/private/affiliates/:id/statement',
    {
      config: { access },
      schema: {
        operationId: 'getAffiliateStatement',
        summary: "An affiliate's statement",
        tags,
        description:
          "The affiliate's bookings whose event falls in the period (venue dates from and to, inclusive; this month in the venue's zone when left out; at most 366 days), abandoned ones left out, each with its total, net paid and commission, and their sums.",
        params: idParams,
        querystring: affiliatePeriodQuerySchema,
        response: { 200: affiliateStatementSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      return affiliateStatement(db, venue.id, request.params.id, periodOf(request.query, venue.row.timezone));
    },
  );

  app.get(
    '/api/private/affiliates/:id/statement.csv',
    {
      config: { access },
      schema: {
        operationId: 'exportAffiliateStatementCsv',
        summary: "An affiliate's statement as CSV",
        tags,
        description: "The statement's rows as CSV: event times in the venue's zone, amounts in the currency's units, formulas neutralized.",
        params: idParams,
        querystring: affiliatePeriodQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const statement = await affiliateStatement(db, venue.id, request.params.id, periodOf(request.query, venue.row.timezone));
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(statement)}"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(statement, venue.row.timezone));
    },
  );

  app.get(
    '/api/private/affiliates/summary',
    {
      config: { access },
      schema: {
        operationId: 'getAffiliatesSummary',
        summary: "Every affiliate's bookings and commission",
        tags,
        description:
          "Every affiliate of the venue with how many of its bookings fall in the period and what they earned it (the period as the statement's).",
        querystring: affiliatePeriodQuerySchema,
        response: { 200: affiliateSummarySchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const period = periodOf(request.query, venue.row.timezone);
      const [ids, totals] = await Promise.all([affiliateIds(db, venue.id), affiliateTotals(db, venue.id, period.from, period.to)]);
      const byId = new Map(totals.map((row) => [row.affiliateId, row]));
      return {
        ...period,
        items: ids.map((affiliateId) => ({
          affiliateId,
          bookings: byId.get(affiliateId)?.bookings ?? 0,
          commission: byId.get(affiliateId)?.commission ?? 0,
        })),
      };
    },
  );
};
