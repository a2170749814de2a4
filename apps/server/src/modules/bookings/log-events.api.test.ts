import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { BookingEvent } from '@lanebook/core/booking-events';
import type { Booking, BookingLog } from '@lanebook/core/booking-schemas';
import { venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import type { Caller } from '../../../test/server.js';

/** The booking's history as typed events (issue 36, decision 044): the same sentences as before, and the event beside them. */
describeEachDatabase('booking log events', (t) => {
  const logsOf = async (caller: Caller, bookingId: string) =>
    (await caller.get(`/api/private/booking/${bookingId}/logs`, { query: { limit: '100' } })).json<{ items: BookingLog[] }>().items;

  it('GET .../logs answers each entry as its event and the same text as before: create, pay, refund, move, mail, cancel', async () => {
    const { venue, form, date, second } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const url = `/api/private/booking/${booking.id}`;
    expect((await venue.staff.post(`${url}/checkout`, { amount: 5000, paymentMethod: 'cash' })).statusCode).toBe(200);
    expect((await venue.manager.post(`${url}/refund`, { amount: 1000 })).statusCode).toBe(200);
    const moved = await venue.manager.put(url, { slots: [second.id] });
    expect(moved.statusCode, moved.body).toBe(200);
    const mailed = await venue.staff.post(`${url}/sendEmail`, {
      email: 'guest@example.test',
      type: 'custom',
      subject: 'Hello',
      message: 'See you',
    });
    expect(mailed.statusCode, mailed.body).toBe(204);
    expect((await venue.staff.post(`${url}/cancel`, { reason: 'Rain' })).statusCode).toBe(200);

    const [year, month, day] = date.split('-');
    const on = `${month}/${day}/${year.slice(-2)}`;
    const lanes = booking.resourceIds.join(', ');
    const logs = await logsOf(venue.staff, booking.id);
    expect(logs.map(({ type, text }) => [type, text])).toEqual([
      ['cancel', 'Booking canceled: Rain'],
      ['custom', 'Mail "Hello" to guest@example.test: kept in the outbox (no mail server)'],
      [
        'update',
        `Moved from ${on} 10:00 AM–12:00 PM, ${lanes} to ${on} 11:00 AM–12:00 PM, ${lanes}; Total $80.00 → $40.00; Status Wait For Payment → Paid`,
      ],
      ['refund', 'Refunded $10.00 to Cash'],
      ['paid', 'Collected $50.00 by Cash'],
      ['create', 'Booking created by phone for 4 players'],
    ]);
    expect(logs.map((l) => l.event)).toEqual<BookingEvent[]>([
      { type: 'canceled', reason: 'Rain' },
      { type: 'mail', mail: 'staff', subject: 'Hello', to: 'guest@example.test', delivery: 'stored', error: null },
      {
        type: 'changed',
        changes: [
          {
            change: 'moved',
            from: { startsAt: booking.startsAt, endsAt: booking.endsAt, lanes: booking.resourceIds },
            to: { startsAt: moved.json<Booking>().startsAt, endsAt: booking.endsAt, lanes: booking.resourceIds },
          },
          { change: 'total', from: 8000, to: 4000 },
          { change: 'status', from: 'wait_for_payment', to: 'paid' },
        ],
      },
      { type: 'refunded', parts: [{ amount: 1000, method: 'Cash' }], keptDepositToo: false, overpayment: false },
      { type: 'paymentCollected', amount: 5000, method: 'Cash' },
      { type: 'created', source: 'phone', players: 4 },
    ]);
    // The booking's own answer carries the same entries.
    expect((await venue.staff.get(url)).json<{ logs: BookingLog[] }>().logs).toEqual(logs);
  });

  it('what staff type into a note or a reason is stored and shown as typed, never as a template; a NUL is refused; another venue sees none of it', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const url = `/api/private/booking/${booking.id}`;
    const typed = '{{amount}} {{firstName}} <script>alert(1)</script> ${1+1} %s';
    const noted = await venue.staff.post(`${url}/notes`, { text: typed });
    expect(noted.statusCode, noted.body).toBeLessThan(300);
    const refused = await venue.staff.post(`${url}/notes`, { text: 'a\u0000b' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect((await venue.staff.post(`${url}/cancel`, { reason: typed })).statusCode).toBe(200);
    const logs = await logsOf(venue.staff, booking.id);
    expect(logs.filter((l) => l.text.includes('{{'))).toHaveLength(2);
    expect(logs.find((l) => (l as BookingLog & { event: BookingEvent }).event.type === 'note')?.text).toBe(typed);
    expect(logs[0]).toMatchObject({ type: 'cancel', text: `Booking canceled: ${typed}` });
    expect(logs.some((l) => l.text.includes('\u0000'))).toBe(false);
    // Another venue's owner: the booking and its log do not exist for them.
    const other = await t.addVenue();
    expect((await other.owner.get(`${url}/logs`)).statusCode).toBe(404);
  });

  it('migration 0032 reads each old sentence back into its event where it says the same, and keeps every other one whole', async () => {
    const { venue, form } = await setUpBookings(t);
    const euro = await setUpBookings(t);
    await t.db.update(venues).set({ moneyFormat: '{{amount}} €' }).where(eq(venues.id, euro.venue.id));
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const euroBooking = (await euro.venue.staff.post('/api/private/booking', euro.form({ isConfirmationEmail: false }))).json<Booking>();
    const old: [string, string, BookingEvent['type']][] = [
      ['create', 'Booking created online for 2 players', 'created'],
      ['cancel', 'Booking canceled', 'canceled'],
      ['cancel', 'Booking canceled: Rain', 'canceled'],
      ['abandoned', 'Abandoned: not paid within 30 minutes; the lanes are free again', 'abandoned'],
      ['update', 'Presence: Not arrived', 'presence'],
      ['update', 'No longer saved', 'saved'],
      ['update', 'Saved without changes', 'changed'],
      ['update', 'Players 4 → 6; Total $80.00 → $120.00', 'legacy'],
      ['update', 'Price lowered by $5.00 to $75.00 with the refund', 'priceLowered'],
      ['paid', 'Collected $1,234.50 by Cash', 'paymentCollected'],
      ['paid', 'Card payment of $80.00 received', 'cardPaymentReceived'],
      ['refund', 'Refunded $30.00 to POS (the kept deposit too)', 'refunded'],
      ['refund', 'Refunded overpayment: $10.00 to Card', 'refunded'],
      ['refund', 'Refunded $30.00 to POS, $10.00 to Cash', 'legacy'],
      ['refund', 'Retried the card refund of $10.00', 'cardRefundRetried'],
      ['warning', 'Card refund of $10.00 failed: card expired', 'cardRefundFailed'],
      ['warning', 'Refund of $10.00 to the customer not made: refund it at Stripe', 'customerRefundNotMade'],
      ['custom', 'Waiver signed by Ada Lovelace', 'waiverSigned'],
      ['custom', 'Signature of Ada Lovelace deleted', 'signatureDeleted'],
      ['custom', 'Mail "Hello" to guest@example.test: sent', 'mail'],
      ['warning', 'Reminder mail "See you" to ada@example.test: not delivered: 550 no such user', 'mail'],
      ['warning', 'Confirmation mail to ada@example.test not sent: its template does not render', 'mailNotRendered'],
      ['custom', 'Birthday party', 'legacy'],
    ];
    const euroOld: [string, string, BookingEvent['type']][] = [
      ['paid', 'Collected 1,234.50 € by Cash', 'paymentCollected'],
      // Written before the venue changed its money format: it would not read back the same.
      ['paid', 'Collected $5.00 by Cash', 'legacy'],
    ];

    // The table as it was before 0032: a text column, no event.
    await t.db.execute(sql`alter table booking_logs add column text text`);
    await t.db.execute(sql`alter table booking_logs alter column event drop not null`);
    await t.db.execute(sql`update booking_logs set text = 'Booking created by phone for 4 players'`);
    await t.db.execute(sql`update booking_logs set event = null`);
    const insert = (venueId: string, bookingId: string, rows: typeof old) =>
      Promise.all(
        rows.map(([type, text], i) =>
          t.db.execute(sql`insert into booking_logs (venue_id, id, booking_id, type, text, user_name, created_at)
            values (${venueId}, ${crypto.randomUUID()}, ${bookingId}, ${type}, ${text}, 'Staff', now() - make_interval(secs => ${i + 1}))`),
        ),
      );
    await insert(venue.id, booking.id, old);
    await insert(euro.venue.id, euroBooking.id, euroOld);
    await t.db.execute(sql`alter table booking_logs drop column event`);

    const migration = readFileSync(new URL('../../db/migrations/0032_booking_log_events.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const check = async (caller: Caller, bookingId: string, rows: typeof old) => {
      const logs = await logsOf(caller, bookingId);
      expect(logs.map((l) => [l.type, l.text, l.event.type])).toEqual([
        ['create', 'Booking created by phone for 4 players', 'created'],
        ...rows,
      ]);
      return logs;
    };
    const logs = await check(venue.staff, booking.id, old);
    const eventOf = (text: string) => logs.find((l) => l.text === text)?.event;
    expect(eventOf('Collected $1,234.50 by Cash')).toEqual({ type: 'paymentCollected', amount: 123450, method: 'Cash' });
    expect(eventOf('Refunded $30.00 to POS (the kept deposit too)')).toEqual({
      type: 'refunded',
      parts: [{ amount: 3000, method: 'POS' }],
      keptDepositToo: true,
      overpayment: false,
    });
    expect(eventOf('Reminder mail "See you" to ada@example.test: not delivered: 550 no such user')).toEqual({
      type: 'mail',
      mail: 'reminder',
      subject: 'See you',
      to: 'ada@example.test',
      delivery: 'failed',
      error: '550 no such user',
    });
    expect(eventOf('Birthday party')).toEqual({ type: 'legacy', text: 'Birthday party' });
    const euroLogs = await check(euro.venue.staff, euroBooking.id, euroOld);
    expect(euroLogs[1].event).toEqual({ type: 'paymentCollected', amount: 123450, method: 'Cash' });
  });
});
