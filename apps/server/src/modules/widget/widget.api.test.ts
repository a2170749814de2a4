import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, venueToday, widgetTemplateDefaults, type Venue } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import { widgetConfigSchema, type WidgetConfig, type WidgetVisitsSummary } from '@lanebook/core/widget-schemas';
import { bookings, venues, widgetVisits } from '../../db/schema.js';
import { completeRequiredSetup } from '../../../test/venue-setup.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { create, expectFieldError, expectNoWrites, itemUrl, type Row } from '../../../test/catalog.js';
import { setUpBookings, ZONE } from '../../../test/bookings.js';
import { enableCardPayments, openCardCheckout, pathOf } from '../../../test/payments.js';
import type { Caller } from '../../../test/server.js';

/** A built widget as the server finds it: index.html, the loader and one asset. */
const widgetDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-widget-'));
const INDEX_HTML = '<!doctype html><div id="widget-root"></div><script type="module" src="/widget/assets/app-1.js"></script>';
const LOADER = '(function(){/* the loader */})();';
writeFileSync(path.join(widgetDir, 'index.html'), INDEX_HTML);
writeFileSync(path.join(widgetDir, 'widget.js'), LOADER);
mkdirSync(path.join(widgetDir, 'assets'));
writeFileSync(path.join(widgetDir, 'assets/app-1.js'), 'export const app = 1;');
mkdirSync(path.join(widgetDir, '.vite'));
writeFileSync(path.join(widgetDir, '.vite/manifest.json'), '{}');

const SITE = 'https://venue.example';
const EVIL = 'https://evil.example';

const configUrl = (venueId: string) => `/api/public/widget/${venueId}`;
const visitsUrl = (venueId: string) => `/api/public/widget/${venueId}/visits`;

/** The frame-ancestors directive of an answer's CSP. */
const frameAncestors = (headers: Record<string, unknown>) =>
  /frame-ancestors ([^;]*)/.exec(String(headers['content-security-policy']))?.[1];

describeEachDatabase(
  'the widget: configuration, visits, venue status, origins, CORS, framing and its files',
  (t) => {
    async function config(venueId: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
      const response = await t.request('GET', configUrl(venueId), { query, headers });
      return response;
    }
    async function configOf(venueId: string, query: Record<string, string> = {}): Promise<WidgetConfig> {
      const response = await config(venueId, query);
      expect(response.statusCode, response.body).toBe(200);
      // Sent as prepared JSON: exactly what the schema lets through.
      const parsed = widgetConfigSchema.parse(response.json());
      expect(parsed).toEqual(response.json());
      return parsed;
    }
    const setOrigins = (venueId: string, widgetOrigins: string[]) =>
      t.db.update(venues).set({ widgetOrigins }).where(eq(venues.id, venueId));

    describe('configuration', () => {
      let setup: Awaited<ReturnType<typeof setUpBookings>>;
      let owner: Caller;
      const ids: Record<string, string> = {};

      beforeAll(async () => {
        setup = await setUpBookings(t);
        owner = setup.venue.owner;
        const item = (name: string, extra: Row = {}) => create(owner, 'upsell-items', { name, price: 500, ...extra });
        ids.socks = (await item('Socks', { description: 'Warm', image: '/uploads/x/socks.png' })).id as string;
        ids.drink = (await item('Drink')).id as string;
        ids.pausedItem = (await item('Old stock')).id as string;
        expect((await owner.post(itemUrl('upsell-items', ids.pausedItem, 'pause'))).statusCode).toBe(200);
        ids.terms = (await create(owner, 'terms', { name: 'House rules', text: 'Be <b>nice</b>.' })).id as string;
        ids.waiver = (await create(owner, 'waivers', { title: 'Safety', intro: '', text: '<p>Careful</p>' })).id as string;
        const patched = await owner.patch(itemUrl('products', setup.productId), {
          upsellItemIds: [ids.drink, ids.pausedItem, ids.socks],
          termsId: ids.terms,
          activeWaiverId: ids.waiver,
          widgetNote: 'Closed shoes',
          customFields: { shoe: { type: 'text', label: 'Shoe size', hint: '', isRequired: false, sortWeight: 0, options: [] } },
        });
        expect(patched.statusCode, patched.body).toBe(200);
        const product = async (name: string, live: boolean) => {
          const id = (await create(owner, 'products', { name })).id as string;
          if (live) expect((await owner.post(itemUrl('products', id, 'resume'))).statusCode).toBe(200);
          return id;
        };
        ids.bowling = await product('Bowling', true);
        ids.paused = await product('Archery (paused)', false);
        ids.deleted = await product('Darts (deleted)', true);
        expect((await owner.delete(itemUrl('products', ids.deleted))).statusCode).toBe(204);
      });

      it('a live venue: its venue settings, the default template values, and only its bookable products by name, with upsells, terms and waiver', async () => {
        const answer = await configOf(setup.venue.id);
        expect(answer.venue).toMatchObject({
          id: setup.venue.id,
          timezone: ZONE,
          timeFormat: 12,
          dateFormat: 'MM/DD/YY',
          moneyFormat: '${{amount}}',
          status: 'live',
          isTakingBookings: true,
          paymentsOn: false,
        });
        const { productId, position, isHideBeacon, isPromocodesAvailable, view } = widgetTemplateDefaults;
        expect(answer.template).toEqual({ id: null, productId, position, isHideBeacon, isPromocodesAvailable, view });
        expect(answer.products.map((p) => p.name)).toEqual(['Axe throwing', 'Bowling']);
        const axe = answer.products[0];
        expect(axe).toMatchObject({
          id: setup.productId,
          image: null,
          price: 1000,
          maxPlayers: 12,
          widgetNote: 'Closed shoes',
          cancellationPeriodAmount: 24,
          cancellationPeriodUnit: 'hours',
          customFields: { shoe: { type: 'text', label: 'Shoe size' } },
          terms: { id: ids.terms, title: 'House rules', text: 'Be <b>nice</b>.' },
          hasWaiver: true,
        });
        // The product's order, paused items left out.
        expect(axe.upsellItems).toEqual([
          { id: ids.drink, name: 'Drink', description: '', price: 500, image: null },
          { id: ids.socks, name: 'Socks', description: 'Warm', price: 500, image: '/uploads/x/socks.png' },
        ]);
        expect(answer.products[1]).toMatchObject({ id: ids.bowling, upsellItems: [], terms: null, hasWaiver: false });
        // Another venue's products never appear, nor this venue's in another's.
        const demo = await configOf('demo-axe');
        expect(demo.products.length).toBeGreaterThan(0);
        expect(demo.products.map((p) => p.id)).not.toEqual(expect.arrayContaining([setup.productId]));
        expect(answer.products.map((p) => p.id)).not.toEqual(expect.arrayContaining(demo.products.map((p) => p.id)));
      });

      it('follows changes at once: a product paused, an item paused, the venue renamed', async () => {
        await configOf(setup.venue.id);
        expect((await owner.post(itemUrl('products', ids.bowling, 'pause'))).statusCode).toBe(200);
        expect((await owner.post(itemUrl('upsell-items', ids.drink, 'pause'))).statusCode).toBe(200);
        expect((await owner.patch('/api/private/venues/current', { name: 'Renamed hall' })).statusCode).toBe(200);
        const answer = await configOf(setup.venue.id);
        expect(answer.venue.name).toBe('Renamed hall');
        expect(answer.products.map((p) => p.name)).toEqual(['Axe throwing']);
        expect(answer.products[0].upsellItems.map((i) => i.name)).toEqual(['Socks']);
        await owner.post(itemUrl('products', ids.bowling, 'resume'));
        await owner.post(itemUrl('upsell-items', ids.drink, 'resume'));
      });

      it('template: the one named, else the default, else the defaults; inactive, unknown or another venue’s is 404', async () => {
        const floating = await create(owner, 'widget-templates', {
          name: 'Floating',
          position: 'floating',
          isHideBeacon: true,
          productId: setup.productId,
          view: {
            fontFamily: 'Georgia',
            viewMode: 'table',
            colors: { primary: '#ED6A3F', secondary: '#262626' },
            isUseAvailabilityColors: false,
          },
        });
        expect((await configOf(setup.venue.id, { template: floating.id as string })).template).toEqual({
          id: floating.id,
          productId: setup.productId,
          position: 'floating',
          isHideBeacon: true,
          isPromocodesAvailable: true,
          view: {
            fontFamily: 'Georgia',
            viewMode: 'table',
            colors: { primary: '#ED6A3F', secondary: '#262626' },
            isUseAvailabilityColors: false,
          },
        });
        // Not the default yet: without a name, the defaults.
        expect((await configOf(setup.venue.id)).template.id).toBeNull();
        const main = await create(owner, 'widget-templates', { name: 'Main', isDefault: true, isPromocodesAvailable: false });
        expect((await configOf(setup.venue.id)).template).toMatchObject({
          id: main.id,
          isPromocodesAvailable: false,
          position: 'embedded',
        });
        // An inactive default is no default.
        const off = await owner.patch(itemUrl('widget-templates', main.id as string), { isActive: false });
        expect(off.statusCode, off.body).toBe(200);
        expect((await configOf(setup.venue.id)).template.id).toBeNull();
        const bowlTemplate = (await t.request('GET', configUrl('demo-bowl'))).json<WidgetConfig>().template.id;
        expect(bowlTemplate).toEqual(expect.any(String));
        for (const template of [main.id as string, 'no-such-template', bowlTemplate as string]) {
          const response = await config(setup.venue.id, { template });
          expect(response.statusCode, template).toBe(404);
          expect(response.json()).toMatchObject({ code: 'not_found', message: 'Widget template not found.' });
        }
      });

      it('a venue that is not live answers its status and no products; an unknown venue is 404', async () => {
        const other = await setUpBookings(t);
        await t.db.update(venues).set({ status: 'pending' }).where(eq(venues.id, other.venue.id));
        const answer = await configOf(other.venue.id);
        expect(answer.venue).toMatchObject({ status: 'pending', isTakingBookings: false });
        expect(answer.products).toEqual([]);
        const unknown = await config('no-such-venue');
        expect(unknown.statusCode).toBe(404);
        expect(unknown.json()).toMatchObject({ code: 'not_found', message: 'Venue not found.' });
      });
    });

    describe('visits', () => {
      it('a visit opens at step 0 on the venue’s today; steps only rise; the event date and product follow the choices', async () => {
        const { venue, productId, date } = await setUpBookings(t);
        const created = await t.request('POST', visitsUrl(venue.id), { body: { templateId: null } });
        expect(created.statusCode, created.body).toBe(201);
        const { id } = created.json<{ id: string }>();
        const row = async () => (await t.db.select().from(widgetVisits).where(eq(widgetVisits.id, id)))[0];
        expect(await row()).toMatchObject({ venueId: venue.id, step: 0, eventDate: venueToday(ZONE), productId: null, bookingId: null });

        const patch = (body: unknown) => t.request('PATCH', `${visitsUrl(venue.id)}/${id}`, { body });
        expect((await patch({ step: 3, productId, eventDate: date })).statusCode).toBe(204);
        expect(await row()).toMatchObject({ step: 3, productId, eventDate: date });
        // Back to an earlier step: the furthest one is kept, a new date replaces the old.
        const later = addDays(date, 1);
        expect((await patch({ step: 1, eventDate: later })).statusCode).toBe(204);
        expect(await row()).toMatchObject({ step: 3, eventDate: later });
        expect((await patch({ step: 5 })).statusCode).toBe(204);
        expect((await row()).step).toBe(5);
      });

      it('bad bodies are 400 naming the field and write nothing; another venue’s visit is 404; a venue that is not live takes none', async () => {
        const { venue } = await setUpBookings(t);
        const other = await setUpBookings(t);
        const { id } = (await t.request('POST', visitsUrl(venue.id), { body: {} })).json<{ id: string }>();
        await expectNoWrites(t, async () => {
          for (const [body, field] of [
            [{ step: 6 }, 'step'],
            [{ step: -1 }, 'step'],
            [{ step: 2.5 }, 'step'],
            [{ step: '3' }, 'step'],
            [{}, 'step'],
            [{ step: 2, eventDate: '2026-02-30' }, 'eventDate'],
            [{ step: 2, productId: 'x'.repeat(101) }, 'productId'],
            // Only a product of the venue: not another venue's, nor one that does not exist.
            [{ step: 2, productId: other.productId }, 'productId'],
            [{ step: 2, productId: 'no-such-product' }, 'productId'],
            [{ step: 2, bookingReference: '' }, 'bookingReference'],
            [{ step: 2, venueId: other.venue.id }, 'body'],
          ] as const) {
            const response = await t.request('PATCH', `${visitsUrl(venue.id)}/${id}`, { body });
            expect(response.statusCode, JSON.stringify(body)).toBe(400);
            if (field !== 'body') expectFieldError(response, field);
          }
          expectFieldError(await t.request('POST', visitsUrl(venue.id), { body: { templateId: 7 } }), 'templateId');
          expectFieldError(await t.request('POST', visitsUrl(venue.id), { body: { templateId: 'no-such-template' } }), 'templateId');
          // Another venue's visit, or none, is not found.
          for (const url of [`${visitsUrl(other.venue.id)}/${id}`, `${visitsUrl(venue.id)}/no-such-visit`]) {
            const response = await t.request('PATCH', url, { body: { step: 1 } });
            expect(response.statusCode, url).toBe(404);
          }
          expect((await t.request('POST', visitsUrl('no-such-venue'), { body: {} })).statusCode).toBe(404);
        });
        await t.db.update(venues).set({ status: 'inactive' }).where(eq(venues.id, other.venue.id));
        await expectNoWrites(t, async () => {
          expect((await t.request('POST', visitsUrl(other.venue.id), { body: {} })).statusCode).toBe(404);
        });
      });

      it('links a booking of the same venue by its reference, and refuses another venue’s', async () => {
        const mine = await setUpBookings(t);
        const theirs = await setUpBookings(t);
        const book = async (setup: typeof mine) => {
          const response = await t.request('POST', '/api/public/booking', { body: setup.form() });
          expect(response.statusCode, response.body).toBe(201);
          return response.json<{ bookingReference: string }>().bookingReference;
        };
        const myReference = await book(mine);
        const theirReference = await book(theirs);
        const { id } = (await t.request('POST', visitsUrl(mine.venue.id), { body: {} })).json<{ id: string }>();
        const refused = await expectNoWrites(t, () =>
          t.request('PATCH', `${visitsUrl(mine.venue.id)}/${id}`, { body: { step: 4, bookingReference: theirReference } }),
        );
        expectFieldError(refused, 'bookingReference', 'No booking of this venue has this reference');
        const linked = await t.request('PATCH', `${visitsUrl(mine.venue.id)}/${id}`, { body: { step: 4, bookingReference: myReference } });
        expect(linked.statusCode, linked.body).toBe(204);
        const [row] = await t.db.select().from(widgetVisits).where(eq(widgetVisits.id, id));
        const [booking] = await t.db.select().from(bookings).where(eq(bookings.bookingReference, myReference));
        expect(row).toMatchObject({ step: 4, bookingId: booking.id });
      });

      it('the summary counts visits by event date, each step reached, and the bounce rate; only for the venue’s members', async () => {
        const { venue } = await setUpBookings(t);
        const other = await setUpBookings(t);
        const day = '2030-03-10';
        const visit = async (venueId: string, step: number, eventDate = day) => {
          const { id } = (await t.request('POST', visitsUrl(venueId), { body: {} })).json<{ id: string }>();
          const response = await t.request('PATCH', `${visitsUrl(venueId)}/${id}`, { body: { step, eventDate } });
          expect(response.statusCode, response.body).toBe(204);
        };
        for (const step of [0, 1, 3, 5, 5]) await visit(venue.id, step);
        await visit(venue.id, 5, '2030-03-12');
        await visit(venue.id, 2, '2030-04-01');
        await visit(other.venue.id, 0);
        const summary = async (from: string, to: string, caller: Caller = venue.staff) => {
          const response = await caller.get('/api/private/widget/visits', { query: { from, to } });
          expect(response.statusCode, response.body).toBe(200);
          return response.json<WidgetVisitsSummary>();
        };
        expect(await summary(day, day)).toEqual({ visits: 5, booked: 2, bounceRate: 60, steps: [5, 4, 3, 3, 2, 2] });
        expect(await summary('2030-03-01', '2030-03-31')).toEqual({ visits: 6, booked: 3, bounceRate: 50, steps: [6, 5, 4, 4, 3, 3] });
        expect(await summary('2030-03-01', '2030-04-30')).toMatchObject({ visits: 7, booked: 3, bounceRate: 57.1 });
        expect(await summary('2031-01-01', '2031-01-31')).toEqual({ visits: 0, booked: 0, bounceRate: 0, steps: [0, 0, 0, 0, 0, 0] });
        expect(await summary(day, day, other.venue.staff)).toMatchObject({ visits: 1, booked: 0, bounceRate: 100 });
        expectFieldError(await venue.staff.get('/api/private/widget/visits', { query: { from: day, to: '2030-03-01' } }), 'to');
        expectFieldError(await venue.staff.get('/api/private/widget/visits', { query: { from: 'March', to: day } }), 'from');
        expect((await t.request('GET', '/api/private/widget/visits', { query: { from: day, to: day } })).statusCode).toBe(401);
        expect((await venue.staff.in(other.venue.id).get('/api/private/widget/visits', { query: { from: day, to: day } })).statusCode).toBe(
          404,
        );
      });
    });

    describe('venue status and origins', () => {
      it('an owner asks for approval: inactive becomes pending; pending or live again is 409; staff may not', async () => {
        const venue = await t.addVenue();
        const url = '/api/private/venues/current/request-approval';
        await expectNoWrites(t, async () => {
          expect((await venue.staff.post(url)).statusCode).toBe(403);
        });
        // Only a venue whose required setup is done may ask (setup.api.test.ts covers the refusal).
        await completeRequiredSetup(venue.owner);
        const asked = await venue.owner.post(url);
        expect(asked.statusCode, asked.body).toBe(200);
        expect(asked.json<Venue>().status).toBe('pending');
        const again = await expectNoWrites(t, () => venue.manager.post(url));
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ code: 'venue_status', message: expect.stringContaining('already asked for approval') });
        await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, venue.id));
        const live = await expectNoWrites(t, () => venue.owner.post(url));
        expect(live.statusCode).toBe(409);
        expect(live.json()).toMatchObject({ code: 'venue_status', message: expect.stringContaining('already live') });
        // The demo venues are live from the seed.
        expect((await configOf('demo-axe')).venue.status).toBe('live');
        expect((await configOf('demo-bowl')).venue.status).toBe('live');
      });

      it('widget origins are normalized as browsers send them; bad ones are 400 naming the field and write nothing', async () => {
        const venue = await t.addVenue();
        const saved = await venue.owner.patch('/api/private/venues/current', {
          widgetOrigins: [' https://Hall.Example:443/ ', 'http://localhost:8080', 'https://xn--bcher-kva.example'],
        });
        expect(saved.statusCode, saved.body).toBe(200);
        expect(saved.json<Venue>().widgetOrigins).toEqual([
          'https://hall.example',
          'http://localhost:8080',
          'https://xn--bcher-kva.example',
        ]);
        await expectNoWrites(t, async () => {
          for (const [origins, field, message] of [
            [['https://venue.example/book'], 'widgetOrigins.0', 'scheme and host only, such as https://venue.example'],
            [['https://venue.example?x=1'], 'widgetOrigins.0', 'no path, query or #'],
            [['ftp://venue.example'], 'widgetOrigins.0', 'must start with https:// or http://'],
            [['venue.example'], 'widgetOrigins.0', 'is not a web address'],
            [['https://user:pw@venue.example'], 'widgetOrigins.0', 'user name or password'],
            [[''], 'widgetOrigins.0', 'cannot be empty'],
            [Array.from({ length: 21 }, (_, i) => `https://site${i}.example`), 'widgetOrigins', 'At most 20 widget origins'],
            [['https://a.example', 'https://A.example/'], 'widgetOrigins', 'Widget origins must be unique'],
          ] as const) {
            expectFieldError(await venue.owner.patch('/api/private/venues/current', { widgetOrigins: origins }), field, message);
          }
        });
        expect((await venue.staff.get('/api/private/venues/current')).json<Venue>().widgetOrigins).toHaveLength(3);
      });
    });

    describe('CORS of /api/public', () => {
      it('echoes an origin the resolved venue lists, never another; a preflight is allowed for an origin some venue lists', async () => {
        const { venue, productId, date, form } = await setUpBookings(t);
        await setOrigins(venue.id, [SITE]);
        const calls = [
          () => config(venue.id, {}, { origin: SITE }),
          () =>
            t.request('GET', `/api/public/product/${productId}/slots`, { query: { date, playersCount: '2' }, headers: { origin: SITE } }),
        ];
        for (const call of calls) {
          const response = await call();
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['access-control-allow-origin']).toBe(SITE);
          expect(String(response.headers.vary)).toContain('Origin');
        }
        const booked = await t.request('POST', '/api/public/booking', { body: form(), headers: { origin: SITE } });
        expect(booked.statusCode, booked.body).toBe(201);
        expect(booked.headers['access-control-allow-origin']).toBe(SITE);
        const evil = await config(venue.id, {}, { origin: EVIL });
        expect(evil.headers['access-control-allow-origin']).toBeUndefined();
        expect(String(evil.headers.vary)).toContain('Origin');
        // Another venue's call from this venue's site is not allowed.
        expect((await config('demo-axe', {}, { origin: SITE })).headers['access-control-allow-origin']).toBeUndefined();

        const preflight = (origin: string) =>
          t.app.inject({
            method: 'OPTIONS',
            url: '/api/public/booking',
            headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
          });
        const allowed = await preflight(SITE);
        expect(allowed.statusCode).toBe(204);
        expect(allowed.headers).toMatchObject({
          'access-control-allow-origin': SITE,
          'access-control-allow-methods': 'GET, POST, PATCH',
          'access-control-allow-headers': 'content-type, idempotency-key',
        });
        const refused = await preflight(EVIL);
        expect(refused.headers['access-control-allow-origin']).toBeUndefined();
        expect(refused.headers['access-control-allow-methods']).toBeUndefined();
        // Taken off the list: refused at once.
        await setOrigins(venue.id, []);
        expect((await preflight(SITE)).headers['access-control-allow-origin']).toBeUndefined();
      });
    });

    describe('framing', () => {
      it('widget pages may be framed by the venue’s sites (any site when it lists none); other pages by no one', async () => {
        const listed = await setUpBookings(t);
        const open = await setUpBookings(t);
        await setOrigins(listed.venue.id, [SITE, 'http://localhost:8080']);
        const page = async (url: string) => {
          const response = await t.request('GET', url);
          expect(response.statusCode, url).toBe(200);
          expect(response.body).toBe(INDEX_HTML);
          expect(response.headers['x-frame-options'], url).toBeUndefined();
          expect(String(response.headers['content-security-policy'])).toContain(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'",
          );
          return frameAncestors(response.headers);
        };
        expect(await page(`/widget/?venue=${listed.venue.id}&frame=1`)).toBe(`'self' ${SITE} http://localhost:8080`);
        expect(await page(`/widget/?venue=${open.venue.id}&template=x&frame=2`)).toBe('*');
        expect(await page('/widget/')).toBe("'self'");
        expect(await page('/widget/?venue=no-such-venue')).toBe("'self'");
        const reference = (await t.request('POST', '/api/public/booking', { body: listed.form() })).json<{ bookingReference: string }>()
          .bookingReference;
        expect(await page(`/widget/booking/${reference}`)).toBe(`'self' ${SITE} http://localhost:8080`);
        expect(await page(`/widget/booking/${reference}/sign`)).toBe(`'self' ${SITE} http://localhost:8080`);
        expect(await page('/widget/booking/NOSUCHREF')).toBe("'self'");
        // The venue's change of sites applies at once.
        await setOrigins(listed.venue.id, []);
        expect(await page(`/widget/?venue=${listed.venue.id}`)).toBe('*');

        for (const url of ['/', '/bookings', '/api/health', configUrl(listed.venue.id)]) {
          const response = await t.request('GET', url);
          expect(frameAncestors(response.headers), url).toBe("'none'");
          expect(response.headers['x-frame-options'], url).toBe('DENY');
        }
        // The demo page: by Lanebook itself only (the console's preview of a template).
        expect(frameAncestors((await t.request('GET', '/widget/demo?venue=demo-axe')).headers)).toBe("'self'");
      });

      it('the sandbox checkout page of a venue may be framed as its widget is', async () => {
        const { venue, form } = await setUpBookings(t);
        await enableCardPayments(t, venue.owner);
        const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
        const url = await openCardCheckout(venue.staff, booking.id, 1000);
        const check = async (expected: string) => {
          const response = await t.request('GET', pathOf(url));
          expect(response.statusCode, response.body).toBe(200);
          expect(response.headers['x-frame-options']).toBeUndefined();
          expect(frameAncestors(response.headers)).toBe(expected);
          // The rest of the console's policy stays.
          expect(String(response.headers['content-security-policy'])).toContain("form-action 'self'");
        };
        await check('*');
        await setOrigins(venue.id, [SITE]);
        await check(`'self' ${SITE}`);
        const missing = await t.request('GET', '/sandbox-pay/cs_missing');
        expect(missing.statusCode).toBe(404);
        expect(frameAncestors(missing.headers)).toBe("'self'");
      });
    });

    describe('the widget’s files and the demo page', () => {
      it('serves the loader, immutable assets, and index.html for every page path', async () => {
        const loader = await t.request('GET', '/widget.js');
        expect(loader.statusCode).toBe(200);
        expect(loader.body).toBe(LOADER);
        expect(loader.headers['content-type']).toMatch(/^text\/javascript/);
        expect(loader.headers['cache-control']).toBe('public, max-age=300');
        // Loaded by the venues' own pages, from their origins.
        expect(loader.headers['cross-origin-resource-policy']).toBe('cross-origin');
        const asset = await t.request('GET', '/widget/assets/app-1.js');
        expect(asset.statusCode).toBe(200);
        expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        for (const url of ['/widget/', '/widget/booking/ABC123', '/widget/anything/else']) {
          const response = await t.request('GET', url);
          expect(response.statusCode, url).toBe(200);
          expect(response.body).toBe(INDEX_HTML);
          expect(response.headers['cache-control']).toBe('no-cache');
          expect(response.headers['content-type']).toMatch(/^text\/html/);
        }
        for (const url of ['/widget/missing.js', '/widget/.vite/manifest.json', '/widget/assets/missing.js']) {
          expect((await t.request('GET', url)).statusCode, url).toBe(404);
        }
        // The flow page has the browser fetch its configuration while the app loads.
        const flow = await t.request('GET', '/widget/?venue=demo-axe&template=t%201&frame=1');
        expect(flow.headers.link).toBe('</api/public/widget/demo-axe?template=t+1>; rel=preload; as=fetch; crossorigin=anonymous');
        expect((await t.request('GET', '/widget/booking/ABC123')).headers.link).toBeUndefined();
        const bare = await t.request('GET', '/widget?venue=demo-axe');
        expect(bare.statusCode).toBe(302);
        expect(bare.headers.location).toBe('/widget/?venue=demo-axe');
      });

      it('answers 503 while the widget is not built', async () => {
        const unbuilt = await t.extraApp({});
        try {
          for (const url of ['/widget.js', '/widget/', '/widget/booking/X']) {
            const response = await unbuilt.app.inject({ method: 'GET', url });
            expect(response.statusCode, url).toBe(503);
            expect(response.body).toBe('The widget is not built yet: run `npm run build`.');
          }
        } finally {
          await unbuilt.app.close();
        }
      });

      it('the demo page embeds the snippet in a sample page, every value escaped; an unknown venue is a 404 page', async () => {
        const venue = await t.addVenue();
        const hostile = `<script>alert(1)</script> & "Quotes" 'Lanes'`;
        await t.db.update(venues).set({ name: hostile }).where(eq(venues.id, venue.id));
        const response = await t.request('GET', '/widget/demo', { query: { venue: venue.id, template: '"><script>alert(2)</script>' } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toMatch(/^text\/html/);
        const escaped = '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Quotes&quot; &#39;Lanes&#39;';
        expect(response.body).toContain(`<title>${escaped} — book online</title>`);
        expect(response.body).toContain(`<h1>${escaped} — book online</h1>`);
        expect(response.body).toContain(
          `<script src="/widget.js" data-venue="${venue.id}" data-template="&quot;&gt;&lt;script&gt;alert(2)&lt;/script&gt;"></script>`,
        );
        expect(response.body).not.toContain('<script>alert');
        // The only script is the loader.
        expect(response.body.match(/<script/g)).toHaveLength(1);
        const demo = await t.request('GET', '/widget/demo?venue=demo-axe');
        expect(demo.body).toContain('<script src="/widget.js" data-venue="demo-axe"></script>');
        // The console's live preview frames it; no other site may.
        expect(demo.headers['content-security-policy']).toContain("frame-ancestors 'self'");
        expect(demo.headers['x-frame-options']).toBeUndefined();
        for (const url of ['/widget/demo?venue=no-such-venue', '/widget/demo']) {
          const missing = await t.request('GET', url);
          expect(missing.statusCode, url).toBe(404);
          expect(missing.body).toContain('Venue not found');
        }
      });
    });
  },
  { config: { widgetDir } },
);
