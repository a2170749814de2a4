import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addDays, addMonths, formatVenueDate, venueToday } from '@lanebook/core';
import { COMPLIMENTARY, formatGiftCardCode } from '@lanebook/core/gift-cards';
import {
  giftCardAdjustSchema,
  giftCardBalanceBodySchema,
  giftCardBalanceSchema,
  giftCardCheckoutSchema,
  giftCardDetailSchema,
  giftCardDisableSchema,
  giftCardListQuerySchema,
  giftCardListSchema,
  giftCardOrderSchema,
  giftCardPdfSchema,
  giftCardPurchaseSchema,
  giftCardResendSchema,
  giftCardSaleSchema,
  giftCardSchema,
  giftCardSoldSchema,
  giftCardSummaryQuerySchema,
  giftCardSummarySchema,
  giftCardVenueQuerySchema,
} from '@lanebook/core/gift-card-schemas';
import { hasPermission, identityOf, venueOf } from '../../platform/access.js';
import { csvCell } from '../../platform/csv.js';
import { AppError, conflict, forbidden, notFound, validationFailed } from '../../platform/errors.js';
import { errorResponses, idParams } from '../../platform/http.js';
import { withTransaction } from '../../platform/locking.js';
import type { ModuleRoutes } from '../../platform/module.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { idempotencyKeySchema } from '@lanebook/core/booking-schemas';
import { assertCardCheckoutPossible, openCardCheckout } from '../payments/service.js';
import { giftCardMailerOf, giftCardMails, resendGiftCard } from './mail.js';
import { giftCardPdf } from './pdf.js';
import {
  adjustGiftCard,
  assertAmountAllowed,
  createGiftCardOrder,
  deliveryDateOf,
  disableGiftCard,
  expiresOnOf,
  giftCardAnswer,
  giftCardByCode,
  giftCardDetail,
  giftCardOrderById,
  giftCardOrNotFound,
  giftCardSummary,
  GIFT_CARD_UNKNOWN,
  issueGiftCard,
  ledgerEntriesBetween,
  listGiftCards,
  saleMethodOf,
  setOrderCheckout,
} from './service.js';
import { codeHashOf } from './codes.js';

const tags = ['gift-cards'];

/** A period of venue dates: the one asked for (from alone: that day), else this month in the venue's zone. */
function periodOf(query: { from?: string; to?: string }, timezone: string) {
  const firstOfMonth = `${venueToday(timezone).slice(0, 7)}-01`;
  const from = query.from ?? firstOfMonth;
  const to = query.to ?? (query.from ? from : addDays(addMonths(firstOfMonth, 1), -1));
  if (to < from) throw validationFailed([{ path: ['to'], message: 'The period must end on or after its start' }], 'querystring');
  return { from, to };
}

/** Gift cards (issue 37, decision 045): the desk's calls under /api/private/gift-cards and the widget's under /api/public/gift-cards. */
export const giftCardRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const mail = giftCardMailerOf(deps);
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);
  const actorOf = (request: FastifyRequest) => {
    const identity = identityOf(request);
    return { userName: identity.name || identity.email, userId: identity.userId };
  };

  app.post(
    '/api/private/gift-cards',
    {
      config: { access: { permission: 'giftCards.sell' } },
      schema: {
        operationId: 'sellGiftCard',
        summary: 'Sell or give away a gift card at the desk',
        tags,
        description:
          "Issues a card of `amount` cents (a preset amount of the venue's settings, or within its custom range) paid with one of the venue's payment methods, or `complimentary` with a `reason` (needs giftCards.issue). The answer is the only one that ever holds the full code: print it or write it on a card now (POST .../{id}/pdf makes the printable card). With a recipientEmail the recipient gets the venue's gift card mail with the code on `deliverAt` (a venue date; today or left out: at once).",
        body: giftCardSaleSchema,
        response: { 201: giftCardSoldSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const body = request.body;
      const complimentary = body.paymentMethod.toLowerCase() === COMPLIMENTARY;
      if (complimentary && !hasPermission(request, 'giftCards.issue'))
        throw forbidden('Giving a gift card away needs the giftCards.issue permission.');
      const method = saleMethodOf(venue, body.paymentMethod);
      const mails = giftCardMails(mail, request.log);
      const { card, code } = await withTransaction(db, async (tx) => {
        const issued = await issueGiftCard(
          tx,
          mail.keys,
          venue,
          {
            amount: body.amount,
            method,
            reason: body.reason ?? null,
            source: 'desk',
            buyerName: body.buyerName,
            buyerEmail: body.buyerEmail,
            recipientName: body.recipientName,
            recipientEmail: body.recipientEmail,
            message: body.message,
            deliverAt: deliveryDateOf(venue, body.deliverAt),
          },
          actorOf(request),
        );
        await mails.afterIssue(tx, issued.card);
        return issued;
      });
      await mails.handOver();
      const answer = giftCardAnswer(card, venue);
      const { id, last4, amount, balance, status, expiresAt, expiresOn } = answer;
      return reply.code(201).send({ id, code: formatGiftCardCode(code), last4, amount, balance, status, expiresAt, expiresOn });
    },
  );

  app.get(
    '/api/private/gift-cards',
    {
      config: { access: { permission: 'giftCards.view' } },
      schema: {
        operationId: 'listGiftCards',
        summary: "The venue's gift cards",
        tags,
        description:
          "Gift cards, newest first: `search` finds the last four of a code (or a whole code typed), or part of a recipient's or buyer's name or email; `status` filters. Codes show as their last four.",
        querystring: giftCardListQuerySchema,
        response: { 200: giftCardListSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listGiftCards(db, venueOf(request).row, request.query),
  );

  const summaryDoc =
    "What happened to the venue's cards in the period (venue dates, both included; this month when left out), in cents: sold (paid cards issued; their count soldCount), complimentary (given away), redeemed (spent on bookings: the bookings count it as their payments, never the sale), refunded (given back to cards), adjusted (net) and expired; outstanding is what active cards hold now (the venue's liability).";

  app.get(
    '/api/private/gift-cards/summary',
    {
      config: { access: { permission: 'statistics.view' } },
      schema: {
        operationId: 'getGiftCardSummary',
        summary: "The gift cards' figures of a period",
        tags,
        description: summaryDoc,
        querystring: giftCardSummaryQuerySchema,
        response: { 200: giftCardSummarySchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      return giftCardSummary(db, venue.id, periodOf(request.query, venue.timezone), venue.timezone);
    },
  );

  app.get(
    '/api/private/gift-cards/summary.csv',
    {
      config: { access: { permission: 'statistics.view' } },
      schema: {
        operationId: 'exportGiftCardSummaryCsv',
        summary: "The gift cards' ledger of a period as CSV",
        tags,
        description: `${summaryDoc} As CSV: every ledger entry of the period (date, card, kind, method, amount, balance after, booking, reason, by), then the summary's rows; amounts in the currency's units, formulas neutralized.`,
        querystring: giftCardSummaryQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const period = periodOf(request.query, venue.timezone);
      const [entries, summary] = await Promise.all([
        ledgerEntriesBetween(db, venue.id, period, venue.timezone),
        giftCardSummary(db, venue.id, period, venue.timezone),
      ]);
      const line = (cells: (string | number | null)[]) =>
        `${cells.map((cell) => (typeof cell === 'number' ? (cell / 100).toFixed(2) : csvCell(cell))).join(',')}\r\n`;
      const csv =
        '\uFEFF' +
        line(['Date', 'Card', 'Kind', 'Method', 'Amount', 'Balance after', 'Booking', 'Reason', 'By']) +
        entries
          .map((entry) =>
            line([
              entry.createdAt,
              `••••${entry.last4}`,
              entry.kind,
              entry.method,
              entry.amount,
              entry.balanceAfter,
              entry.bookingId,
              entry.reason,
              entry.userName,
            ]),
          )
          .join('') +
        (['sold', 'complimentary', 'redeemed', 'refunded', 'adjusted', 'expired', 'outstanding'] as const)
          .map((key) => line(['Total', '', key, '', summary[key], null, null, null, null]))
          .join('');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gift-cards-${period.from}-${period.to}.csv"`)
        .header('cache-control', 'no-store')
        .send(csv);
    },
  );

  app.get(
    '/api/private/gift-cards/:id',
    {
      config: { access: { permission: 'giftCards.view' } },
      schema: {
        operationId: 'getGiftCard',
        summary: 'One gift card with its ledger',
        tags,
        description: "The card (its code as the last four) with its ledger, oldest entry first. Another venue's card is a 404.",
        params: idParams,
        response: { 200: giftCardDetailSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => giftCardDetail(db, venueOf(request).row, request.params.id),
  );

  app.post(
    '/api/private/gift-cards/:id/adjust',
    {
      config: { access: { permission: 'giftCards.issue' } },
      schema: {
        operationId: 'adjustGiftCard',
        summary: "Adjust a gift card's balance",
        tags,
        description:
          'Adds (positive cents) or takes off (negative) an amount, with a reason, as an adjusted ledger entry. Never below zero (400 naming amount); an inactive card is a 409.',
        params: idParams,
        body: giftCardAdjustSchema,
        response: { 200: giftCardDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      await withTransaction(db, (tx) => adjustGiftCard(tx, venue, request.params.id, request.body, actorOf(request)));
      return giftCardDetail(db, venue, request.params.id);
    },
  );

  app.post(
    '/api/private/gift-cards/:id/disable',
    {
      config: { access: { permission: 'giftCards.issue' } },
      schema: {
        operationId: 'disableGiftCard',
        summary: 'Disable a gift card',
        tags,
        description:
          'Disables an active card (lost, stolen, sold by mistake): its code pays nothing from now on and the balance check answers it as unknown. Its balance stays in its ledger. A card already disabled or expired is a 409.',
        params: idParams,
        body: giftCardDisableSchema.nullish(),
        response: { 200: giftCardSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      const card = await withTransaction(db, (tx) => disableGiftCard(tx, venue.id, request.params.id, request.body?.reason || null));
      return giftCardAnswer(card, venue);
    },
  );

  app.post(
    '/api/private/gift-cards/:id/resend',
    {
      config: { access: { permission: 'giftCards.sell' } },
      schema: {
        operationId: 'resendGiftCard',
        summary: "Send the recipient's gift card mail again",
        tags,
        description:
          "Sends the recipient's mail with the code again now, as a mail of its own; with recipientEmail, to that address (kept as the recipient's). Only an active card: else a 409.",
        params: idParams,
        body: giftCardResendSchema.nullish(),
        response: { 200: giftCardSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const venue = venueOf(request).row;
      const mails = giftCardMails(mail, request.log);
      const card = await resendGiftCard(mail, mails, venue.id, request.params.id, {
        recipientEmail: request.body?.recipientEmail,
        occasion: randomUUID(),
      });
      await mails.handOver();
      return giftCardAnswer(card, venue);
    },
  );

  app.post(
    '/api/private/gift-cards/:id/pdf',
    {
      config: { access: { permission: 'giftCards.sell' } },
      schema: {
        operationId: 'printGiftCard',
        summary: 'The printable gift card as PDF',
        tags,
        description:
          "The card to print (venue, amount, recipient, the code written out and as a QR code), for the code the sale answered: the server never reads a code back, so it takes it and checks it is this card's (else 404, as for another venue's card).",
        params: idParams,
        body: giftCardPdfSchema,
        response: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const card = await giftCardOrNotFound(db, venue.id, request.params.id);
      if (card.codeHash !== codeHashOf(mail.keys, request.body.code)) throw notFound('Gift card');
      // The last day in the venue's date format, as the mail says it.
      const expiresOn = card.expiresAt ? formatVenueDate(new Date(card.expiresAt.getTime() - 1), venue.timezone, venue.dateFormat) : null;
      const pdf = await giftCardPdf(venue, { ...card, expiresOn }, formatGiftCardCode(request.body.code));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="gift-card-${card.codeLast4}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as never);
    },
  );

  // ---- The widget's calls ----

  app.post(
    '/api/public/gift-cards/balance',
    {
      // The body is checked before the venue is looked up, as for the other public calls with a body.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getGiftCardBalance',
        summary: "A gift card's balance",
        tags,
        description:
          "What a card of the venue (`venueId`) holds and until when. An unknown code, a disabled card and another venue's code are the same 404 gift_card_not_found; an expired card answers status expired with 0. A client address that tries too many unknown codes (the miss budget of booking references, PUBLIC_MISS_RATE_LIMIT a minute) gets 429 until the minute ends.",
        querystring: giftCardVenueQuerySchema,
        body: giftCardBalanceBodySchema,
        response: { 200: giftCardBalanceSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const venue = (request.venue = await deps.access.resolvePublic('venue', request.query.venueId, request)).row;
      return deps.access.withinMissBudget(request, async () => {
        const card = await giftCardByCode(db, mail.keys, venue.id, request.body.code);
        if (!card || card.status === 'disabled') throw new AppError(404, 'gift_card_not_found', GIFT_CARD_UNKNOWN);
        const expired = card.status === 'expired' || (card.expiresAt !== null && card.expiresAt <= new Date());
        return {
          last4: card.codeLast4,
          balance: expired ? 0 : card.balance,
          status: expired ? ('expired' as const) : ('active' as const),
          expiresAt: card.expiresAt?.toISOString() ?? null,
          expiresOn: expiresOnOf(card.expiresAt, venue.timezone),
        };
      });
    },
  );

  app.post(
    '/api/public/gift-cards/checkout',
    {
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'buyGiftCard',
        summary: 'Buy a gift card online',
        tags,
        description:
          "Starts buying a card of the venue (`venueId`, a live venue selling gift cards online): the amount (a preset of the venue's settings, or within its custom range), the recipient, a message, the delivery date (a venue date within a year; today or left out: at once) and the buyer. Answers the order's id and the payment provider's hosted checkout (`embeddable`: it may be shown in the widget's frame). The page returns to returnUrl (one of this server's /widget/ pages) with giftCardOrder=<id> added, and paid=0 when the buyer gives up. The card is issued when the provider confirms the payment (its webhook), never on the return: poll GET /api/public/gift-cards/orders/{id}. The buyer gets a receipt then; the recipient the code on the delivery date. With an Idempotency-Key header a repeat answers the same order. 409 gift_cards_not_on_sale, payments_unavailable, payments_not_enabled.",
        querystring: giftCardVenueQuerySchema,
        body: giftCardPurchaseSchema,
        response: { 200: giftCardCheckoutSchema, ...errorResponses(400, 404, 409, 422, 429, 502) },
      },
    },
    async (request) => {
      const raw = request.headers['idempotency-key'];
      const key = raw === undefined ? null : idempotencyKeySchema.safeParse(raw);
      if (key && !key.success)
        throw validationFailed([{ path: ['Idempotency-Key'], message: 'Use 8 to 100 letters, digits, - or _' }], 'Idempotency-Key');
      const body = request.body;
      const returnUrl = new URL(body.returnUrl);
      if (!returnUrl.href.startsWith(`${deps.config.baseUrl}/widget/`))
        throw validationFailed([{ path: ['returnUrl'], message: 'The checkout returns only to a page of the booking widget' }]);
      const venue = (request.venue = await deps.access.resolvePublic('venue', request.query.venueId, request)).row;
      if (!venue.giftCards.isEnabled) throw conflict('This venue does not sell gift cards online.', 'gift_cards_not_on_sale');
      assertAmountAllowed(venue, body.amount);
      const deliverOn = deliveryDateOf(venue, body.deliverAt);
      assertCardCheckoutPossible(deps.payments, venue);
      const { order, created } = await createGiftCardOrder(db, venue.id, {
        amount: body.amount,
        buyerName: body.buyerName,
        buyerEmail: body.buyerEmail.toLowerCase(),
        recipientName: body.recipientName,
        recipientEmail: body.recipientEmail.toLowerCase(),
        message: body.message,
        deliverOn,
        idempotencyKey: key?.data ?? null,
      });
      if (!created && order.checkoutUrl)
        return { orderId: order.id, url: order.checkoutUrl, embeddable: deps.payments.isCheckoutEmbeddable };
      const success = new URL(returnUrl);
      success.searchParams.set('giftCardOrder', order.id);
      const canceled = new URL(success);
      canceled.searchParams.set('paid', '0');
      const session = await openCardCheckout(deps.payments, venue, {
        giftCardOrderId: order.id,
        amount: order.amount,
        description: `Gift card, ${venue.name}`,
        successUrl: success.href,
        cancelUrl: canceled.href,
        idempotencyKey: `gift-card-order:${venue.id}:${order.id}`,
      });
      await setOrderCheckout(db, venue.id, order.id, session.url);
      return { orderId: order.id, url: session.url, embeddable: deps.payments.isCheckoutEmbeddable };
    },
  );

  app.get(
    '/api/public/gift-cards/orders/:id',
    {
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getGiftCardOrder',
        summary: 'A gift card bought online',
        tags,
        description:
          "Where an online purchase stands: open until the payment provider confirms the payment, then paid with the card's last four. The return page polls it.",
        params: idParams,
        querystring: giftCardVenueQuerySchema,
        response: { 200: giftCardOrderSchema, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const venue = (request.venue = await deps.access.resolvePublic('venue', request.query.venueId, request)).row;
      const order = await giftCardOrderById(db, venue.id, request.params.id);
      if (!order) throw notFound('Gift card order');
      const card = order.giftCardId ? await giftCardOrNotFound(db, venue.id, order.giftCardId) : null;
      return {
        id: order.id,
        status: card ? ('paid' as const) : ('open' as const),
        amount: order.amount,
        recipientName: order.recipientName,
        deliverAt: order.deliverOn,
        giftCard: card ? { last4: card.codeLast4, expiresOn: expiresOnOf(card.expiresAt, venue.timezone) } : null,
      };
    },
  );
};
