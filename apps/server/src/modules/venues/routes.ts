import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  noContentSchema,
  permissionsMapSchema,
  venueCreateSchema,
  venueSchema,
  venueUpdateSchema,
  type PermissionsMap,
} from '@lanebook/core';
import { payAtVenueBodySchema, venueSetupSchema } from '@lanebook/core/venue-setup';
import type { ModuleDeps } from '../../platform/module.js';
import { identityOf, venueOf } from '../../platform/access.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { leaveTemporaryMembership } from '../users/memberships.js';
import { createVenue, setVenuePermissions, skipBankOnboarding, toVenue, updateVenue, venueRowById } from './service.js';
import { askToGoLive, setPayAtVenue, venueSetup } from './setup.js';

export const venueRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['venues'];
  const approval = deps.config.venueApproval ?? 'manual';

  app.post(
    '/api/private/venues',
    {
      config: { access: { auth: 'signed-in' } },
      schema: {
        operationId: 'createVenue',
        summary: 'Create a venue',
        tags,
        description: 'Create a venue; the caller becomes its owner.',
        body: venueCreateSchema,
        response: { 201: venueSchema, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const me = identityOf(request);
      const venue = await withTransaction(db, (tx) => createVenue(tx, request.body, me.userId, me.email));
      return reply.status(201).send(venue);
    },
  );

  app.get(
    '/api/private/venues/current',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getCurrentVenue',
        summary: 'The open venue',
        tags,
        response: { 200: venueSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => toVenue(venueOf(request).row),
  );

  app.patch(
    '/api/private/venues/current',
    {
      config: { access: { permission: 'venues.edit' } },
      schema: {
        operationId: 'updateCurrentVenue',
        summary: 'Change the open venue',
        tags,
        body: venueUpdateSchema,
        response: { 200: venueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => updateVenue(db, venueOf(request).row, request.body),
  );

  app.put(
    '/api/private/venues/current/permissions',
    {
      config: { access: { permission: 'venues.edit' } },
      schema: {
        operationId: 'replacePermissions',
        summary: "Replace the venue's permissions map",
        tags,
        description: 'Replace the permissions map. Owners only.',
        body: permissionsMapSchema,
        response: { 200: venueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      if (!identityOf(request).isSuperadmin && venue.role !== 'owner') throw forbidden('Only an owner can change permissions.');
      return setVenuePermissions(db, venue.id, request.body as PermissionsMap);
    },
  );

  app.post(
    '/api/private/venues/current/skip-bank-onboarding',
    {
      config: { access: { permission: 'venues.edit' } },
      schema: {
        operationId: 'skipBankOnboarding',
        summary: 'Skip the bank step of onboarding',
        tags,
        response: { 200: venueSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => skipBankOnboarding(db, venueOf(request).id),
  );

  app.post(
    '/api/private/venues/current/request-approval',
    {
      config: { access: { permission: 'venues.edit' } },
      schema: {
        operationId: 'requestApproval',
        summary: 'Ask to take online bookings',
        tags,
        description:
          "Asks for the venue's widget to take online bookings: inactive becomes pending until a superadmin approves it (each superadmin is mailed), or live at once with VENUE_APPROVAL=auto. 409 setup_incomplete lists the setup's missing items in details.missing; 409 venue_status when pending or live already.",
        response: { 200: venueSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      askToGoLive(
        {
          db,
          mailer: deps.mailer,
          baseUrl: deps.config.baseUrl,
          approval,
          logError: (error) =>
            request.log.error({ err: error }, 'The mail to superadmins about a venue asking to go live was not recorded'),
        },
        venueOf(request).id,
      ),
  );

  app.get(
    '/api/private/venue/setup',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getVenueSetup',
        summary: "The venue's setup checklist",
        tags,
        description:
          "The venue's setup checklist, each item computed from its data (details, lanes, a product, opening hours, a waiver, payments, go live); `missing` lists the required items not done.",
        response: { 200: venueSetupSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      // Read afresh: the request's venue may come from the cache (decision 007) a moment before its change is announced.
      const row = await venueRowById(db, venueOf(request).id);
      if (!row) throw notFound('Venue');
      return venueSetup(db, row, approval);
    },
  );

  app.put(
    '/api/private/venue/setup/pay-at-venue',
    {
      config: { access: { permission: 'venues.edit' } },
      schema: {
        operationId: 'setPayAtVenue',
        summary: 'Choose payment at the venue',
        tags,
        description: 'Chooses (true) or stops choosing (false) to take payment at the venue instead of card payments online.',
        body: payAtVenueBodySchema,
        response: { 200: venueSetupSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      await setPayAtVenue(db, venueId, request.body.payAtVenue);
      const row = await venueRowById(db, venueId);
      if (!row) throw notFound('Venue');
      return venueSetup(db, row, approval);
    },
  );

  app.delete(
    '/api/private/venues/current/membership',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'leaveVenue',
        summary: 'Leave a venue joined temporarily',
        tags,
        description: 'A superadmin leaves a venue it joined temporarily.',
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const left = await leaveTemporaryMembership(db, venueOf(request).id, identityOf(request).userId);
      if (!left) throw notFound('Temporary membership');
      return reply.status(204).send();
    },
  );
};
