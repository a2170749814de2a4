import { createHash, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formatMoney, noContentSchema, type PermissionKey, isLiveStatus } from '@lanebook/core';
import {
  bookingChangeQuoteQuerySchema,
  bookingChangeQuoteSchema,
  bookingCreateSchema,
  bookingDetailSchema,
  bookingListAnswerSchema,
  bookingListQuerySchema,
  bookingLogPageSchema,
  bookingSchema,
  bookingUpdateSchema,
  checkoutAnswerSchema,
  checkoutBodySchema,
  noteBodySchema,
  paymentMethodsAnswerSchema,
  presenceBodySchema,
  idempotencyKeySchema,
  publicBookingCreateSchema,
  publicBookingSchema,
  publicCheckoutAnswerSchema,
  publicCheckoutBodySchema,
  publicMoveBodySchema,
  refundAnswerSchema,
  refundBodySchema,
  refundRetryParamsSchema,
  staffCancelBodySchema,
  sendEmailBodySchema,
  reservationInfoSchema,
  type Booking,
} from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import type { ModuleDeps } from '../../platform/module.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { hasPermission, identityOf, venueOf, type VenueRow } from '../../platform/access.js';
import { AppError, conflict, fieldError, forbidden, notFound, validationFailed } from '../../platform/errors.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { lockKeys, slotOccupancyKey, withTransaction } from '../../platform/locking.js';
import { liveProductById } from '../products/service.js';
import {
  addNote,
  assertCustomerMayCancel,
  cancelBooking,
  cancellationPeriodOf,
  deleteBooking,
  setPresence,
  setSaved,
  type Actor,
} from './actions.js';
import { ABANDON_QUEUE, abandonOverdueBookings } from './abandon.js';
import { createBooking, createBookingOnce, publicBookingReads } from './create.js';
import { quoteBookingChange, updateBooking } from './edit.js';
import { listBookings } from './list.js';
import { storedPhone } from '../../platform/phones.js';
import { bookingDetail, bookingLogPage, bookingOrNotFound, bookingWithLedger, writeLog } from './records.js';
import {
  automaticMails,
  BOOKING_MAIL_QUEUE,
  deliveryOutcome,
  sendBookingMail,
  sendQueuedAutomaticMail,
  type AutomaticMails,
  type BookingMailer,
  type BookingMailJob,
} from './mail.js';
import { passReminderInsideWindow, queueDueReminders, REMINDER_QUEUE } from './reminders.js';
import { mailingTemplateById, type MailingTemplateRow } from '../mailing-templates/service.js';
import { assertCardCheckoutPossible, cardProviderOf, closeOtherCheckouts, openCardCheckout } from '../payments/service.js';
import {
  assertCollectable,
  collectPayment,
  keepCheckout,
  openCheckoutUrl,
  retryCardRefund,
  settleLedger,
  writeRefund,
  writeRefundRows,
} from './money.js';
import { CARD_PAYMENT_METHOD, isCashMethod, urlAnswerSchema } from '@lanebook/core/payment-schemas';
import { z } from 'zod';
import { bookingIdOfReference, bookingReferenceVenueId } from './service.js';
import { bookingCalendar } from './ics.js';
import { bookingReceipt } from './receipt.js';
import { assertCustomerMayMove, customerLinks, publicBooking, venueSpan } from './public.js';

const tags = ['bookings'];

/** Which card checkout a public request opens: the same booking, state, amount and return page make the same one. */
const returnUrlDigest = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 16);

export const bookingRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);
  deps.access.setPublicVenueLookup('booking', (reference) => bookingReferenceVenueId(db, reference));
  const mail: BookingMailer = { db, mailer: deps.mailer, baseUrl: deps.config.baseUrl, jobs: deps.jobs, reads: deps.reads };
  // Unpaid online bookings are abandoned by a sweep every minute, in whichever process takes the job; each customer gets the abandoned mail.
  await deps.jobs.work(ABANDON_QUEUE, async () => {
    const mails = automaticMails(mail, fastify.log);
    await abandonOverdueBookings(db, new Date(), (tx, venueId, booking) => mails.write(tx, { id: venueId }, booking, 'abandoned'));
    await mails.handOver();
  });
  await deps.jobs.schedule(ABANDON_QUEUE, '* * * * *');
  // Reminders that have come due are queued by a sweep every minute (reminders.ts).
  if (deps.config.reminderSweep !== false) {
    await deps.jobs.work(REMINDER_QUEUE, async () => {
      await queueDueReminders(mail);
    });
    await deps.jobs.schedule(REMINDER_QUEUE, '* * * * *');
  }

  const actorOf = (request: FastifyRequest): Actor => {
    const identity = identityOf(request);
    return { userName: identity.name || identity.email, userId: identity.userId, moneyFormat: venueOf(request).row.moneyFormat };
  };
  const customer = (request: FastifyRequest): Actor => ({ userName: 'Customer', moneyFormat: venueOf(request).row.moneyFormat });
  /** In a change's transaction: a move mails the new time through the confirmation template, naming the change (its version keys the mail). */
  const writeMoveMail = async (
    tx: Tx,
    mails: AutomaticMails,
    venue: VenueRow,
    before: { startsAt: Date; endsAt: Date },
    after: Booking,
  ) => {
    if (after.startsAt === before.startsAt.toISOString()) return;
    // Moved inside the reminder window: the change mail tells the new time, no reminder follows it.
    await passReminderInsideWindow(tx, venue, after);
    if (!after.isConfirmationEmail) return;
    await mails.write(tx, venue, after, 'confirmation', {
      occasion: `change:${after.updatedAt}`,
      change: { from: venueSpan(before.startsAt, before.endsAt, venue) },
    });
  };
  // Every automatic booking mail is rendered and sent by this job, once per booking, type and occasion; a temporary SMTP failure is retried.
  await deps.jobs.work(BOOKING_MAIL_QUEUE, (job: BookingMailJob, attempt) => sendQueuedAutomaticMail(mail, job, attempt), {
    concurrency: 5,
  });

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
      const info = request.body.reservationInfo;
      info.phone = storedPhone(info.phone, venue.row.country, 'reservationInfo.phone');
      const mails = automaticMails(mail, request.log);
      const booking = await withTransaction(db, async (tx) => {
        const made = await createBooking(tx, venue.row, request.body, {
          kind: 'staff',
          userName: actorOf(request).userName,
          canSetCustomPrice,
        });
        if (made.isConfirmationEmail) await mails.write(tx, venue.row, made, 'confirmation');
        // The customer is at the desk or on the phone: a booking made inside the reminder window gets no reminder.
        await passReminderInsideWindow(tx, venue.row, made);
        return made;
      });
      await mails.handOver();
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
          'The booking list: search as all:text (by its shape: a reference, a code, an email, a phone or its last 4+ digits, a first, last or full name) or field:query (registrationCode, phone, email, firstName, lastName, bookingReference), activeFilter, productId, affiliateId, a date range in the venue zone (dateRange, or from and to) on createdAt or date, sort new, old, az or za (left out: newest first, event order for today and tomorrow by event date), paged.',
        querystring: bookingListQuerySchema,
        response: { 200: bookingListAnswerSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      return listBookings(db, venue, request.query);
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

  app.get(
    '/api/private/booking/:id/receipt.pdf',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        tags,
        description: "The booking's receipt as a PDF: the venue, the charges with their tax lines, the payments and the refunds.",
        params: idParams,
        response: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await bookingReceipt(db, venueOf(request).row, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as never);
    },
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
      const info = request.body.reservationInfo;
      if (info) info.phone = storedPhone(info.phone, venueOf(request).row.country, 'reservationInfo.phone');
      const venue = venueOf(request).row;
      // The time before, for the change mail.
      const before = await bookingOrNotFound(db, venue.id, request.params.id);
      const mails = automaticMails(mail, request.log);
      const changed = await withTransaction(db, async (tx) => {
        const updated = await updateBooking(tx, venue, request.params.id, request.body, actor);
        await writeMoveMail(tx, mails, venue, before, updated);
        return updated;
      });
      await mails.handOver();
      return changed;
    },
  );

  app.get(
    '/api/private/booking/:id/quote',
    {
      config: { access: { permission: 'bookings.edit' } },
      schema: {
        tags,
        description:
          'The price of a change before it is saved: the booking after PUT with these fields (left out: as booked), its lanes chosen as PUT would, its total and what to collect or give back. Lanes taken are the 409 slot_unavailable PUT would answer. Writes nothing.',
        params: idParams,
        querystring: bookingChangeQuoteQuerySchema,
        response: { 200: bookingChangeQuoteSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const actor = { ...actorOf(request), canSetCustomPrice: hasPermission(request, 'bookings.setCustomPrice') };
      return quoteBookingChange(db, venueOf(request).id, request.params.id, request.query, actor);
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
    /** The mails the action sends, written in its transaction. */
    writeMails?: (request: FastifyRequest, tx: Tx, result: unknown, mails: AutomaticMails) => Promise<void>,
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
        const mails = automaticMails(mail, request.log);
        const result = await withTransaction(db, async (tx) => {
          const done = await run(request as never, tx);
          await writeMails?.(request, tx, done, mails);
          return done;
        });
        await mails.handOver();
        return result;
      },
    );

  action(
    'cancel',
    'bookings.cancel',
    'Cancels the booking: its lanes are free at once. Cancelling refunds nothing by itself: refundAmount gives back all, part or none of what was paid in the same step (card parts pending until the provider answers; a refund needs bookings.refund, as the refund call does); reason is kept in the log. The customer gets the cancellation mail when the venue has an active template.',
    // No body at all cancels and refunds nothing, as before.
    staffCancelBodySchema.nullish(),
    (request, tx) => {
      // One rule for every refund: the cancel's refund needs bookings.refund as the refund call does.
      if (request.body?.refundAmount && !hasPermission(request, 'bookings.refund'))
        throw forbidden('Refunding with the cancel needs the bookings.refund permission (Issue refund).');
      return cancelBooking(tx, venueOf(request).id, request.params.id, actorOf(request), {
        ...(request.body ?? {}),
        cardProvider: cardProviderOf(deps.payments, venueOf(request).row),
      });
    },
    bookingSchema,
    async (request, tx, result, mails) => {
      const canceled = result as Booking;
      await mails.write(tx, venueOf(request).row, canceled, 'cancellation');
      // The refunds made with the cancel are dated with it or after.
      await mails.writeRefundReceipts(tx, venueOf(request).row, canceled, new Date(canceled.canceledAt ?? Date.now()));
    },
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
          "Collects an amount with one of the venue's payment methods (Cash, a POS terminal): answers the booking, paid when nothing is due, with change: what to hand back from the cash tendered (tendered, cents, cash only, at least the amount; 0 without it). With paymentMethod \"card\" answers { url }, the provider's hosted checkout page: the booking is paid when the provider confirms the payment (its webhook), not on the customer's return.",
        params: idParams,
        body: checkoutBodySchema,
        response: { 200: z.union([checkoutAnswerSchema, urlAnswerSchema]), ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const { amount, paymentMethod, tendered } = request.body;
      // Cash handed over: at least the amount taken, and only cash gives change.
      if (tendered !== undefined) {
        if (!isCashMethod(paymentMethod))
          throw fieldError('Only cash is tendered: leave the cash tendered empty for other methods', 'tendered');
        if (tendered < amount)
          throw fieldError(`The cash tendered must be at least the amount (${formatMoney(amount, venue.row.moneyFormat)})`, 'tendered');
      }
      if (paymentMethod.toLowerCase() !== CARD_PAYMENT_METHOD) {
        const paid = await withTransaction(db, (tx) =>
          collectPayment(tx, venue.id, request.params.id, { amount, paymentMethod }, venue.row.paymentMethods, actorOf(request)),
        );
        return { ...paid, change: tendered === undefined ? 0 : tendered - amount };
      }
      const row = await bookingOrNotFound(db, venue.id, request.params.id);
      const { due } = await bookingWithLedger(db, venue.id, row);
      assertCollectable(row, amount, due, actorOf(request));
      // One open session per booking and amount: asking again answers it (two paid sessions are refunded, but not opened).
      const key = { bookingId: row.id, channel: 'staff' as const, amount, paidTotal: row.paidTotal, refundedTotal: row.refundedTotal };
      const open = await openCheckoutUrl(db, venue.id, key);
      if (open) return { url: open };
      const product = await liveProductById(db, venue.id, row.productId);
      const bookingPage = `${deps.config.baseUrl}/bookings/${encodeURIComponent(row.id)}/view`;
      const session = await openCardCheckout(deps.payments, venue.row, {
        bookingId: row.id,
        amount,
        description: [product?.name, row.date, row.registrationCode].filter(Boolean).join(', '),
        successUrl: `${bookingPage}?payment=done`,
        cancelUrl: `${bookingPage}?payment=canceled`,
        // A double click opens one checkout (keepCheckout keeps one per booking, state and amount); each
        // opening has a key of its own, so one asked again after a later one closed it is a new page (decision 021).
        idempotencyKey: `checkout:${venue.id}:${row.id}:${row.paidTotal}:${row.refundedTotal}:${amount}:${randomUUID()}`,
      });
      const url = await keepCheckout(db, venue.id, key, session);
      await closeOtherCheckouts(db, deps.payments, venue.row, row.id, url);
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
          "Refunds an amount, newest payment first, never more than was paid and not yet refunded, nor a no-show's kept deposit unless overrideDeposit. With lowerPrice the price is lowered by the amount (a goodwill discount); without, the customer owes it again and the booking waits for payment. Card parts are pending until the payment provider answers (a job sends them). Answers each refund for the Done! dialog.",
        params: idParams,
        body: refundBodySchema,
        response: { 200: refundAnswerSchema, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const since = new Date();
      const mails = automaticMails(mail, request.log);
      const answer = await withTransaction(db, async (tx) => {
        const refunded = await writeRefund(
          tx,
          venue.id,
          request.params.id,
          request.body,
          actorOf(request),
          cardProviderOf(deps.payments, venue.row),
        );
        await mails.writeRefundReceipts(tx, venue.row, refunded.booking, since);
        return refunded;
      });
      await mails.handOver();
      return answer;
    },
  );

  app.post(
    '/api/private/booking/:id/refunds/:refundId/retry',
    {
      config: { access: { permission: 'bookings.refund' } },
      schema: {
        tags,
        description:
          'Sends a failed card refund to the payment provider again, as a new attempt (pending until it answers). Anything but a failed refund of the booking is a 409.',
        params: refundRetryParamsSchema,
        response: { 200: refundAnswerSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request);
      const { booking, line } = await withTransaction(db, (tx) =>
        retryCardRefund(
          tx,
          venue.id,
          request.params.id,
          request.params.refundId,
          actorOf(request),
          cardProviderOf(deps.payments, venue.row),
        ),
      );
      return { booking, refunds: [line] };
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
      const { subject, result } = await sendBookingMail(mail, venue.row, booking, body.email, body.type, content, template);
      await withTransaction(db, (tx) =>
        writeLog(
          tx,
          venue.id,
          booking.id,
          result.status === 'failed' ? 'warning' : 'custom',
          `Mail "${subject}" to ${body.email}: ${deliveryOutcome(result)}`,
          actorOf(request).userName,
        ),
      );
      return reply.code(204).send();
    },
  );

  // ---- Public: the widget's calls; a booking is named by its reference ----

  /** The customer's view of their booking, with its product's and venue's names (public.ts). */
  const publicView = async (venue: VenueRow, booking: Booking) =>
    publicBooking(booking, venue, await liveProductById(db, venue.id, booking.productId), deps.config.baseUrl);

  /** The `Idempotency-Key` header, when sent: 8 to 100 letters, digits, - or _ (a 400 naming it otherwise). */
  const idempotencyKeyOf = (request: FastifyRequest): string | undefined => {
    const raw = request.headers['idempotency-key'];
    if (raw === undefined) return undefined;
    const parsed = idempotencyKeySchema.safeParse(raw);
    if (!parsed.success)
      throw validationFailed([{ path: ['Idempotency-Key'], message: 'Use 8 to 100 letters, digits, - or _' }], 'Idempotency-Key');
    return parsed.data;
  };

  app.post(
    '/api/public/booking',
    {
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          'Books online: the booking form with productId and the slot ids of the slots call. Answers the booking (wait_for_payment) with its bookingReference, the key of the other public calls. A lane taken meanwhile is a 409 slot_unavailable. With an Idempotency-Key header (8 to 100 of A-Z a-z 0-9 _ -), a repeat of the key for the venue answers the booking it made (201) and makes nothing, even when both arrive at once; the key sent with another form is a 422 idempotency_key_reused. A client address or an email holds at most 3 unpaid online bookings of the venue at once (pay-at-venue ones included): a 4th is a 409 too_many_unpaid_bookings; together they hold at most 6 lane-hours (lanes × hours; one booking alone may hold more): past that a 409 too_much_unpaid_lane_time.',
        body: publicBookingCreateSchema,
        response: { 201: publicBookingSchema, ...errorResponses(400, 404, 409, 422, 429) },
      },
    },
    async (request, reply) => {
      const idempotencyKey = idempotencyKeyOf(request);
      // The venue comes from the product, as for the product's public calls (decision 012); CORS answers its widget origins.
      const venue = (request.venue = await deps.access.resolvePublic('product', request.body.productId, request));
      const info = request.body.reservationInfo;
      info.phone = storedPhone(info.phone, venue.row.country, 'reservationInfo.phone');
      // The product and its lanes as the slots call read them, and the webhooks (cached until they change), not read again.
      const reads = await publicBookingReads(db, deps.reads, venue.id, request.body.productId);
      const mails = automaticMails(mail, request.log);
      const { booking } = await withTransaction(db, async (tx) => {
        const made = await createBookingOnce(
          tx,
          venue.row,
          request.body,
          { kind: 'public', userName: 'Customer', clientAddress: request.ip },
          idempotencyKey,
          reads,
        );
        // A repeat of the Idempotency-Key answers the booking; its confirmation was written with it.
        if (made.created && made.booking.isConfirmationEmail) await mails.write(tx, venue.row, made.booking, 'confirmation');
        return made;
      });
      await mails.handOver();
      return reply.code(201).send(publicBooking(booking, venue.row, reads.catalog?.product, deps.config.baseUrl));
    },
  );

  const referenced = async (request: FastifyRequest) => {
    const venue = venueOf(request);
    const bookingId = await bookingIdOfReference(db, venue.id, (request.params as { id: string }).id);
    if (!bookingId) throw notFound('Booking');
    return { venue: venue.row, venueId: venue.id, bookingId };
  };

  /**
   * Gives the customer back an amount after a cancellation in time or a move to a cheaper time,
   * in the change's transaction (money.ts). A card payment of a provider this server does not use
   * now cannot go back from here: the change stands and a warning in the log tells staff.
   */
  const refundToCustomer = async (tx: Tx, venue: VenueRow, bookingId: string, amount: number) => {
    const actor = { userName: 'Customer', moneyFormat: venue.moneyFormat };
    const row = await bookingOrNotFound(tx, venue.id, bookingId, { lock: true });
    try {
      await writeRefundRows(tx, venue.id, row, { amount, overrideDeposit: true }, actor, cardProviderOf(deps.payments, venue));
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'provider_unavailable')) throw error;
      await writeLog(
        tx,
        venue.id,
        bookingId,
        'warning',
        `Refund of ${formatMoney(amount, venue.moneyFormat)} to the customer not made: ${error.message}`,
        actor.userName,
      );
    }
    return settleLedger(tx, venue.id, bookingId);
  };

  app.get(
    '/api/public/booking/:id',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          "The customer's own booking, by its booking reference, with whether it can still be cancelled or moved online and until when.",
        params: idParams,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const { venue, bookingId } = await referenced(request);
      return publicView(venue, await bookingWithLedger(db, venue.id, await bookingOrNotFound(db, venue.id, bookingId)));
    },
  );

  app.get(
    '/api/public/booking/:id/calendar.ics',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description: 'The booking as an iCalendar file (one event, in UTC) for the customer to add to their calendar.',
        params: idParams,
        response: { 200: z.string().describe('text/calendar'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { venue, bookingId } = await referenced(request);
      const row = await bookingOrNotFound(db, venue.id, bookingId);
      const product = await liveProductById(db, venue.id, row.productId);
      const reference = row.bookingReference ?? row.id;
      const text = bookingCalendar({
        reference,
        productName: product?.name ?? 'Booking',
        venueName: venue.name,
        address: venue.address,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        manageUrl: customerLinks(deps.config.baseUrl, reference).manageUrl,
        canceled: !isLiveStatus(row.status),
      });
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="booking-${reference}.ics"`)
        .header('cache-control', 'no-store')
        .send(text);
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
      request.venue = await deps.access.resolvePublic('booking', request.params.id, request);
      const { venue, bookingId } = await referenced(request);
      request.body.phone = storedPhone(request.body.phone, venueOf(request).row.country, 'phone');
      // The staff edit's own path, with the customer's name in the log and nothing but the info.
      const actor = { ...customer(request), canSetCustomPrice: false };
      return publicView(
        venue,
        await withTransaction(db, (tx) => updateBooking(tx, venue, bookingId, { reservationInfo: request.body }, actor)),
      );
    },
  );

  app.post(
    '/api/public/booking/:id/cancel',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          "The customer cancels, by booking reference, up to the product's cancellation period (24 hours unless set) before the start; what they paid is refunded in full (card payments through the payment provider). Later is a 409 cancellation_closed.",
        params: idParams,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const { venue, bookingId } = await referenced(request);
      const mails = automaticMails(mail, request.log);
      const canceled = await withTransaction(db, async (tx) => {
        const row = await bookingOrNotFound(tx, venue.id, bookingId);
        const product = await liveProductById(tx, venue.id, row.productId);
        assertCustomerMayCancel(row, cancellationPeriodOf(product));
        const booking = await cancelBooking(tx, venue.id, bookingId, customer(request));
        // A cancellation in time gives back everything paid: no deposit is kept (decision 024).
        const answer = booking.kept > 0 ? await refundToCustomer(tx, venue, bookingId, booking.kept) : booking;
        await mails.write(tx, venue, answer, 'cancellation');
        await mails.writeRefundReceipts(tx, venue, answer, new Date(answer.canceledAt ?? Date.now()));
        return answer;
      });
      await mails.handOver();
      return publicView(venue, canceled);
    },
  );

  app.post(
    '/api/public/booking/:id/move',
    {
      // The body is checked before the reference is looked up, as for the booking's other public writes.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          'The customer moves the booking to other consecutive slots of the same product for the same players, while it can be cancelled (else 409 not_movable naming the deadline). Lanes are chosen again; a lane taken meanwhile is a 409 slot_unavailable and changes nothing. It is priced again: money paid over the new total is refunded, more due is paid with the checkout.',
        params: idParams,
        body: publicMoveBodySchema,
        response: { 200: publicBookingSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      request.venue = await deps.access.resolvePublic('booking', request.params.id, request);
      const { venue, bookingId } = await referenced(request);
      const actor = { ...customer(request), canSetCustomPrice: false };
      const since = new Date();
      const mails = automaticMails(mail, request.log);
      const moved = await withTransaction(db, async (tx) => {
        // The order updateBooking takes them in: the venue's occupancy key, then the booking's row.
        await lockKeys(tx, [slotOccupancyKey(venue.id)], { shared: true });
        const row = await bookingOrNotFound(tx, venue.id, bookingId, { lock: true });
        assertCustomerMayMove(row, venue, await liveProductById(tx, venue.id, row.productId));
        const before = venueSpan(row.startsAt, row.endsAt, venue);
        const changed = await updateBooking(tx, venue, bookingId, { slots: request.body.slots }, actor, {
          online: true,
          log: (changed) =>
            `Moved by the customer from ${before} to ${venueSpan(changed.startsAt, changed.endsAt, venue)}` +
            (changed.total !== row.total ? `; total ${formatMoney(changed.total, venue.moneyFormat)}` : ''),
        });
        // What the cheaper time overpaid goes back in the move's own transaction.
        const answer = changed.overpaid > 0 ? await refundToCustomer(tx, venue, bookingId, changed.overpaid) : changed;
        await writeMoveMail(tx, mails, venue, row, answer);
        await mails.writeRefundReceipts(tx, venue, answer, since);
        return answer;
      });
      await mails.handOver();
      return publicView(venue, moved);
    },
  );

  app.post(
    '/api/public/booking/:id/checkout',
    {
      // The body is checked before the reference is looked up, as for the booking's other public writes.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        description:
          "Opens the payment provider's hosted checkout for what is due: the deposit when the product takes one and the customer does not pay in full, else all of it. returnUrl must be one of this server's /widget/ pages (the page returns there; paid=0 when the customer gives up). embeddable: the page may be shown in the widget's frame (the sandbox); Stripe's opens in a new tab. The booking is paid when the provider's webhook says so. 409 payments_unavailable (the server takes no card payments), payments_not_enabled, nothing_due.",
        params: idParams,
        body: publicCheckoutBodySchema,
        response: { 200: publicCheckoutAnswerSchema, ...errorResponses(400, 404, 409, 429, 502) },
      },
    },
    async (request) => {
      request.venue = await deps.access.resolvePublic('booking', request.params.id, request);
      const { venue, bookingId } = await referenced(request);
      const returnUrl = new URL(request.body.returnUrl);
      if (!returnUrl.href.startsWith(`${deps.config.baseUrl}/widget/`))
        throw validationFailed([{ path: ['returnUrl'], message: 'The checkout returns only to a page of the booking widget' }]);
      assertCardCheckoutPossible(deps.payments, venue);
      const row = await bookingOrNotFound(db, venue.id, bookingId);
      const { due } = await bookingWithLedger(db, venue.id, row);
      if (!isLiveStatus(row.status)) throw conflict(`This booking is ${row.status}: it takes no payment.`, 'booking_not_live');
      if (due === 0) throw conflict('Nothing is due on this booking.', 'nothing_due');
      // The deposit is the least first payment; once it is paid (or the customer pays in full), all that is due.
      const inFull = request.body.isFullFirstPayment ?? row.isFullFirstPayment;
      const depositLeft = row.deposit - (row.paidTotal - row.refundedTotal);
      const amount = !inFull && depositLeft > 0 ? Math.min(depositLeft, due) : due;
      const key = { bookingId: row.id, channel: 'customer' as const, amount, paidTotal: row.paidTotal, refundedTotal: row.refundedTotal };
      const open = await openCheckoutUrl(db, venue.id, key);
      if (open) return { url: open, embeddable: deps.payments.isCheckoutEmbeddable };
      const product = await liveProductById(db, venue.id, row.productId);
      const canceled = new URL(returnUrl);
      canceled.searchParams.set('paid', '0');
      const session = await openCardCheckout(deps.payments, venue, {
        bookingId: row.id,
        amount,
        description: [product?.name, row.date, row.registrationCode].filter(Boolean).join(', '),
        successUrl: returnUrl.href,
        cancelUrl: canceled.href,
        // Our ids and the booking's state: a double click opens one page; another return page (a provider
        // refuses one key with other parameters) or a payment since opens another.
        idempotencyKey: `widget-checkout:${venue.id}:${row.id}:${row.paidTotal}:${row.refundedTotal}:${amount}:${returnUrlDigest(returnUrl.href)}:${randomUUID()}`,
      });
      const url = await keepCheckout(db, venue.id, key, session);
      await closeOtherCheckouts(db, deps.payments, venue, row.id, url);
      return { url, embeddable: deps.payments.isCheckoutEmbeddable };
    },
  );
};
