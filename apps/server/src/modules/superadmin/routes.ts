import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { superadminVenueCreateSchema, venueStatusSchema, type SuperadminVenue } from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { session, user, venueMembers, venues } from '../../db/schema/index.js';
import { identityOf } from '../../platform/access.js';
import { idParams, likePattern, pageQuery, searchQuery } from '../../platform/http.js';
import { badRequest, notFound } from '../../platform/errors.js';
import { withTransaction } from '../../platform/locking.js';
import { createInvitation, sendInvitation } from '../invitations/service.js';
import { createVenue, joinTemporarily, toVenue } from '../venues/service.js';

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
    async (request) => {
      const conditions: (SQL | undefined)[] = [];
      if (request.query.status) conditions.push(eq(venues.status, request.query.status));
      if (request.query.search) {
        const pattern = likePattern(request.query.search);
        conditions.push(or(ilike(venues.name, pattern), ilike(venues.id, pattern)));
      }
      const rows = await db
        .select({
          id: venues.id,
          name: venues.name,
          status: venues.status,
          ownerEmail: venues.ownerEmail,
          timezone: venues.timezone,
          createdAt: venues.createdAt,
          memberCount: sql<number>`(select count(*)::int from ${venueMembers} where ${venueMembers.venueId} = ${venues.id} and not ${venueMembers.isTemporary})`,
        })
        .from(venues)
        .where(and(...conditions))
        .orderBy(desc(venues.createdAt), venues.id)
        .limit(request.query.limit)
        .offset(request.query.offset);
      const [{ total }] = await db
        .select({ total: sql<number>`count(*)::int` })
        .from(venues)
        .where(and(...conditions));
      const items: SuperadminVenue[] = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
      return { items, total };
    },
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
      // The owner is invited as owner like anyone a venue invites (decision 008): the venue is
      // theirs once they accept. Venue and invitation are written in one transaction (a taken
      // id writes nothing); the mail goes once both are committed.
      const { venue, created } = await withTransaction(db, async (tx) => {
        const venue = await createVenue(tx, request.body, null, request.body.ownerEmail);
        const created = await createInvitation(tx, {
          venue: { id: venue.id, name: venue.name },
          email: request.body.ownerEmail,
          role: 'owner',
          invitedBy: identityOf(request).userId,
        });
        return { venue, created };
      });
      await sendInvitation({ auth: deps.auth, mailer: deps.mailer, baseUrl: deps.config.baseUrl }, created);
      return reply.status(201).send(venue);
    },
  );

  app.patch(
    '/api/private/superadmin/venues/:id',
    { config: { access }, schema: { tags, params: idParams, body: z.object({ status: venueStatusSchema }).strict() } },
    async (request) => {
      const [row] = await db
        .update(venues)
        .set({ status: request.body.status, updatedAt: new Date() })
        .where(eq(venues.id, request.params.id))
        .returning();
      if (!row) throw notFound('Venue');
      return toVenue(row);
    },
  );

  app.post(
    '/api/private/superadmin/venues/:id/join',
    {
      config: { access },
      schema: { tags, description: 'Join a venue temporarily, to open it from the venue dropdown.', params: idParams },
    },
    async (request, reply) => {
      const [row] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, request.params.id));
      if (!row) throw notFound('Venue');
      await joinTemporarily(db, row.id, identityOf(request).userId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/private/superadmin/users',
    { config: { access }, schema: { tags, querystring: pageQuery().extend({ search: searchQuery }) } },
    async (request) => {
      const pattern = request.query.search ? likePattern(request.query.search) : undefined;
      const where = pattern ? or(ilike(user.email, pattern), ilike(user.name, pattern)) : undefined;
      const rows = await db
        .select({
          id: user.id,
          email: user.email,
          name: user.name,
          isSuperadmin: user.isSuperadmin,
          isDisabled: user.isDisabled,
          createdAt: user.createdAt,
        })
        .from(user)
        .where(where)
        .orderBy(user.email)
        .limit(request.query.limit)
        .offset(request.query.offset);
      const [{ count }] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(user)
        .where(where);
      return { items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })), total: count };
    },
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
        if (action === 'disable' && request.params.id === identityOf(request).userId)
          throw badRequest('You cannot disable your own account.', 'id');
        await withTransaction(db, async (tx) => {
          const updated = await tx
            .update(user)
            .set({ isDisabled: action === 'disable', updatedAt: new Date() })
            .where(eq(user.id, request.params.id))
            .returning({ id: user.id });
          if (!updated.length) throw notFound('User');
          if (action === 'disable') await tx.delete(session).where(eq(session.userId, request.params.id));
        });
        return reply.status(204).send();
      },
    );
  }

  app.get('/api/private/superadmin/outbox', { config: { access }, schema: { tags, querystring: pageQuery() } }, async (request) =>
    deps.mailer.listOutbox(request.query.limit, request.query.offset),
  );
};
