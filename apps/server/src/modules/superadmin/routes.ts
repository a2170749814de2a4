import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { superadminVenueCreateSchema, venueStatusSchema } from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf } from '../../platform/access.js';
import { idParams, pageQuery, searchQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { listAccounts } from '../accounts/service.js';
import { sendInvitation } from '../invitations/service.js';
import { setVenueStatus } from '../venues/service.js';
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
      schema: { tags, querystring: pageQuery(500, 500).extend({ status: venueStatusSchema.optional(), search: searchQuery }) },
    },
    async (request) => listVenuesWithMembers(db, request.query),
  );

  app.post(
    '/api/private/superadmin/venues',
    {
      config: { access },
      schema: {
        tags,
        description: 'Create a venue for an owner by email: the owner is invited as owner and owns it once they accept.',
        body: superadminVenueCreateSchema,
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
    { config: { access }, schema: { tags, params: idParams, body: z.object({ status: venueStatusSchema }).strict() } },
    async (request) => setVenueStatus(db, request.params.id, request.body.status),
  );

  app.post(
    '/api/private/superadmin/venues/:id/join',
    {
      config: { access },
      schema: { tags, description: 'Join a venue temporarily, to open it from the venue dropdown.', params: idParams },
    },
    async (request, reply) => {
      await joinVenue(db, request.params.id, identityOf(request).userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/private/superadmin/users',
    { config: { access }, schema: { tags, querystring: pageQuery().extend({ search: searchQuery }) } },
    async (request) => listAccounts(db, request.query),
  );

  for (const action of ['disable', 'enable'] as const) {
    app.post(
      `/api/private/superadmin/users/:id/${action}`,
      {
        config: { access },
        schema: {
          tags,
          params: idParams,
          description: action === 'disable' ? 'Disable an account: its sessions end at once.' : 'Enable a disabled account.',
        },
      },
      async (request, reply) => {
        await withTransaction(db, (tx) => setAccountDisabled(tx, identityOf(request).userId, request.params.id, action === 'disable'));
        return reply.status(204).send();
      },
    );
  }

  app.get('/api/private/superadmin/outbox', { config: { access }, schema: { tags, querystring: pageQuery() } }, async (request) =>
    deps.mailer.listOutbox(request.query.limit, request.query.offset),
  );
};
