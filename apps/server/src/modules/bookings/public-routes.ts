import { createHash, randomUUID } from 'node:crypto';
import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isLiveStatus } from '@lanebook/core';
import {
  idempotencyKeySchema,
  publicBookingCreateSchema,
  publicBookingSchema,
  publicCheckoutAnswerSchema,
  publicCheckoutBodySchema,
  publicGiftCardAppliedSchema,
  publicGiftCardApplySchema,
  publicMoveBodySchema,
  reservationInfoSchema,
  type Booking,
} from '@lanebook/core/booking-schemas';
import type { Tx } from '../../db/client.js';
import type { ModuleRoutes } from '../../platform/module.js';
import { venueOf, type VenueRow } from '../../platform/access.js';
import { AppError, conflict, notFound, validationFailed } from '../../platform/errors.js';
import { errorResponses, idParams } from '../../platform/http.js';
import { lockKeys, slotOccupancyKey, withTransaction } from '../../platform/locking.js';
import { storedPhone } from '../../platform/phones.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { liveProductById } from '../products/service.js';
import { assertCardCheckoutPossible, cardProviderOf, closeOtherCheckouts, openCardCheckout } from '../payments/service.js';
import { assertCustomerMayCancel, cancelBooking, cancellationPeriodOf, type Actor } from './actions.js';
import { createBookingOnce, publicBookingReads } from './create.js';
import { updateBooking } from './edit.js';
import { bookingCalendar } from './ics.js';
import { automaticMails, bookingMailerOf } from './mail.js';
import { giftCardKeys } from '../gift-cards/codes.js';
import { checkInCodeOf, checkInKey } from '../check-in/codes.js';
import { collectGiftCardPayment, keepCheckout, openCheckoutUrl, settleLedger, writeRefundRows } from './money.js';
import { writeMoveMail } from './move-mail.js';
import { tellVenueOfBannedGuest } from '../guests/alerts.js';
import { assertCustomerMayMove, customerLinks, publicBooking } from './public.js';
import { bookingOrNotFound, bookingWithLedger, writeLog } from './records.js';
import { bookingIdOfReference } from './service.js';

const tags = ['bookings'];

/** Which card checkout a public request opens: the same booking, state, amount and return page make the same one. */
const returnUrlDigest = (url: string) => createHash('sha256').update(url).digest('hex').slice(0, 16);

/**
 * The widget's booking calls, under /api/public/booking (decision 024): a booking is named by its
 * reference, its venue found from it or from the product (decision 012), and the customer acts.
 */
export const publicBookingRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const mail = bookingMailerOf(deps);
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);
  const customer = (request: FastifyRequest): Actor => ({ userName: 'Customer', moneyFormat: venueOf(request).row.moneyFormat });
  const giftCardKeysOf = giftCardKeys(deps.config.giftCardSecret ?? deps.config.authSecret);
  const checkInKeyOf = checkInKey(deps.config.authSecret);

  /** The customer's view of their booking, with its product's and venue's names (public.ts). */
  const publicView = async (venue: VenueRow, booking: Booking) =>
    publicBooking(
      booking,
      venue,
      await liveProductById(db, venue.id, booking.productId),
      deps.config.baseUrl,
      checkInCodeOf(checkInKeyOf, venue.id, booking.id),
    );

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
        operationId: 'createPublicBooking',
        summary: 'Book online',
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
      // Not awaited: a slow mail server never holds the customer's answer (the booking's mark is the desk's alert).
      if (booking.isWarning) void tellVenueOfBannedGuest(mail.mailer, venue.row, booking, deps.config.baseUrl, request.log);
      return reply
        .code(201)
        .send(
          publicBooking(booking, venue.row, reads.catalog?.product, deps.config.baseUrl, checkInCodeOf(checkInKeyOf, venue.id, booking.id)),
        );
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
      // A card payment of a provider not in use, or a gift card disabled or expired since it paid: staff settle it.
      if (!(error instanceof AppError && (error.code === 'provider_unavailable' || error.code === 'gift_card_not_active'))) throw error;
      await writeLog(tx, venue.id, bookingId, { type: 'customerRefundNotMade', amount, reason: error.message }, actor.userName);
    }
    return settleLedger(tx, venue.id, bookingId);
  };

  app.get(
    '/api/public/booking/:id',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getPublicBooking',
        summary: "The customer's booking by reference",
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
        operationId: 'getBookingCalendarFile',
        summary: 'The booking as an iCalendar file',
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

  app.get(
    '/api/public/booking/:id/qr.png',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getBookingCheckInQr',
        summary: "The booking's check-in code as a QR code",
        tags,
        description:
          "A PNG of the booking's check-in code (issue 39) as a QR code, for the desk's scanner: the mails, the booking page and the widget show it.",
        params: idParams,
        response: { 200: z.string().describe('image/png'), ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const { venueId, bookingId } = await referenced(request);
      const png = await QRCode.toBuffer(checkInCodeOf(checkInKeyOf, venueId, bookingId), {
        type: 'png',
        errorCorrectionLevel: 'M',
        margin: 4,
        scale: 6,
      });
      // Mail clients fetch it when a mail is opened, maybe long after: the code never changes.
      return reply
        .type('image/png')
        .header('cache-control', 'private, max-age=86400')
        .send(png as never);
    },
  );

  app.patch(
    '/api/public/booking/:id/reservationInfo',
    {
      // The body is checked before the reference is looked up, as for the public create.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'updatePublicReservationInfo',
        summary: "Correct the customer's details",
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
        operationId: 'cancelPublicBooking',
        summary: 'Cancel a booking online',
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
        operationId: 'movePublicBooking',
        summary: 'Move a booking online',
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
        const changed = await updateBooking(tx, venue, bookingId, { slots: request.body.slots }, actor, {
          online: true,
          log: (changed) => ({
            type: 'movedByCustomer',
            from: { startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() },
            to: { startsAt: changed.startsAt.toISOString(), endsAt: changed.endsAt.toISOString() },
            total: changed.total !== row.total ? changed.total : null,
          }),
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
    '/api/public/booking/:id/gift-card',
    {
      // The body is checked before the reference is looked up, as for the booking's other public writes.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'payPublicBookingWithGiftCard',
        summary: 'Pay a booking with a gift card',
        tags,
        description:
          "The customer's gift card pays what it can of what is due (decision 045): answers the booking with its new due, and what the card paid and holds now; the rest is paid by card as usual. An unknown code (another venue's too) is a 404 gift_card_not_found and counts in the address's budget of misses (then 429); a disabled, expired or empty card is a 409 (gift_card_disabled, gift_card_expired, gift_card_empty); nothing due is a 409 nothing_due. Each in words a customer understands.",
        params: idParams,
        body: publicGiftCardApplySchema,
        response: { 200: publicGiftCardAppliedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      request.venue = await deps.access.resolvePublic('booking', request.params.id, request);
      const { venue, bookingId } = await referenced(request);
      const paid = await deps.access.withinMissBudget(request, () =>
        withTransaction(db, (tx) =>
          collectGiftCardPayment(tx, giftCardKeysOf, venue, bookingId, { code: request.body.code, upTo: 'due' }, customer(request)),
        ),
      );
      return { ...(await publicView(venue, paid.booking)), appliedGiftCard: paid.applied };
    },
  );

  app.post(
    '/api/public/booking/:id/checkout',
    {
      // The body is checked before the reference is looked up, as for the booking's other public writes.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'openPublicCheckout',
        summary: 'Open the hosted card checkout',
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
