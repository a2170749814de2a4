import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authConfigSchema } from '@lanebook/core';
import { socialProvidersOf } from '../../platform/auth.js';
import { errorResponses } from '../../platform/http.js';
import type { ModuleDeps } from '../../platform/module.js';

export const healthRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const socialProviders = socialProvidersOf(deps.config);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/health',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        response: { 200: z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }), ...errorResponses(400) },
      },
    },
    async () => ({ status: 'ok' as const, database: deps.database.kind }),
  );
  app.get(
    '/api/public/auth-config',
    {
      config: { access: { public: true } },
      schema: {
        tags: ['platform'],
        description: 'Which social / OpenID sign-in buttons the console shows.',
        response: { 200: authConfigSchema, ...errorResponses(400) },
      },
    },
    async () => ({ socialProviders }),
  );
};
