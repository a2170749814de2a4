import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noContentSchema } from '@lanebook/core';
import {
  publicSignedSchema,
  publicWaiverSchema,
  signatureListQuerySchema,
  signatureListSchema,
  signatureSchema,
  signingBodySchema,
  signingFormSchema,
} from '@lanebook/core/waiver-schemas';
import type { ModuleRoutes } from '../../platform/module.js';
import { publicRateLimit } from '../../platform/rate-limits.js';
import { identityOf, venueOf } from '../../platform/access.js';
import { notFound } from '../../platform/errors.js';
import { errorResponses, idParams } from '../../platform/http.js';
import { bookingIdOfReference, bookingIdOfSigningToken, signingTokenVenueId } from '../bookings/service.js';
import { signaturesCsv } from './export.js';
import { signaturePdf } from './pdf.js';
import {
  bookingSignatures,
  deleteSignature,
  listSignatures,
  signatureAnswer,
  signatureRow,
  signingForm,
  signWaiver,
  whatToSign,
} from './service.js';

const tags = ['signatures'];
const exportQuerySchema = signatureListQuerySchema.omit({ page: true });

export const signatureRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = deps.database;
  const PUBLIC_RATE_LIMIT = publicRateLimit(deps.config);
  deps.access.setPublicVenueLookup('signing', (token) => signingTokenVenueId(db, token));
  const userName = (request: FastifyRequest) => {
    const identity = identityOf(request);
    return identity.name || identity.email;
  };

  // ---- At the desk ----

  app.get(
    '/api/private/booking/:id/waiver',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getBookingWaiver',
        summary: "What a booking's guests sign",
        tags,
        description: "What the booking's guests sign: its product's active waiver, the signing window and how many have signed.",
        params: idParams,
        response: { 200: publicWaiverSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => whatToSign(db, venueOf(request).row, request.params.id, false),
  );

  app.post(
    '/api/private/booking/:id/signatures',
    {
      config: { access: { permission: 'signatures.create' } },
      schema: {
        operationId: 'signAtDesk',
        summary: "Sign a booking's waiver at the desk",
        tags,
        description:
          "Signs the booking's waiver at the desk: fields (standard by key, custom by label), checkboxes, the signature as a PNG data URL, and a guardian's name and signature for a minor.",
        params: idParams,
        body: signingBodySchema,
        response: { 201: signatureSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const signed = await signWaiver(db, deps.storage, venueOf(request).row, request.params.id, request.body, {
        forPublic: false,
        userName: userName(request),
      });
      return reply.code(201).send(signed);
    },
  );

  app.get(
    '/api/private/booking/:id/signatures',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'listBookingSignatures',
        summary: "A booking's signed waivers",
        tags,
        description: "The booking's signed waivers, oldest first.",
        params: idParams,
        response: { 200: signatureListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => bookingSignatures(db, venueOf(request).id, request.params.id),
  );

  // ---- The venue's signatures ----

  app.get(
    '/api/private/signatures',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'listSignatures',
        summary: 'Signed waivers',
        tags,
        description: 'Signed waivers: type bookings or walk-ins, sort new, old, az or za, search by name or email; 100 a page.',
        querystring: signatureListQuerySchema,
        response: { 200: signatureListSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => listSignatures(db, venueOf(request).id, request.query),
  );

  app.get(
    '/api/private/signatures/export.csv',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'exportSignaturesCsv',
        summary: 'Signed waivers as CSV',
        tags,
        description:
          'The raw export: every signature matching the filters, every field and checkbox a column, as CSV (formulas neutralized), streamed.',
        querystring: exportQuerySchema,
        response: { 200: z.string().describe('text/csv'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="signatures-${venue.id}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(signaturesCsv(db, venue.id, request.query, venue.timezone)) as never);
    },
  );

  app.get(
    '/api/private/signatures/:id',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getSignature',
        summary: 'One signed waiver',
        tags,
        description: 'A signed waiver, exactly as signed.',
        params: idParams,
        response: { 200: signatureSchema, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => signatureAnswer(await signatureRow(db, venueOf(request).id, request.params.id)),
  );

  const image = (
    path: string,
    which: 'signatureKey' | 'guardianSignatureKey',
    /** What the OpenAPI document says of it. */
    doc: { operationId: string; summary: string; description: string },
  ) =>
    app.get(
      `/api/private/signatures/:id/${path}`,
      {
        config: { access: { auth: 'venue' } },
        schema: {
          ...doc,
          tags,
          params: idParams,
          response: { 200: z.string().describe('image/png'), ...errorResponses(400, 401, 404) },
        },
      },
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const row = await signatureRow(db, venueOf(request).id, request.params.id);
        const key = row[which];
        const data = key ? await deps.storage.get(key) : null;
        if (!data) throw notFound('Signature image');
        return reply
          .type('image/png')
          .header('cache-control', 'private, max-age=3600')
          .header('x-content-type-options', 'nosniff')
          .send(data as never);
      },
    );
  image('image', 'signatureKey', {
    operationId: 'getSignatureImage',
    summary: "The signer's signature image",
    description: "The signer's signature (PNG).",
  });
  image('guardian-image', 'guardianSignatureKey', {
    operationId: 'getGuardianSignatureImage',
    summary: "The guardian's signature image",
    description: "A minor's guardian's signature (PNG).",
  });

  app.get(
    '/api/private/signatures/:id/pdf',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'getSignaturePdf',
        summary: 'A signed waiver as PDF',
        tags,
        description: 'The signed waiver as a PDF, with its signatures.',
        params: idParams,
        response: { 200: z.string().describe('application/pdf'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const venue = venueOf(request).row;
      const row = await signatureRow(db, venue.id, request.params.id);
      const signedAt = row.createdAt.toLocaleString('en-US', { timeZone: venue.timezone, dateStyle: 'medium', timeStyle: 'short' });
      const pdf = await signaturePdf(
        row,
        {
          signature: row.signatureKey ? await deps.storage.get(row.signatureKey) : null,
          guardian: row.guardianSignatureKey ? await deps.storage.get(row.guardianSignatureKey) : null,
        },
        { venueName: venue.name, signedAt },
      );
      const name = `${row.lastName}-${row.firstName}`.replace(/[^A-Za-z0-9-]+/g, '_');
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="waiver-${name}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as never);
    },
  );

  app.delete(
    '/api/private/signatures/:id',
    {
      config: { access: { permission: 'signatures.delete' } },
      schema: {
        operationId: 'deleteSignature',
        summary: 'Delete a signed waiver',
        tags,
        description: "Deletes a signed waiver; the booking's log says whose.",
        params: idParams,
        response: { 204: noContentSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteSignature(db, deps.storage, venueOf(request).id, request.params.id, userName(request));
      return reply.code(204).send();
    },
  );

  // ---- Online, by booking reference ----

  const referenced = async (request: FastifyRequest) => {
    const venue = venueOf(request).row;
    const bookingId = await bookingIdOfReference(db, venue.id, (request.params as { id: string }).id);
    if (!bookingId) throw notFound('Booking');
    return { venue, bookingId };
  };

  app.get(
    '/api/public/booking/:id/waiver',
    {
      config: { access: { public: 'booking' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getPublicWaiver',
        summary: 'What a guest signs online',
        tags,
        description:
          "What a guest signs, by booking reference: only the booking's product, date and venue name, the count signed, and the waiver.",
        params: idParams,
        response: { 200: publicWaiverSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const { venue, bookingId } = await referenced(request);
      return whatToSign(db, venue, bookingId, true);
    },
  );

  app.post(
    '/api/public/booking/:id/signatures',
    {
      // The body is checked before the reference is looked up, as for the booking's other public writes.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'signPublicWaiver',
        summary: "Sign a booking's waiver online",
        tags,
        description: "A guest signs the booking's waiver online, by booking reference (the widget, or a friend's link).",
        params: idParams,
        body: signingBodySchema,
        response: { 201: publicSignedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      request.venue = await deps.access.resolvePublic('booking', request.params.id, request);
      const { venue, bookingId } = await referenced(request);
      const signed = await signWaiver(db, deps.storage, venue, bookingId, request.body, { forPublic: true, userName: 'Guest' });
      const { signedCount } = await whatToSign(db, venue, bookingId, true);
      return reply.code(201).send({ id: signed.id, signedCount });
    },
  );

  // ---- Online, by the friends' sign-only token (decision 023): the form and signing, nothing else ----

  const tokened = async (request: FastifyRequest) => {
    const venue = venueOf(request).row;
    const bookingId = await bookingIdOfSigningToken(db, venue.id, (request.params as { id: string }).id);
    if (!bookingId) throw notFound('Signing link');
    return { venue, bookingId };
  };

  app.get(
    '/api/public/signing/:id',
    {
      config: { access: { public: 'signing' }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'getSigningForm',
        summary: "The friends' signing form",
        tags,
        description:
          "The friends' signing form, by the booking's sign-only token (id): the venue's name and look, the booking's product, date and signed count, and the waiver; no one's data.",
        params: idParams,
        response: { 200: signingFormSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request) => {
      const { venue, bookingId } = await tokened(request);
      return signingForm(db, venue, bookingId);
    },
  );

  app.post(
    '/api/public/signing/:id/signatures',
    {
      // As by reference: the body is checked before the token is looked up.
      config: { access: { public: true }, rateLimit: PUBLIC_RATE_LIMIT },
      schema: {
        operationId: 'signBySigningLink',
        summary: "Sign by a friends' signing link",
        tags,
        description: "A friend signs the booking's waiver by its sign-only token (id).",
        params: idParams,
        body: signingBodySchema,
        response: { 201: publicSignedSchema, ...errorResponses(400, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      request.venue = await deps.access.resolvePublic('signing', request.params.id, request);
      const { venue, bookingId } = await tokened(request);
      const signed = await signWaiver(db, deps.storage, venue, bookingId, request.body, { forPublic: true, userName: 'Guest' });
      const { signedCount } = await signingForm(db, venue, bookingId);
      return reply.code(201).send({ id: signed.id, signedCount });
    },
  );
};
