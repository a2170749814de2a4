import { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';

/**
 * How the server logs. In production: pino's JSON lines, one object per event, for a log
 * collector. In development: readable lines (pino-pretty) and one short line per request, so the
 * start message and the printed sign-up links are not buried under request objects.
 */
export function loggerOptions(level: string | undefined, pretty: boolean): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (level === 'silent') return { logger: false };
  if (!pretty) return { logger: { level: level ?? 'info' } };
  return {
    logger: {
      level: level ?? 'info',
      transport: { target: 'pino-pretty', options: { translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname,reqId', singleLine: true } },
    },
    // Replaced by the one line of logShortRequests.
    logController: new LogController({ disableRequestLogging: true }),
  };
}

/** One line a request, once answered: "GET /api/private/bookings 200 12 ms". */
export function logShortRequests(app: FastifyInstance) {
  app.addHook('onResponse', async (request, reply) => {
    const line = `${request.method} ${request.url} ${reply.statusCode} ${Math.round(reply.elapsedTime)} ms`;
    if (reply.statusCode >= 500) request.log.error(line);
    else request.log.info(line);
  });
}
