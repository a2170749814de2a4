import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authConfigSchema } from '@lanebook/core';
import { socialProvidersOf } from '../../platform/auth.js';
import { databaseUnavailable, serverStarting } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import type { ModuleDeps } from '../../platform/module.js';

/** How long a database health check may take before it counts as unreachable. */
const PING_TIMEOUT_MS = 2000;
/** How long a successful check answers for the next probes. */
const HEALTHY_FOR_MS = 1000;

export const healthRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const socialProviders = socialProvidersOf(deps.config);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const database = deps.database;
  let answeredAt = -Infinity;
  let checking: Promise<boolean> | null = null;
  /**
   * Whether the database answers now. A success is trusted for a second, so frequent probes
   * cost no query; concurrent probes share one check; a failure is never kept, so recovery
   * shows at the next probe.
   */
  const databaseAnswers = async () => {
    if (performance.now() - answeredAt < HEALTHY_FOR_MS) return true;
    checking ??= database.ping(PING_TIMEOUT_MS).finally(() => (checking = null));
    const answered = await checking;
    if (answered) answeredAt = performance.now();
    return answered;
  };
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'getHealth',
        summary: 'Readiness of this process',
        tags: ['platform'],
        description:
          'Readiness: 200 when this process can serve; 503 starting (with Retry-After) until its start-up has finished, and 503 database_unavailable (naming the database, with Retry-After) while its database does not answer. A load balancer routes by it.',
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), ...errorResponses(400, 503) },
      },
    },
    async () => {
      if (!deps.startup.finished) throw serverStarting();
      if (!(await databaseAnswers())) throw databaseUnavailable(database.kind);
      return { status: 'ok' as const, database: database.kind };
    },
  );
  app.get(
    '/api/health/live',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'getLiveness',
        summary: 'Liveness of this process',
        tags: ['platform'],
        description:
          'Liveness: 200 while the process runs, whatever the database does (a restart of the process would not bring the database back).',
        response: { 200: z.object({ status: z.literal('ok') }), ...errorResponses(400) },
      },
    },
    async () => ({ status: 'ok' as const }),
  );
  app.get(
    '/api/public/auth-config',
    {
      config: { access: { public: true } },
      schema: {
        operationId: 'getAuthConfig',
        summary: 'Sign-in buttons the console shows',
        tags: ['platform'],
        description: 'Which social / OpenID sign-in buttons the console shows.',
        response: { 200: authConfigSchema, ...errorResponses(400) },
      },
    },
    async () => ({ socialProviders }),
  );
};
