import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseError, isConnectionError, registerErrorHandler } from './errors.js';

/** What drizzle throws: its own error around pg's. */
const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code });

describe('a lost database', () => {
  it('is told apart from a refused query, wrapped by drizzle or not', () => {
    const lost = [
      errno('ECONNREFUSED'),
      errno('ECONNRESET'),
      { code: '57P01', message: 'terminating connection due to administrator command' },
      { code: '57P02', message: 'terminating connection due to crash of another server process' },
      { code: '57P03', message: 'the database system is starting up' },
      { code: '08006', message: 'connection failure' },
      { code: '08P01', message: 'protocol violation' },
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      // Node's dual-stack connect: an AggregateError of one refusal per address.
      new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], ''),
    ];
    for (const error of lost) {
      expect(isConnectionError(error), String(error.message)).toBe(true);
      expect(isConnectionError(wrapped(error)), String(error.message)).toBe(true);
    }
    for (const code of ['23505', '23P01', '55P03', '57014', '42P01']) expect(isConnectionError(wrapped({ code }))).toBe(false);
    expect(isConnectionError(new Error('other'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
  });

  it('maps to 503 database_unavailable with Retry-After', () => {
    const mapped = databaseError(wrapped(errno('ECONNREFUSED')));
    expect(mapped).toMatchObject({ statusCode: 503, code: 'database_unavailable', headers: { 'retry-after': '5' } });
    // A refusal is still what it was.
    expect(databaseError(wrapped({ code: '23505' }))).toMatchObject({ statusCode: 409, code: 'duplicate' });
  });

  it('answers 503 through the one error handler, never a 500', async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/read', async () => {
      throw wrapped(new Error('Connection terminated unexpectedly'));
    });
    app.get('/broken', async () => {
      throw new Error('a bug');
    });
    const lost = await app.inject({ method: 'GET', url: '/read' });
    expect(lost.statusCode).toBe(503);
    expect(lost.headers['retry-after']).toBe('5');
    expect(lost.json()).toEqual({
      message: 'The database is not reachable right now. Try again in a few seconds.',
      code: 'database_unavailable',
    });
    expect((await app.inject({ method: 'GET', url: '/broken' })).statusCode).toBe(500);
    await app.close();
  });
});
