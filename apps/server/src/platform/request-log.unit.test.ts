import { describe, expect, it } from 'vitest';
import { loggerOptions } from './request-log.js';

describe('how the server logs', () => {
  it('in production: JSON lines at the level asked, request logs as pino writes them', () => {
    expect(loggerOptions('info', false)).toEqual({ logger: { level: 'info' } });
    expect(loggerOptions(undefined, false)).toEqual({ logger: { level: 'info' } });
  });

  it("in development: pino-pretty, and fastify's own request pair replaced by one short line", () => {
    const options = loggerOptions('debug', true);
    expect(options.logger).toMatchObject({ level: 'debug', transport: { target: 'pino-pretty' } });
    expect(options.logController).toBeDefined();
  });

  it('silent is no logger at all', () => {
    expect(loggerOptions('silent', true)).toEqual({ logger: false });
  });
});
