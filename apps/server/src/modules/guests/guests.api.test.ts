import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { buildPermissionsMap, defaultRolesFor } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { Slot } from '@lanebook/core/calendar-schemas';
import type { Guest, GuestDetail } from '@lanebook/core/guest-schemas';
import type { PublicWaiver } from '@lanebook/core/waiver-schemas';
import * as schema from '../../db/schema.js';
import { bookings, guests, products, signatures, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { signer, waiverOnProduct } from '../../../test/signatures.js';
import type { Caller, TestServer } from '../../../test/server.js';

/** Guests (issue 38): matching, flags, the banned online booking, a waiver on file, consent, merge, export and erase. */

type Setup = Awaited<ReturnType<typeof setUpBookings>>;

/**
 * A venue with room for thirty one-player bookings (lanes L1-L3, ten one-hour slots), free of charge:
 * its online bookings are paid at once, so the unpaid limits of one client address do not refuse them.
 */
async function venueWithSlots(t: TestServer) {
  const setup = await setUpBookings(t);
  await t.db.update(products).set({ price: 0 }).where(eq(products.id, setup.productId));
  const more: Slot[] = [];
  for (let hour = 12; hour < 20; hour++)
    more.push(
      await setup.venue.manager
        .post(`/api/private/product/${setup.productId}/slot`, { date: setup.date, from: `${hour}:00`, to: `${hour + 1}:00` })
        .then((r) => r.json<Slot>()),
    );
  const slots = [setup.first, setup.second, ...more];
  let next = 0;
  /** The next free lane-hour: one player, one slot. */
  const form = (reservationInfo: Record<string, string>, extra: Record<string, unknown> = {}) => ({
    productId: setup.productId,
    slots: [slots[Math.floor(next++ / 3) % slots.length].id],
    playersCount: 1,
    reservationInfo,
    ...extra,
  });
  return { ...setup, slots, oneLane: form };
}

const person = (first: string, last: string, email: string, phone = '') => ({ firstName: first, lastName: last, email, phone });

/** A booking by the desk. */
async function book(staff: Caller, body: object): Promise<Booking & { bookingReference: string }> {
  const made = await staff.post('/api/private/booking', body);
  expect(made.statusCode, made.body).toBe(201);
  return made.json();
}

/** A booking online, answered as the desk reads it (with its guest). */
async function bookOnline(t: TestServer, staff: Caller, body: object): Promise<Booking & { bookingReference: string }> {
  const made = await t.request('POST', '/api/public/booking', { body });
  expect(made.statusCode, made.body).toBe(201);
  return (await staff.get(`/api/private/booking/${made.json<{ id: string }>().id}`)).json();
}

const detailOf = async (caller: Caller, id: string) => {
  const response = await caller.get(`/api/private/guests/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<GuestDetail>();
};

describeEachDatabase('guests (issue 38)', (t) => {
  let s: Setup & { oneLane: (info: Record<string, string>, extra?: Record<string, unknown>) => object };

  let waiver: Awaited<ReturnType<typeof waiverOnProduct>>;

  beforeAll(async () => {
    s = await venueWithSlots(t);
    waiver = await waiverOnProduct(t, s.venue.manager, s.productId);
  });
  const online = (body: object) => bookOnline(t, s.venue.staff, body);

  it('one guest per email whatever its case, across desk and online bookings; phone-only guests by phone; found by the All search', async () => {
    const web = await online(s.oneLane(person('Ann', 'Archer', 'Ann@X.test', '+1 555 201 0001')));
    const desk = await book(s.venue.staff, s.oneLane(person('Ann', 'Archer', 'ann@x.test')));
    expect(web.guestId).toBeTruthy();
    expect(desk.guestId).toBe(web.guestId);
    const guest = await detailOf(s.venue.staff, web.guestId!);
    expect(guest).toMatchObject({
      firstName: 'Ann',
      lastName: 'Archer',
      email: 'ann@x.test',
      phone: '+15552010001',
      bookingsCount: 2,
      flags: [],
    });
    expect(guest.bookings.map((b) => b.id).sort()).toEqual([web.id, desk.id].sort());

    // A caller who gave only a phone is a guest by it; their next call finds them.
    const call1 = await book(s.venue.staff, s.oneLane(person('Phil', 'Phoner', '', '(555) 201-0002')));
    const call2 = await book(s.venue.staff, s.oneLane(person('Phil', 'Phoner', '', '+1 555 201 0002')));
    expect(call1.guestId).toBeTruthy();
    expect(call2.guestId).toBe(call1.guestId);
    const match = await s.venue.staff.get('/api/private/guests/match', { query: { phone: '555-201-0002' } });
    expect(match.json<{ guest: GuestDetail }>().guest).toMatchObject({ id: call1.guestId, bookingsCount: 2 });
    expect(
      (await s.venue.staff.get('/api/private/guests/match', { query: { email: 'ANN@x.test' } })).json<{ guest: Guest }>().guest?.id,
    ).toBe(web.guestId);

    const search = async (text: string) =>
      (await s.venue.staff.get('/api/private/guests', { query: { search: text } })).json<{ items: Guest[] }>().items.map((g) => g.id);
    for (const text of ['Ann Archer', 'Archer Ann', 'Archer, Ann', 'ann@x', '0001', '(555) 201-0001'])
      expect(await search(text), text).toContain(web.guestId);
    expect(await search('0002')).toContain(call1.guestId);
    expect(await search('nobody-like-this')).toEqual([]);

    // Another venue's guest with the same email is another guest, never seen from here.
    const other = await setUpBookings(t);
    const elsewhere = await book(
      other.venue.staff,
      other.form({ playersCount: 1, reservationInfo: person('Ann', 'Archer', 'ann@x.test') }),
    );
    expect(elsewhere.guestId).not.toBe(web.guestId);
    expect((await s.venue.staff.get(`/api/private/guests/${elsewhere.guestId}`)).statusCode).toBe(404);
    expect((await s.venue.staff.patch(`/api/private/guests/${elsewhere.guestId}`, { notes: 'x' })).statusCode).toBe(404);
    expect((await s.venue.manager.post(`/api/private/guests/${web.guestId}/merge`, { guestId: elsewhere.guestId })).statusCode).toBe(404);
    expect(await search('Archer')).not.toContain(elsewhere.guestId);
  });

  it('flags: the whole list set by the desk, shown in the list, the match and the booking; bad input names the field; roles without the permission are refused', async () => {
    const booking = await book(s.venue.staff, s.oneLane(person('Vera', 'Vip', 'vera@x.test')));
    const id = booking.guestId!;
    const set = await s.venue.staff.patch(`/api/private/guests/${id}`, {
      flags: [
        { type: 'vip', note: 'Owner’s friend' },
        { type: 'medical', note: 'Asthma' },
      ],
    });
    expect(set.statusCode, set.body).toBe(200);
    const flags = set.json<GuestDetail>().flags;
    expect(flags).toMatchObject([
      { type: 'vip', note: 'Owner’s friend', createdBy: expect.any(String) },
      { type: 'medical', note: 'Asthma' },
    ]);
    // Kept flags keep when they were set; a removed one goes.
    const again = await s.venue.staff.patch(`/api/private/guests/${id}`, { flags: [{ type: 'vip', note: 'Owner’s friend' }] });
    expect(again.json<GuestDetail>().flags).toEqual([flags[0]]);
    expect(
      (await s.venue.staff.get('/api/private/guests', { query: { flag: 'vip' } })).json<{ items: Guest[] }>().items.map((g) => g.id),
    ).toContain(id);
    expect(
      (await s.venue.staff.get('/api/private/guests/match', { query: { email: 'vera@x.test' } })).json<{ guest: Guest }>().guest?.flags,
    ).toHaveLength(1);
    expect((await detailOf(s.venue.staff, id)).log.map((entry) => entry.type)).toContain('flags');

    for (const [body, field] of [
      [{ flags: [{ type: 'drunk', note: '' }] }, 'flags'],
      [{ flags: [{ type: 'ban' }, { type: 'ban', note: 'twice' }] }, 'flags'],
      [{ notes: 'x'.repeat(2001) }, 'notes'],
      [{ marketingConsent: 'yes' }, 'marketingConsent'],
      [{ guestId: 'x' }, ''],
    ] as const) {
      const before = await detailOf(s.venue.staff, id);
      const refused = await s.venue.staff.patch(`/api/private/guests/${id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.body).toContain(field);
      expect(await detailOf(s.venue.staff, id)).toEqual(before);
    }

    // Deny by default: a venue whose staff may not see guests; staff never export or erase.
    const closed = await t.addVenue({
      permissions: buildPermissionsMap((key) => (key.startsWith('guests.') ? ['owner'] : defaultRolesFor(key))),
    });
    expect((await closed.staff.get('/api/private/guests')).statusCode).toBe(403);
    expect((await closed.manager.get('/api/private/guests/match', { query: { email: 'a@b.c' } })).statusCode).toBe(403);
    expect((await closed.owner.get('/api/private/guests')).statusCode).toBe(200);
    expect((await s.venue.staff.get(`/api/private/guests/${id}/export`)).statusCode).toBe(403);
    expect((await s.venue.staff.post(`/api/private/guests/${id}/erase`, {})).statusCode).toBe(403);
    expect((await s.venue.staff.get('/api/private/guests/marketing.csv')).statusCode).toBe(403);
  });

  it('a banned guest booking online is refused with the venue phone, or taken, marked and told to the venue, as the venue chose', async () => {
    const first = await book(s.venue.staff, s.oneLane(person('Bart', 'Banned', 'bart@x.test')));
    await s.venue.manager.patch(`/api/private/guests/${first.guestId}`, { flags: [{ type: 'ban', note: 'Threw while drunk' }] });
    await t.db.update(venues).set({ phone: '+15552019999', email: 'desk@venue.test' }).where(eq(venues.id, s.venue.id));

    const countOf = async () => (await t.db.select().from(bookings).where(eq(bookings.guestId, first.guestId!))).length;
    const refused = await t.request('POST', '/api/public/booking', { body: s.oneLane(person('Bart', 'Banned', 'BART@x.test')) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'booking_refused' });
    expect(refused.json().message).toContain('(555) 201-9999');
    expect(refused.body).not.toMatch(/ban/i);
    expect(await countOf()).toBe(1);

    const warned = await s.venue.owner.patch('/api/private/venues/current', { bannedGuestsOnline: 'warn' });
    expect(warned.statusCode, warned.body).toBe(200);
    const taken = await t.request('POST', '/api/public/booking', { body: s.oneLane(person('Bart', 'Banned', 'bart@x.test')) });
    expect(taken.statusCode, taken.body).toBe(201);
    const booking = (await s.venue.staff.get(`/api/private/booking/${taken.json<Booking>().id}`)).json<Booking>();
    expect(booking).toMatchObject({ isWarning: true, guestId: first.guestId });
    const alert = await t.waitForMail('desk@venue.test', 'guest-banned-booking');
    expect(alert.text).toContain('Bart Banned');
    // The desk books a banned guest knowingly: no warning.
    expect((await book(s.venue.staff, s.oneLane(person('Bart', 'Banned', 'bart@x.test')))).isWarning).toBe(false);
    expect((await s.venue.owner.patch('/api/private/venues/current', { bannedGuestsOnline: 'maybe' })).statusCode).toBe(400);
  });

  it('a waiver on file counts for later bookings until it expires; a new version of its text asks again', async () => {
    expect((await s.venue.manager.patch(`/api/private/waivers/${waiver.id}`, { validForMonths: 12 })).statusCode).toBe(200);
    const who = person('Wendy', 'Waiver', 'wendy@example.test');
    const firstVisit = await online(s.oneLane(who, { playersCount: 2 }));
    const signed = await t.request('POST', `/api/public/booking/${firstVisit.bookingReference}/signatures`, {
      body: signer('Wendy', 'Waiver'),
    });
    expect(signed.statusCode, signed.body).toBe(201);

    const secondVisit = await online(s.oneLane(who, { playersCount: 2 }));
    const private2 = (await s.venue.staff.get(`/api/private/booking/${secondVisit.id}`)).json<Booking>();
    expect(private2.numberOfSignedWaivers).toBe(1);
    expect(new Date(private2.waiverOnFileUntil!).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
    const toSign = (await t.request('GET', `/api/public/booking/${secondVisit.bookingReference}/waiver`)).json<PublicWaiver>();
    expect(toSign).toMatchObject({ booker: null, bookerOnFile: { validUntil: private2.waiverOnFileUntil }, signedCount: 1 });
    const twice = await t.request('POST', `/api/public/booking/${secondVisit.bookingReference}/signatures`, {
      body: signer('Wendy', 'Waiver'),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toContain('on file until');
    // A friend still signs for the second player.
    expect(
      (await t.request('POST', `/api/public/booking/${secondVisit.bookingReference}/signatures`, { body: signer('Fred', 'Friend') }))
        .statusCode,
    ).toBe(201);
    expect((await detailOf(s.venue.staff, secondVisit.guestId!)).waiverOnFile).toMatchObject({ waiverId: waiver.id });

    // Signed 13 months ago: expired, asked again.
    await t.db
      .update(signatures)
      .set({ createdAt: sql`now() - interval '13 months'` })
      .where(eq(signatures.bookingId, firstVisit.id));
    const expired = await online(s.oneLane(who));
    expect(expired.numberOfSignedWaivers).toBe(0);
    expect((await detailOf(s.venue.staff, expired.guestId!)).waiverOnFile).toBeNull();

    // Fresh again, then the waiver's text changes: everyone signs the new version.
    await t.db
      .update(signatures)
      .set({ createdAt: sql`now()` })
      .where(eq(signatures.bookingId, firstVisit.id));
    expect((await online(s.oneLane(who))).numberOfSignedWaivers).toBe(1);
    expect((await s.venue.manager.patch(`/api/private/waivers/${waiver.id}`, { text: '<p>New rules.</p>' })).statusCode).toBe(200);
    expect((await online(s.oneLane(who))).numberOfSignedWaivers).toBe(0);
    // A waiver signed per booking never counts later.
    expect((await s.venue.manager.patch(`/api/private/waivers/${waiver.id}`, { validForMonths: -1 })).statusCode).toBe(400);
  });

  it('marketing consent: the latest answer with when, the export of consenting guests', async () => {
    await online(s.oneLane(person('Carl', 'Consent', 'carl@x.test'), { marketingConsent: true }));
    const carl = (await s.venue.staff.get('/api/private/guests/match', { query: { email: 'carl@x.test' } })).json<{ guest: Guest }>()
      .guest!;
    expect(carl.marketingConsent).toBe(true);
    expect(carl.marketingConsentAt).toBeTruthy();
    // A booking that does not ask leaves the answer; a later no replaces it.
    await online(s.oneLane(person('Carl', 'Consent', 'carl@x.test')));
    expect((await detailOf(s.venue.staff, carl.id)).marketingConsent).toBe(true);
    let csv = (await s.venue.manager.get('/api/private/guests/marketing.csv')).body;
    expect(csv).toContain('Email Address,First Name,Last Name,Phone Number,Consent Given At');
    expect(csv).toContain('carl@x.test,Carl,Consent');
    await online(s.oneLane(person('Carl', 'Consent', 'carl@x.test'), { marketingConsent: false }));
    csv = (await s.venue.manager.get('/api/private/guests/marketing.csv')).body;
    expect(csv).not.toContain('carl@x.test');
    expect(
      (
        await t.request('POST', '/api/public/booking', {
          body: s.oneLane(person('Carl', 'Consent', 'carl@x.test'), { marketingConsent: 'yes' }),
        })
      ).statusCode,
    ).toBe(400);
  });

  it('merge: the first guest survives with both histories, flags and notes; the other email finds it from now on', async () => {
    const a = await book(s.venue.staff, s.oneLane(person('Bob', 'Smith', 'bob@home.test')));
    const b = await book(s.venue.staff, s.oneLane(person('Bob', 'Smith', 'bob@work.test')));
    await s.venue.staff.patch(`/api/private/guests/${b.guestId}`, {
      flags: [{ type: 'alert', note: 'Left-handed' }],
      notes: 'Work account',
    });
    const merged = await s.venue.staff.post(`/api/private/guests/${a.guestId}/merge`, { guestId: b.guestId });
    expect(merged.statusCode, merged.body).toBe(200);
    const survivor = merged.json<GuestDetail>();
    expect(survivor).toMatchObject({
      id: a.guestId,
      bookingsCount: 2,
      notes: 'Work account',
      flags: [{ type: 'alert', note: 'Left-handed' }],
    });
    expect(survivor.log.map((entry) => entry.type)).toContain('merged');
    // The merged guest's page opens the survivor; a booking with its email joins the survivor.
    expect((await detailOf(s.venue.staff, b.guestId!)).id).toBe(a.guestId);
    expect((await online(s.oneLane(person('Bob', 'Smith', 'bob@work.test')))).guestId).toBe(a.guestId);
    expect(
      (await s.venue.staff.get('/api/private/guests', { query: { search: 'Bob Smith' } })).json<{ items: Guest[] }>().items,
    ).toHaveLength(1);
    expect((await s.venue.staff.post(`/api/private/guests/${a.guestId}/merge`, { guestId: a.guestId })).statusCode).toBe(409);
    expect((await s.venue.staff.post(`/api/private/guests/${a.guestId}/merge`, { guestId: b.guestId })).statusCode).toBe(409);
    expect((await s.venue.staff.post(`/api/private/guests/${a.guestId}/merge`, {})).statusCode).toBe(400);
  });

  it('export gives the person their data; erase is refused while a booking is upcoming, then leaves nothing of them in any table', async () => {
    // A name with a quote in it: JSON writes it escaped in logs and payloads, and it goes there too.
    const who = person('Zephyrine "Zee"', "O'Quartzfield", 'zephyrine.quartzfield@example.test', '+1 555 201 7777');
    const booking = await online(s.oneLane(who, { playersCount: 2, marketingConsent: true }));
    const signed = await t.request('POST', `/api/public/booking/${booking.bookingReference}/signatures`, {
      body: signer('Zephyrine "Zee"', "O'Quartzfield", { email: 'zephyrine.quartzfield@example.test' }),
    });
    expect(signed.statusCode, signed.body).toBe(201);
    await s.venue.staff.patch(`/api/private/guests/${booking.guestId}`, {
      notes: 'Zephyrine likes lane 2',
      flags: [{ type: 'vip', note: 'Quartzfield family' }],
    });

    const exported = await s.venue.manager.get(`/api/private/guests/${booking.guestId}/export`);
    expect(exported.statusCode).toBe(200);
    const data = exported.json<{ guest: Guest; bookings: { id: string }[]; signatures: { signatureImage: string }[] }>();
    expect(data.guest.email).toBe('zephyrine.quartzfield@example.test');
    expect(data.bookings.map((b) => b.id)).toEqual([booking.id]);
    expect(data.signatures[0].signatureImage).toMatch(/^data:image\/png;base64,/);

    const refused = await s.venue.manager.post(`/api/private/guests/${booking.guestId}/erase`, { reason: 'Asked by mail' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('guest_has_upcoming_bookings');
    expect(await texts('zephyrine')).not.toEqual([]);

    expect((await s.venue.staff.post(`/api/private/booking/${booking.id}/cancel`, { refundAmount: 0 })).statusCode).toBe(200);
    const erased = await s.venue.manager.post(`/api/private/guests/${booking.guestId}/erase`, { reason: 'Zephyrine "Zee" asked by mail' });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(erased.json<GuestDetail>()).toMatchObject({
      firstName: 'Erased guest',
      email: '',
      phone: '',
      flags: [],
      bookingsCount: 1,
      erasedAt: expect.any(String),
    });
    expect(erased.json<GuestDetail>().log.at(0)).toMatchObject({ type: 'erased', userName: expect.any(String) });
    // Nothing of the person anywhere: every table's text.
    expect(await texts('zephyrine')).toEqual([]);
    expect(await texts('quartzfield')).toEqual([]);
    expect(await texts('5552017777')).toEqual([]);
    const kept = (await s.venue.staff.get(`/api/private/booking/${booking.id}`)).json<Booking>();
    expect(kept.reservationInfo.firstName).toBe('Erased guest');
    expect(kept.total).toBe(booking.total);
    expect((await s.venue.manager.post(`/api/private/guests/${booking.guestId}/erase`, {})).statusCode).toBe(409);
  });

  /** Each table's rows whose text holds `word` (case folded), as text: none is what erase leaves. */
  async function texts(word: string): Promise<string[]> {
    const found: string[] = [];
    for (const table of (Object.values(schema) as unknown[]).filter((value): value is PgTable => is(value, PgTable))) {
      const name = getTableName(table);
      const result = await t.db.execute<{ row: string }>(
        sql`select t::text as row from ${sql.identifier(name)} t where lower(t::text) like ${`%${word}%`}`,
      );
      const rows = (result as unknown as { rows?: { row: string }[] }).rows ?? (result as unknown as { row: string }[]);
      found.push(...rows.map((r) => `${name}: ${r.row}`));
    }
    return found;
  }
});

describeEachDatabase('guests under load (issue 38)', (t) => {
  it('twenty bookings by one new email at once, online and at the desk, make one guest', async () => {
    const s = await venueWithSlots(t);
    const who = person('Rita', 'Rush', 'rita@x.test');
    // Each on a slot of its own: the lanes are not what races here, the guest is.
    const body = (i: number, email: string, lanes?: string[]) => ({
      productId: s.productId,
      slots: [s.slots[i].id],
      playersCount: 1,
      reservationInfo: { ...who, email },
      ...(lanes ? { resourceIds: lanes } : {}),
    });
    const made = await Promise.all([
      ...s.slots.map((_, i) => t.request('POST', '/api/public/booking', { body: body(i, i % 2 ? 'RITA@x.test' : 'rita@x.test') })),
      ...s.slots.map((_, i) => s.venue.staff.post('/api/private/booking', body(i, 'Rita@X.test', ['L3']))),
    ]);
    expect(made.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const theirs = (await t.db.select().from(bookings).where(eq(bookings.email, 'rita@x.test'))).filter((b) => b.venueId === s.venue.id);
    expect(theirs).toHaveLength(20);
    expect(new Set(theirs.map((b) => b.guestId)).size).toBe(1);
    expect((await t.db.select().from(guests).where(eq(guests.email, 'rita@x.test'))).filter((g) => g.venueId === s.venue.id)).toHaveLength(
      1,
    );
  });
});
