import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  noContentSchema,
  outboxMailSchema,
  pagedSchema,
  superadminAccountSchema,
  superadminVenueCreateSchema,
  superadminVenueSchema,
  venueSchema,
  venueStatusSchema,
} from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf } from '../../platform/access.js';
import { errorResponses, idParams, pageQuery, searchQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { listAccounts } from '../accounts/service.js';
import { sendInvitation } from '../invitations/service.js';
import { setVenueStatusByAdmin } from '../venues/setup.js';
import { createVenueForOwner, joinVenue, listVenuesWithMembers, setAccountDisabled } from './service.js';

export const superadminRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['superadmin'];
  const access = { auth: 'superadmin' } as const;

  app.get(
    '/api/private/superadmin/venues',
    {
      config: { access },
      schema: {
        operationId: 'listAllVenues',
        summary: 'List every venue',
        tags,
        querystring: pageQuery(500, 500).extend({ status: venueStatusSchema.optional(), search: searchQuery }),
        response: { 200: pagedSchema(superadminVenueSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listVenuesWithMembers(db, request.query),
  );

  app.post(
    '/api/private/superadmin/venues',
    {
      config: { access },
      schema: {
        operationId: 'createVenueForOwner',
        summary: 'Create a venue for an owner',
        tags,
        description: 'Create a venue for an owner by email: the owner is invited as owner and owns it once they accept.',
        body: superadminVenueCreateSchema,
        response: { 201: venueSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const { venue, invitation } = await withTransaction(db, (tx) => createVenueForOwner(tx, request.body, identityOf(request).userId));
      await sendInvitation(deps, invitation);
      return reply.status(201).send(venue);
    },
  );

  app.patch(
    '/api/private/superadmin/venues/:id',
    {
      config: { access },
      schema: {
        operationId: 'updateAnyVenue',
        summary: 'Change a venue as superadmin',
        tags,
        params: idParams,
        body: z.object({ status: venueStatusSchema }).strict(),
        response: { 200: venueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      setVenueStatusByAdmin(
        {
          db,
          mailer: deps.mailer,
          baseUrl: deps.config.baseUrl,
          logError: (error) => request.log.error({ err: error }, "The mail to a venue's owner about its approval was not recorded"),
        },
        request.params.id,
        request.body.status,
      ),
  );

  app.post(
    '/api/private/superadmin/venues/:id/join',
    {
      config: { access },
      schema: {
        operationId: 'joinVenue',
        summary: 'Join a venue temporarily',
        tags,
        description: 'Join a venue temporarily, to open it from the venue dropdown.',
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await joinVenue(db, request.params.id, identityOf(request).userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/private/superadmin/users',
    {
      config: { access },
      schema: {
        operationId: 'listAllUsers',
        summary: 'List every account',
        tags,
        querystring: pageQuery().extend({ search: searchQuery }),
        response: { 200: pagedSchema(superadminAccountSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listAccounts(db, request.query),
  );

  const accountActions = {
    disable: { operationId: 'disableUser', summary: 'Disable an account', description: 'Disable an account: its sessions end at once.' },
    enable: { operationId: 'enableUser', summary: 'Enable an account', description: 'Enable a disabled account.' },
  };
  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/api/private/superadmin/users/:id/${action}`,
      {
        config: { access },
        schema: {
          ...accountActions[action],
          tags,
          params: idParams,
          response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        await withTransaction(db, (tx) => setAccountDisabled(tx, identityOf(request).userId, request.params.id, action === 'disable'));
        return reply.status(204).send();
      },
    );
  }

  app.get(
    '/api/private/superadmin/outbox',
    {
      config: { access },
      schema: {
        operationId: 'listOutbox',
        summary: 'The mail outbox',
        tags,
        querystring: pageQuery(),
        response: { 200: pagedSchema(outboxMailSchema), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => deps.mailer.listOutbox(request.query.limit, request.query.offset),
  );
};
