import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { addDays, venueToday, type Venue } from '@lanebook/core';
import type { SetupItemKey, VenueSetup } from '@lanebook/core/venue-setup';
import { user, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { injectInto, type Caller } from '../../../test/server.js';
import { decodeBody, startSmtp } from '../../../test/smtp.js';
import { completeRequiredSetup } from '../../../test/venue-setup.js';

const SETUP = '/api/private/venue/setup';
const ASK = '/api/private/venues/current/request-approval';
const PAY_AT_VENUE = '/api/private/venue/setup/pay-at-venue';
const REQUIRED: SetupItemKey[] = ['details', 'lanes', 'product', 'hours', 'payments'];

describeEachDatabase('venue setup and going live', (t) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  const setupOf = async (caller: Caller) => {
    const response = await caller.get(SETUP);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<VenueSetup>();
  };
  const doneOf = async (caller: Caller) =>
    Object.fromEntries((await setupOf(caller)).items.map((item) => [item.key, item.done])) as Record<SetupItemKey, boolean>;
  const tomorrow = () => addDays(venueToday('America/New_York'), 1);

  it('a new venue has nothing done; each item is ticked when its data appears, and another venue’s data never counts', async () => {
    // Another venue with everything: none of it counts for the new one.
    const other = await t.addVenue();
    await completeRequiredSetup(other.owner);
    expect((await setupOf(other.owner)).missing).toEqual([]);

    const venue = await t.addVenue();
    const fresh = await setupOf(venue.owner);
    expect(fresh).toMatchObject({ status: 'inactive', approval: 'manual', payAtVenue: false, missing: REQUIRED });
    expect(fresh.items.map((item) => [item.key, item.done, item.required])).toEqual([
      ['details', false, true],
      ['lanes', false, true],
      ['product', false, true],
      ['hours', false, true],
      ['waiver', false, false],
      ['payments', false, true],
      ['live', false, false],
    ]);
    expect(fresh.items[0].detail).toBe("Add the venue's address and phone.");
    // Staff see the checklist too (it is about the venue they work at).
    expect((await setupOf(venue.staff)).missing).toEqual(REQUIRED);

    // Details: the address alone is not enough.
    await venue.owner.patch('/api/private/venues/current', { address: '2 Elm Road' });
    expect((await setupOf(venue.owner)).items[0]).toMatchObject({ done: false, detail: "Add the venue's phone." });
    await venue.owner.patch('/api/private/venues/current', { phone: '+15555550199' });
    expect((await doneOf(venue.owner)).details).toBe(true);

    // Lanes: a paused lane does not count.
    expect((await venue.owner.post('/api/private/resources', { id: 'Lane A' })).statusCode).toBe(201);
    expect((await doneOf(venue.owner)).lanes).toBe(true);
    await venue.owner.post('/api/private/resources/Lane%20A/pause');
    expect((await doneOf(venue.owner)).lanes).toBe(false);
    await venue.owner.post('/api/private/resources/Lane%20A/resume');
    expect((await doneOf(venue.owner)).lanes).toBe(true);

    // A product: it starts paused, and needs a lane.
    const created = await venue.owner.post('/api/private/products', { name: 'Archery' });
    expect(created.statusCode, created.body).toBe(201);
    const productId = created.json<{ id: string }>().id;
    expect((await doneOf(venue.owner)).product).toBe(false);
    await venue.owner.post(`/api/private/products/${productId}/resume`);
    const noLane = await setupOf(venue.owner);
    expect(noLane.items.find((item) => item.key === 'product')).toMatchObject({
      done: false,
      detail: 'Choose at least one active lane for an active product.',
    });
    expect((await venue.owner.patch(`/api/private/products/${productId}`, { resources: ['Lane A'] })).statusCode).toBe(200);
    expect((await doneOf(venue.owner)).product).toBe(true);

    // Opening hours: a slot to come of that product.
    expect((await doneOf(venue.owner)).hours).toBe(false);
    const slot = await venue.owner.post(`/api/private/product/${productId}/slot`, { date: tomorrow(), from: '12:00', to: '13:00' });
    expect(slot.statusCode, slot.body).toBe(201);
    expect((await doneOf(venue.owner)).hours).toBe(true);
    // ... which stops counting while the product is paused.
    await venue.owner.post(`/api/private/products/${productId}/pause`);
    expect(await doneOf(venue.owner)).toMatchObject({ product: false, hours: false });
    await venue.owner.post(`/api/private/products/${productId}/resume`);

    // A waiver active on a product (optional).
    const waiver = await venue.owner.post('/api/private/waivers', { title: 'Range rules' });
    expect(waiver.statusCode, waiver.body).toBe(201);
    expect((await doneOf(venue.owner)).waiver).toBe(false);
    await venue.owner.patch(`/api/private/products/${productId}`, { activeWaiverId: waiver.json<{ id: string }>().id });
    expect((await doneOf(venue.owner)).waiver).toBe(true);

    // Payments: taking payment at the venue, or card payments on.
    const chose = await venue.owner.put(PAY_AT_VENUE, { payAtVenue: true });
    expect(chose.statusCode, chose.body).toBe(200);
    expect(chose.json<VenueSetup>()).toMatchObject({ payAtVenue: true, missing: [] });
    await venue.owner.put(PAY_AT_VENUE, { payAtVenue: false });
    expect((await doneOf(venue.owner)).payments).toBe(false);
    await t.db.update(venues).set({ isStripePaymentsEnabled: true }).where(eq(venues.id, venue.id));
    expect((await doneOf(venue.owner)).payments).toBe(true);

    // The other venue is as it was.
    expect((await setupOf(other.owner)).missing).toEqual([]);
    expect((await doneOf(other.owner)).waiver).toBe(false);
  });

  it('choosing payment at the venue: venues.edit only, a 400 naming the field, another venue 404, nothing written', async () => {
    const venue = await t.addVenue();
    const other = await t.addVenue();
    await t.expectNoWrites(async () => {
      expect((await venue.staff.put(PAY_AT_VENUE, { payAtVenue: true })).statusCode).toBe(403);
      for (const body of [{}, { payAtVenue: 'yes' }, { payAtVenue: true, extra: 1 }]) {
        const bad = await venue.owner.put(PAY_AT_VENUE, body);
        expect(bad.statusCode, JSON.stringify(body)).toBe(400);
        expect(bad.json().details.fields[0].path, JSON.stringify(body)).toBe('extra' in body ? 'extra' : 'payAtVenue');
      }
      expect((await venue.owner.in(other.id).put(PAY_AT_VENUE, { payAtVenue: true })).statusCode).toBe(404);
      expect((await venue.owner.in(other.id).get(SETUP)).statusCode).toBe(404);
      expect((await t.request('GET', SETUP, { venue: venue.id })).statusCode).toBe(401);
    });
  });

  it('asking to go live is refused with what is missing until the required items are done, then pending and each superadmin is mailed', async () => {
    const venue = await t.addVenue();
    await t.expectNoWrites(async () => {
      expect((await venue.staff.post(ASK)).statusCode).toBe(403);
      const refused = await venue.owner.post(ASK);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        code: 'setup_incomplete',
        message: 'Finish these before going live: Venue details, Lanes, A product, Opening hours, Payments.',
        details: {
          missing: [
            { key: 'details', detail: "Add the venue's address and phone." },
            { key: 'lanes', detail: 'Add at least one lane (or resume a paused one).' },
            { key: 'product', detail: 'Create a product, choose its lanes and activate it (a new product starts paused).' },
            { key: 'hours', detail: 'Set opening hours in the calendar so that an active product has slots to come.' },
            { key: 'payments', detail: 'Turn on card payments, or choose to take payment at the venue.' },
          ],
        },
      });
    });
    await completeRequiredSetup(venue.owner);
    // One thing undone again: only it is listed.
    await venue.owner.put(PAY_AT_VENUE, { payAtVenue: false });
    const one = await t.expectNoWrites(() => venue.owner.post(ASK));
    expect(one.statusCode).toBe(409);
    expect(one.json().details.missing.map((m: { key: string }) => m.key)).toEqual(['payments']);
    await venue.owner.put(PAY_AT_VENUE, { payAtVenue: true });

    const asked = await venue.manager.post(ASK);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json<Venue>().status).toBe('pending');
    const setup = await setupOf(venue.owner);
    expect(setup.status).toBe('pending');
    expect(setup.items.at(-1)).toMatchObject({ key: 'live', done: false, detail: expect.stringContaining('Waiting') });

    const mail = await t.waitForMail('admin@demo.test', 'venue-approval');
    expect(mail.subject).toBe('A venue asks to go live on Lanebook');
    expect(mail.text).toContain(`“Venue ${venue.id}” (ID ${venue.id})`);
    expect(mail.text).toContain('http://localhost:3000/settings/superadmin');
    // Not to the venue's own people.
    expect((await t.mails(venue.owner.email)).filter((m) => m.kind === 'venue-approval')).toEqual([]);

    // Asking again: already pending, no second mail.
    const again = await t.expectNoWrites(() => venue.owner.post(ASK));
    expect(again.json()).toMatchObject({ code: 'venue_status' });
    expect((await t.mails('admin@demo.test')).filter((m) => m.kind === 'venue-approval' && m.text.includes(venue.id))).toHaveLength(1);

    // The superadmin finds it among the pending venues and approves it.
    const admin = await t.as('admin@demo.test');
    const pending = await admin.get('/api/private/superadmin/venues', { query: { status: 'pending' } });
    expect(pending.json().items.map((v: { id: string }) => v.id)).toContain(venue.id);
    expect((await admin.patch(`/api/private/superadmin/venues/${venue.id}`, { status: 'live' })).statusCode).toBe(200);
    expect((await setupOf(venue.owner)).items.at(-1)).toMatchObject({ key: 'live', done: true });
  });

  it('the superadmin’s mail goes out through the mail server to every enabled superadmin', async () => {
    const second = await t.addUser({ email: `second-admin-${Date.now()}@example.test` });
    const disabled = await t.addUser({ email: `disabled-admin-${Date.now()}@example.test` });
    await t.db.update(user).set({ isSuperadmin: true }).where(eq(user.id, second.id));
    await t.db.update(user).set({ isSuperadmin: true, isDisabled: true }).where(eq(user.id, disabled.id));
    const venue = await t.addVenue();
    await completeRequiredSetup(venue.owner);
    const { app } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const asked = await injectInto(app, 'POST', ASK, { token: venue.owner.token, venue: venue.id });
      expect(asked.statusCode, asked.body).toBe(200);
      const received = await vi.waitFor(
        () => {
          const found = smtp.received.filter((m) => decodeBody(m.raw).includes(`(ID ${venue.id})`));
          if (found.length < 2) throw new Error('not received yet');
          return found;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(received.map((m) => m.to[0]).sort()).toEqual(['admin@demo.test', second.email].sort());
      expect(received.some((m) => m.to.includes(disabled.email))).toBe(false);
      const rows = (await t.mails(second.email)).filter((m) => m.kind === 'venue-approval');
      expect(rows.map((m) => m.status)).toEqual(['sent']);
    } finally {
      await app.close();
      await t.db.update(user).set({ isSuperadmin: false }).where(eq(user.id, second.id));
    }
  });

  it('VENUE_APPROVAL=auto: asking goes live at once once the setup is done, and nobody is mailed', async () => {
    const venue = await t.addVenue();
    const { app } = await t.extraApp({ venueApproval: 'auto' });
    try {
      const as = (method: 'GET' | 'POST', url: string) => injectInto(app, method, url, { token: venue.owner.token, venue: venue.id });
      expect((await as('GET', SETUP)).json<VenueSetup>().approval).toBe('auto');
      const refused = await t.expectNoWrites(() => as('POST', ASK));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('setup_incomplete');
      const { productId } = await completeRequiredSetup(venue.owner);
      const asked = await as('POST', ASK);
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json<Venue>().status).toBe('live');
      const setup = (await as('GET', SETUP)).json<VenueSetup>();
      expect(setup.items.every((item) => item.done || !item.required)).toBe(true);
      expect(setup.items.at(-1)).toMatchObject({ key: 'live', done: true });
      expect((await t.mails()).filter((m) => m.kind === 'venue-approval' && m.text.includes(venue.id))).toEqual([]);
      // The widget now offers its product.
      await vi.waitFor(
        async () => {
          const config = await t.request('GET', `/api/public/widget/${venue.id}`);
          expect(config.json().products.map((p: { id: string }) => p.id)).toEqual([productId]);
        },
        { timeout: 10_000, interval: 50 },
      );
    } finally {
      await app.close();
    }
  });
});
