import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema, pagedSchema } from '@lanebook/core';
import {
  calendarAnswerSchema,
  calendarQuerySchema,
  keepPopulatedAnswerSchema,
  keepPopulatedBodySchema,
  nonWorkingDayAnswerSchema,
  nonWorkingDayParams,
  populateAnswerSchema,
  populateBodySchema,
  populateStartedSchema,
  publicDatesAnswerSchema,
  publicDatesQuerySchema,
  publicPriceQuerySchema,
  publicSlotsAnswerSchema,
  publicSlotsQuerySchema,
  quoteSchema,
  slotCreateSchema,
  slotGroupBodySchema,
  slotGroupSavedSchema,
  slotGroupSchema,
  slotPatchSchema,
  slotSchema,
} from '@lanebook/core/calendar-schemas';
import type { ModuleDeps } from '../../platform/module.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { venueOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses, idParams, preSerialized } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { quoteFor } from '../pricing/service.js';
import { populateJob, populateKeptWindow, populateOrStartRun, setKeepPopulated } from './populate-runs.js';
import { bookableProductVenueId, liveProductById } from '../products/service.js';
import { assertPlayersCount, publicDatesJson, publicProductOrNotFound, publicSlotsJson, staffCalendar } from './availability.js';
import {
  createSlot,
  deleteSlot,
  deleteSlotGroup,
  groupAnswer,
  groupOrNotFound,
  listSlotGroups,
  putSlotGroup,
  setNonWorkingDay,
  slotOf,
  slotsToBook,
  updateSlot,
} from './service.js';

const id = z.string().min(1).max(100);
const groupParams = z.object({ productId: id, groupId: id });
const productParams = z.object({ productId: id });
const slotParams = z.object({ productId: id, slotId: id });
/** The public availability answers go out as the JSON kept in memory (preSerialized). */
const JSON_TYPE = 'application/json; charset=utf-8';

export const calendarRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const tags = ['calendar'];
  /** The widget's calls, per client address (decision 012). */
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);
  // Kept until the venue's products change: every widget call on a product asks it first.
  deps.access.setPublicVenueLookup('product', (productId) =>
    deps.reads.venueIdOf('products', `bookable-product:${productId}`, () => bookableProductVenueId(db, productId)),
  );

  /** Sends the job of a run recorded by the request, once its transaction has committed. */
  const startInBackground = async (venueId: string, groupId: string, runId: string) =>
    deps.jobs.send(...populateJob(venueId, groupId, runId));

  // ---- Slot groups ----

  app.get(
    '/api/private/product/:productId/slot-groups',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'listSlotGroups',
        summary: "A product's slot groups",
        tags,
        description: "A product's slot groups (its weekly plans), oldest first.",
        params: productParams,
        response: { 200: pagedSchema(slotGroupSchema), ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const items = await listSlotGroups(db, venueOf(request).id, request.params.productId);
      return { items, total: items.length };
    },
  );

  app.put(
    '/api/private/product/:productId/slot-group/:groupId',
    {
      config: { access: { permission: 'calendar.edit' } },
      schema: {
        operationId: 'saveSlotGroup',
        summary: 'Create or replace a slot group',
        tags,
        description:
          "Creates or replaces a product's slot group: its weekly plan from startDate, as templates or as opening hours that make them. A group kept populated ahead is populated over its window: at once (`populated`) when that is one batch of slots, otherwise in the background (202, progress in `populate`).",
        params: groupParams,
        body: slotGroupBodySchema,
        response: { 200: slotGroupSavedSchema, 202: slotGroupSavedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const { productId, groupId } = request.params;
      const { group, kept } = await withTransaction(db, async (tx) => {
        const plan = await putSlotGroup(tx, venue.id, productId, groupId, request.body);
        if (!plan.populateWeeksAhead) return { group: plan, kept: null };
        const kept = await populateKeptWindow(tx, venue.id, venue.row.timezone, productId, groupId, plan.populateWeeksAhead);
        return { group: groupAnswer(await groupOrNotFound(tx, venue.id, productId, groupId)), kept };
      });
      if (!kept) return group;
      if (kept.populated) return { ...group, populated: kept.populated };
      await startInBackground(venue.id, groupId, kept.run.id);
      return reply.status(202).send(group);
    },
  );

  app.put(
    '/api/private/product/:productId/slot-group/:groupId/keep-populated',
    {
      config: { access: { permission: 'calendar.create' } },
      schema: {
        operationId: 'keepSlotGroupPopulated',
        summary: 'Keep a slot group populated ahead',
        tags,
        description:
          "Keeps the group's calendar populated this many weeks ahead (1-52) by an hourly job in the venue's time zone, populating the window: at once (200, `populated`) when that is one batch of slots, otherwise in the background (202, progress in `group.populate`, read again from the slot groups). null stops it.",
        params: groupParams,
        body: keepPopulatedBodySchema,
        response: { 200: keepPopulatedAnswerSchema, 202: keepPopulatedAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const { productId, groupId } = request.params;
      const { run, ...answer } = await withTransaction(db, (tx) =>
        setKeepPopulated(tx, venue.id, venue.row.timezone, productId, groupId, request.body.weeksAhead),
      );
      if (!run) return answer;
      await startInBackground(venue.id, groupId, run.id);
      return reply.status(202).send(answer);
    },
  );

  app.delete(
    '/api/private/product/:productId/slot-group/:groupId',
    {
      config: { access: { permission: 'calendar.delete' } },
      schema: {
        operationId: 'deleteSlotGroup',
        summary: 'Delete a slot group',
        tags,
        description: 'Deletes a slot group and its slots to come (past ones stay); refused while a booking is on one of them.',
        params: groupParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await withTransaction(db, (tx) => deleteSlotGroup(tx, venueOf(request).id, request.params.productId, request.params.groupId));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/private/product/:productId/slot-group/:groupId/populate',
    {
      config: { access: { permission: 'calendar.create' } },
      schema: {
        operationId: 'populateSlotGroup',
        summary: "Populate a slot group's date range",
        tags,
        description:
          "Makes the group's slots of a date range (at most 366 days) what its plan says; booked slots are left alone and listed. At once (200) when the range is one batch of slots, otherwise in the background (202 with the run; its progress is the group's `populate`).",
        params: groupParams,
        body: populateBodySchema,
        response: { 200: populateAnswerSchema, 202: populateStartedSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const { productId, groupId } = request.params;
      const outcome = await withTransaction(db, (tx) =>
        populateOrStartRun(tx, venue.id, venue.row.timezone, productId, groupId, request.body, false),
      );
      if (outcome.populated) return outcome.populated;
      await startInBackground(venue.id, groupId, outcome.run.id);
      return reply.status(202).send({ populate: outcome.run });
    },
  );

  // ---- Slots ----

  app.post(
    '/api/private/product/:productId/slot',
    {
      config: { access: { permission: 'calendar.create' } },
      schema: {
        operationId: 'createSlot',
        summary: 'Add a slot',
        tags,
        description: 'Adds one slot (by hand, or a clone); fields left out take the product values.',
        params: productParams,
        body: slotCreateSchema,
        response: { 201: slotSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const slot = await withTransaction(db, (tx) => createSlot(tx, venue.id, venue.row.timezone, request.params.productId, request.body));
      return reply.status(201).send(slot);
    },
  );

  app.get(
    '/api/private/product/:productId/slot/:slotId',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getSlot',
        summary: 'One slot of a product',
        tags,
        description: 'One slot of the product: a link to the booking form names a slot, and the form reads its date here.',
        params: slotParams,
        response: { 200: slotSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => slotOf(db, venueOf(request).id, request.params.productId, request.params.slotId),
  );

  app.patch(
    '/api/private/product/:productId/slot/:slotId',
    {
      config: { access: { permission: 'calendar.edit' } },
      schema: {
        operationId: 'updateSlot',
        summary: 'Change a slot',
        tags,
        params: slotParams,
        body: slotPatchSchema,
        response: { 200: slotSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      return withTransaction(db, (tx) =>
        updateSlot(tx, venue.id, venue.row.timezone, request.params.productId, request.params.slotId, request.body),
      );
    },
  );

  app.delete(
    '/api/private/product/:productId/slot/:slotId',
    {
      config: { access: { permission: 'calendar.delete' } },
      schema: {
        operationId: 'deleteSlot',
        summary: 'Delete a slot',
        tags,
        params: slotParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await withTransaction(db, (tx) => deleteSlot(tx, venueOf(request).id, request.params.productId, request.params.slotId));
      return reply.status(204).send();
    },
  );

  // ---- The staff calendar and venue non-working days ----

  app.get(
    '/api/private/product/calendar',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getCalendar',
        summary: 'Slots of a date range by day',
        tags,
        description: 'Slots of a date range by day, with lanes total, taken and free and the bookings in each; venue non-working days.',
        querystring: calendarQuerySchema,
        response: { 200: calendarAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => staffCalendar(db, venueOf(request).id, request.query),
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/private/calendar/non-working-days/:date',
      config: { access: { permission: 'calendar.setNonWorkingDays' } },
      schema: {
        ...(method === 'PUT'
          ? {
              operationId: 'addNonWorkingDay',
              summary: 'Close the venue on a date',
              description: 'Marks a date the whole venue is closed.',
            }
          : {
              operationId: 'removeNonWorkingDay',
              summary: 'Open the venue on a date again',
              description: 'The venue works on this date again.',
            }),
        tags,
        params: nonWorkingDayParams,
        response: { 200: nonWorkingDayAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => setNonWorkingDay(db, venueOf(request).id, request.params.date, method === 'PUT'),
    });
  }

  app.get(
    '/api/private/product/:id/price',
    {
      config: { access: { permission: 'bookings.create' } },
      schema: {
        operationId: 'getStaffPrice',
        summary: "The front desk's quote",
        tags,
        description:
          "The front desk's quote: as the public price call, on any slot of the product (private, hidden online or past the cutoff too) and for a paused product.",
        params: idParams,
        querystring: publicPriceQuerySchema,
        response: { 200: quoteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      const product = await liveProductById(db, venueId, request.params.id);
      if (!product || product.isDeleted) throw notFound('Product');
      const query = request.query;
      assertPlayersCount(product, query.playersCount);
      const chosen = await slotsToBook(db, venueId, product, query.slots, { channel: 'staff' });
      return (await quoteFor(db, venueId, product, chosen, query)).quote;
    },
  );

  // ---- Public: the widget's calls; the venue comes from the product (decision 012) ----

  app.get(
    '/api/public/product/:id/dates',
    {
      config: { access: { public: 'product' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getPublicDates',
        summary: 'Bookable dates of a month',
        tags,
        description: 'The dates of a month with at least one slot bookable online for that many players.',
        params: idParams,
        querystring: publicDatesQuerySchema,
        response: { 200: publicDatesAnswerSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const json = await publicDatesJson(db, deps.reads, venueOf(request).id, request.params.id, request.query);
      return reply.type(JSON_TYPE).send(preSerialized<z.infer<typeof publicDatesAnswerSchema>>(json));
    },
  );

  app.get(
    '/api/public/product/:id/slots',
    {
      config: { access: { public: 'product' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getPublicSlots',
        summary: 'Bookable slots of a date',
        tags,
        description: 'The slots of a date bookable online for that many players, with free lanes, lanes needed and price (cents).',
        params: idParams,
        querystring: publicSlotsQuerySchema,
        response: { 200: publicSlotsAnswerSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const json = await publicSlotsJson(db, deps.reads, venueOf(request).id, request.params.id, request.query);
      return reply.type(JSON_TYPE).send(preSerialized<z.infer<typeof publicSlotsAnswerSchema>>(json));
    },
  );

  app.get(
    '/api/public/product/:id/price',
    {
      config: { access: { public: 'product' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getPublicPrice',
        summary: 'The price of slots online',
        tags,
        description:
          'The priced quote of consecutive slots for that many players, with upsell items, promocode and affiliate (decision 013).',
        params: idParams,
        querystring: publicPriceQuerySchema,
        response: { 200: quoteSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const venueId = venueOf(request).id;
      const { product } = await publicProductOrNotFound(db, deps.reads, venueId, request.params.id);
      const query = request.query;
      assertPlayersCount(product, query.playersCount);
      const chosen = await slotsToBook(db, venueId, product, query.slots, { channel: 'public' });
      return (await quoteFor(db, venueId, product, chosen, { ...query, ignoreUnknownAffiliate: true })).quote;
    },
  );
};
