import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { PublicBooking } from '@lanebook/core/booking-schemas';
import { bookings } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { expectFieldError } from '../../../test/catalog.js';
import type { TestServer } from '../../../test/server.js';

/** A reference no booking has (the alphabet has no 0, 1, I, L or O, so the zero never matches). */
const unknownReference = (i: number) => `ZZ${String(i).padStart(8, '0')}`;

const RATE_LIMITED = { message: 'Too many attempts. Wait a minute and try again.', code: 'rate_limited' };

function expectRateLimited(response: { statusCode: number; body: string; headers: Record<string, unknown>; json: () => unknown }) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toEqual(RATE_LIMITED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

async function bookOnline(t: TestServer, body: object): Promise<PublicBooking> {
  const created = await t.request('POST', '/api/public/booking', { body });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<PublicBooking>();
}

const PUBLIC_PER_MINUTE = 5;

describeEachDatabase(
  'the public rate limit counts before the lookup',
  (t) => {
    it('unknown booking references from one address: 404 up to the limit, then 429 with Retry-After', async () => {
      const address = '10.251.0.1';
      const guess = (i: number) => t.request('GET', `/api/public/booking/${unknownReference(i)}`, { remoteAddress: address });
      for (let i = 0; i < PUBLIC_PER_MINUTE; i += 1) expect((await guess(i)).statusCode).toBe(404);
      expectRateLimited(await guess(PUBLIC_PER_MINUTE));
      // Another address is not affected.
      expect((await t.request('GET', `/api/public/booking/${unknownReference(99)}`, { remoteAddress: '10.251.0.2' })).statusCode).toBe(404);
    });

    it('unknown products from one address: the same', async () => {
      const address = '10.251.0.3';
      const guess = () =>
        t.request('GET', `/api/public/product/${randomUUID()}/dates`, { query: { month: '2030-01' }, remoteAddress: address });
      for (let i = 0; i < PUBLIC_PER_MINUTE; i += 1) expect((await guess()).statusCode).toBe(404);
      expectRateLimited(await guess());
    });
  },
  { config: { publicPerMinute: PUBLIC_PER_MINUTE } },
);

const MISSES_PER_MINUTE = 4;

describeEachDatabase(
  'unknown booking references: a budget of misses per client address',
  (t) => {
    it('past the budget an address gets 429 for every reference, known ones too; other addresses go on', async () => {
      const { form, productId, date } = await setUpBookings(t);
      const booking = await bookOnline(t, form());
      const address = '10.252.0.1';
      // Misses count across the calls that look a reference up: the access step's and a handler's own.
      for (let i = 0; i < MISSES_PER_MINUTE; i += 1) {
        const miss =
          i % 2 === 0
            ? await t.request('GET', `/api/public/booking/${unknownReference(i)}`, { remoteAddress: address })
            : await t.request('PATCH', `/api/public/booking/${unknownReference(i)}/reservationInfo`, {
                body: { firstName: 'Eve', lastName: 'Guess', email: 'eve@example.test', phone: '+1 555 010 0100' },
                remoteAddress: address,
              });
        expect(miss.statusCode, miss.body).toBe(404);
      }
      expectRateLimited(await t.request('GET', `/api/public/booking/${unknownReference(50)}`, { remoteAddress: address }));
      // The customer's own reference from that address waits too: a lucky guess would tell nothing.
      expectRateLimited(
        await t.expectNoWrites(() =>
          t.request('POST', `/api/public/booking/${booking.bookingReference}/cancel`, { remoteAddress: address }),
        ),
      );
      expectRateLimited(await t.request('GET', `/api/public/booking/${booking.bookingReference}/waiver`, { remoteAddress: address }));
      // Another address: an unknown reference is still a 404, the known one answers.
      expect((await t.request('GET', `/api/public/booking/${unknownReference(51)}`, { remoteAddress: '10.252.0.2' })).statusCode).toBe(404);
      const known = await t.request('GET', `/api/public/booking/${booking.bookingReference}`, { remoteAddress: '10.252.0.3' });
      expect(known.statusCode, known.body).toBe(200);
      expect(known.json<PublicBooking>().bookingReference).toBe(booking.bookingReference);
      // Products and venues are no secret: their lookups are not refused by the misses.
      const slots = await t.request('GET', `/api/public/product/${productId}/slots`, {
        query: { date, playersCount: '1' },
        remoteAddress: address,
      });
      expect(slots.statusCode, slots.body).toBe(200);
    });

    it('found references do not use the budget', async () => {
      const { form } = await setUpBookings(t);
      const booking = await bookOnline(t, form());
      const address = '10.252.0.4';
      for (let i = 0; i < MISSES_PER_MINUTE * 2; i += 1) {
        expect((await t.request('GET', `/api/public/booking/${booking.bookingReference}`, { remoteAddress: address })).statusCode).toBe(
          200,
        );
      }
      expect((await t.request('GET', `/api/public/booking/${unknownReference(60)}`, { remoteAddress: address })).statusCode).toBe(404);
    });
  },
  { config: { publicMissesPerMinute: MISSES_PER_MINUTE } },
);

const person = (i: number, email = `guest${i}@example.test`) => ({
  firstName: 'Guest',
  lastName: `No ${i}`,
  email,
  phone: '+1 555 010 0100',
});

describeEachDatabase('unpaid online bookings held at once, per client address and per email', (t) => {
  const book = (body: object, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.request('POST', '/api/public/booking', { body, remoteAddress, headers });

  it('a 4th unpaid online booking from one address is a 409 naming the limit, writing nothing; a canceled one frees a place', async () => {
    const { form } = await setUpBookings(t, { lanes: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'] });
    const address = '10.253.0.1';
    const made: PublicBooking[] = [];
    for (let i = 0; i < 3; i += 1) {
      const created = await book(form({ playersCount: 1, reservationInfo: person(i) }), address);
      expect(created.statusCode, created.body).toBe(201);
      made.push(created.json<PublicBooking>());
    }
    const refused = await t.expectNoWrites(() => book(form({ playersCount: 1, reservationInfo: person(3) }), address));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      message: 'You already have 3 unpaid bookings waiting for payment. Pay or cancel one of them first.',
      code: 'too_many_unpaid_bookings',
    });
    // Another address books.
    expect((await book(form({ playersCount: 1, reservationInfo: person(4) }), '10.253.0.2')).statusCode).toBe(201);
    // A canceled booking no longer holds a place.
    const canceled = await t.request('POST', `/api/public/booking/${made[0].bookingReference}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect((await book(form({ playersCount: 1, reservationInfo: person(5) }), address)).statusCode).toBe(201);
  });

  it('per email whatever its case, from any address, in the venue it books', async () => {
    const { form } = await setUpBookings(t, { lanes: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'] });
    for (let i = 0; i < 3; i += 1) {
      const created = await book(form({ playersCount: 1, reservationInfo: person(i, 'Ada@Example.test') }), `10.253.1.${i + 1}`);
      expect(created.statusCode, created.body).toBe(201);
    }
    const refused = await t.expectNoWrites(() =>
      book(form({ playersCount: 1, reservationInfo: person(3, 'ADA@EXAMPLE.TEST') }), '10.253.1.10'),
    );
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json<{ code: string }>().code).toBe('too_many_unpaid_bookings');
    expect((await book(form({ playersCount: 1, reservationInfo: person(4, 'grace@example.test') }), '10.253.1.11')).statusCode).toBe(201);
    // Another venue's bookings are its own: the same email books there.
    const other = await setUpBookings(t);
    const elsewhere = await book(other.form({ playersCount: 1, reservationInfo: person(5, 'ada@example.test') }), '10.253.1.12');
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('six at once from one address: exactly three are made', async () => {
    const { venue, productId, date, first, second } = await setUpBookings(t);
    const slotIds = [first.id, second.id];
    for (const [from, to] of [
      ['12:00', '13:00'],
      ['13:00', '14:00'],
      ['14:00', '15:00'],
      ['15:00', '16:00'],
    ]) {
      const slot = await venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to });
      expect(slot.statusCode, slot.body).toBe(201);
      slotIds.push(slot.json<{ id: string }>().id);
    }
    // Each on a slot of its own, so only the limit can refuse one.
    const answers = await Promise.all(
      slotIds.map((slotId, i) => book({ productId, slots: [slotId], playersCount: 1, reservationInfo: person(i) }, '10.253.2.1')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses, answers.map((answer) => answer.body).join('\n')).toEqual([201, 201, 201, 409, 409, 409]);
    const rows = await t.db.select().from(bookings).where(eq(bookings.venueId, venue.id));
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row.clientAddress === '10.253.2.1')).toBe(true);
  });
});

describeEachDatabase('the lane time unpaid online bookings hold, per client address and per email, pay-at-venue ones too', (t) => {
  const book = (body: object, remoteAddress: string) => t.request('POST', '/api/public/booking', { body, remoteAddress });

  it('one party may hold more than 6 lane-hours, but no second unpaid booking on top: a 409 naming the bound, writing nothing', async () => {
    // The venue takes payment at the venue (no card payments): its bookings have no abandon time, and still count.
    const { venue, productId, date, first, second } = await setUpBookings(t);
    const slot = async (from: string, to: string) => {
      const made = await venue.manager.post(`/api/private/product/${productId}/slot`, { date, from, to });
      expect(made.statusCode, made.body).toBe(201);
      return made.json<{ id: string }>().id;
    };
    const afternoon = [await slot('12:00', '13:00'), await slot('13:00', '14:00')];
    const evening = await slot('16:00', '17:00');
    const address = '10.254.0.1';
    // 12 players on two lanes of 6 for four hours: 8 lane-hours, the whole afternoon of two lanes of three.
    const party = await book(
      { productId, slots: [first.id, second.id, ...afternoon], playersCount: 12, reservationInfo: person(1, 'host@example.test') },
      address,
    );
    expect(party.statusCode, party.body).toBe(201);
    const [held] = await t.db.select().from(bookings).where(eq(bookings.id, party.json<PublicBooking>().id));
    expect(held.resourceIds).toHaveLength(2);
    expect(held.abandonAt).toBeNull();

    const onTop = { productId, slots: [evening], playersCount: 1 };
    const refused = await t.expectNoWrites(() => book({ ...onTop, reservationInfo: person(2, 'friend@example.test') }, address));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      message:
        'Unpaid bookings may hold at most 6 lane-hours at once (lanes × hours), and yours would hold 9. Pay or cancel one of them first.',
      code: 'too_much_unpaid_lane_time',
    });
    // The same email from another address: refused as well.
    const sameEmail = await t.expectNoWrites(() => book({ ...onTop, reservationInfo: person(3, 'HOST@example.test') }, '10.254.0.2'));
    expect(sameEmail.statusCode, sameEmail.body).toBe(409);
    expect(sameEmail.json<{ code: string }>().code).toBe('too_much_unpaid_lane_time');
    // Another customer books the evening.
    const other = await book({ ...onTop, reservationInfo: person(4, 'other@example.test') }, '10.254.0.3');
    expect(other.statusCode, other.body).toBe(201);
    // The party canceled, the address holds nothing: it books again.
    const canceled = await t.request('POST', `/api/public/booking/${party.json<PublicBooking>().bookingReference}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const again = await book({ ...onTop, reservationInfo: person(5, 'friend@example.test') }, address);
    expect(again.statusCode, again.body).toBe(201);
  });

  it('small unpaid bookings within the bound are each made, up to the count', async () => {
    const { form } = await setUpBookings(t, { lanes: ['L1', 'L2', 'L3', 'L4', 'L5', 'L6'] });
    // Three of one lane for two hours: 6 lane-hours, the bound itself.
    for (let i = 0; i < 3; i += 1) {
      const made = await book(form({ playersCount: 1, reservationInfo: person(10 + i) }), '10.254.1.1');
      expect(made.statusCode, made.body).toBe(201);
    }
  });
});

describeEachDatabase('phones as the customer typed them', (t) => {
  it('digits of another script are read as 0-9; spaces or words alone are a 400 naming the phone, writing nothing', async () => {
    const { form } = await setUpBookings(t);
    for (const phone of ['(٥٥٥) ١٢٣-٤٥٦٧', '+۱ ۵۵۵ ۱۲۳ ۴۵۶۷']) {
      const made = await t.request('POST', '/api/public/booking', {
        body: form({ playersCount: 1, reservationInfo: { ...person(20), phone } }),
      });
      expect(made.statusCode, made.body).toBe(201);
      const [row] = await t.db.select().from(bookings).where(eq(bookings.id, made.json<PublicBooking>().id));
      expect(row.phone, phone).toBe('+15551234567');
    }
    for (const phone of ['   ', '\u00a0', 'call me']) {
      const refused = await t.expectNoWrites(() =>
        t.request('POST', '/api/public/booking', { body: form({ playersCount: 1, reservationInfo: { ...person(21), phone } }) }),
      );
      expectFieldError(refused, 'reservationInfo.phone', 'Enter a phone number, or leave the phone empty');
    }
    // Left empty, the phone stays empty: it is not required.
    const none = await t.request('POST', '/api/public/booking', {
      body: form({ playersCount: 1, reservationInfo: { ...person(22), phone: '' } }),
    });
    expect(none.statusCode, none.body).toBe(201);
  });
});

describeEachDatabase('Idempotency-Key sent again with another form', (t) => {
  it('is a 422 idempotency_key_reused that tells nothing of the first booking; the same form still answers it', async () => {
    const { form } = await setUpBookings(t);
    const key = 'submit-reused-abcdef';
    const headers = { 'idempotency-key': key };
    const first = await t.request('POST', '/api/public/booking', { body: form(), headers });
    expect(first.statusCode, first.body).toBe(201);
    const booking = first.json<PublicBooking>();

    const another = form({ playersCount: 2, reservationInfo: person(1, 'mallory@example.test') });
    const refused = await t.expectNoWrites(() => t.request('POST', '/api/public/booking', { body: another, headers }));
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json()).toEqual({
      message: 'This Idempotency-Key was sent before with another booking form. Send a new key for a new booking.',
      code: 'idempotency_key_reused',
    });
    for (const secret of [booking.bookingReference, 'Lovelace', 'Ada', 'example.test']) expect(refused.body).not.toContain(secret);

    // The same form, its keys in another order, answers the first booking.
    const { reservationInfo, ...rest } = form();
    const again = await t.request('POST', '/api/public/booking', { body: { reservationInfo, ...rest }, headers });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(booking);
  });
});
