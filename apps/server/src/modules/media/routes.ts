import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import multipart from '@fastify/multipart';
import type { ModuleDeps } from '../../app.js';
import { venueOf } from '../../platform/access.js';
import { AppError, badRequest, notFound } from '../../platform/errors.js';
import { STORAGE_KEY } from '../../platform/storage.js';
import { IMAGE_TYPES, MAX_IMAGE_BYTES, sniffImage, type ImageExtension } from './service.js';

export const mediaRoutes: FastifyPluginAsync<{ deps: ModuleDeps }> = async (app, { deps }) => {
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5 } });
  const tags = ['media'];

  // The spec names this path /public, but an upload writes to the venue's storage, so it takes a
  // signed-in member of the venue (docs/decisions/007-catalog.md).
  app.post(
    '/api/public/media/images/upload',
    {
      config: { access: { auth: 'venue' } },
      schema: { tags, description: 'Upload one image (PNG, JPEG, GIF or WebP, at most 5 MB) as multipart field "file". Answers {url}.' },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Send the image as multipart/form-data in the field "file".', 'file');
      const file = await request.file();
      if (!file) throw badRequest('No file was sent: use the multipart field "file".', 'file');
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError(413, 'file_too_large', `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`, {
            fields: [{ path: 'file', message: 'Too large' }],
          });
        }
        throw error;
      }
      const extension = sniffImage(data);
      if (!extension) throw badRequest('The file is not a PNG, JPEG, GIF or WebP image.', 'file');
      const key = `${venueOf(request).id}/${randomUUID()}.${extension}`;
      await deps.storage.put(key, data);
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
