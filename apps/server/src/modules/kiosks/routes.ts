import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema } from '@lanebook/core';
import {
  kioskCreatedSchema,
  kioskCreateSchema,
  kioskFindAnswerSchema,
  kioskFindSchema,
  kioskListSchema,
} from '@lanebook/core/kiosk-schemas';
import { publicSignedSchema, signingBodySchema } from '@lanebook/core/waiver-schemas';
import { identityOf, kioskOf, venueOf } from '../../platform/access.js';
import { errorResponses, idParams } from '../../platform/http.js';
import type { ModuleRoutes } from '../../platform/module.js';
import { checkInKey } from '../check-in/codes.js';
import { signingForm, signWaiver } from '../signatures/service.js';
import { createKiosk, findForKiosk, kioskBookingToSign, kioskOfTokenHash, listKiosks, markKioskSeen, revokeKiosk } from './service.js';

const tags = ['kiosks'];

/** Waiver kiosks (issue 39): the venue's devices under /api/private/kiosks, and the kiosk's own two calls under /api/kiosk/. */
export const kioskRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const key = checkInKey(deps.config.authSecret);
  deps.access.setKioskLookup((tokenHash) => kioskOfTokenHash(db, tokenHash));

  // ---- The venue's kiosks ----

  app.post(
    '/api/private/kiosks',
    {
      config: { access: { permission: 'kiosks.manage' } },
      schema: {
        operationId: 'createKiosk',
        summary: 'Sign a tablet in as a waiver kiosk',
        tags,
        description:
          'Makes a waiver kiosk and answers its device token, once: the tablet sends it as Authorization: Bearer <token> to the calls under /api/kiosk/ and to nothing else. It expires after 90 days; only its hash is kept.',
        body: kioskCreateSchema,
        response: { 201: kioskCreatedSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const identity = identityOf(request);
      const created = await createKiosk(db, venueOf(request).id, request.body.name, identity.name || identity.email);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/api/private/kiosks',
    {
      config: { access: { permission: 'kiosks.manage' } },
      schema: {
        operationId: 'listKiosks',
        summary: "The venue's waiver kiosks",
        tags,
        description: "The venue's waiver kiosks, newest first, revoked and expired ones too; never their tokens.",
        response: { 200: kioskListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listKiosks(db, venueOf(request).id),
  );

  app.delete(
    '/api/private/kiosks/:id',
    {
      config: { access: { permission: 'kiosks.manage' } },
      schema: {
        operationId: 'revokeKiosk',
        summary: 'Revoke a waiver kiosk',
        tags,
        description: 'Revokes a waiver kiosk: its token is refused from its next request on, in every server process.',
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await revokeKiosk(db, venueOf(request).id, request.params.id);
      return reply.code(204).send();
    },
  );

  // ---- The kiosk's own calls: its token and nothing else ----

  app.post(
    '/api/kiosk/find',
    {
      config: { access: { kiosk: true } },
      schema: {
        operationId: 'kioskFind',
        summary: "A kiosk finds today's bookings",
        tags,
        description:
          "Today's live bookings (the venue's zone) of the kiosk's venue: the one a check-in code names, or the booker's by last name and the phone's last four digits. Each answers its product, start, players, signed count and what the public signing form gives; nothing of the customer.",
        body: kioskFindSchema,
        response: { 200: kioskFindAnswerSchema, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const found = await findForKiosk(db, key, venueOf(request).row, request.body);
      await markKioskSeen(db, kioskOf(request));
      return found;
    },
  );

  app.post(
    '/api/kiosk/booking/:id/signatures',
    {
      config: { access: { kiosk: true } },
      schema: {
        operationId: 'kioskSign',
        summary: "A kiosk signs a booking's waiver",
        tags,
        description:
          "A player signs the booking's waiver at the kiosk, as the public signing call does; only a booking of today of the kiosk's venue.",
        params: idParams,
        body: signingBodySchema,
        response: { 201: publicSignedSchema, ...errorResponses(400, 401, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const bookingId = await kioskBookingToSign(db, venue, request.params.id);
      const signed = await signWaiver(db, deps.storage, venue, bookingId, request.body, {
        forPublic: true,
        userName: `Kiosk ${kioskOf(request).name}`,
      });
      const { signedCount } = await signingForm(db, venue, bookingId);
      await markKioskSeen(db, kioskOf(request));
      return reply.code(201).send({ id: signed.id, signedCount });
    },
  );
};
