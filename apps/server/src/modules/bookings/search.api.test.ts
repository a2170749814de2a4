import { readFileSync, readdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { addDays, instantOf, venueToday } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import { bookings, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError } from '../../../test/catalog.js';
import { info, setUpBookings, ZONE } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';

type Venue = Awaited<ReturnType<typeof setUpBookings>>;

/** A booking row as the app writes one (E.164 phone, lower-case email), for the search to find. */
async function insertBooking(
  t: TestServer,
  { venue, productId }: Venue,
  person: { firstName: string; lastName: string; email: string; phone: string },
  extra: Partial<typeof bookings.$inferInsert> = {},
) {
  const id = randomUUID();
  const startsAt = extra.startsAt ?? new Date(Date.now() + 86_400_000);
  await t.db.insert(bookings).values({
    venueId: venue.id,
    id,
    productId,
    status: 'paid',
    startsAt,
    endsAt: new Date(startsAt.getTime() + 3_600_000),
    reservationInfo: { ...person, note: '' },
    firstName: person.firstName,
    lastName: person.lastName,
    email: person.email.toLowerCase(),
    phone: person.phone,
    registrationCode: `AXE${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    bookingReference: randomUUID().replace(/-/g, '').slice(0, 10).toUpperCase(),
    ...extra,
  });
  return id;
}

const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace.hopper@navy.test', phone: '+15557654321' };
const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@engine.test', phone: '+15551234567' };
const maryAnn = { firstName: 'Mary Ann', lastName: 'van der Berg', email: 'mab@example.test', phone: '+442079460958' };
const hopperAsFirst = { firstName: 'Hopper', lastName: 'Stone', email: 'hs@example.test', phone: '+15550009999' };

describeEachDatabase('booking search and phones', (t) => {
  async function searcher(v: Venue) {
    return async (search: string, query: Record<string, string> = {}) => {
      const response = await v.venue.staff.get('/api/private/booking/detailed', { query: { search, ...query } });
      expect(response.statusCode, `${search}: ${response.body}`).toBe(200);
      return response
        .json<{ items: Booking[] }>()
        .items.map((b) => b.id)
        .sort();
    };
  }

  it('phones are stored as E.164 on every write: staff create and edit, the widget booking, the customer correction', async () => {
    const v = await setUpBookings(t, { daysAhead: 5 });
    const stored = async (id: string) => {
      const [row] = await t.db.select({ phone: bookings.phone, info: bookings.reservationInfo }).from(bookings).where(eq(bookings.id, id));
      expect(row.info.phone).toBe(row.phone);
      return row.phone;
    };
    const staff = await v.venue.staff.post(
      '/api/private/booking',
      v.form({ playersCount: 1, reservationInfo: { ...info, phone: '(555) 765-4321' } }),
    );
    expect(staff.statusCode, staff.body).toBe(201);
    const staffBooking = staff.json<Booking>();
    expect(staffBooking.reservationInfo.phone).toBe('+15557654321');
    expect(await stored(staffBooking.id)).toBe('+15557654321');

    const edited = await v.venue.staff.put(`/api/private/booking/${staffBooking.id}`, {
      reservationInfo: { ...info, phone: '1-555-765-9999' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await stored(staffBooking.id)).toBe('+15557659999');

    const online = await t.request('POST', '/api/public/booking', {
      body: v.form({ playersCount: 1, reservationInfo: { ...info, email: 'web@example.test', phone: '555 765 4322' } }),
    });
    expect(online.statusCode, online.body).toBe(201);
    const onlineBooking = online.json<Booking>();
    expect(onlineBooking.reservationInfo.phone).toBe('+15557654322');

    const corrected = await t.request('PATCH', `/api/public/booking/${onlineBooking.bookingReference}/reservationInfo`, {
      body: { ...info, email: 'web@example.test', phone: '+44 20 7946 0958' },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(await stored(onlineBooking.id)).toBe('+442079460958');

    // A Canadian venue reads the same digits as a Canadian number.
    await t.db.update(venues).set({ country: 'CA' }).where(eq(venues.id, v.venue.id));
    const canadian = await v.venue.staff.put(`/api/private/booking/${staffBooking.id}`, {
      reservationInfo: { ...info, phone: '604 555 1234' },
    });
    expect(canadian.statusCode, canadian.body).toBe(200);
    expect(await stored(staffBooking.id)).toBe('+16045551234');
  });

  it('a phone that cannot be a number is a 400 naming the field on each write path, and no booking changes', async () => {
    const v = await setUpBookings(t, { daysAhead: 5 });
    const made = (await v.venue.staff.post('/api/private/booking', v.form({ playersCount: 1 }))).json<Booking>();
    // The venue's bookings as they stand (a background job of another module may write its own tables meanwhile).
    const venueBookings = () =>
      t.db
        .select({ id: bookings.id, phone: bookings.phone, info: bookings.reservationInfo, updatedAt: bookings.updatedAt })
        .from(bookings)
        .where(eq(bookings.venueId, v.venue.id))
        .orderBy(bookings.id);
    const before = await venueBookings();
    for (const phone of ['555-0100', '+1 555 0100', '55576543219999']) {
      const bad = { ...info, phone };
      expectFieldError(
        await v.venue.staff.post('/api/private/booking', v.form({ playersCount: 1, reservationInfo: bad })),
        'reservationInfo.phone',
      );
      expectFieldError(await v.venue.staff.put(`/api/private/booking/${made.id}`, { reservationInfo: bad }), 'reservationInfo.phone');
      expectFieldError(
        await t.request('POST', '/api/public/booking', { body: v.form({ playersCount: 1, reservationInfo: bad }) }),
        'reservationInfo.phone',
      );
      expectFieldError(await t.request('PATCH', `/api/public/booking/${made.bookingReference}/reservationInfo`, { body: bad }), 'phone');
    }
    expect(await venueBookings()).toEqual(before);
    // No phone at all stays allowed: a walk-in need not leave one.
    const none = await v.venue.staff.post('/api/private/booking', v.form({ playersCount: 1, reservationInfo: { ...info, phone: '' } }));
    expect(none.statusCode, none.body).toBe(201);
    expect(none.json<Booking>().reservationInfo.phone).toBe('');
  });

  it('All finds a booking by each shape: full name either way, a name, a phone typed three ways or its last four digits, an email, a reference, a code', async () => {
    const v = await setUpBookings(t);
    const search = await searcher(v);
    const graceId = await insertBooking(t, v, grace, { registrationCode: 'AXE0042', bookingReference: 'HQ7K2M9PXT' });
    const adaId = await insertBooking(t, v, ada, { registrationCode: 'AXE4321' });
    const maryId = await insertBooking(t, v, maryAnn);
    const stoneId = await insertBooking(t, v, hopperAsFirst);

    expect(await search('all:Grace Hopper')).toEqual([graceId]);
    expect(await search('all:grace  hopper')).toEqual([graceId]);
    expect(await search('all:Hopper Grace')).toEqual([graceId]);
    expect(await search('all:Hopper, Grace')).toEqual([graceId]);
    expect(await search('all:Gra Hop')).toEqual([graceId]);
    // One word is a first or a last name: Hopper is Grace's last name and Stone's first.
    expect(await search('all:hopper')).toEqual([graceId, stoneId].sort());
    expect(await search('all:Lovelace')).toEqual([adaId]);
    expect(await search('all:Mary Ann van der Berg')).toEqual([maryId]);
    expect(await search('all:Mary Ann')).toEqual([maryId]);
    expect(await search('all:van der Berg')).toEqual([maryId]);

    for (const typed of ['+1 555 765 4321', '(555) 765-4321', '5557654321', '555.765.4321', '15557654321'])
      expect(await search(`all:${typed}`), typed).toEqual([graceId]);
    expect(await search('all:765-4321')).toEqual([graceId]);
    // Four digits are a phone's end or a registration code's number: both, with OR.
    expect(await search('all:4321')).toEqual([graceId, adaId].sort());
    expect(await search('all:+44 20 7946 0958')).toEqual([maryId]);

    expect(await search('all:grace.hopper@navy.test')).toEqual([graceId]);
    expect(await search('all:Grace.Hopper@')).toEqual([graceId]);
    expect(await search('all:grace.h')).toEqual([graceId]);
    expect(await search('all:HQ7K2M9PXT')).toEqual([graceId]);
    expect(await search('all:hq7k')).toEqual([graceId]);
    expect(await search('all:AXE0042')).toEqual([graceId]);
    expect(await search('all:axe0042')).toEqual([graceId]);
    // The code's number without the venue's prefix or its leading zeros.
    expect(await search('all:42')).toEqual([graceId]);
    expect(await search('all:0042')).toEqual([graceId]);
    expect(await search('all:Nobody')).toEqual([]);
  });

  it('field:query keeps its field and its minimum', async () => {
    const v = await setUpBookings(t);
    const search = await searcher(v);
    const graceId = await insertBooking(t, v, grace);
    const stoneId = await insertBooking(t, v, hopperAsFirst);
    expect(await search('lastName:Hopper')).toEqual([graceId]);
    expect(await search('firstName:Hopper')).toEqual([stoneId]);
    expect(await search('phone:+1 (555) 765-4321')).toEqual([graceId]);
    expect(await search('phone:5557654321')).toEqual([graceId]);
    expect(await search('email:grace')).toEqual([graceId]);
    const list = (search: string) => v.venue.staff.get('/api/private/booking/detailed', { query: { search } });
    for (const refused of ['phone:4321', 'email:gr', 'bookingReference:HQ', 'lastName: ', 'all:', 'all:   ', 'name:Grace', 'Grace Hopper'])
      expectFieldError(await list(refused), 'search');
  });

  it('hostile input answers 400 or nothing, never a 500, and matches only itself', async () => {
    const v = await setUpBookings(t);
    const search = await searcher(v);
    await insertBooking(t, v, grace);
    const percentId = await insertBooking(t, v, { ...ada, firstName: 'Pct%Name', lastName: 'Under_score' });
    const zoeId = await insertBooking(t, v, { ...ada, firstName: 'Zoë', lastName: 'Ñúñez', email: 'zoe@example.test' });
    // % and _ are the characters they are, not wildcards.
    expect(await search('all:%')).toEqual([]);
    expect(await search('all:_')).toEqual([]);
    expect(await search('all:Pct%')).toEqual([percentId]);
    expect(await search('all:P%N')).toEqual([]);
    expect(await search('all:Under_')).toEqual([percentId]);
    expect(await search('all:Unde_')).toEqual([]);
    expect(await search('all:Under%')).toEqual([]);
    expect(await search('lastName:_')).toEqual([]);
    expect(await search('all:zoë')).toEqual([zoeId]);
    expect(await search('all:ÑÚÑEZ')).toEqual([zoeId]);
    for (const text of ["'; drop table bookings; --", '\\', '😀', '$1', '()', '---', 'a\u0301', '<script>alert(1)</script>', '*'])
      expect(await search(`all:${text}`), text).toEqual([]);
    const list = (search: string) => v.venue.staff.get('/api/private/booking/detailed', { query: { search } });
    expectFieldError(await list(`all:${'x'.repeat(300)}`), 'search');
    expectFieldError(await list('all:a\u0000b'), 'search');
    // A lone plus is no text at all.
    expectFieldError(await list('all:+'), 'search');
    expect(
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(bookings)
          .where(eq(bookings.venueId, v.venue.id))
      )[0].n,
    ).toBe(3);
  });

  it("another venue's bookings are never found", async () => {
    const mine = await setUpBookings(t);
    const theirs = await setUpBookings(t);
    const search = await searcher(mine);
    const mineId = await insertBooking(t, mine, grace, { registrationCode: 'AXE0042' });
    await insertBooking(t, theirs, grace, { registrationCode: 'AXE0042' });
    const theirAda = await insertBooking(t, theirs, ada, { bookingReference: 'ZZ9PLURAL9' });
    for (const text of ['Grace Hopper', '4321', 'AXE0042', 'grace.hopper@navy.test', '(555) 765-4321'])
      expect(await search(`all:${text}`), text).toEqual([mineId]);
    for (const text of ['Lovelace', 'ZZ9PLURAL9', '1234567', 'ada@engine']) expect(await search(`all:${text}`), text).toEqual([]);
    expect(theirAda).toBeTruthy();
  });

  it("today's and tomorrow's events run in event order unless a sort is asked for", async () => {
    const v = await setUpBookings(t);
    const today = venueToday(ZONE);
    const at = (date: string, time: string) => instantOf(date, time, ZONE)!;
    const evening = await insertBooking(t, v, grace, { startsAt: at(today, '18:00'), createdAt: new Date(Date.now() - 60_000) });
    const noon = await insertBooking(t, v, ada, { startsAt: at(today, '12:00'), createdAt: new Date(Date.now() - 120_000) });
    const tomorrowLate = await insertBooking(t, v, maryAnn, { startsAt: at(addDays(today, 1), '20:00') });
    const tomorrowEarly = await insertBooking(t, v, hopperAsFirst, { startsAt: at(addDays(today, 1), '09:00') });
    const ids = async (query: Record<string, string>) =>
      (await v.venue.staff.get('/api/private/booking/detailed', { query })).json<{ items: Booking[] }>().items.map((b) => b.id);
    expect(await ids({ dateField: 'date', dateRange: 'today' })).toEqual([noon, evening]);
    expect(await ids({ dateField: 'date', dateRange: 'tomorrow' })).toEqual([tomorrowEarly, tomorrowLate]);
    expect(await ids({ dateField: 'date', dateRange: 'today', sort: 'new' })).toEqual([evening, noon]);
    // Any other list stays newest first by when it was booked.
    expect((await ids({})).slice(-2)).toEqual([evening, noon]);
  });

  it('the migration writes stored national phones as E.164 and leaves what it cannot read', async () => {
    const v = await setUpBookings(t);
    const typed = {
      '5557654321': '+15557654321',
      '15557654322': '+15557654322',
      '+15557654323': '+15557654323',
      '+442079460958': '+442079460958',
      '5557654': '5557654',
      '1555765432': '1555765432',
      '': '',
    };
    const ids = new Map<string, string>();
    for (const phone of Object.keys(typed)) ids.set(phone, await insertBooking(t, v, { ...grace, phone }));
    const migrations = new URL('../../db/migrations/', import.meta.url);
    const file = readdirSync(migrations).find((name) => name.endsWith('_booking_search.sql'));
    expect(file).toBeTruthy();
    const conversion = readFileSync(new URL(file!, migrations), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => statement.includes('UPDATE "bookings"'));
    expect(conversion).toBeTruthy();
    await t.db.execute(sql.raw(conversion!));
    for (const [phone, expected] of Object.entries(typed)) {
      const [row] = await t.db
        .select({ phone: bookings.phone, info: bookings.reservationInfo })
        .from(bookings)
        .where(eq(bookings.id, ids.get(phone)!));
      expect(row.phone, phone).toBe(expected);
      expect(row.info.phone, phone).toBe(expected);
    }
  });
});
