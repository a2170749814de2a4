import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, PublicBooking } from '@lanebook/core/booking-schemas';
import type { Kiosk, KioskCreated } from '@lanebook/core/kiosk-schemas';
import { bookings, kiosks } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { signer, waiverOnProduct } from '../../../test/signatures.js';
import type { TestServer } from '../../../test/server.js';

type SetUp = Awaited<ReturnType<typeof setUpBookings>>;

/** A venue with a waiver on its product (open from booking until 2 hours after the start). */
async function kioskVenue(t: TestServer) {
  const setUp = await setUpBookings(t);
  await waiverOnProduct(t, setUp.venue.manager, setUp.productId, { cutOffHours: 2 });
  return setUp;
}

/** A booking of the venue moved to start `minutesAgo` before now (today in the venue's zone), and its check-in code. */
async function bookedToday(t: TestServer, setUp: SetUp, extra: Record<string, unknown> = {}, minutesAgo = 5) {
  const created = await setUp.venue.staff.post('/api/private/booking', setUp.form({ playersCount: 3, ...extra }));
  expect(created.statusCode, created.body).toBe(201);
  const booking = created.json<Booking>();
  const startsAt = new Date(Date.now() - minutesAgo * 60_000);
  await t.db
    .update(bookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .where(and(eq(bookings.venueId, setUp.venue.id), eq(bookings.id, booking.id)));
  const page = await t.request('GET', `/api/public/booking/${booking.bookingReference}`);
  expect(page.statusCode, page.body).toBe(200);
  return { booking, code: page.json<PublicBooking>().checkInCode };
}

async function newKiosk(setUp: SetUp, name = 'Front door') {
  const created = await setUp.venue.manager.post('/api/private/kiosks', { name });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<KioskCreated>();
}

const asKiosk = (t: TestServer, token: string, url: string, body: unknown) => t.request('POST', url, { token, body });

describeEachDatabase('waiver kiosks', (t) => {
  it('owners and managers make kiosks (the token once, only its hash kept), list and revoke them; staff may not', async () => {
    const setUp = await kioskVenue(t);
    const byOwner = await setUp.venue.owner.post('/api/private/kiosks', { name: 'Lobby' });
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    const made = byOwner.json<KioskCreated>();
    expect(made).toEqual({
      id: expect.any(String),
      name: 'Lobby',
      token: expect.stringMatching(/^lbk_[A-Za-z0-9_-]{43}$/),
      expiresAt: expect.any(String),
    });
    const days = (Date.parse(made.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);
    const byManager = await newKiosk(setUp, 'Door');
    expect(byManager.token).not.toBe(made.token);

    const [row] = await t.db
      .select()
      .from(kiosks)
      .where(and(eq(kiosks.venueId, setUp.venue.id), eq(kiosks.id, made.id)));
    expect(row.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(made.token.slice(4));

    const staff = await t.expectNoWrites(() => setUp.venue.staff.post('/api/private/kiosks', { name: 'Mine' }));
    expect(staff.statusCode).toBe(403);
    expect((await setUp.venue.staff.get('/api/private/kiosks')).statusCode).toBe(403);
    expect((await setUp.venue.staff.delete(`/api/private/kiosks/${made.id}`)).statusCode).toBe(403);

    const list = await setUp.venue.manager.get('/api/private/kiosks');
    expect(list.statusCode, list.body).toBe(200);
    const items = list.json<{ items: Kiosk[]; total: number }>().items;
    expect(items.map((k) => k.name).sort()).toEqual(['Door', 'Lobby']);
    expect(list.body).not.toContain(made.token);
    expect(list.body).not.toContain('token');

    const revoked = await setUp.venue.owner.delete(`/api/private/kiosks/${made.id}`);
    expect(revoked.statusCode, revoked.body).toBe(204);
    const after = (await setUp.venue.manager.get('/api/private/kiosks')).json<{ items: Kiosk[] }>().items;
    expect(after.find((k) => k.id === made.id)?.revokedAt).toEqual(expect.any(String));
    // Another venue's kiosk is not found.
    const other = await kioskVenue(t);
    expect((await other.venue.owner.delete(`/api/private/kiosks/${byManager.id}`)).statusCode).toBe(404);
  });

  it("finds today's bookings by code and by last name and phone's last four, with nothing of the customer", async () => {
    const setUp = await kioskVenue(t);
    const { booking, code } = await bookedToday(t, setUp);
    const kiosk = await newKiosk(setUp);

    const byCode = await asKiosk(t, kiosk.token, '/api/kiosk/find', { code });
    expect(byCode.statusCode, byCode.body).toBe(200);
    const items = byCode.json<{ items: Record<string, unknown>[] }>().items;
    expect(items).toEqual([
      {
        id: booking.id,
        productName: 'Axe throwing',
        startsAt: expect.any(String),
        playersCount: 3,
        signedCount: 0,
        waiver: expect.objectContaining({ productName: 'Axe throwing', waiver: expect.objectContaining({ title: 'Axe safety' }) }),
      },
    ]);
    // Nothing of the customer: no name, email, phone or reference.
    for (const text of ['Ada', 'Lovelace', 'example.test', '4567', booking.bookingReference!, 'booker', 'reference'])
      expect(byCode.body, text).not.toContain(text);

    for (const lastName of ['Lovelace', 'lovelace', ' LOVELACE ']) {
      const byName = await asKiosk(t, kiosk.token, '/api/kiosk/find', { lastName, phoneLast4: '4567' });
      expect(byName.statusCode, byName.body).toBe(200);
      expect(byName.json<{ items: { id: string }[] }>().items.map((i) => i.id)).toEqual([booking.id]);
    }
    for (const miss of [
      { lastName: 'Lovelace', phoneLast4: '4568' },
      { lastName: 'Love', phoneLast4: '4567' },
    ]) {
      const none = await asKiosk(t, kiosk.token, '/api/kiosk/find', miss);
      expect(none.json(), JSON.stringify(miss)).toEqual({ items: [] });
    }
    // Another day's booking is not found.
    const later = await setUp.venue.staff.post(
      '/api/private/booking',
      setUp.form({ reservationInfo: { firstName: 'Bo', lastName: 'Later', email: 'bo@example.test', phone: '+15550001234' } }),
    );
    expect(later.statusCode, later.body).toBe(201);
    expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { lastName: 'Later', phoneLast4: '1234' })).json()).toEqual({ items: [] });
    // A canceled booking is not found either.
    await t.db
      .update(bookings)
      .set({ status: 'canceled' })
      .where(and(eq(bookings.venueId, setUp.venue.id), eq(bookings.id, booking.id)));
    expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { code })).json()).toEqual({ items: [] });
  });

  it("another venue's booking and code are never found nor signed", async () => {
    const mine = await kioskVenue(t);
    const theirs = await kioskVenue(t);
    const { booking, code } = await bookedToday(t, theirs);
    const kiosk = await newKiosk(mine);
    // Its first call marks the kiosk seen (once a minute at most): the calls after write nothing.
    expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { code })).json()).toEqual({ items: [] });
    await t.expectNoWrites(async () => {
      expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { code })).json()).toEqual({ items: [] });
      expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { lastName: 'Lovelace', phoneLast4: '4567' })).json()).toEqual({
        items: [],
      });
      const sign = await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, signer());
      expect(sign.statusCode, sign.body).toBe(404);
      // Nor does X-Venue-Id move a kiosk to another venue.
      const moved = await t.request('POST', '/api/kiosk/find', { token: kiosk.token, venue: theirs.venue.id, body: { code } });
      expect(moved.json()).toEqual({ items: [] });
    });
  });

  it("a kiosk signs two players; the booking counts 2; only today's bookings of its venue", async () => {
    const setUp = await kioskVenue(t);
    const { booking } = await bookedToday(t, setUp);
    const kiosk = await newKiosk(setUp);
    const first = await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, signer('Ada', 'Lovelace'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: expect.any(String), signedCount: 1 });
    const second = await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, signer('Grace', 'Hopper'));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toEqual({ id: expect.any(String), signedCount: 2 });
    const desk = await setUp.venue.staff.get(`/api/private/booking/${booking.id}`);
    expect(desk.json<{ numberOfSignedWaivers: number }>().numberOfSignedWaivers).toBe(2);
    const found = await asKiosk(t, kiosk.token, '/api/kiosk/find', { lastName: 'Lovelace', phoneLast4: '4567' });
    expect(found.json<{ items: { signedCount: number }[] }>().items[0].signedCount).toBe(2);
    // The same player twice is refused, as online.
    const again = await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, signer('Grace', 'Hopper'));
    expect(again.statusCode).toBe(409);
    // The kiosk was seen.
    const [row] = await t.db
      .select()
      .from(kiosks)
      .where(and(eq(kiosks.venueId, setUp.venue.id), eq(kiosks.id, kiosk.id)));
    expect(row.lastSeenAt).not.toBeNull();

    // A booking of another day is not the kiosk's to sign.
    const later = await setUp.venue.staff.post('/api/private/booking', setUp.form());
    const laterId = later.json<Booking>().id;
    const refused = await t.expectNoWrites(() =>
      asKiosk(t, kiosk.token, `/api/kiosk/booking/${laterId}/signatures`, signer('Alan', 'Turing')),
    );
    expect(refused.statusCode, refused.body).toBe(404);
  });

  it('the token is refused on private routes, a session on kiosk routes; revoked and expired tokens at once', async () => {
    const setUp = await kioskVenue(t);
    const { code } = await bookedToday(t, setUp);
    const kiosk = await newKiosk(setUp);
    const unauthorized = { message: 'Sign in to continue.', code: 'unauthorized' };
    await t.expectNoWrites(async () => {
      for (const url of ['/api/private/booking/detailed', '/api/private/me', '/api/private/kiosks', '/api/private/signatures']) {
        const response = await t.request('GET', url, { token: kiosk.token, venue: setUp.venue.id });
        expect(response.statusCode, url).toBe(401);
        expect(response.json()).toEqual(unauthorized);
      }
      const checkIn = await t.request('POST', '/api/private/check-in', { token: kiosk.token, venue: setUp.venue.id, body: { code } });
      expect(checkIn.statusCode).toBe(401);
      for (const caller of [setUp.venue.owner, setUp.venue.manager, setUp.venue.staff]) {
        const response = await caller.post('/api/kiosk/find', { code });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual(unauthorized);
      }
    });

    expect((await asKiosk(t, kiosk.token, '/api/kiosk/find', { code })).statusCode).toBe(200);
    expect((await setUp.venue.manager.delete(`/api/private/kiosks/${kiosk.id}`)).statusCode).toBe(204);
    const revoked = await asKiosk(t, kiosk.token, '/api/kiosk/find', { code });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json()).toEqual(unauthorized);

    const expiring = await newKiosk(setUp, 'Old tablet');
    expect((await asKiosk(t, expiring.token, '/api/kiosk/find', { code })).statusCode).toBe(200);
    await t.db
      .update(kiosks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(kiosks.venueId, setUp.venue.id), eq(kiosks.id, expiring.id)));
    expect((await asKiosk(t, expiring.token, '/api/kiosk/find', { code })).statusCode).toBe(401);
    // A made-up token of the kiosk shape is no kiosk.
    expect((await asKiosk(t, `lbk_${'A'.repeat(43)}`, '/api/kiosk/find', { code })).statusCode).toBe(401);
  });

  it('hostile bodies are 400s naming the field, writing nothing', async () => {
    const setUp = await kioskVenue(t);
    const { booking } = await bookedToday(t, setUp);
    const kiosk = await newKiosk(setUp);
    const named = (response: { statusCode: number; json(): unknown }, field: string, where: string) => {
      expect(response.statusCode, where).toBe(400);
      const paths = ((response.json() as { details?: { fields?: { path: string }[] } }).details?.fields ?? []).map((f) => f.path);
      expect(paths, where).toContain(field);
    };
    await t.expectNoWrites(async () => {
      const cases: [unknown, string][] = [
        [{}, 'lastName'],
        [{ lastName: 'Lovelace' }, 'phoneLast4'],
        [{ lastName: 'Lovelace', phoneLast4: '45a7' }, 'phoneLast4'],
        [{ lastName: 'Lovelace', phoneLast4: '%' }, 'phoneLast4'],
        [{ lastName: 'Lovelace', phoneLast4: '45678' }, 'phoneLast4'],
        [{ lastName: '', phoneLast4: '4567' }, 'lastName'],
        [{ lastName: 'x'.repeat(101), phoneLast4: '4567' }, 'lastName'],
        [{ code: 42 }, 'code'],
        [{ code: 'x'.repeat(401) }, 'code'],
        [{ code: 'not a code at all' }, 'code'],
        [{ code: 'a\u0000b' }, 'code'],
        [{ code: 'abc', venueId: 'demo-bowl' }, 'venueId'],
      ];
      for (const [body, field] of cases) named(await asKiosk(t, kiosk.token, '/api/kiosk/find', body), field, JSON.stringify(body));
      named(
        await t.request('POST', '/api/private/kiosks', { token: setUp.venue.owner.token, venue: setUp.venue.id, body: { name: '' } }),
        'name',
        'empty name',
      );
      named(await setUp.venue.owner.post('/api/private/kiosks', { name: 'x'.repeat(101) }), 'name', 'long name');
      named(await setUp.venue.owner.post('/api/private/kiosks', { name: 'Door', token: 'mine' }), 'token', 'own token');
      named(
        await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, { ...signer(), signature: 'data:text/html,<b>' }),
        'signature',
        'signature',
      );
      named(
        await asKiosk(t, kiosk.token, `/api/kiosk/booking/${booking.id}/signatures`, { ...signer(), fields: { firstName: 'Ada' } }),
        'fields.lastName',
        'fields',
      );
    });
  });
});
