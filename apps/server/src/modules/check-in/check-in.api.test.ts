import { and, eq, ne } from 'drizzle-orm';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@lanebook/core';
import type { Booking, BookingDetail, CheckInAnswer, PublicBooking } from '@lanebook/core/booking-schemas';
import { bookings, mailingTemplates, mailOutbox, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectNoWrites, withoutRole } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { BASE_URL, TEST_AUTH_SECRET, type TestServer } from '../../../test/server.js';
import { sendQueuedAutomaticMail, type BookingMailer } from '../bookings/mail.js';
import { checkInCodeOf, checkInKey, readCheckInCode } from './codes.js';

// jsqr is CommonJS typed as an ES module: under Node its default import is the module's exports, the function itself.
const jsQR = ((jsQRModule as unknown as { default?: unknown }).default ?? jsQRModule) as typeof jsQRModule.default;

/** A booking of the venue's product, its start moved to `minutesAgo` before now (today, in the venue's zone), and its check-in code. */
async function bookedToday(t: TestServer, setUp: Awaited<ReturnType<typeof setUpBookings>>, minutesAgo = 5) {
  const created = await setUp.venue.staff.post('/api/private/booking', setUp.form({ playersCount: 3 }));
  expect(created.statusCode, created.body).toBe(201);
  const booking = created.json<Booking>();
  const startsAt = new Date(Date.now() - minutesAgo * 60_000);
  await t.db
    .update(bookings)
    .set({ startsAt, endsAt: new Date(startsAt.getTime() + 3_600_000) })
    .where(and(eq(bookings.venueId, setUp.venue.id), eq(bookings.id, booking.id)));
  return { booking, code: await codeOf(t, booking) };
}

/** The code as the customer's booking page shows it. */
async function codeOf(t: TestServer, booking: Booking) {
  const page = await t.request('GET', `/api/public/booking/${booking.bookingReference}`);
  expect(page.statusCode, page.body).toBe(200);
  return page.json<PublicBooking>().checkInCode;
}

/** The text a PNG's QR code holds, read as the console's fallback decoder reads a camera frame. */
function decodePng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data ?? null;
}

describeEachDatabase('check-in', (t) => {
  it("a booking's code answers what the desk must know, checks the group in once, and says when and by whom the second time", async () => {
    const setUp = await setUpBookings(t);
    const { booking, code } = await bookedToday(t, setUp, 7);
    expect(code).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    // The code names the booking and nothing else: not its reference.
    expect(code).not.toContain(booking.bookingReference);
    expect(readCheckInCode(checkInKey(TEST_AUTH_SECRET), code)).toEqual({
      venueId: setUp.venue.id,
      bookingId: booking.id,
    });

    const looked = await setUp.venue.staff.post('/api/private/check-in', { code });
    expect(looked.statusCode, looked.body).toBe(200);
    expect(looked.json<CheckInAnswer>()).toMatchObject({
      booking: {
        id: booking.id,
        registrationCode: booking.registrationCode,
        productName: 'Axe throwing',
        customerName: 'Ada Lovelace',
        status: 'wait_for_payment',
        presenceStatus: 'no',
        playersCount: 3,
        numberOfSignedWaivers: 0,
        due: 6000,
        signingLink: expect.stringContaining('/widget/'),
      },
      flags: [],
      isToday: true,
      minutesLate: 7,
      checkedIn: false,
      checkedInBefore: null,
    });

    const checked = await setUp.venue.staff.post('/api/private/check-in', { code: ` ${code}\n`, checkIn: true });
    expect(checked.statusCode, checked.body).toBe(200);
    const answer = checked.json<CheckInAnswer>();
    expect(answer).toMatchObject({ checkedIn: true, booking: { presenceStatus: 'fully' } });
    // The presence call's log entry, by the member who scanned.
    const detail = (await setUp.venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.logs[0]).toMatchObject({ event: { type: 'presence', presence: 'fully' }, text: 'Presence: Checked In' });
    const by = detail.logs[0].userName;
    expect(by).toBeTruthy();
    expect(answer.checkedInBefore).toEqual({ at: detail.logs[0].timestamp, by });

    const twice = await setUp.venue.manager.post('/api/private/check-in', { code, checkIn: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'already_checked_in',
      message: expect.stringMatching(
        new RegExp(`^Checked in already at \\d{1,2}:\\d\\d [AP]M by ${by.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`),
      ),
      details: { checkedInAt: answer.checkedInBefore?.at, checkedInBy: by },
    });
    expect((await setUp.venue.staff.post('/api/private/check-in', { code })).json<CheckInAnswer>().checkedInBefore).toEqual(
      answer.checkedInBefore,
    );
  });

  it("the guest's flags come with the booking", async () => {
    const setUp = await setUpBookings(t);
    const { booking, code } = await bookedToday(t, setUp);
    expect(booking.guestId).toBeTruthy();
    const flagged = await setUp.venue.staff.patch(`/api/private/guests/${booking.guestId}`, {
      flags: [{ type: 'vip', note: 'Birthday group' }],
    });
    expect(flagged.statusCode, flagged.body).toBe(200);
    const looked = await setUp.venue.staff.post('/api/private/check-in', { code });
    expect(looked.json<CheckInAnswer>().flags).toEqual([{ type: 'vip', note: 'Birthday group' }]);
  });

  it('a forged or altered code is refused, and nothing is written', async () => {
    const setUp = await setUpBookings(t);
    const { booking, code } = await bookedToday(t, setUp);
    const altered = [
      // One character changed, in the ids and in the tag.
      `${code.slice(0, 10)}${code[10] === 'A' ? 'B' : 'A'}${code.slice(11)}`,
      `${code.slice(0, -1)}${code.endsWith('A') ? 'B' : 'A'}`,
      code.slice(0, -2),
      // Signed with another key: the server's secret is not the forger's.
      checkInCodeOf(checkInKey('someone-elses-secret-0123456789abcdef'), setUp.venue.id, booking.id),
      'not a code',
      booking.bookingReference ?? '',
    ];
    await expectNoWrites(t, async () => {
      for (const forged of altered) {
        const refused = await setUp.venue.staff.post('/api/private/check-in', { code: forged, checkIn: true });
        expect(refused.statusCode, forged).toBe(400);
        expect(refused.json()).toMatchObject({
          code: expect.stringMatching(/invalid_check_in_code|validation_failed/),
          message: expect.any(String),
        });
      }
    });
    expect((await setUp.venue.staff.post('/api/private/check-in', { code: altered[0] })).json().code).toBe('invalid_check_in_code');
  });

  it("another venue's code, a canceled, abandoned or other day's booking: a clear answer, never a check-in", async () => {
    const setUp = await setUpBookings(t);
    const other = await setUpBookings(t);
    const theirs = await bookedToday(t, other);
    const canceled = await bookedToday(t, setUp);
    expect((await setUp.venue.staff.post(`/api/private/booking/${canceled.booking.id}/cancel`)).statusCode).toBe(200);
    const abandoned = await bookedToday(t, setUp);
    await t.db
      .update(bookings)
      .set({ status: 'abandoned' })
      .where(and(eq(bookings.venueId, setUp.venue.id), eq(bookings.id, abandoned.booking.id)));
    const later = (await setUp.venue.staff.post('/api/private/booking', setUp.form({ playersCount: 2 }))).json<Booking>();
    const laterCode = await codeOf(t, later);
    const refusals = [
      { code: theirs.code, answer: 'other_venue', says: /another venue/ },
      { code: canceled.code, answer: 'booking_canceled', says: /canceled/ },
      { code: abandoned.code, answer: 'booking_abandoned', says: /abandoned/ },
      { code: laterCode, answer: 'not_today', says: /^This booking is for \d\d\/\d\d\/\d\d at 10:00 AM, not today/ },
    ];
    await expectNoWrites(t, async () => {
      for (const { code, answer, says } of refusals) {
        for (const checkIn of [false, true]) {
          const refused = await setUp.venue.staff.post('/api/private/check-in', { code, checkIn });
          expect(refused.statusCode, answer).toBe(409);
          expect(refused.json()).toMatchObject({ code: answer, message: expect.stringMatching(says) });
        }
      }
    });
    // Their own desk checks them in.
    expect((await other.venue.staff.post('/api/private/check-in', { code: theirs.code, checkIn: true })).statusCode).toBe(200);
  });

  it('roles without bookings.edit are refused; without changePresenceStatus they look up but do not check in', async () => {
    const setUp = await setUpBookings(t);
    const { code } = await bookedToday(t, setUp);
    await t.db
      .update(venues)
      .set({ permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'bookings', ['edit']) })
      .where(eq(venues.id, setUp.venue.id));
    await expectNoWrites(t, async () => {
      await vi.waitFor(async () => expect((await setUp.venue.staff.post('/api/private/check-in', { code })).statusCode).toBe(403));
      expect((await setUp.venue.staff.post('/api/private/check-in', { code, checkIn: true })).statusCode).toBe(403);
      expect((await t.request('POST', '/api/private/check-in', { body: { code } })).statusCode).toBe(401);
    });
    await t.db
      .update(venues)
      .set({ permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'bookings', ['changePresenceStatus']) })
      .where(eq(venues.id, setUp.venue.id));
    await vi.waitFor(async () => expect((await setUp.venue.staff.post('/api/private/check-in', { code })).statusCode).toBe(200));
    expect((await setUp.venue.staff.post('/api/private/check-in', { code, checkIn: true })).statusCode).toBe(403);
    expect((await setUp.venue.manager.post('/api/private/check-in', { code, checkIn: true })).statusCode).toBe(200);
  });

  it('qr.png is a PNG whose QR code reads back as the code; the confirmation and reminder mails and the receipt carry it', async () => {
    const setUp = await setUpBookings(t);
    await t.db.insert(mailingTemplates).values({
      venueId: setUp.venue.id,
      id: crypto.randomUUID(),
      event: 'confirmation',
      subject: 'Booked',
      text: 'Hi {{ customer.firstName }}.',
      to: [],
      cc: [],
      bcc: [],
      replyTo: [],
      isPaused: false,
    });
    const { booking, code } = await bookedToday(t, setUp);
    const qr = await t.request('GET', `/api/public/booking/${booking.bookingReference}/qr.png`);
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/png');
    expect(decodePng(qr.rawPayload)).toBe(code);
    expect((await t.request('GET', '/api/public/booking/NOSUCHREF0/qr.png')).statusCode).toBe(404);

    const mail = await vi.waitFor(async () => {
      const [row] = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.venueId, setUp.venue.id), ne(mailOutbox.status, 'queued')));
      expect(row?.html).toBeTruthy();
      return row;
    });
    expect(mail.html).toContain(`<img src="${BASE_URL}/api/public/booking/${booking.bookingReference}/qr.png"`);
    expect(mail.html).toContain(`>${code}</p>`);

    // The reminder shows it too; a template's text is left as written.
    await t.db.insert(mailingTemplates).values({
      venueId: setUp.venue.id,
      id: crypto.randomUUID(),
      event: 'reminder',
      subject: 'See you soon',
      text: 'Hi {{ customer.firstName }}, your code: {{ checkIn.code }}',
      to: [],
      cc: [],
      bcc: [],
      replyTo: [],
      isPaused: false,
    });
    const mailer: BookingMailer = {
      db: t.db,
      mailer: t.mailer,
      jobs: t.jobs,
      baseUrl: BASE_URL,
      reads: {} as never,
      checkInKey: checkInKey(TEST_AUTH_SECRET),
    };
    const [row] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.venueId, setUp.venue.id), eq(bookings.id, booking.id)));
    const startsAt = row.startsAt.toISOString();
    await sendQueuedAutomaticMail(mailer, {
      venueId: setUp.venue.id,
      bookingId: booking.id,
      type: 'reminder',
      occasion: startsAt,
      startsAt,
    });
    const [reminder] = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.venueId, setUp.venue.id), eq(mailOutbox.kind, 'booking-reminder')));
    expect(reminder.text).toBe(`Hi Ada, your code: ${code}`);
    expect(reminder.html).toContain(`<img src="${BASE_URL}/api/public/booking/${booking.bookingReference}/qr.png"`);

    const receipt = await setUp.venue.staff.get(`/api/private/booking/${booking.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
