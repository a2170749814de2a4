import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { addDays, meSchema, pagedSchema, venueToday } from '@lanebook/core';
import { publicDatesAnswerSchema, publicSlotsAnswerSchema } from '@lanebook/core/calendar-schemas';
import { widgetConfigSchema } from '@lanebook/core/widget-schemas';
import { describeEachDatabase } from '../../test/each-database.js';
import { CASES, create, uniqueKey } from '../../test/catalog.js';
import { COLLECTIONS } from '../modules/collections/routes.js';
import { errorResponses, registerResponseRule } from './http.js';

interface OpenApiResponse {
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, OpenApiResponse> }>>;
}

/** The answer parsed with the schema its route declares is the answer itself: valid, and no key more. */
function expectMatches(schema: z.ZodType, answer: unknown, what: string) {
  const parsed = schema.safeParse(answer);
  expect(parsed.error?.issues, what).toBeUndefined();
  expect(parsed.data, what).toEqual(answer);
}

describeEachDatabase('response schemas', (t) => {
  it('the OpenAPI page documents a success answer with its schema for every API route', async () => {
    const response = await t.request('GET', '/api/docs/json');
    expect(response.statusCode).toBe(200);
    const document = response.json<OpenApiDocument>();
    const checked: string[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      // The better-auth bridge answers what better-auth writes; the docs page is swagger's own.
      if (!path.startsWith('/api/') || path.startsWith('/api/auth/') || path.startsWith('/api/docs')) continue;
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method.toUpperCase()} ${path}`;
        const successes = Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));
        expect(successes.length, `${key} documents no 2xx response`).toBeGreaterThan(0);
        for (const [status, answer] of successes) {
          if (status === '204') expect(answer.content, `${key} 204 has a body`).toBeUndefined();
          else expect(answer.content?.['application/json']?.schema, `${key} ${status} has no schema`).toBeDefined();
        }
        const errors = Object.entries(operation.responses ?? {}).filter(([status]) => /^4\d\d$/.test(status));
        expect(errors.length, `${key} documents no error answer`).toBeGreaterThan(0);
        for (const [status, answer] of errors) {
          const schema = answer.content?.['application/json']?.schema as { required?: string[] } | undefined;
          expect(schema?.required, `${key} ${status} is not the error body`).toEqual(expect.arrayContaining(['message', 'code']));
        }
        checked.push(key);
      }
    }
    expect(checked).toEqual(
      expect.arrayContaining(['GET /api/private/me', 'GET /api/private/resources', 'DELETE /api/private/taxes/{id}']),
    );
  });

  it('GET /api/private/me (sent as prepared JSON) is what its schema declares, with and without a venue', async () => {
    for (const [email, venue] of [
      ['owner@demo.test', 'demo-axe'],
      ['owner@demo.test', null],
      ['admin@demo.test', 'demo-bowl'],
    ] as const) {
      const caller = await t.as(email, venue);
      for (let i = 0; i < 2; i += 1) {
        // The second answer comes from the prepared JSON.
        const response = await caller.get('/api/private/me');
        expect(response.statusCode).toBe(200);
        expectMatches(meSchema, response.json(), `${email} in ${venue}`);
      }
    }
  });

  it("every collection's list and record (sent as cached JSON) are what their schema declares", async () => {
    const owner = await t.as('owner@demo.test', 'demo-axe');
    for (const def of COLLECTIONS) {
      const c = CASES.find((candidate) => candidate.path === def.path);
      expect(c, `no test case for ${def.path}`).toBeDefined();
      const created = await create(owner, def.path, c!.body(uniqueKey()));
      expectMatches(def.schema.created ?? def.schema.record, created, `POST ${def.path}`);
      for (let i = 0; i < 2; i += 1) {
        const list = await owner.get(`/api/private/${def.path}`, { query: { limit: '500' } });
        expect(list.statusCode).toBe(200);
        expectMatches(pagedSchema(def.schema.record), list.json(), `GET ${def.path}`);
        const one = await owner.get(`/api/private/${def.path}/${encodeURIComponent(created.id as string)}`);
        expect(one.statusCode).toBe(200);
        expectMatches(def.schema.record, one.json(), `GET ${def.path}/:id`);
      }
    }
  });

  it('GET /api/public/widget/{venueId} (sent as prepared JSON) is what its schema declares, live or not', async () => {
    for (const venueId of ['demo-axe', 'demo-bowl']) {
      const response = await t.request('GET', `/api/public/widget/${venueId}`);
      expect(response.statusCode).toBe(200);
      expectMatches(widgetConfigSchema, response.json(), `widget ${venueId}`);
    }
    const venue = await t.addVenue();
    const inactive = await t.request('GET', `/api/public/widget/${venue.id}`);
    expectMatches(widgetConfigSchema, inactive.json(), 'widget of an inactive venue');
  });

  it('GET /api/public/product/{id}/dates and /slots (sent as prepared JSON) are what their schemas declare', async () => {
    const config = widgetConfigSchema.parse((await t.request('GET', '/api/public/widget/demo-axe')).json());
    const product = config.products[0];
    const today = venueToday(config.venue.timezone);
    let slotsSeen = 0;
    for (const month of [today.slice(0, 7), addDays(today, 31).slice(0, 7)]) {
      for (let i = 0; i < 2; i += 1) {
        // The second answer comes from memory.
        const dates = await t.request('GET', `/api/public/product/${product.id}/dates`, {
          query: { month, playersCount: String(product.minPlayers) },
        });
        expect(dates.statusCode, dates.body).toBe(200);
        expectMatches(publicDatesAnswerSchema, dates.json(), `dates of ${month}`);
        for (const date of publicDatesAnswerSchema.parse(dates.json()).dates.slice(0, 2)) {
          const slots = await t.request('GET', `/api/public/product/${product.id}/slots`, {
            query: { date, playersCount: String(product.minPlayers) },
          });
          expect(slots.statusCode, slots.body).toBe(200);
          expectMatches(publicSlotsAnswerSchema, slots.json(), `slots of ${date}`);
          slotsSeen += publicSlotsAnswerSchema.parse(slots.json()).slots.length;
        }
      }
    }
    expect(slotsSeen).toBeGreaterThan(0);
  });

  it("a webhook's secret is in the create's schema and answer only, not in the record's", async () => {
    const owner = await t.as('owner@demo.test', 'demo-axe');
    const webhook = {
      type: 'webhook',
      name: `Hook ${uniqueKey()}`,
      settings: { url: 'https://93.184.216.34/lanebook', events: ['booking.created'] },
    };
    const created = await create(owner, 'integrations', webhook);
    expect(created.secret).toMatch(/^whsec_/);
    const renamed = await owner.patch(`/api/private/integrations/${created.id}`, { name: 'Renamed' });
    expect(renamed.statusCode).toBe(200);
    expect(Object.keys(renamed.json()).sort()).toEqual(
      Object.keys(created)
        .filter((key) => key !== 'secret')
        .sort(),
    );
  });
});

describe('the start-up rule: every API route declares its success answer', () => {
  const appWithRule = () => {
    const app = Fastify().withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerResponseRule(app);
    return app;
  };

  it('refuses an /api/ route without a 2xx response schema, even one with error schemas', () => {
    const app = appWithRule();
    expect(() => app.get('/api/private/things', async () => ({}))).toThrow(
      /GET \/api\/private\/things declares no success response schema/,
    );
    expect(() => app.post('/api/private/things', { schema: { response: errorResponses(400, 401) } }, async () => undefined)).toThrow(
      /POST \/api\/private\/things declares no success response schema/,
    );
  });

  it('takes 200, 201 and 204; exempts the auth bridge, hidden routes and paths outside /api/', async () => {
    const app = appWithRule();
    app.get('/api/private/one', { schema: { response: { 200: z.object({ id: z.string() }) } } }, async () => ({ id: '1', secret: 'x' }));
    app.post('/api/private/one', { schema: { response: { 201: z.object({ id: z.string() }) } } }, async (_, reply) =>
      reply.status(201).send({ id: '1' }),
    );
    app.delete('/api/private/one', { schema: { response: { 204: z.undefined() } } }, async (_, reply) => reply.status(204).send());
    app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: async () => 'better-auth' });
    app.get('/api/docs/static/*', { schema: { hide: true } }, async () => 'docs');
    app.get('/uploads/*', async () => 'image');
    await app.ready();
    // And the schema is applied: what it does not name does not go out.
    expect((await app.inject({ method: 'GET', url: '/api/private/one' })).json()).toEqual({ id: '1' });
    await app.close();
  });
});
