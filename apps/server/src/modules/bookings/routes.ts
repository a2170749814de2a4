import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { noContentSchema, type PermissionKey } from '@lanebook/core';
import {
  bookingCreateSchema,
  bookingDetailSchema,
  bookingListAnswerSchema,
  bookingListQuerySchema,
  bookingLogPageSchema,
  bookingSchema,
  bookingUpdateSchema,
  checkoutBodySchema,
  noteBodySchema,
  paymentMethodsAnswerSchema,
  presenceBodySchema,
  publicBookingCreateSchema,
  publicBookingSchema,
  refundAnswerSchema,
  refundBodySchema,
  sendEmailBodySchema,
  reservationInfoSchema,
  type Booking,
} from '@lanebook/core/booking-schemas';
import type { ModuleDeps } from '../../platform/module.js';
import { hasPermission, identityOf, venueOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { productForCalendar } from '../products/service.js';
import {
  addNote,
  assertCollectable,
  assertCustomerMayCancel,
  cancelBooking,
  collectPayment,
  deleteBooking,
  refundPayment,
  setPresence,
  setSaved,
  type Actor,
} from './actions.js';
import { ABANDON_QUEUE, abandonOverdueBookings } from './abandon.js';
import { createBooking } from './create.js';
import { updateBooking } from './edit.js';
import { listBookings } from './list.js';
import { bookingDetail, bookingLogPage, bookingOrNotFound, bookingWithLedger, writeLog } from './records.js';
import { sendAutomaticMail, sendBookingMail } from './mail.js';
import { mailingTemplateById, type MailingTemplateRow } from '../mailing-templates/service.js';
import { fieldError } from '../calendar/service.js';
import { cardRefunderOf, openCardCheckout } from '../payments/service.js';
import { CARD_PAYMENT_METHOD, urlAnswerSchema } from '@lanebook/core/payment-schemas';
import { z } from 'zod';
import { bookingIdOfReference, bookingReferenceVenueId } from './service.js';

const tags = ['bookings'];

/** A customer's view of their own booking: only what publicBookingSchema lets through. */
const publicView = (booking: Booking) => publicBookingSchema.parse(booking);

export const bookingRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const PUBLIC_RATE_LIMIT = { max: deps.config.publicPerMinute ?? 300, timeWindow: 60_000 };
  deps.access.setPublicVenueLookup('booking', (reference) => bookingReferenceVenueId(db, reference));
  // Unpaid online bookings are abandoned by a sweep every minute, in whichever process takes the job.
  await deps.jobs.work(ABANDON_QUEUE, async () => {
    await abandonOverdueBookings(db);
  });
  await deps.jobs.schedule(ABANDON_QUEUE, '* * * * *');

  const actorOf = (request: FastifyRequest): Actor => {
    const identity = identityOf(request);
    return { userName: identity.name || identity.email, moneyFormat: venueOf(request).row.moneyFormat };
  };
  const customer = (request: FastifyRequest): Actor => ({ userName: 'Customer', moneyFormat: venueOf(request).row.moneyFormat });

  // ---- Staff ----

  app.post(
    '/api/private/booking',
    {
      config: { access: { permission: 'bookings.create' } },
      schema: {
        tags,
        description:
          'Creates a booking (Phone, or Walk-in with isWalkIn): consecutive slots of the product, lanes chosen (or the fewest free ones that fit), priced by the pricing engine. A lane taken meanwhile is a 409 slot_unavailable.',
        body: bookingCreateSchema,
        response: { 201: bookingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const canSetCustomPrice = hasPermission(request, 'bookings.setCustomPrice');
      const booking = await withTransaction(db, (tx) =>
        createBooking(tx, venue.row, request.body, { kind: 'staff', userName: actorOf(request).userName, canSetCustomPrice }),
      );
      if (booking.isConfirmationEmail) await sendAutomaticMail(db, deps.mailer, venue.row, booking, 'confirmation', request.log);
      return reply.code(201).send(booking);
    },
  );

  app.get(
    '/api/private/booking/detailed',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        tags,
        description:
          'The booking list: search as field:query (registrationCode, phone, email, firstName, lastName, bookingReference), activeFilter, productId, affiliateId, a date range in the venue zone (dateRange, or from and to) on createdAt or date, sort new, old, az or za, paged.',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      return listBookings(db, { id: venue.id, timezone: venue.timezone, firstDayOfWeek: venue.firstDayOfWeek }, request.query);
    },
  );

  app.get(
    '/api/private/booking/:id',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        tags,
        description: 'A booking with its payments (checkoutInfo.payments) and its log, newest first.',
        params: idParams,
        response: { 200: bookingDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => bookingDetail(db, venueOf(request).id, request.params.id),
  );

  app.get(
    '/api/private/booking/:id/logs',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        tags,
        description: "A page of the booking's log (type, text, timestamp, userName), newest first.",
        params: idParams,
        querystring: pageQuery(100, 500),
        response: { 200: bookingLogPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => bookingLogPage(db, venueOf(request).id, request.params.id, request.query),
  );

  app.put(
    '/api/private/booking/:id',
    {
      config: { access: { permission: 'bookings.edit' } },
      schema: {
        tags,
        description:
          'Changes a booking: slots, players, lanes, upsell items, custom price, reservation info. Availability is checked again without the booking itself and the price made again; due and overpaid say what to collect or give back.',
        params: idParams,
        body: bookingUpdateSchema,
        response: { 200: bookingSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = { ...actorOf(request), canSetCustomPrice: hasPermission(request, 'bookings.setCustomPrice') };
      return withTransaction(db, (tx) => updateBooking(tx, venueOf(request).id, request.params.id, request.body, actor));
    },
  );

  app.get(
    '/api/private/booking/:id/payment-methods',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        tags,
        description: "The venue's payment methods a booking can be paid with at the desk.",
        params: idParams,
        response: { 200: paymentMethodsAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      await bookingOrNotFound(db, venue.id, request.params.id);
      return { items: venue.row.paymentMethods };
    },
  );

  const action = <B>(
    path: string,
    permission: PermissionKey,
    description: string,
    body: import('zod').ZodType<B> | null,
    run: (request: FastifyRequest<{ Params: { id: string }; Body: B }>, tx: import('../../db/client.js').Tx) => Promise<unknown>,
    response = bookingSchema as import('zod').ZodType,
    afterCommit?: (request: FastifyRequest, result: unknown) => Promise<void>,
  ) =>
    app.post(
      `/api/private/booking/:id/${path}`,
      {
        config: { access: { permission } },
        schema: {
          tags,
          description,
          params: idParams,
          ...(body ? { body } : {}),
          response: { 200: response, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => {
        const result = await withTransaction(db, (tx) => run(request as never, tx));
        await afterCommit?.(request, result);
        return result;
      },
    );

  action(
    'cancel',
    'bookings.cancel',
    'Cancels the booking: its lanes are free at once. The customer gets the cancellation mail when the venue has an active template.',
    null,
    (request, tx) => cancelBooking(tx, venueOf(request).id, request.params.id, actorOf(request)),
    bookingSchema,
    (request, canceled) => sendAutomaticMail(db, deps.mailer, venueOf(request).row, canceled as Booking, 'cancellation', request.log),
  );
  action('presence', 'bookings.changePresenceStatus', 'No show, Partially Checked In or Checked In.', presenceBodySchema, (request, tx) =>
    setPresence(tx, venueOf(request).id, request.params.id, request.body.presenceStatus, actorOf(request)),
  );
  action('notes', 'bookings.addNote', "Adds a note to the booking's log.", noteBodySchema, (request, tx) =>
    addNote(tx, venueOf(request).id, request.params.id, request.body.text, actorOf(request)),
  );
  action('save', 'bookings.save', 'Adds the booking to Saved Bookings.', null, (request, tx) =>
    setSaved(tx, venueOf(request).id, request.params.id, true, actorOf(request)),
  );
  action('unsave', 'bookings.save', 'Takes the booking out of Saved Bookings.', null, (request, tx) =>
    setSaved(tx, venueOf(request).id, request.params.id, false, actorOf(request)),
  );
  app.post(
    '/api/private/booking/:id/checkout',
    {
      config: { access: { permission: 'bookings.collect' } },
      schema: {
        tags,
        description:
          "Collects an amount with one of the venue's payment methods (Cash, a POS terminal): answers the booking, paid when nothing is due. With paymentMethod \"card\" answers { url }, the provider's hosted checkout page: the booking is paid when the provider confirms the payment (its webhook), not on the customer's return.",
        params: idParams,
        body: checkoutBodySchema,
        response: { 200: z.union([bookingSchema, urlAnswerSchema]), ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const { amount, paymentMethod } = request.body;
      if (paymentMethod.toLowerCase() !== CARD_PAYMENT_METHOD)
        return withTransaction(db, (tx) =>
          collectPayment(tx, venue.id, request.params.id, request.body, venue.row.paymentMethods, actorOf(request)),
        );
      const row = await bookingOrNotFound(db, venue.id, request.params.id);
      const { due } = await bookingWithLedger(db, venue.id, row);
      assertCollectable(row, amount, due, actorOf(request));
      const product = await productForCalendar(db, venue.id, row.productId);
      const bookingPage = `${deps.config.baseUrl}/bookings/${encodeURIComponent(row.id)}/view`;
      const url = await openCardCheckout(deps.payments, venue.row, {
        bookingId: row.id,
        amount,
        description: [product?.name, row.date, row.registrationCode].filter(Boolean).join(', '),
        successUrl: `${bookingPage}?payment=done`,
        cancelUrl: `${bookingPage}?payment=canceled`,
        // The same booking, state and amount make the same page: a double click opens one checkout.
        idempotencyKey: `checkout:${venue.id}:${row.id}:${row.paidTotal}:${row.refundedTotal}:${amount}`,
      });
      return { url };
    },
  );

  app.post(
    '/api/private/booking/:id/refund',
    {
      config: { access: { permission: 'bookings.refund' } },
      schema: {
        tags,
        description:
          "Refunds an amount, newest payment first, never more than was paid and not yet refunded, nor a no-show's kept deposit unless overrideDeposit; card payments go back through the payment provider. Answers each refund for the Done! dialog.",
        params: idParams,
        body: refundBodySchema,
        response: { 200: refundAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      return refundPayment(db, venue.id, request.params.id, request.body, actorOf(request), cardRefunderOf(deps.payments, venue.row));
    },
  );

  app.delete(
    '/api/private/booking/:id',
    {
      config: { access: { permission: 'bookings.delete' } },
      schema: {
        tags,
        description: 'Deletes the booking with its lanes, log and payments.',
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await withTransaction(db, (tx) => deleteBooking(tx, venueOf(request).id, request.params.id));
      return reply.code(204).send();
    },
  );

  app.post(
    '/api/private/booking/:id/sendEmail',
    {
      config: { access: { permission: 'bookings.sendEmail' } },
      schema: {
        tags,
        description:
          "Mails the booking to an address: one of the venue's mailing templates (templateId), or the subject and message given, rendered with the booking's placeholders. Kept in the mail outbox and the booking's log.",
        params: idParams,
        body: sendEmailBodySchema,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request);
      const body = request.body;
      const booking = await bookingWithLedger(db, venue.id, await bookingOrNotFound(db, venue.id, request.params.id));
      let template: MailingTemplateRow | undefined;
      if (body.templateId) {
        template = (await mailingTemplateById(db, venue.id, body.templateId)) ?? undefined;
        if (!template) throw fieldError("Choose one of the venue's mailing templates", 'templateId');
        if (template.isPaused) throw fieldError('This template is paused: resume it, or write the message', 'templateId');
      }
      const content = template ?? { subject: body.subject ?? '', text: body.message ?? '' };
      const subject = await sendBookingMail(db, deps.mailer, venue.row, booking, body.email, body.type, content, template);
      await withTransaction(db, (tx) =>
        writeLog(tx, venue.id, booking.id, 'custom', `Mail "${subject}" sent to ${body.email}`, actorOf(request).userName),
      );
      return reply.code(204).send();
    },
  );

  // ---- Public: the widget's calls; a booking is named by its reference ----

  app.post(
    '/api/public/booking',
    {
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          'Books online: the booking form with productId and the slot ids of the slots call. Answers the booking (wait_for_payment) with its bookingReference, the key of the other public calls. A lane taken meanwhile is a 409 slot_unavailable.',
        body: publicBookingCreateSchema,
        response: { 201: publicBookingSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      // The venue comes from the product, as for the product's public calls (decision 012).
      const venue = await deps.access.resolvePublic('product', request.body.productId);
      const booking = await withTransaction(db, (tx) =>
        createBooking(tx, venue.row, request.body, { kind: 'public', userName: 'Customer' }),
      );
      if (booking.isConfirmationEmail) await sendAutomaticMail(db, deps.mailer, venue.row, booking, 'confirmation', request.log);
      return reply.code(201).send(publicView(booking));
    },
  );

  const referenced = async (request: FastifyRequest) => {
    const venueId = venueOf(request).id;
    const bookingId = await bookingIdOfReference(db, venueId, (request.params as { id: string }).id);
    if (!bookingId) throw notFound('Booking');
    return { venueId, bookingId };
  };

  app.get(
    '/api/public/booking/:id',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description: "The customer's own booking, by its booking reference.",
        params: idParams,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { venueId, bookingId } = await referenced(request);
      return publicView(await bookingWithLedger(db, venueId, await bookingOrNotFound(db, venueId, bookingId)));
    },
  );

  app.patch(
    '/api/public/booking/:id/reservationInfo',
    {
      // The body is checked before the reference is looked up, as for the public create.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description: 'The customer corrects their name, email, phone or note, by booking reference.',
        params: idParams,
        body: reservationInfoSchema,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      request.venue = await deps.access.resolvePublic('booking', request.params.id);
      const { venueId, bookingId } = await referenced(request);
      // The staff edit's own path, with the customer's name in the log and nothing but the info.
      const actor = { ...customer(request), canSetCustomPrice: false };
      return publicView(await withTransaction(db, (tx) => updateBooking(tx, venueId, bookingId, { reservationInfo: request.body }, actor)));
    },
  );

  app.post(
    '/api/public/booking/:id/cancel',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          "The customer cancels, by booking reference, up to the product's cancellation period (24 hours unless set) before the start.",
        params: idParams,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const { venueId, bookingId } = await referenced(request);
      const canceled = await withTransaction(db, async (tx) => {
        const row = await bookingOrNotFound(tx, venueId, bookingId);
        const product = await productForCalendar(tx, venueId, row.productId);
        assertCustomerMayCancel(row, { amount: product?.cancellationPeriodAmount ?? 24, unit: product?.cancellationPeriodUnit ?? 'hours' });
        return cancelBooking(tx, venueId, bookingId, customer(request));
      });
      await sendAutomaticMail(db, deps.mailer, venueOf(request).row, canceled, 'cancellation', request.log);
      return publicView(canceled);
    },
  );
};
