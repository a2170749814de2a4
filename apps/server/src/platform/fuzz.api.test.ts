import { and, asc, eq, gt, isNotNull } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../../test/each-database.js';
import { fuzzCases, installWriteCounter, VALUES_PER_OPERATION, writeCounts, writesBetween, type FuzzCase } from '../../test/fuzz.js';
import { isKioskRoute, kioskCaller, needsVenue, routeCatalog, type CatalogRoute } from '../../test/routes.js';
import { nextAddress, type Caller } from '../../test/server.js';
import {
  affiliates,
  bookings,
  mailingTemplates,
  products,
  promocodes,
  resources,
  slotGroups,
  slots,
  taxes,
  terms,
  upsellItems,
  user,
  venueMembers,
  widgetTemplates,
} from '../db/schema.js';

const VENUE = 'demo-axe';

/**
 * Calls that change who the caller is or take the caller out of the venue: they run as a fresh
 * owner of their own, so the demo owner every other call uses stays as it is.
 */
const AS_FRESH_OWNER = new Set([
  'POST /api/private/me/password',
  'POST /api/private/me/email',
  'DELETE /api/private/venues/current/membership',
]);

/** Event streams: they answer and stay open. */
const STREAMS = new Set(['GET /api/private/live']);

/** Calls that change the demo venue as a whole (its status, its bank onboarding): after the others. */
const LAST = new Set(['POST /api/private/venues/current/request-approval', 'POST /api/private/venues/current/skip-bank-onboarding']);

interface Failure {
  route: string;
  where: string;
  url: string;
  status: number;
  problem: string;
}

describeEachDatabase('fuzz: hostile values in every operation answer 4xx or 2xx, never 5xx, and a 4xx writes nothing', (t) => {
  let catalog: CatalogRoute[];
  let owner: Caller;
  let admin: Caller;
  /** A kiosk of the venue (issue 39): the one caller kiosk routes take. */
  let kiosk: Caller;
  /** Real ids of the demo venue, by collection segment of the path or by parameter name. */
  let ids: Record<string, string>;
  /** Valid values of query parameters by name, so that one hostile parameter is the only thing wrong. */
  let validQuery: Record<string, string>;

  beforeAll(async () => {
    catalog = await routeCatalog(t);
    owner = await t.as('owner@demo.test', VENUE);
    admin = await t.as('admin@demo.test', VENUE);
    kiosk = await kioskCaller(t);
    const first = async <T>(rows: Promise<T[]>) => (await rows)[0];
    const idOf = async (table: typeof resources | typeof taxes | typeof terms | typeof upsellItems) =>
      (await first(t.db.select({ id: table.id }).from(table).where(eq(table.venueId, VENUE)).orderBy(asc(table.id)).limit(1))).id;
    const product = await first(
      t.db.select({ id: products.id }).from(products).where(eq(products.venueId, VENUE)).orderBy(asc(products.id)).limit(1),
    );
    const group = await first(
      t.db
        .select({ id: slotGroups.id, productId: slotGroups.productId })
        .from(slotGroups)
        .where(and(eq(slotGroups.venueId, VENUE), eq(slotGroups.productId, product.id)))
        .limit(1),
    );
    const slot = await first(
      t.db
        .select({ id: slots.id, date: slots.date })
        .from(slots)
        // A slot of the coming days: the public calls offer it.
        .where(and(eq(slots.venueId, VENUE), eq(slots.productId, product.id), gt(slots.date, new Date().toISOString().slice(0, 10))))
        .orderBy(asc(slots.date))
        .limit(1),
    );
    const booking = await first(
      t.db
        .select({ id: bookings.id, reference: bookings.bookingReference })
        .from(bookings)
        .where(and(eq(bookings.venueId, VENUE), isNotNull(bookings.bookingReference)))
        .orderBy(asc(bookings.id))
        .limit(1),
    );
    const staff = await first(
      t.db
        .select({ id: user.id })
        .from(user)
        .innerJoin(venueMembers, eq(venueMembers.userId, user.id))
        .where(and(eq(venueMembers.venueId, VENUE), eq(venueMembers.role, 'staff'))),
    );
    const tables = { promocodes, affiliates, mailingTemplates, widgetTemplates };
    const more: Record<string, string> = {};
    for (const [name, table] of Object.entries(tables)) {
      more[name] = (await first(t.db.select({ id: table.id }).from(table).where(eq(table.venueId, VENUE)).limit(1))).id;
    }
    const visit = await t.request('POST', `/api/public/widget/${VENUE}/visits`, { body: {} });
    expect(visit.statusCode, visit.body).toBeLessThan(300);
    ids = {
      users: staff.id,
      resources: await idOf(resources),
      products: product.id,
      product: product.id,
      taxes: await idOf(taxes),
      terms: await idOf(terms),
      'upsell-items': await idOf(upsellItems),
      promocodes: more.promocodes,
      affiliates: more.affiliates,
      'mailing-templates': more.mailingTemplates,
      'widget-templates': more.widgetTemplates,
      booking: booking.id,
      reference: booking.reference!,
      superadmin: 'demo-bowl',
      productId: product.id,
      groupId: group.id,
      slotId: slot.id,
      venueId: VENUE,
      provider: 'sandbox',
      visitId: (visit.json() as { id: string }).id,
    };
    const week = new Date(Date.parse(`${slot.date}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    validQuery = { playersCount: '2', month: slot.date.slice(0, 7), date: slot.date, from: slot.date, to: week, slots: slot.id };
    await installWriteCounter(t);
  }, 60_000);

  const queryOf = (route: CatalogRoute) =>
    Object.fromEntries(route.queryFields.filter((name) => name in validQuery).map((name) => [name, validQuery[name]]));
  const casesOf = (route: CatalogRoute) => fuzzCases(route, realParams(route), { query: queryOf(route), venueHeader: needsVenue(route) });

  /** The real ids for a route's path parameters, where the demo has such a record. */
  function realParams(route: CatalogRoute): Record<string, string> {
    const segments = route.path.split('/');
    const collection = segments[3];
    const params: Record<string, string> = {};
    for (const name of ['productId', 'groupId', 'slotId', 'venueId', 'provider', 'visitId']) if (ids[name]) params[name] = ids[name];
    const id = route.path.startsWith('/api/public/booking/')
      ? ids.reference
      : route.path.startsWith('/api/private/superadmin/users/')
        ? undefined
        : ids[collection];
    if (id) params.id = id;
    return params;
  }

  it('every documented operation gets at least 50 hostile values', () => {
    for (const route of catalog) {
      const count = casesOf(route).length;
      expect(count, `${route.key}: add inputs for it to the fuzz generator (test/fuzz.ts)`).toBeGreaterThanOrEqual(VALUES_PER_OPERATION);
    }
  });

  it('no 5xx, and nothing written behind a 4xx', async () => {
    const started = Date.now();
    const failures = new Map<string, Failure>();
    const ordered = [...catalog.filter((r) => !LAST.has(r.key)), ...catalog.filter((r) => LAST.has(r.key))];
    let requests = 0;
    for (const route of ordered) {
      const superadminOnly = 'auth' in route.access && route.access.auth === 'superadmin';
      const caller = isKioskRoute(route)
        ? kiosk
        : AS_FRESH_OWNER.has(route.key)
          ? await t.newCaller({ memberships: [[VENUE, 'owner']], venue: VENUE })
          : superadminOnly
            ? admin
            : owner;
      const cases = casesOf(route);
      const record = (fuzz: FuzzCase, anonymous: boolean, status: number, problem: string) => {
        const where = `${fuzz.where} ${fuzz.field} = ${fuzz.label}${anonymous ? ' (anonymous)' : ''}`;
        failures.set(`${route.key} ${where}`, { route: route.key, where, url: fuzz.url.slice(0, 160), status, problem });
      };
      // The write counts are read after each answer that is not a 4xx (it may write) and at the
      // end; where such a stretch wrote and held 4xx answers, those are sent again one by one,
      // each between two reads, to find a 4xx that wrote.
      const suspects: FuzzCase[] = [];
      let refused: FuzzCase[] = [];
      let counts = await writeCounts(t);
      const closeStretch = async (endedByWriter: boolean) => {
        const after = await writeCounts(t);
        const written = writesBetween(counts, after);
        counts = after;
        if (!written.length || !refused.length) return (refused = []);
        if (!endedByWriter) record(refused[0], false, 400, `a stretch of 4xx answers wrote ${written.join(', ')}`);
        suspects.push(...refused);
        refused = [];
      };
      for (const [i, fuzz] of cases.entries()) {
        // Public routes are tried anonymously too, every other value.
        const anonymous = 'public' in route.access && i % 2 === 1;
        const response = await send(anonymous ? null : caller, route, fuzz);
        requests += 1;
        if (response.statusCode >= 500) record(fuzz, anonymous, response.statusCode, response.body.slice(0, 160));
        if (response.statusCode >= 400) refused.push(fuzz);
        else await closeStretch(true);
      }
      await closeStretch(false);
      for (const fuzz of suspects) {
        const response = await send(caller, route, fuzz);
        requests += 1;
        const after = await writeCounts(t);
        const written = writesBetween(counts, after);
        counts = after;
        if (response.statusCode >= 500) record(fuzz, false, response.statusCode, response.body.slice(0, 160));
        if (response.statusCode >= 400 && written.length) record(fuzz, false, response.statusCode, `wrote ${written.join(', ')}`);
      }
    }
    console.log(`fuzz [${t.kind}]: ${requests} requests over ${ordered.length} operations in ${Date.now() - started} ms`);
    const report = [...failures.values()].map((f) => `${f.status} ${f.route} ${f.where}\n    ${f.url}\n    ${f.problem}`).join('\n');
    expect(failures.size, `${failures.size} failures:\n${report}`).toBe(0);
  }, 120_000);

  it("the sandbox's pay page (not in the OpenAPI document): an over-long field is a 400 naming it", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    await t.expectNoWrites(async () => {
      const long = await t.request('POST', '/sandbox-pay/probe-id', { body: `cardNumber=${'4'.repeat(41)}`, headers: form });
      expect(long.statusCode, long.body).toBe(400);
      expect(long.json()).toMatchObject({ code: 'validation_failed', details: { fields: [{ path: 'cardNumber' }] } });
    });
  });

  /** Requests with the caller's token and venue; an event stream is read up to its status, then closed. */
  async function send(caller: Caller | null, route: CatalogRoute, fuzz: FuzzCase) {
    const headers: Record<string, string> = fuzz.body === undefined ? {} : { 'content-type': 'application/json' };
    if (caller) headers.authorization = `Bearer ${caller.token}`;
    const venue = fuzz.venue ?? caller?.venue;
    if (venue !== undefined && venue !== null) headers['x-venue-id'] = venue;
    const stream = STREAMS.has(route.key);
    const response = await t.app.inject({
      method: route.method,
      url: fuzz.url,
      headers,
      payload: fuzz.body,
      remoteAddress: nextAddress(),
      payloadAsStream: stream,
    });
    if (!stream) return { statusCode: response.statusCode, body: response.body };
    const body = response.stream();
    let text = '';
    if (response.statusCode !== 200) for await (const chunk of body) text += String(chunk);
    body.destroy();
    return { statusCode: response.statusCode, body: text };
  }
});
