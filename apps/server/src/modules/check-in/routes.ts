import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { checkInAnswerSchema, checkInBodySchema } from '@lanebook/core/booking-schemas';
import type { ModuleRoutes } from '../../platform/module.js';
import { hasPermission, identityOf, venueOf } from '../../platform/access.js';
import { forbidden } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import { checkInKey } from './codes.js';
import { bookingOfCode, checkInByCode, checkInView } from './service.js';

/** The desk's scanner (issue 39): a booking's check-in code answers what the desk must know, and checks the group in when asked. */
export const checkInRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const key = checkInKey(deps.config.authSecret);

  app.post(
    '/api/private/check-in',
    {
      config: { access: { permission: 'bookings.edit' } },
      schema: {
        operationId: 'checkInByCode',
        summary: 'Look up or check in a booking by its check-in code',
        tags: ['bookings'],
        description:
          "A booking's check-in code (scanned from its QR code, or typed) answers the booking with what the desk must know: players, waivers signed, money due, the guest's flags, whether it is today and how many minutes early or late. With checkIn: true it also checks the group in (as the presence call does, with bookings.changePresenceStatus). A code not signed by this server or altered is a 400 invalid_check_in_code; another venue's code, a canceled or abandoned booking and a booking of another day are 409s whose message says so, and nothing is checked in; a group checked in already is a 409 already_checked_in saying when and by whom.",
        body: checkInBodySchema,
        response: { 200: checkInAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      const now = new Date();
      if (!request.body.checkIn)
        return checkInView(db, venue, await bookingOfCode(db, key, venue, request.body.code, now), deps.config.baseUrl, now, false);
      if (!hasPermission(request, 'bookings.changePresenceStatus'))
        throw forbidden('Checking a group in needs the bookings.changePresenceStatus permission (Change presence status).');
      const identity = identityOf(request);
      const actor = { userName: identity.name || identity.email, userId: identity.userId, moneyFormat: venue.moneyFormat };
      const row = await checkInByCode(db, key, venue, request.body.code, actor, now);
      return checkInView(db, venue, row, deps.config.baseUrl, now, true);
    },
  );
};
