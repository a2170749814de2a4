import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { changeRoleSchema, inviteUserSchema, profileUpdateSchema, userListQuerySchema } from '@lanebook/core';
import type { ModuleDeps } from '../../app.js';
import { identityOf, venueOf } from '../../platform/access.js';
import { changeRole, getUser, inviteUser, listUsers, removeUser, updateUserProfile } from './service.js';

const idParams = z.object({ id: z.string().min(1).max(100) });

export const userRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['users'];

  app.get(
    '/api/private/users',
    { config: { access: { auth: 'venue' } }, schema: { tags, querystring: userListQuerySchema } },
    async (request) => listUsers(db, venueOf(request).id, request.query),
  );

  app.get('/api/private/users/:id', { config: { access: { auth: 'venue' } }, schema: { tags, params: idParams } }, async (request) =>
    getUser(db, venueOf(request).id, request.params.id),
  );

  app.post(
    '/api/private/users',
    {
      config: { access: { permission: 'users.create' } },
      schema: {
        tags,
        description: 'Add a user to the venue by email; an email without an account gets an invitation to set a password.',
        body: inviteUserSchema,
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const result = await inviteUser(
        db,
        venue,
        identityOf(request),
        request.body,
        async (email) => {
          await deps.auth.api.requestPasswordReset({ body: { email, redirectTo: `${deps.config.baseUrl}/reset-password` } });
        },
        async (email) => {
          await deps.mailer.send({
            to: [email],
            kind: 'venue-access',
            venueId: venue.id,
            subject: `You now have access to ${venue.row.name} on Lanebook`,
            text: `You were added to ${venue.row.name} as ${request.body.role}. Sign in at ${deps.config.baseUrl}/login to open it.\n`,
          });
        },
      );
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/api/private/users/:id/role',
    { config: { access: { permission: 'users.edit' } }, schema: { tags, params: idParams, body: changeRoleSchema } },
    async (request) => changeRole(db, venueOf(request), identityOf(request), request.params.id, request.body.role),
  );

  app.patch(
    '/api/private/users/:id',
    { config: { access: { permission: 'users.edit' } }, schema: { tags, params: idParams, body: profileUpdateSchema } },
    async (request) => updateUserProfile(db, venueOf(request), identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/private/users/:id',
    { config: { access: { permission: 'users.delete' } }, schema: { tags, params: idParams } },
    async (request, reply) => {
      await removeUser(db, venueOf(request), identityOf(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
