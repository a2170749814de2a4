import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import type { BookingDetail, PublicBooking } from '@lanebook/core/booking-schemas';
import type { Slot } from '@lanebook/core/calendar-schemas';
import { bookingPayments, bookings, mailOutbox, mailingTemplates, products } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { enableCardPayments, pathOf, payWithCard, waitForCardRefunds } from '../../../test/payments.js';
import { BASE_URL, type TestServer } from '../../../test/server.js';

/** The widget's return page after paying (decision 024). */
const RETURN_URL = `${BASE_URL}/widget/?venue=v&frame=1&booking=REF&paid=1`;

const book = (t: TestServer, body: object, headers: Record<string, string> = {}) =>
  t.request('POST', '/api/public/booking', { body, headers });

async function bookOnline(t: TestServer, body: object): Promise<PublicBooking> {
  const created = await book(t, body);
  expect(created.statusCode, created.body).toBe(201);
  return created.json<PublicBooking>();
}

const publicUrl = (booking: PublicBooking, path = '') => `/api/public/booking/${booking.bookingReference}${path}`;

async function checkout(t: TestServer, booking: PublicBooking, body: object = {}) {
  return t.request('POST', publicUrl(booking, '/checkout'), { body: { returnUrl: RETURN_URL, ...body } });
}

/** Opens the checkout and pays it with the sandbox's test card: the webhook records the payment. */
async function payOnline(t: TestServer, booking: PublicBooking, body: object = {}) {
  const opened = await checkout(t, booking, body);
  expect(opened.statusCode, opened.body).toBe(200);
  const paid = await payWithCard(t, opened.json<{ url: string }>().url, '4242 4242 4242 4242');
  expect(paid.statusCode, paid.body).toBe(303);
  return paid;
}

async function addConfirmationTemplate(t: TestServer, venueId: string, text: string) {
  await t.db.insert(mailingTemplates).values({
    venueId,
    id: randomUUID(),
    event: 'confirmation',
    subject: 'Booked {{ booking.reference }}',
    text,
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    isPaused: false,
  });
}

/** The venue's mails sent or tried, newest first (a queued row waits for its job to render it). */
const mailsOf = (t: TestServer, venueId: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.venueId, venueId), ne(mailOutbox.status, 'queued')))
    .orderBy(desc(mailOutbox.createdAt));

const bookingsOf = (t: TestServer, venueId: string) => t.db.select().from(bookings).where(eq(bookings.venueId, venueId));

describeEachDatabase('public booking calls (the widget)', (t) => {
  it('Idempotency-Key: a repeat answers the same booking, creates nothing and mails once; a bad key is a 400 naming it', async () => {
    const { venue, form } = await setUpBookings(t);
    await addConfirmationTemplate(t, venue.id, 'Manage: {{ manageUrl }} Sign: {{ signingLink }}');
    const key = 'submit_1-abcdefgh';
    const first = await book(t, form(), { 'idempotency-key': key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await book(t, form(), { 'Idempotency-Key': key });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json()).toEqual(first.json());
    const rows = await bookingsOf(t, venue.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].idempotencyKey).toBe(key);
    // One confirmation, with the customer's links (sent by the booking-mail job).
    const mails = await vi.waitFor(
      async () => {
        const sent = await mailsOf(t, venue.id);
        if (!sent.length) throw new Error('no confirmation yet');
        return sent;
      },
      { timeout: 10_000, interval: 50 },
    );
    expect(mails).toHaveLength(1);
    const { bookingReference: ref, signingLink } = first.json<PublicBooking>();
    // The friends' link is the sign-only token's page, the same in the answer and the mail, never the reference (decision 023).
    expect(signingLink).toMatch(new RegExp(`^${BASE_URL}/widget/sign/[0-9a-f]{32}$`));
    expect(mails[0].text).toBe(`Manage: ${BASE_URL}/widget/booking/${ref} Sign: ${signingLink}`);
    // Another key books again; no key books every time.
    expect((await book(t, form({ playersCount: 1 }), { 'idempotency-key': 'submit_2-abcdefgh' })).statusCode).toBe(201);
    expect((await book(t, form({ playersCount: 1 }))).statusCode).toBe(201);
    expect(await bookingsOf(t, venue.id)).toHaveLength(3);
    // Their confirmations go out by the mail job, which writes the outbox, then the booking's log: once its jobs are done, a refused request writes nothing.
    await vi.waitFor(
      async () => {
        expect(await mailsOf(t, venue.id)).toHaveLength(3);
        const { rows } = await t.database.executeSql(
          "select count(*)::int as n from pgboss.job where name = 'booking-mail' and state <> 'completed' and data->>'venueId' = $1",
          [venue.id],
        );
        expect((rows[0] as { n: number }).n).toBe(0);
      },
      { timeout: 10_000, interval: 50 },
    );

    await expectNoWrites(t, async () => {
      for (const bad of ['short', 'has spaces in it', 'x'.repeat(101), 'bad/key/with/slash'])
        expectFieldError(await book(t, form({ playersCount: 1 }), { 'idempotency-key': bad }), 'Idempotency-Key');
    });
  });

  it('5 identical submits at once: one booking, five equal answers', async () => {
    const { venue, form } = await setUpBookings(t);
    const answers = await Promise.all(Array.from({ length: 5 }, () => book(t, form(), { 'idempotency-key': 'double-click-0001' })));
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const bodies = answers.map((a) => a.json<PublicBooking>());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(await bookingsOf(t, venue.id)).toHaveLength(1);
  });

  it("the customer's booking: product and venue names, until when it can be cancelled or moved, waivers", async () => {
    const { venue, form, productId } = await setUpBookings(t, { daysAhead: 5 });
    const booking = await bookOnline(t, form());
    const startsAt = new Date(booking.startsAt).getTime();
    expect(booking).toMatchObject({
      productName: 'Axe throwing',
      venueId: venue.id,
      venueName: `Venue ${venue.id}`,
      isCancellable: true,
      isMovable: true,
      cancellableUntil: new Date(startsAt - 24 * 3600_000).toISOString(),
      numberOfSignedWaivers: 0,
      hasWaiver: false,
      paid: 0,
      refunded: 0,
      due: 8000,
    });
    expect(Object.keys(booking)).not.toContain('checkoutInfo');
    expect(Object.keys(booking)).not.toContain('resourceIds');
    // The venue's phone in its country's format, as on the console's pages and in the mails.
    expect((await venue.owner.patch('/api/private/venues/current', { country: 'US', phone: '+1 312 555 0142' })).statusCode).toBe(200);
    expect((await t.request('GET', publicUrl(booking))).json<PublicBooking>().venuePhone).toBe('(312) 555-0142');
    expect((await venue.owner.patch('/api/private/venues/current', { phone: '+44 20 7946 0958' })).statusCode).toBe(200);
    expect((await t.request('GET', publicUrl(booking))).json<PublicBooking>().venuePhone).toBe('+44 20 7946 0958');

    // The product's own period, and its waiver.
    const waiver = await venue.manager.post('/api/private/waivers', { title: 'Safety', intro: 'Read', text: 'Risks' });
    expect(waiver.statusCode, waiver.body).toBe(201);
    await t.db
      .update(products)
      .set({ cancellationPeriodAmount: 2, cancellationPeriodUnit: 'days', activeWaiverId: waiver.json<{ id: string }>().id })
      .where(eq(products.id, productId));
    const read = (await t.request('GET', publicUrl(booking))).json<PublicBooking>();
    expect(read).toMatchObject({ hasWaiver: true, cancellableUntil: new Date(startsAt - 48 * 3600_000).toISOString() });

    // Inside the period: neither cancellable nor movable.
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 24 * 3600_000), endsAt: new Date(Date.now() + 25 * 3600_000) })
      .where(eq(bookings.id, booking.id));
    expect((await t.request('GET', publicUrl(booking))).json()).toMatchObject({ isCancellable: false, isMovable: false });

    // Canceled: no window at all.
    const other = await bookOnline(t, form({ playersCount: 1 }));
    const canceled = await t.request('POST', publicUrl(other, '/cancel'));
    expect(canceled.statusCode, canceled.body).toBe(200);
    expect(canceled.json()).toMatchObject({ status: 'canceled', isCancellable: false, isMovable: false, cancellableUntil: null });
  });

  it('checkout: the deposit or all of it on the sandbox page, embeddable; refused without payments, to a foreign page, when nothing is due', async () => {
    const { venue, form, productId } = await setUpBookings(t);
    await t.db.update(products).set({ isDeposit: true, deposit: 2000 }).where(eq(products.id, productId));
    const booking = await bookOnline(t, form());
    expect(booking).toMatchObject({ total: 8000, deposit: 2000, due: 8000 });

    await expectNoWrites(t, async () => {
      const off = await checkout(t, booking);
      expect(off.statusCode).toBe(409);
      expect(off.json().code).toBe('payments_not_enabled');
    });
    await enableCardPayments(t, venue.owner);
    await expectNoWrites(t, async () => {
      for (const returnUrl of ['https://evil.example/widget/', `${BASE_URL}/bookings/x`, `${BASE_URL}/widgetx/`, 'javascript:alert(1)'])
        expectFieldError(await checkout(t, booking, { returnUrl }), 'returnUrl');
      expectFieldError(await checkout(t, booking, { amount: 1 }), 'amount');
      expect((await t.request('POST', '/api/public/booking/NOSUCHREF9/checkout', { body: { returnUrl: RETURN_URL } })).statusCode).toBe(
        404,
      );
    });

    const deposit = await checkout(t, booking);
    expect(deposit.statusCode, deposit.body).toBe(200);
    const { url, embeddable } = deposit.json<{ url: string; embeddable: boolean }>();
    expect(url).toMatch(/^http:\/\/localhost:3000\/sandbox-pay\/cs_sb_/);
    expect(embeddable).toBe(true);
    // A double click opens the same page.
    expect((await checkout(t, booking)).json()).toEqual({ url, embeddable });
    const page = await t.request('GET', pathOf(url));
    expect(page.body).toContain('20.00 USD');
    expect(page.body).toContain('paid=0');
    const full = (await checkout(t, booking, { isFullFirstPayment: true })).json<{ url: string }>();
    expect((await t.request('GET', pathOf(full.url))).body).toContain('80.00 USD');

    // Opening the full payment closed the deposit's page: asking for the deposit again opens a new one.
    expect((await payWithCard(t, url, '4242 4242 4242 4242')).statusCode).toBe(402);
    const depositAgain = (await checkout(t, booking)).json<{ url: string }>();
    expect(depositAgain.url).not.toBe(url);
    const paid = await payWithCard(t, depositAgain.url, '4242 4242 4242 4242');
    expect(paid.headers.location).toBe(RETURN_URL);
    expect((await t.request('GET', publicUrl(booking))).json()).toMatchObject({ status: 'wait_for_payment', paid: 2000, due: 6000 });
    // The deposit is paid: what is left is the rest.
    const rest = (await checkout(t, booking)).json<{ url: string }>();
    expect((await t.request('GET', pathOf(rest.url))).body).toContain('60.00 USD');
    await payWithCard(t, rest.url, '4242424242424242');
    expect((await t.request('GET', publicUrl(booking))).json()).toMatchObject({ status: 'paid', paid: 8000, due: 0 });
    await expectNoWrites(t, async () => {
      const nothing = await checkout(t, booking);
      expect(nothing.statusCode).toBe(409);
      expect(nothing.json().code).toBe('nothing_due');
    });
  });

  it('a customer who paid by card and cancels in time gets all of it back through the provider; outside the window nothing changes', async () => {
    const { venue, form, productId } = await setUpBookings(t);
    await t.db.update(products).set({ isDeposit: true, deposit: 2000 }).where(eq(products.id, productId));
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const canceled = await t.request('POST', publicUrl(booking, '/cancel'));
    expect(canceled.statusCode, canceled.body).toBe(200);
    // The deposit too: it is kept from no-shows, not from customers who cancel in time.
    expect(canceled.json()).toMatchObject({ status: 'canceled', paid: 2000, refunded: 2000, due: 0, kept: 0, paymentLabel: 'Refunded' });
    await waitForCardRefunds(t, booking.id);
    const ledger = await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id));
    expect(ledger.find((r) => r.kind === 'refund')).toMatchObject({
      amount: 2000,
      method: 'Card',
      provider: 'sandbox',
      userName: 'Customer',
      status: 'succeeded',
      providerPaymentId: expect.stringMatching(/^re_sb_/),
    });
    expect(ledger).toHaveLength(2);

    const late = await bookOnline(t, form({ playersCount: 1 }));
    await payOnline(t, late);
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(bookings.id, late.id));
    await expectNoWrites(t, async () => {
      const refused = await t.request('POST', publicUrl(late, '/cancel'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ code: 'cancellation_closed', message: expect.stringContaining('24 hours') });
    });
  });

  it('move: priced again, a refund when cheaper, due when dearer; a taken lane, another venue, or too late changes nothing', async () => {
    const { venue, form, productId, date, first, second } = await setUpBookings(t);
    const third = (await venue.manager.post(`/api/private/product/${productId}/slot`, { date, from: '12:00', to: '13:00' })).json<Slot>();
    const other = await setUpBookings(t);
    await enableCardPayments(t, venue.owner);
    const booking = await bookOnline(t, form());
    await payOnline(t, booking);
    const move = (slots: string[]) => t.request('POST', publicUrl(booking, '/move'), { body: { slots } });

    // Cheaper: one slot instead of two; the difference goes back to the card.
    const cheaper = await move([second.id]);
    expect(cheaper.statusCode, cheaper.body).toBe(200);
    expect(cheaper.json()).toMatchObject({ slotIds: [second.id], total: 4000, paid: 8000, refunded: 4000, due: 0, status: 'paid' });
    await waitForCardRefunds(t, booking.id);
    const refund = (await t.db.select().from(bookingPayments).where(eq(bookingPayments.bookingId, booking.id))).find(
      (r) => r.kind === 'refund',
    );
    expect(refund).toMatchObject({ amount: 4000, provider: 'sandbox', providerPaymentId: expect.stringMatching(/^re_sb_/) });
    const logs = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>().logs;
    expect(logs.find((l) => l.text.startsWith('Moved by the customer'))).toMatchObject({
      userName: 'Customer',
      text: expect.stringMatching(
        /^Moved by the customer from \d\d\/\d\d\/\d\d 10:00 AM–12:00 PM to \d\d\/\d\d\/\d\d 11:00 AM–12:00 PM; total \$40\.00$/,
      ),
    });

    // Dearer: two slots again; the rest is due and paid by the checkout.
    const dearer = await move([second.id, third.id]);
    expect(dearer.statusCode, dearer.body).toBe(200);
    expect(dearer.json()).toMatchObject({ total: 8000, paid: 8000, refunded: 4000, due: 4000, status: 'wait_for_payment' });
    const more = (await checkout(t, booking)).json<{ url: string }>();
    expect((await t.request('GET', pathOf(more.url))).body).toContain('40.00 USD');

    // Every lane of the first slot taken by staff: moving there is refused and changes nothing.
    const blocking = await venue.manager.post(
      '/api/private/booking',
      form({ slots: [first.id], playersCount: 12, resourceIds: ['L1', 'L2', 'L3'] }),
    );
    expect(blocking.statusCode, blocking.body).toBe(201);
    await expectNoWrites(t, async () => {
      const taken = await move([first.id]);
      expect(taken.statusCode).toBe(409);
      expect(taken.json().code).toBe('slot_unavailable');
      expectFieldError(await move([other.first.id]), 'slots');
      expectFieldError(await move([first.id, third.id]), 'slots');
      expectFieldError(await move([]), 'slots');
      expectFieldError(
        await t.request('POST', publicUrl(booking, '/move'), { body: { slots: [third.id], playersCount: 1 } }),
        'playersCount',
      );
    });

    // Inside the cancellation period: not movable, the message names the deadline.
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() + 3600_000) })
      .where(eq(bookings.id, booking.id));
    await expectNoWrites(t, async () => {
      const late = await move([third.id]);
      expect(late.statusCode).toBe(409);
      expect(late.json()).toMatchObject({
        code: 'not_movable',
        message: expect.stringMatching(/^Online changes closed at .+, 24 hours before/),
      });
    });
  });

  it('the calendar file: one event in UTC, named after the product and venue, with the manage link', async () => {
    const { form } = await setUpBookings(t);
    const booking = await bookOnline(t, form());
    const ics = await t.request('GET', publicUrl(booking, '/calendar.ics'));
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toContain('text/calendar');
    expect(ics.headers['content-disposition']).toBe(`attachment; filename="booking-${booking.bookingReference}.ics"`);
    const text = ics.body.replace(/\r\n /g, '');
    const stamp = (iso: string) => iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '');
    expect(text).toContain(`UID:${booking.bookingReference}@lanebook\r\n`);
    expect(text).toContain(`DTSTART:${stamp(booking.startsAt)}\r\n`);
    expect(text).toContain(`DTEND:${stamp(booking.endsAt)}\r\n`);
    expect(text).toContain(`SUMMARY:Axe throwing at ${booking.venueName}\r\n`);
    expect(text).toContain(`${BASE_URL}/widget/booking/${booking.bookingReference}`);
    expect((await t.request('GET', '/api/public/booking/NOSUCHREF9/calendar.ics')).statusCode).toBe(404);
  });
});
