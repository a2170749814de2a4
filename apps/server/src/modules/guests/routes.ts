import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  guestDetailSchema,
  guestEraseSchema,
  guestListQuerySchema,
  guestListSchema,
  guestMatchQuerySchema,
  guestMatchSchema,
  guestMergeSchema,
  guestUpdateSchema,
} from '@lanebook/core/guest-schemas';
import { identityOf, venueOf } from '../../platform/access.js';
import { csvCell } from '../../platform/csv.js';
import { errorResponses, idParams } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import type { ModuleRoutes } from '../../platform/module.js';
import {
  eraseGuest,
  exportGuest,
  guestDetail,
  guestRow,
  listGuests,
  marketingRows,
  matchGuest,
  mergeGuests,
  updateGuest,
} from './service.js';

const tags = ['guests'];

/** Guests (issue 38, decision 046): the desk's calls under /api/private/guests. */
export const guestRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const userName = (request: FastifyRequest) => {
    const identity = identityOf(request);
    return identity.name || identity.email;
  };

  app.get(
    '/api/private/guests',
    {
      config: { access: { permission: 'guests.view' } },
      schema: {
        operationId: 'listGuests',
        summary: "The venue's guests, A-Z",
        tags,
        description:
          "One guest per person: made or matched with every booking (by email, case folded, else by phone) and every signature. `search` reads as the booking list's `all:` does: a name in either order, an email's start, a phone or its last four digits. `flag` keeps the guests with that flag. Each guest has their counts (bookings, visits, no-shows, total spent) and flags.",
        querystring: guestListQuerySchema,
        response: { 200: guestListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listGuests(db, venueOf(request).row, request.query),
  );

  app.get(
    '/api/private/guests/match',
    {
      config: { access: { permission: 'guests.view' } },
      schema: {
        operationId: 'matchGuest',
        summary: 'The guest an email or a phone typed in the booking form is',
        tags,
        description:
          "The guest with this email (case folded); else the one with this phone (read in the venue's country); else null. The booking form asks as the desk types, to show the guest's flags and history.",
        querystring: guestMatchQuerySchema,
        response: { 200: guestMatchSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ guest: await matchGuest(db, venueOf(request).row, request.query) }),
  );

  app.get(
    '/api/private/guests/marketing.csv',
    {
      config: { access: { permission: 'guests.export' } },
      schema: {
        operationId: 'exportMarketingGuestsCsv',
        summary: 'The guests who agreed to marketing mail, as CSV',
        tags,
        description:
          'Every guest whose latest answer to the marketing question is yes and who has an email, with the columns mailing tools import (Email Address, First Name, Last Name, Phone Number, Consent Given At); formulas neutralized.',
        response: { 200: z.string().describe('text/csv'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const rows = await marketingRows(db, venueOf(request).id);
      const line = (cells: string[]) => `${cells.map((cell) => csvCell(cell)).join(',')}\r\n`;
      const csv =
        '\uFEFF' +
        line(['Email Address', 'First Name', 'Last Name', 'Phone Number', 'Consent Given At']) +
        rows.map((row) => line([row.email, row.firstName, row.lastName, row.phone, row.consentAt?.toISOString() ?? ''])).join('');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="marketing-guests.csv"')
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/private/guests/:id',
    {
      config: { access: { permission: 'guests.view' } },
      schema: {
        operationId: 'getGuest',
        summary: 'A guest with their waiver on file, bookings, signatures and log',
        tags,
        description: 'A guest merged into another answers the one they were merged into.',
        params: idParams,
        response: { 200: guestDetailSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => guestDetail(db, venueOf(request).id, request.params.id),
  );

  app.patch(
    '/api/private/guests/:id',
    {
      config: { access: { permission: 'guests.edit' } },
      schema: {
        operationId: 'updateGuest',
        summary: "Changes a guest's names, notes, flags or marketing answer",
        tags,
        description:
          "`flags` is the whole list (ban, vip, medical, alert, competency, each once, with a note): a flag kept as it was keeps when and by whom it was set. Each change is written in the guest's log.",
        params: idParams,
        body: guestUpdateSchema,
        response: { 200: guestDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      await withTransaction(db, (tx) => updateGuest(tx, venueId, request.params.id, request.body, userName(request)));
      return guestDetail(db, venueId, request.params.id);
    },
  );

  app.post(
    '/api/private/guests/:id/merge',
    {
      config: { access: { permission: 'guests.edit' } },
      schema: {
        operationId: 'mergeGuests',
        summary: 'Merges another guest into this one',
        tags,
        description:
          'The guest named by `guestId` joins the one in the path: their bookings and signatures move, their flags and notes are added, and their email and phone find this guest from now on. Logged on both; nothing is lost.',
        params: idParams,
        body: guestMergeSchema,
        response: { 200: guestDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      await withTransaction(db, (tx) => mergeGuests(tx, venueId, request.params.id, request.body.guestId, userName(request)));
      return guestDetail(db, venueId, request.params.id);
    },
  );

  app.get(
    '/api/private/guests/:id/export',
    {
      config: { access: { permission: 'guests.export' } },
      schema: {
        operationId: 'exportGuest',
        summary: "A guest's data, as JSON",
        tags,
        description:
          'What the venue keeps of the person, for their request: the guest, their bookings, their signatures with the signed images (PNG data URLs) and the mails sent to them.',
        params: idParams,
        response: { 200: z.record(z.string(), z.unknown()), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const row = await guestRow(db, venueId, request.params.id);
      const data = await exportGuest(db, deps.storage, venueId, row.id);
      return reply
        .header('content-disposition', `attachment; filename="guest-${row.id}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.post(
    '/api/private/guests/:id/erase',
    {
      config: { access: { permission: 'guests.erase' } },
      schema: {
        operationId: 'eraseGuest',
        summary: 'Erases the person from the guest and everything of theirs',
        tags,
        description:
          'Removes their names, email, phone, notes, flags, answers and signature images from the guest, their bookings, signatures, mails and logs; the money, the counts and the rows stay, named "Erased guest", with who erased and when in the guest\'s log. Refused (409 guest_has_upcoming_bookings) while a booking of theirs is upcoming. Cannot be undone.',
        params: idParams,
        body: guestEraseSchema,
        response: { 200: guestDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      const images = await withTransaction(db, (tx) => eraseGuest(tx, venueId, request.params.id, request.body.reason, userName(request)));
      // After the commit: an image deleted for an erase that rolled back would be lost.
      await Promise.all(images.map((key) => deps.storage.delete(key)));
      return guestDetail(db, venueId, request.params.id);
    },
  );
};
