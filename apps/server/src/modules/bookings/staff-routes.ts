import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatMoney, noContentSchema, type PermissionKey } from '@lanebook/core';
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
  GIFT_CARD_PAYMENT_METHOD,
  noteBodySchema,
  paymentMethodsAnswerSchema,
  presenceBodySchema,
  refundAnswerSchema,
  refundBodySchema,
  refundRetryParamsSchema,
  staffCancelBodySchema,
  sendEmailBodySchema,
  type Booking,
} from '@lanebook/core/booking-schemas';
import { CARD_PAYMENT_METHOD, isCashMethod, urlAnswerSchema } from '@lanebook/core/payment-schemas';
import type { Tx } from '../../db/client.js';
import type { ModuleRoutes } from '../../platform/module.js';
import { hasPermission, identityOf, venueOf } from '../../platform/access.js';
import { fieldError, forbidden } from '../../platform/errors.js';
import { errorResponses, idParams, pageQuery } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import { storedPhone } from '../../platform/phones.js';
import { liveProductById } from '../products/service.js';
import { mailingTemplateById, type MailingTemplateRow } from '../mailing-templates/service.js';
import { cardProviderOf, closeOtherCheckouts, openCardCheckout } from '../payments/service.js';
import { addNote, cancelBooking, deleteBooking, setPresence, setSaved, type Actor } from './actions.js';
import { createBooking } from './create.js';
import { quoteBookingChange, updateBooking } from './edit.js';
import { listBookings } from './list.js';
import { automaticMails, bookingMailerOf, mailDelivery, sendBookingMail, type AutomaticMails } from './mail.js';
import { giftCardKeys } from '../gift-cards/codes.js';
import { checkInKey } from '../check-in/codes.js';
import {
  assertCollectable,
  collectGiftCardPayment,
  collectPayment,
  keepCheckout,
  openCheckoutUrl,
  retryCardRefund,
  writeRefund,
} from './money.js';
import { writeMoveMail } from './move-mail.js';
import { bookingReceipt } from './receipt.js';
import { bookingDetail, bookingLogPage, bookingOrNotFound, bookingWithLedger, writeLog } from './records.js';
import { passReminderInsideWindow } from './reminders.js';

const tags = ['bookings'];

/** A refund's gift card parts: back to their cards (undefined), or in the venue's cash method when staff choose cash. */
const giftCardRefundOf = (venue: { paymentMethods: string[] }, to: 'giftCard' | 'cash' | undefined) =>
  to === 'cash' ? { method: venue.paymentMethods.find(isCashMethod) ?? 'Cash' } : undefined;

/** The console's booking calls, under /api/private/booking (decision 017): staff act as themselves, with their permissions. */
export const staffBookingRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const mail = bookingMailerOf(deps);
  const giftCardKeysOf = giftCardKeys(deps.config.giftCardSecret ?? deps.config.authSecret);
  const checkInKeyOf = checkInKey(deps.config.authSecret);
  const actorOf = (request: FastifyRequest): Actor => {
    const identity = identityOf(request);
    return { userName: identity.name || identity.email, userId: identity.userId, moneyFormat: venueOf(request).row.moneyFormat };
  };

  app.post(
    '/api/private/booking',
    {
      config: { access: { permission: 'bookings.create' } },
      schema: {
        operationId: 'createBooking',
        summary: 'Create a booking at the desk',
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
        operationId: 'listBookings',
        summary: 'The booking list',
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
        operationId: 'getBooking',
        summary: 'One booking',
        tags,
        description: 'A booking with its payments (checkoutInfo.payments) and its log, newest first.',
        params: idParams,
        response: { 200: bookingDetailSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => bookingDetail(db, venueOf(request).row, request.params.id),
  );

  app.get(
    '/api/private/booking/:id/logs',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'listBookingLogs',
        summary: "A page of a booking's log",
        tags,
        description:
          "A page of the booking's log (type, text, event, timestamp, userName), newest first: event is the entry as typed data, text its sentence in the venue's formats.",
        params: idParams,
        querystring: pageQuery(100, 500),
        response: { 200: bookingLogPageSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => bookingLogPage(db, venueOf(request).row, request.params.id, request.query),
  );

  app.get(
    '/api/private/booking/:id/receipt.pdf',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getReceiptPdf',
        summary: "A booking's receipt as PDF",
        tags,
        description: "The booking's receipt as a PDF: the venue, the charges with their tax lines, the payments and the refunds.",
        params: idParams,
        response: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const { pdf, filename } = await bookingReceipt(db, venueOf(request).row, request.params.id, checkInKeyOf);
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
        operationId: 'updateBooking',
        summary: 'Change a booking',
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
        operationId: 'quoteBookingChange',
        summary: 'The price of a change before saving',
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
        operationId: 'listPaymentMethods',
        summary: 'Payment methods for a booking',
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
    /** What the OpenAPI document says of it. */
    doc: { operationId: string; summary: string; description: string },
    body: z.ZodType<B> | null,
    run: (request: FastifyRequest<{ Params: { id: string }; Body: B }>, tx: Tx) => Promise<unknown>,
    response = bookingSchema as z.ZodType,
    /** The mails the action sends, written in its transaction. */
    writeMails?: (request: FastifyRequest, tx: Tx, result: unknown, mails: AutomaticMails) => Promise<void>,
  ) =>
    app.post(
      `/api/private/booking/:id/${path}`,
      {
        config: { access: { permission } },
        schema: {
          ...doc,
          tags,
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
    {
      operationId: 'cancelBooking',
      summary: 'Cancel a booking',
      description:
        'Cancels the booking: its lanes are free at once. Cancelling refunds nothing by itself: refundAmount gives back all, part or none of what was paid in the same step (card parts pending until the provider answers; a refund needs bookings.refund, as the refund call does); reason is kept in the log. The customer gets the cancellation mail when the venue has an active template.',
    },
    // No body at all cancels and refunds nothing, as before.
    staffCancelBodySchema.nullish(),
    (request, tx) => {
      // One rule for every refund: the cancel's refund needs bookings.refund as the refund call does.
      if (request.body?.refundAmount && !hasPermission(request, 'bookings.refund'))
        throw forbidden('Refunding with the cancel needs the bookings.refund permission (Issue refund).');
      const { giftCardRefundTo, ...options } = request.body ?? {};
      return cancelBooking(tx, venueOf(request).id, request.params.id, actorOf(request), {
        ...options,
        giftCardRefundTo: giftCardRefundOf(venueOf(request).row, giftCardRefundTo),
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
  action(
    'presence',
    'bookings.changePresenceStatus',
    { operationId: 'setPresence', summary: "Set a booking's check-in state", description: 'No show, Partially Checked In or Checked In.' },
    presenceBodySchema,
    (request, tx) => setPresence(tx, venueOf(request).id, request.params.id, request.body.presenceStatus, actorOf(request)),
  );
  action(
    'notes',
    'bookings.addNote',
    { operationId: 'addBookingNote', summary: 'Add a note to a booking', description: "Adds a note to the booking's log." },
    noteBodySchema,
    (request, tx) => addNote(tx, venueOf(request).id, request.params.id, request.body.text, actorOf(request)),
  );
  action(
    'save',
    'bookings.save',
    { operationId: 'saveBooking', summary: 'Add to Saved Bookings', description: 'Adds the booking to Saved Bookings.' },
    null,
    (request, tx) => setSaved(tx, venueOf(request).id, request.params.id, true, actorOf(request)),
  );
  action(
    'unsave',
    'bookings.save',
    { operationId: 'unsaveBooking', summary: 'Take out of Saved Bookings', description: 'Takes the booking out of Saved Bookings.' },
    null,
    (request, tx) => setSaved(tx, venueOf(request).id, request.params.id, false, actorOf(request)),
  );
  app.post(
    '/api/private/booking/:id/checkout',
    {
      config: { access: { permission: 'bookings.collect' } },
      schema: {
        operationId: 'collectPayment',
        summary: 'Collect a payment at the desk',
        tags,
        description:
          "Collects an amount with one of the venue's payment methods (Cash, a POS terminal): answers the booking, paid when nothing is due, with change: what to hand back from the cash tendered (tendered, cents, cash only, at least the amount; 0 without it). With paymentMethod \"card\" answers { url }, the provider's hosted checkout page: the booking is paid when the provider confirms the payment (its webhook), not on the customer's return. With paymentMethod \"giftCard\" and giftCardCode the card pays what it holds up to the amount: the answer's appliedGiftCard says how much and what it holds now; an unknown code is a 404 gift_card_not_found, a disabled, expired or empty card a 409 (gift_card_disabled, gift_card_expired, gift_card_empty), each in a customer's words.",
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
      if (paymentMethod === GIFT_CARD_PAYMENT_METHOD) {
        // The card pays what it holds, up to the amount (decision 045); a wrong code counts as a miss of the address.
        const paid = await deps.access.withinMissBudget(request, () =>
          withTransaction(db, (tx) =>
            collectGiftCardPayment(
              tx,
              giftCardKeysOf,
              venue.row,
              request.params.id,
              { code: request.body.giftCardCode!, upTo: amount },
              actorOf(request),
            ),
          ),
        );
        return { ...paid.booking, change: 0, appliedGiftCard: paid.applied };
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
        operationId: 'refundBooking',
        summary: 'Refund an amount',
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
        const { giftCardRefundTo, ...refund } = request.body;
        const refunded = await writeRefund(
          tx,
          venue.id,
          request.params.id,
          { ...refund, giftCardRefundTo: giftCardRefundOf(venue.row, giftCardRefundTo) },
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
        operationId: 'retryRefund',
        summary: 'Retry a failed card refund',
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
        operationId: 'deleteBooking',
        summary: 'Delete a booking',
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
        operationId: 'sendBookingEmail',
        summary: 'Mail a booking to an address',
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
          { type: 'mail', mail: 'staff', subject, to: body.email, ...mailDelivery(result) },
          actorOf(request).userName,
        ),
      );
      return reply.code(204).send();
    },
  );
};
