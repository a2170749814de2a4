import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changeRoleSchema,
  emailSchema,
  inviteAnswerSchema,
  inviteUserSchema,
  noContentSchema,
  pagedSchema,
  profileUpdateSchema,
  userListQuerySchema,
  venueUserRowSchema,
  venueUserSchema,
} from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf, venueOf } from '../../platform/access.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { sendInvitation } from '../invitations/service.js';
import { changeRole, getUser, inviteUser, listUsers, removeUser, updateUserProfile, withdrawInvitation } from './service.js';

const emailParams = z.object({ email: emailSchema });

export const userRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['users'];

  app.get(
    '/api/private/users',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'listUsers',
        summary: "List the venue's people and invitations",
        tags,
        querystring: userListQuerySchema.extend(pageQuery(500, 500).shape),
        response: { 200: pagedSchema(venueUserRowSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listUsers(db, venueOf(request).id, request.query),
  );

  app.get(
    '/api/private/users/:id',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getUser',
        summary: 'One person of the venue',
        tags,
        params: idParams,
        response: { 200: venueUserSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => getUser(db, venueOf(request).id, request.params.id),
  );

  app.post(
    '/api/private/users',
    {
      config: { access: { permission: 'users.create' } },
      schema: {
        operationId: 'inviteUser',
        summary: 'Invite someone to the venue',
        tags,
        description:
          'Invite an email to the venue (decision 008): the person joins when they accept. The answer is the same whether or not the email has an account.',
        body: inviteUserSchema,
        response: { 201: inviteAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await withTransaction(db, (tx) => inviteUser(tx, venueOf(request), identityOf(request), request.body));
      const invitation = await sendInvitation(deps, created);
      return reply.status(201).send({ invitation });
    },
  );

  app.delete(
    '/api/private/users/invitations/:email',
    {
      config: { access: { permission: 'users.delete' } },
      schema: {
        operationId: 'withdrawInvitation',
        summary: 'Withdraw a pending invitation',
        tags,
        params: emailParams,
        description: 'Withdraw a pending invitation of the venue.',
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await withTransaction(db, (tx) => withdrawInvitation(tx, venueOf(request), identityOf(request), request.params.email));
      return reply.status(204).send();
    },
  );

  app.patch(
    '/api/private/users/:id/role',
    {
      config: { access: { permission: 'users.edit' } },
      schema: {
        operationId: 'changeRole',
        summary: "Change a person's role",
        tags,
        params: idParams,
        body: changeRoleSchema,
        response: { 200: venueUserSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      withTransaction(db, (tx) => changeRole(tx, venueOf(request), identityOf(request), request.params.id, request.body.role)),
  );

  app.patch(
    '/api/private/users/:id',
    {
      config: { access: { permission: 'users.edit' } },
      schema: {
        operationId: 'updateUser',
        summary: "Change a person's profile",
        tags,
        params: idParams,
        body: profileUpdateSchema,
        description: "A person's profile is theirs: only they and a superadmin may change it; a venue admin gets 403.",
        response: { 200: venueUserSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateUserProfile(db, venueOf(request), identityOf(request), request.params.id, request.body),
  );

  app.delete(
    '/api/private/users/:id',
    {
      config: { access: { permission: 'users.delete' } },
      schema: {
        operationId: 'removeUser',
        summary: 'Remove a person from the venue',
        tags,
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await withTransaction(db, (tx) => removeUser(tx, venueOf(request), identityOf(request), request.params.id));
      return reply.status(204).send();
    },
  );
};
