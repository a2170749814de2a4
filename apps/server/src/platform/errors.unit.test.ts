import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { databaseError, isConnectionError, isDatabaseUnavailable, registerErrorHandler } from './errors.js';

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

  it('counts a database that is reached but cannot work (full disk, read-only, out of resources) as unavailable, not a bug', () => {
    const cannotWork = [
      { code: '53100', message: 'could not extend file "base/16384/16385": No space left on device' },
      { code: '53200', message: 'out of memory' },
      { code: '53300', message: 'sorry, too many clients already' },
      { code: '25006', message: 'cannot execute INSERT in a read-only transaction' },
      { code: '58030', message: 'could not write to file' },
      { code: '57P05', message: 'terminating connection due to idle-session timeout' },
      // PGlite writes its files through Node's file system.
      errno('ENOSPC'),
      errno('EROFS'),
    ];
    for (const error of cannotWork) {
      expect(isDatabaseUnavailable(wrapped(error)), error.message).toBe(true);
      expect(databaseError(wrapped(error)), error.message).toMatchObject({
        statusCode: 503,
        code: 'database_unavailable',
        headers: { 'retry-after': '5' },
      });
    }
    for (const code of ['23505', '23P01', '42P01', '22P02', '57014']) expect(isDatabaseUnavailable(wrapped({ code }))).toBe(false);
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
