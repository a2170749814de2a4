import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COUNTRIES,
  effectivePermissions,
  emailSchema,
  meSchema,
  noContentSchema,
  PASSWORD_CHANGE_FAILED,
  passwordSchema,
  profileUpdateSchema,
  type Me,
} from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf, reloadAccess } from '../../platform/access.js';
import { webHeaders } from '../../platform/auth.js';
import { AppError } from '../../platform/errors.js';
import { errorResponses, preSerialized } from '../../platform/http.js';
import { emailChangedMail } from '../../platform/mail-templates.js';
import { changeEmail, endOtherSessions, updateProfile } from '../accounts/service.js';
import { toVenue } from '../venues/service.js';

const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required').max(128), newPassword: passwordSchema })
  .strict();
const emailChangeSchema = z.object({ newEmail: emailSchema, password: z.string().min(1, 'Password is required').max(128) }).strict();

export const meRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['me'];
  // Checking the current password is limited like sign-in, per user: a stolen session cannot guess it.
  const passwordCheckLimit = {
    max: deps.config.signInPerMinute ?? 10,
    timeWindow: 60_000,
    keyGenerator: (request: FastifyRequest) => `password-check:${identityOf(request).userId}`,
  };

  /** Everything comes from the access step: answering needs no query of its own. */
  function meOf(request: FastifyRequest): Me {
    const me = identityOf(request);
    const venue = request.venue;
    return {
      user: {
        id: me.userId,
        email: me.email,
        name: me.name,
        image: me.image,
        phone: me.phone,
        isSuperadmin: me.isSuperadmin,
        createdAt: me.createdAt.toISOString(),
      },
      isSuperadmin: me.isSuperadmin,
      venues: me.memberships,
      venue: venue ? toVenue(venue.row) : null,
      role: venue?.role ?? null,
      permissions: venue ? effectivePermissions({ isSuperadmin: me.isSuperadmin, role: venue.role }, venue.permissions) : [],
      onboarding: me.onboarding,
    };
  }

  const answers = new WeakMap<object, string>();

  /** After a change to the user: read the access step again, past its cache. */
  async function reloadedMe(request: FastifyRequest): Promise<Me> {
    await reloadAccess(request, deps.access);
    return meOf(request);
  }

  app.get(
    '/api/private/me',
    {
      config: { access: { auth: 'signed-in' } },
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in user, venues and permissions',
        tags,
        description: 'The signed-in user, venues and roles, and the effective permissions in the venue of X-Venue-Id.',
        response: { 200: meSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      // The access step hands out the same objects until something they depend on changes,
      // so the answer is built once per cached entry.
      const entry = request.venue ?? identityOf(request);
      let json = answers.get(entry);
      if (!json) {
        json = JSON.stringify(meOf(request));
        answers.set(entry, json);
      }
      return reply.type('application/json; charset=utf-8').send(preSerialized(json));
    },
  );

  app.patch(
    '/api/private/me',
    {
      config: { access: { permission: 'profile.edit', venueOptional: true } },
      schema: {
        operationId: 'updateMe',
        summary: "Change the signed-in user's profile",
        tags,
        body: profileUpdateSchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      // Without a venue open, the product's first country: its countries share the +1 calling code.
      await updateProfile(db, identityOf(request).userId, request.body, request.venue?.row.country ?? COUNTRIES[0].code);
      return reloadedMe(request);
    },
  );

  app.post(
    '/api/private/me/password',
    {
      config: { access: { permission: 'profile.changePassword', venueOptional: true }, rateLimit: passwordCheckLimit },
      schema: {
        operationId: 'changePassword',
        summary: "Change the signed-in user's password",
        tags,
        body: passwordChangeSchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const me = identityOf(request);
      try {
        await deps.auth.api.changePassword({
          body: { currentPassword: request.body.currentPassword, newPassword: request.body.newPassword },
          headers: webHeaders(request),
        });
      } catch {
        throw new AppError(400, 'password_change_failed', PASSWORD_CHANGE_FAILED, {
          fields: [{ path: 'currentPassword', message: PASSWORD_CHANGE_FAILED }],
        });
      }
      // A changed password ends every other session of the user.
      await endOtherSessions(db, me.userId, me.sessionId);
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/private/me/email',
    {
      config: { access: { permission: 'profile.edit', venueOptional: true }, rateLimit: passwordCheckLimit },
      schema: {
        operationId: 'changeEmail',
        summary: "Change the signed-in user's email",
        tags,
        description: 'Change the sign-in email; the current password confirms it.',
        body: emailChangeSchema,
        response: { 200: meSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request) => {
      const me = identityOf(request);
      try {
        await deps.auth.api.verifyPassword({ body: { password: request.body.password }, headers: webHeaders(request) });
      } catch {
        throw new AppError(400, 'password_incorrect', 'The password is not correct.', {
          fields: [{ path: 'password', message: 'The password is not correct.' }],
        });
      }
      const newEmail = request.body.newEmail;
      if (newEmail !== me.email) {
        // The password confirms the change and the old address is told; the new one signs in at once.
        await changeEmail(db, me.userId, newEmail);
        await deps.mailer.send(emailChangedMail({ oldEmail: me.email, newEmail }));
      }
      return reloadedMe(request);
    },
  );
};
