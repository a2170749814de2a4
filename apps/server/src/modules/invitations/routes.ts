import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { APIError } from 'better-auth/api';
import {
  activateAnswerSchema,
  activateInvitationSchema,
  noContentSchema,
  pagedSchema,
  pendingInvitationSchema,
  venueMembershipSchema,
  type VenueMembership,
} from '@lanebook/core';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf } from '../../platform/access.js';
import { AppError, notFound } from '../../platform/errors.js';
import { errorResponses, pageOf, pageQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { findPerson } from '../accounts/service.js';
import { acceptInvitation, deleteInvitation, listPendingInvitations } from './service.js';

const venueParams = z.object({ venueId: z.string().min(1).max(100) });
const invalidLink = () => new AppError(400, 'invalid_token', 'This link is invalid or has expired. Links work once, for 24 hours.');

/** The invited person's side of invitations (decision 008); the venue's side is under /api/private/users. */
export const invitationRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['invitations'];
  const signedIn = { auth: 'signed-in' } as const;

  app.get(
    '/api/private/invitations',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'listMyInvitations',
        summary: 'Invitations to the signed-in email',
        tags,
        querystring: pageQuery(100, 500),
        description: 'The pending invitations to the signed-in email.',
        response: { 200: pagedSchema(pendingInvitationSchema), ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      return pageOf(await listPendingInvitations(db, identityOf(request).email), request.query);
    },
  );

  app.post(
    '/api/private/invitations/:venueId/accept',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'acceptInvitation',
        summary: 'Accept an invitation',
        tags,
        params: venueParams,
        description: 'Accept an invitation: join the venue.',
        response: { 200: venueMembershipSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const identity = identityOf(request);
      return withTransaction(db, (tx) => acceptInvitation(tx, { userId: identity.userId, email: identity.email }, request.params.venueId));
    },
  );

  app.post(
    '/api/private/invitations/:venueId/decline',
    {
      config: { access: signedIn },
      schema: {
        operationId: 'declineInvitation',
        summary: 'Decline an invitation',
        tags,
        params: venueParams,
        description: 'Decline an invitation.',
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const declined = await withTransaction(db, (tx) => deleteInvitation(tx, request.params.venueId, identityOf(request).email, true));
      if (!declined) throw notFound('Invitation');
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/public/invitations/activate',
    {
      // A token guess costs an attempt, limited per client address like sign-in.
      config: { access: { public: true }, rateLimit: { max: deps.config.signInPerMinute ?? 10, timeWindow: 60_000 } },
      schema: {
        operationId: 'activateInvitation',
        summary: 'Set a password from an invitation link',
        tags,
        description:
          'Set the password from an invitation link (a better-auth reset token) and accept the invitation of that venue: an account activated from the link has accepted it.',
        body: activateInvitationSchema,
        response: { 200: activateAnswerSchema, ...errorResponses(400, 429) },
      },
    },
    async (request) => {
      const { token, newPassword, invitation } = request.body;
      const context = await deps.auth.$context;
      // The token says whose mailbox the link reached; it is better-auth's reset token.
      const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
      if (!verification || verification.expiresAt < new Date()) throw invalidLink();
      try {
        await deps.auth.api.resetPassword({ body: { token, newPassword } });
      } catch (error) {
        if (error instanceof APIError) throw invalidLink();
        throw error;
      }
      const person = await findPerson(db, verification.value);
      if (!person) throw invalidLink();
      let venue: VenueMembership | null = null;
      try {
        venue = await withTransaction(db, (tx) => acceptInvitation(tx, { userId: person.id, email: person.email }, invitation));
      } catch (error) {
        // Withdrawn or expired meanwhile: the password is set all the same; nothing is joined.
        if (!(error instanceof AppError && error.statusCode === 404)) throw error;
      }
      return { status: true, venue };
    },
  );
};
