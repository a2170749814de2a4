import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { uploadedImageSchema } from '@lanebook/core';
import multipart from '@fastify/multipart';
import type { ModuleDeps } from '../../platform/module.js';
import { venueOf } from '../../platform/access.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import { STORAGE_KEY } from '../../platform/storage.js';
import {
  DEFAULT_UPLOAD_QUOTA_BYTES,
  IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  megabytes,
  sniffImage,
  VenueQueue,
  type ImageExtension,
} from './images.js';

export const mediaRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (app, { deps }) => {
  // throwFileSizeLimit off: an oversized file is recognised by its truncated mark below, every time.
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 }, throwFileSizeLimit: false });
  const quota = deps.config.uploadQuotaBytes ?? DEFAULT_UPLOAD_QUOTA_BYTES;
  const queue = new VenueQueue();
  const tags = ['media'];

  // The spec names this path /public, but an upload writes to the venue's storage, so it takes a
  // signed-in member of the venue (docs/decisions/006-catalog-and-settings.md).
  app.post(
    '/api/public/media/images/upload',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'uploadImage',
        summary: 'Upload an image',
        tags,
        description:
          'Upload one image (PNG, JPEG, GIF or WebP, at most 5 MB) as multipart field "file". Answers {url}. 413 when the file is larger, or when the venue\'s upload quota would be exceeded.',
        response: { 201: uploadedImageSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data in the field "file".', 'file');
      const file = await request.file();
      if (!file) throw badRequest('No file was sent: use the multipart field "file".', 'file');
      // Past the limit, multipart stops reading and marks the stream truncated; whether toBuffer()
      // throws then depends on timing, so the mark (and the length) decide, never the exception.
      const data = await file.toBuffer();
      if (file.file.truncated || data.length > MAX_IMAGE_BYTES) {
        throw new AppError(413, 'file_too_large', `The image is larger than ${megabytes(MAX_IMAGE_BYTES)}.`, {
          fields: [{ path: 'file', message: 'Too large' }],
        });
      }
      const extension = sniffImage(data);
      if (!extension) throw badRequest('The file is not a PNG, JPEG, GIF or WebP image.', 'file');
      const venueId = venueOf(request).id;
      const key = `${venueId}/${randomUUID()}.${extension}`;
      await queue.run(venueId, async () => {
        const used = await deps.storage.usage(venueId);
        if (used + data.length > quota) {
          const message =
            `The venue's image storage is full: ${megabytes(used)} of its ${megabytes(quota)} quota are in use ` +
            `and this image needs ${megabytes(data.length)}. Delete images that are no longer used, or ask the operator to raise the quota.`;
          throw new AppError(413, 'upload_quota_exceeded', message, { fields: [{ path: 'file', message: 'Quota full' }] });
        }
        await deps.storage.put(key, data);
      });
      return reply.status(201).send({ url: `/uploads/${key}`, contentType: IMAGE_TYPES[extension], size: data.length });
    },
  );

  // Uploaded images are shown in the console and in the customer widget, so they are public.
  app.get('/uploads/:venueId/:file', { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const { venueId, file } = request.params as { venueId: string; file: string };
    const key = `${venueId}/${file}`;
    if (!STORAGE_KEY.test(key)) throw notFound('Image');
    const data = await deps.storage.get(key);
    if (!data) throw notFound('Image');
    const extension = key.split('.').pop() as ImageExtension;
    return reply
      .type(IMAGE_TYPES[extension])
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(data);
  });

  // Any other path under /uploads is no image either: a 404, not the console's page.
  app.get('/uploads/*', { config: { access: { public: true } }, schema: { hide: true } }, async () => {
    throw notFound('Image');
  });
};
