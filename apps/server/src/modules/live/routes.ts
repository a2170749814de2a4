import type { FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LIVE_TABLES, type LiveTable } from '@lanebook/core/live';
import type { ModuleRoutes } from '../../platform/module.js';
import { ACCESS_CHANNEL, identityOf, venueOf } from '../../platform/access.js';
import { isConnectionError } from '../../platform/errors.js';
import { errorResponses } from '../../platform/http.js';
import { CHANGES_CHANNEL } from '../../platform/venue-reads.js';

/**
 * The live front desk (decision 016): one server-sent event stream per open console, telling
 * it which of its venue's bookings, slots or non-working days changed, in any server process
 * (the change triggers' NOTIFY on lanebook_changes). The console then refetches what it shows.
 * A stream ends when its session is revoked or its user leaves the venue.
 */

/** Changes are gathered this long before they go out: a populate of 2,000 slots is one event. */
const COALESCE_MS = 200;
/** A comment line this often keeps proxies from closing a quiet stream, and rechecks access. */
const HEARTBEAT_MS = 20_000;
/**
 * Open streams a user keeps in this process: enough for the tabs and screens of a front desk;
 * opening one more closes the user's oldest (its console reconnects if it is still open).
 */
export const MAX_STREAMS_PER_USER = 10;

interface LiveStream {
  venueId: string;
  userId: string;
  request: FastifyRequest;
  write: (text: string) => void;
  pending: Set<LiveTable | 'all'>;
  timer: NodeJS.Timeout | null;
  close: () => void;
}

const isLiveTable = (table: string): table is LiveTable => (LIVE_TABLES as readonly string[]).includes(table);

export const liveRoutes: ModuleRoutes = async (fastify, { deps }) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const streams = new Set<LiveStream>();

  const flush = (stream: LiveStream) => {
    stream.timer = null;
    const tables = stream.pending.has('all') ? [...LIVE_TABLES] : [...stream.pending];
    stream.pending.clear();
    stream.write(`event: change\ndata: ${JSON.stringify({ tables })}\n\n`);
  };
  const announce = (stream: LiveStream, table: LiveTable | 'all') => {
    stream.pending.add(table);
    stream.timer ??= setTimeout(() => flush(stream), COALESCE_MS);
  };
  /** The stream's session and membership, read again; a stream that lost either ends. */
  const recheck = async (stream: LiveStream) => {
    try {
      const access = await deps.access.resolve(stream.request, stream.venueId);
      if (access?.venue?.id === stream.venueId) return;
    } catch (error) {
      // While the database is away nothing can be revoked either: the stream stays, and the
      // first recheck after it is back decides.
      if (isConnectionError(error)) return;
      // Not a member any more (404) or disabled (401): the same end.
    }
    stream.close();
  };

  await deps.database.notifications.listen(
    CHANGES_CHANNEL,
    (payload) => {
      const at = payload.indexOf(':');
      const table = payload.slice(0, at);
      const venueId = payload.slice(at + 1);
      if (!isLiveTable(table)) return;
      for (const stream of streams) if (stream.venueId === venueId) announce(stream, table);
    },
    // Notifications may have been missed while the listening connection was down: refetch everything.
    () => streams.forEach((stream) => announce(stream, 'all')),
  );
  const recheckAll = () => streams.forEach((stream) => void recheck(stream));
  // A revocation announced while the listening connection was down was missed: recheck every stream.
  await deps.database.notifications.listen(ACCESS_CHANNEL, recheckAll, recheckAll);
  const heartbeat = setInterval(() => {
    for (const stream of streams) {
      stream.write(': ping\n\n');
      void recheck(stream);
    }
  }, HEARTBEAT_MS).unref();
  fastify.addHook('onClose', async () => {
    clearInterval(heartbeat);
    for (const stream of streams) stream.close();
  });

  app.get(
    '/api/private/live',
    {
      config: { access: { auth: 'venue' } },
      schema: {
        operationId: 'streamLiveEvents',
        summary: "The venue's live updates (server-sent events)",
        tags: ['live'],
        description:
          "Server-sent events (text/event-stream) for the venue's open screens: `change` events name the tables that changed (bookings, slots, venue_non_working_days), a few at most per second; comment lines keep it open. It ends when the session is revoked or the user leaves the venue.",
        response: { 200: z.string().describe('text/event-stream'), ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const venueId = venueOf(request).id;
      const userId = identityOf(request).userId;
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies that buffer answers (nginx) pass this one through as it comes.
        'x-accel-buffering': 'no',
      });
      const stream: LiveStream = {
        venueId,
        userId,
        request,
        pending: new Set(),
        timer: null,
        write: (text) => {
          if (!raw.writableEnded) raw.write(text);
        },
        close: () => {
          if (stream.timer) clearTimeout(stream.timer);
          streams.delete(stream);
          if (!raw.writableEnded) raw.end();
        },
      };
      // A Set iterates in the order its streams were added: the first of the user's is the oldest.
      const own = [...streams].filter((other) => other.userId === userId);
      for (const oldest of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_USER + 1))) oldest.close();
      streams.add(stream);
      raw.on('close', stream.close);
      // Tells the console the stream is open, and how long to wait before reconnecting.
      stream.write(`retry: 2000\nevent: ready\ndata: {}\n\n`);
    },
  );
};
