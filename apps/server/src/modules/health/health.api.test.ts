import { expect, it } from 'vitest';
import { describeEachDatabase } from '../../../test/each-database.js';

describeEachDatabase('health', (t) => {
  it('answers ok and names the database it runs on', async () => {
    const response = await t.request('GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', database: t.kind });
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
