import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { onboardingProgressSchema, onboardingStateSchema } from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf } from '../../platform/access.js';
import { errorResponses } from '../../platform/http.js';
import { getProgress, saveProgress } from './service.js';

export const onboardingRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['onboarding'];
  app.get(
    '/api/private/onboarding',
    {
      config: { access: { auth: 'signed-in' } },
      schema: {
        operationId: 'getOnboarding',
        summary: "The signed-in user's onboarding progress",
        tags,
        response: { 200: onboardingStateSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => getProgress(db, identityOf(request).userId),
  );
  app.put(
    '/api/private/onboarding',
    {
      config: { access: { auth: 'signed-in' } },
      schema: {
        operationId: 'saveOnboarding',
        summary: 'Save the onboarding progress',
        tags,
        body: onboardingProgressSchema,
        response: { 200: onboardingStateSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveProgress(db, identityOf(request).userId, request.body),
  );
};
