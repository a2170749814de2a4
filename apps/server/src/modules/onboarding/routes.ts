import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingProgressSchema } from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf } from '../../platform/access.js';
import { getProgress, saveProgress } from './service.js';

export const onboardingRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['onboarding'];
  app.get('/api/private/onboarding', { config: { access: { auth: 'signed-in' } }, schema: { tags } }, async (request) =>
    getProgress(db, identityOf(request).userId),
  );
  app.put(
    '/api/private/onboarding',
    { config: { access: { auth: 'signed-in' } }, schema: { tags, body: onboardingProgressSchema } },
    async (request) => saveProgress(db, identityOf(request).userId, request.body),
  );
};
