import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import type { BookingDetail, PublicBooking } from '@lanebook/core/booking-schemas';
import { SIGNING_TOKEN_PATTERN, type SigningForm } from '@lanebook/core/waiver-schemas';
import { bookings, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import { BASE_URL, type TestServer } from '../../../test/server.js';
import { signaturePng, signer, waiverOnProduct } from '../../../test/signatures.js';

/** The friends' sign-only link (decision 023): a token of its own that signs the waiver and opens nothing else. */

const NOT_FOUND = { code: 'not_found', message: 'Signing link not found.' };

async function setUp(t: TestServer) {
  const setup = await setUpBookings(t);
  const waiver = await waiverOnProduct(t, setup.venue.manager, setup.productId);
  const created = await t.request('POST', '/api/public/booking', { body: setup.form() });
  expect(created.statusCode, created.body).toBe(201);
  const booking = created.json<PublicBooking>();
  const token = booking.signingLink.split('/').pop()!;
  return { ...setup, waiver, booking, token };
}

const formOf = (t: TestServer, token: string, options: { remoteAddress?: string } = {}) =>
  t.request('GET', `/api/public/signing/${encodeURIComponent(token)}`, options);
const signBy = (t: TestServer, token: string, body: unknown, options: { remoteAddress?: string } = {}) =>
  t.request('POST', `/api/public/signing/${encodeURIComponent(token)}/signatures`, { body, ...options });

describeEachDatabase("the friends' sign-only link", (t) => {
  it("the booking's answer links the widget's page of a 128-bit token of its own; the form shows no one's data; a friend signs through it", async () => {
    const { venue, booking, token, waiver, form } = await setUp(t);
    expect(booking.signingLink).toBe(`${BASE_URL}/widget/sign/${token}`);
    expect(token).toMatch(SIGNING_TOKEN_PATTERN);
    expect(booking.signingLink).not.toContain(booking.bookingReference!);
    // The booking's own page by reference carries the same link; another booking has another token.
    const again = (await t.request('GET', `/api/public/booking/${booking.bookingReference}`)).json<PublicBooking>();
    expect(again.signingLink).toBe(booking.signingLink);
    const other = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 1 }) })).json<PublicBooking>();
    expect(other.signingLink).not.toBe(booking.signingLink);

    const shown = await formOf(t, token);
    expect(shown.statusCode, shown.body).toBe(200);
    const answer = shown.json<SigningForm>();
    expect(Object.keys(answer).sort()).toEqual(
      [
        'ageOfMajority',
        'date',
        'playersCount',
        'productName',
        'signedCount',
        'startsAt',
        'venueName',
        'view',
        'waiver',
        'waiverVersion',
        'window',
      ].sort(),
    );
    expect(answer).toMatchObject({
      venueName: `Venue ${venue.id}`,
      productName: 'Axe throwing',
      playersCount: 4,
      signedCount: 0,
      waiverVersion: expect.any(Number),
      waiver: { waiverId: waiver.id, title: 'Axe safety' },
      view: { colors: { primary: '#286eed', secondary: '#262626' }, fontFamily: 'Helvetica Neue' },
      window: { isOpen: true },
    });
    // Nothing of the booker, the reference or the booking's id, anywhere in the answer.
    for (const secret of [
      info.firstName,
      info.lastName,
      info.email.toLowerCase(),
      '555',
      booking.bookingReference!,
      booking.id,
      booking.registrationCode!,
    ])
      expect(shown.body.toLowerCase(), secret).not.toContain(secret.toLowerCase());

    const signed = await signBy(t, token, signer('Grace', 'Hopper'));
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toEqual({ id: expect.any(String), signedCount: 1 });
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.numberOfSignedWaivers).toBe(1);
    expect(detail.signingToken).toBe(token);
    expect(detail.logs[0]).toMatchObject({ text: 'Waiver signed by Grace Hopper', userName: 'Guest' });
    expect((await formOf(t, token)).json<SigningForm>().signedCount).toBe(1);
  });

  it('the venue look is its default widget template', async () => {
    const { venue, token } = await setUp(t);
    const template = await venue.manager.post('/api/private/widget-templates', {
      name: 'House',
      isDefault: true,
      view: {
        fontFamily: 'Georgia',
        viewMode: 'compact',
        colors: { primary: '#ed6a3f', secondary: '#123456' },
        isUseAvailabilityColors: false,
      },
    });
    expect(template.statusCode, template.body).toBe(201);
    expect((await formOf(t, token)).json<SigningForm>().view).toMatchObject({
      fontFamily: 'Georgia',
      colors: { primary: '#ed6a3f', secondary: '#123456' },
    });
  });

  it('the token opens no booking call: each one with the token (or it in capitals) as the reference is a 404, writing nothing', async () => {
    const { booking, token, first } = await setUp(t);
    const document = (t.app as unknown as { swagger(): { paths: Record<string, Record<string, unknown>> } }).swagger();
    const bookingCalls = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/public/booking/{id}'))
      .flatMap(([path, operations]) => Object.keys(operations).map((method) => ({ method: method.toUpperCase(), path })));
    // The booking's own page, calendar, details, cancel, move, checkout, waiver and signatures at least.
    expect(bookingCalls.length).toBeGreaterThanOrEqual(8);
    // A body each call would take, so that only the token decides.
    const bodies: Record<string, unknown> = {
      '/api/public/booking/{id}/reservationInfo': { ...info },
      '/api/public/booking/{id}/move': { slots: [first.id] },
      '/api/public/booking/{id}/checkout': { returnUrl: `${BASE_URL}/widget/` },
      '/api/public/booking/{id}/signatures': signer('Eve', 'Guess'),
      '/api/public/booking/{id}/gift-card': { code: 'ABCD-EFGH-JKMN-PQRS-TUVW' },
    };
    await expectNoWrites(t, async () => {
      for (const { method, path } of bookingCalls)
        for (const id of [token, token.toUpperCase()]) {
          const url = path.replace('{id}', id);
          const response = await t.request(method as 'GET', url, method === 'GET' ? {} : { body: bodies[path] ?? {} });
          expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(404);
          expect(response.json()).toMatchObject({ code: 'not_found' });
        }
    });
    // The reference still opens the booking; the token's form never names it.
    expect((await t.request('GET', `/api/public/booking/${booking.bookingReference}`)).statusCode).toBe(200);
  });

  it('hostile input: unknown, malformed or another booking key is the one 404; a bad body is a 400 naming the field; nothing is written', async () => {
    const { token, booking } = await setUp(t);
    const unknown = 'a'.repeat(32);
    const malformed = [
      unknown,
      token.toUpperCase(),
      token.slice(0, 31),
      `${token}0`,
      booking.bookingReference!,
      booking.id,
      "' or 1=1 --",
      '../../booking',
      '%00',
      'x'.repeat(100),
      `${token} `,
    ];
    await expectNoWrites(t, async () => {
      for (const id of malformed) {
        const shown = await formOf(t, id);
        expect(shown.statusCode, `GET ${id}: ${shown.body}`).toBe(404);
        expect(shown.json()).toEqual(NOT_FOUND);
        const signed = await signBy(t, id, signer('Eve', 'Guess'));
        expect(signed.statusCode, `POST ${id}: ${signed.body}`).toBe(404);
        expect(signed.json()).toEqual(NOT_FOUND);
      }
      // The body is checked first, as for the reference's writes: each bad field named.
      const base = signer();
      expectFieldError(await signBy(t, token, { ...base, fields: { ...base.fields, email: 'not-an-email' } }), 'fields.email');
      expectFieldError(await signBy(t, token, { ...base, fields: { ...base.fields, Shoe: '<script>' } }), 'fields.Shoe');
      expectFieldError(await signBy(t, token, { ...base, checkboxes: [] }), 'checkboxes.0');
      expectFieldError(await signBy(t, token, { ...base, signature: signaturePng({ blank: true }) }), 'signature');
      expectFieldError(await signBy(t, token, { ...base, signature: 'javascript:alert(1)' }), 'signature');
      expectFieldError(await signBy(t, token, { ...base, bookingReference: booking.bookingReference }), 'bookingReference');
      expectFieldError(await signBy(t, token, { ...base, fields: 'Ada Lovelace' }), 'fields');
    });
  });

  it("a token of a venue that is not live is the same 404; another venue's header changes nothing", async () => {
    const { venue, token } = await setUp(t);
    const other = await t.addVenue();
    const shown = await t.request('GET', `/api/public/signing/${token}`, { headers: { 'x-venue-id': other.id } });
    expect(shown.json<SigningForm>().venueName).toBe(`Venue ${venue.id}`);
    await t.db.update(venues).set({ status: 'inactive' }).where(eq(venues.id, venue.id));
    await vi.waitFor(async () => expect((await formOf(t, token)).json()).toEqual(NOT_FOUND), { timeout: 5_000, interval: 50 });
    await expectNoWrites(t, async () => expect((await signBy(t, token, signer('Grace', 'Hopper'))).json()).toEqual(NOT_FOUND));
  });

  it('every booking has a token, existing ones too: the column default (what the migration gave each existing row) makes 32 hex characters, all distinct', async () => {
    const { rows } = await t.database.executeSql(
      "select column_default as expression from information_schema.columns where table_name = 'bookings' and column_name = 'signing_token'",
      [],
    );
    const expression = (rows[0] as { expression: string }).expression;
    const made = await t.database.executeSql(`select ${expression} as token from generate_series(1, 2000)`, []);
    const tokens = (made.rows as { token: string }[]).map((row) => row.token);
    expect(new Set(tokens).size).toBe(2000);
    for (const made of tokens) expect(made).toMatch(SIGNING_TOKEN_PATTERN);
    const stored = await t.db.select({ signingToken: bookings.signingToken }).from(bookings).limit(50);
    for (const row of stored) expect(row.signingToken).toMatch(SIGNING_TOKEN_PATTERN);
  });
});

const MISSES_PER_MINUTE = 3;

describeEachDatabase(
  'unknown signing tokens: the budget of misses of booking references',
  (t) => {
    it('past the budget an address gets 429 for every token, its own too; another address goes on', async () => {
      const { token } = await setUp(t);
      const address = '10.253.0.1';
      for (let i = 0; i < MISSES_PER_MINUTE; i += 1)
        expect((await formOf(t, `${i}`.padStart(32, 'b'), { remoteAddress: address })).statusCode).toBe(404);
      expect((await formOf(t, token, { remoteAddress: address })).statusCode).toBe(429);
      expect((await signBy(t, token, signer('Grace', 'Hopper'), { remoteAddress: address })).statusCode).toBe(429);
      expect((await formOf(t, token, { remoteAddress: '10.253.0.2' })).statusCode).toBe(200);
    });
  },
  { config: { publicMissesPerMinute: MISSES_PER_MINUTE } },
);
