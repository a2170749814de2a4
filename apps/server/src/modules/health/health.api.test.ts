import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';
import { injectInto } from '../../../test/server.js';

describeEachDatabase('health', (t) => {
  it('answers ok and names the database it runs on', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.kind });
  });

  it('answers 503 starting, with Retry-After, until start-up has finished (main.ts still uses the database after listening)', async () => {
    const starting = await t.extraApp({ readyAfterStartup: true });
    try {
      const early = await injectInto(starting.app, 'GET', '/api/health');
      expect(early.statusCode).toBe(503);
      expect(early.headers['retry-after']).toBe('5');
      expect(early.json()).toEqual({ message: 'The server is starting. Try again in a few seconds.', code: 'starting' });
      // Liveness is not readiness: the process runs.
      expect((await injectInto(starting.app, 'GET', '/api/health/live')).statusCode).toBe(200);
      starting.startupFinished();
      const ready = await injectInto(starting.app, 'GET', '/api/health');
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ok', database: t.kind });
    } finally {
      await starting.app.close();
    }
  });

  it('answers liveness at /api/health/live, which never asks the database', async () => {
    const response = await t.request('GET', '/api/health/live');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('lists no social sign-in providers when none is configured', async () => {
    const response = await t.request('GET', '/api/public/auth-config');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ socialProviders: [] });
  });

  it('answers an unknown API path with the JSON error body', async () => {
    const response = await t.request('GET', '/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'No route GET /api/nothing-here.', code: 'not_found' });
  });
});
