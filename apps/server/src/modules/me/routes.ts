import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, eq, ne } from 'drizzle-orm';
import { effectivePermissions, emailSchema, PASSWORD_CHANGE_FAILED, passwordSchema, profileUpdateSchema, type Me } from '@lanebook/core';
import type { ModuleDeps } from '../../app.js';
import { session, user } from '../../db/schema/index.js';
import { identityOf } from '../../platform/access.js';
import { webHeaders } from '../../platform/auth.js';
import { AppError, conflict, notFound } from '../../platform/errors.js';
import { emailChangedMail } from '../../platform/mail-templates.js';
import { getProgress } from '../onboarding/service.js';
import { membershipsOf, toVenue } from '../venues/service.js';

const passwordChangeSchema = z
  .object({ currentPassword: z.string().min(1, 'Current password is required').max(128), newPassword: passwordSchema })
  .strict();
const emailChangeSchema = z.object({ newEmail: emailSchema, password: z.string().min(1, 'Password is required').max(128) }).strict();

export const meRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['me'];

  async function loadMe(userId: string, request: Parameters<typeof identityOf>[0]): Promise<Me> {
    const [row] = await db.select().from(user).where(eq(user.id, userId));
    if (!row) throw notFound('User');
    const who = { isSuperadmin: row.isSuperadmin, role: request.venue?.role ?? null };
    return {
      user: {
        id: row.id,
        email: row.email,
        name: row.name,
        image: row.image,
        phone: row.phone,
        isSuperadmin: row.isSuperadmin,
        createdAt: row.createdAt.toISOString(),
      },
      isSuperadmin: row.isSuperadmin,
      venues: await membershipsOf(db, row.id),
      venue: request.venue ? toVenue(request.venue.row) : null,
      role: request.venue?.role ?? null,
      permissions: request.venue ? effectivePermissions(who, request.venue.permissions) : [],
      onboarding: await getProgress(db, row.id),
    };
  }

  app.get(
    '/api/private/me',
    {
      config: { access: { auth: 'signed-in' } },
      schema: { tags, description: 'The signed-in user, venues and roles, and the effective permissions in the venue of X-Venue-Id.' },
    },
    async (request) => loadMe(identityOf(request).userId, request),
  );

  app.patch(
    '/api/private/me',
    { config: { access: { permission: 'profile.edit', venueOptional: true } }, schema: { tags, body: profileUpdateSchema } },
    async (request) => {
      const me = identityOf(request);
      const patch = request.body;
      await db
        .update(user)
        .set({ ...patch, image: patch.image === '' ? null : patch.image, updatedAt: new Date() })
        .where(eq(user.id, me.userId));
      return loadMe(me.userId, request);
    },
  );

  app.post(
    '/api/private/me/password',
    { config: { access: { permission: 'profile.changePassword', venueOptional: true } }, schema: { tags, body: passwordChangeSchema } },
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
      await db.delete(session).where(and(eq(session.userId, me.userId), ne(session.id, me.sessionId)));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/private/me/email',
    {
      config: { access: { permission: 'profile.edit', venueOptional: true } },
      schema: { tags, description: 'Change the sign-in email; the current password confirms it.', body: emailChangeSchema },
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
        const [taken] = await db.select({ id: user.id }).from(user).where(eq(user.email, newEmail));
        if (taken) throw conflict('That email is already used by another account.', 'email_taken');
        await db.update(user).set({ email: newEmail, emailVerified: false, updatedAt: new Date() }).where(eq(user.id, me.userId));
        await deps.mailer.send(emailChangedMail({ oldEmail: me.email, newEmail }));
      }
      return loadMe(me.userId, request);
    },
  );
};
