import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, it, vi } from 'vitest';
import type { Booking } from '@lanebook/core/booking-schemas';
import { mailOutbox, mailingTemplates } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import type { TestServer } from '../../../test/server.js';
import { startSmtp } from '../../../test/smtp.js';
import { automaticMailId, BOOKING_MAIL_QUEUE } from './mail.js';

/**
 * The transactional outbox (issue 33): a booking change writes its mail in its own transaction,
 * so a change that commits keeps its mail when everything after the commit fails; the mailer's
 * sweep hands it to the mail job, which sends it once.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

const WAIT = { timeout: 20_000, interval: 50 };
const receivedBy = (to: string) => smtp.received.filter((message) => message.to.includes(to));
const newEmail = () => `outbox-${randomUUID().slice(0, 8)}@example.test`;
/** The sweep as it runs a minute or more after the commit (it leaves younger mail to the hand-over). */
const inTwoMinutes = () => new Date(Date.now() + 2 * 60_000);

async function rowOf(t: TestServer, id: string) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

async function activeTemplate(t: TestServer, venueId: string, event: 'confirmation' | 'cancellation') {
  // New venues may start with default templates: the test's own is the oldest active one only if the others pause.
  await t.db.update(mailingTemplates).set({ isPaused: true }).where(eq(mailingTemplates.venueId, venueId));
  await t.db.insert(mailingTemplates).values({
    venueId,
    id: randomUUID(),
    event,
    subject: `${event} {{ booking.reference }}`,
    text: 'Hi {{ customer.firstName }}',
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    isPaused: false,
  });
}

/** Every hand-over of booking mail to its job fails, as when the database goes away right after the commit (or the process dies). */
function failHandOvers(t: TestServer) {
  const send = t.jobs.send.bind(t.jobs);
  return vi.spyOn(t.jobs, 'send').mockImplementation(async (queue, data, options) => {
    if (queue === BOOKING_MAIL_QUEUE) throw new Error('Connection terminated unexpectedly');
    return send(queue, data, options);
  });
}

describeEachDatabase(
  'booking mail in the booking transaction',
  (t) => {
    afterEach(() => vi.restoreAllMocks());

    it('a booking whose mail could not be queued after the commit keeps its confirmation: the sweep sends it once, and a retry with the same Idempotency-Key queues none', async () => {
      const { venue, form } = await setUpBookings(t);
      await activeTemplate(t, venue.id, 'confirmation');
      const to = newEmail();
      const handOvers = failHandOvers(t);
      const headers = { 'idempotency-key': `outbox-${randomUUID()}` };
      const body = form({ reservationInfo: { ...info, email: to } });
      const first = await t.request('POST', '/api/public/booking', { body, headers });
      expect(first.statusCode, first.body).toBe(201);
      const booking = first.json<Booking>();
      const id = automaticMailId(booking.id, 'confirmation');
      // Written with the booking, waiting for its job.
      expect(await rowOf(t, id)).toMatchObject({ status: 'queued', kind: 'booking-confirmation', to: [to], bookingId: booking.id });
      expect(handOvers.mock.calls.filter(([queue]) => queue === BOOKING_MAIL_QUEUE)).toHaveLength(1);

      // The customer's retry answers the booking and writes or queues nothing more.
      const again = await t.request('POST', '/api/public/booking', { body, headers });
      expect(again.statusCode, again.body).toBe(201);
      expect(again.json<Booking>().id).toBe(booking.id);
      expect(handOvers.mock.calls.filter(([queue]) => queue === BOOKING_MAIL_QUEUE)).toHaveLength(1);
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.bookingId, booking.id))).toHaveLength(1);
      handOvers.mockRestore();

      // A sweep younger than a minute after the commit leaves it to the hand-over; a later one hands it over.
      expect((await t.mailer.sweep(t.jobs)).handedOver).toBe(0);
      expect((await t.mailer.sweep(t.jobs, inTwoMinutes())).handedOver).toBe(1);
      await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), WAIT);
      await vi.waitFor(async () => expect((await rowOf(t, id)).status).toBe('sent'), WAIT);
      // The booking's log says it, once.
      const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<{ logs: { text: string }[] }>();
      expect(detail.logs.filter((log) => log.text.startsWith('Confirmation mail'))).toHaveLength(1);

      // Sent: further sweeps send nothing.
      expect((await t.mailer.sweep(t.jobs, inTwoMinutes())).handedOver).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(receivedBy(to)).toHaveLength(1);
    });

    it('a cancellation whose mail could not be queued after the commit is sent by the sweep; a mail its job drops (the booking deleted) leaves the outbox', async () => {
      const { venue, form } = await setUpBookings(t);
      await activeTemplate(t, venue.id, 'cancellation');
      const to = newEmail();
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      failHandOvers(t);
      const canceled = await venue.owner.post(`/api/private/booking/${booked.id}/cancel`, {});
      expect(canceled.statusCode, canceled.body).toBe(200);
      const id = automaticMailId(booked.id, 'cancellation');
      expect((await rowOf(t, id)).status).toBe('queued');
      vi.restoreAllMocks();
      await t.mailer.sweep(t.jobs, inTwoMinutes());
      await vi.waitFor(() => expect(receivedBy(to)).toHaveLength(1), WAIT);

      // Another cancelled booking, deleted before its mail went: its job drops the mail and the sweep has nothing left to hand over.
      const other = (
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: newEmail() } }))
      ).json<Booking>();
      failHandOvers(t);
      expect((await venue.owner.post(`/api/private/booking/${other.id}/cancel`, {})).statusCode).toBe(200);
      vi.restoreAllMocks();
      expect((await venue.owner.delete(`/api/private/booking/${other.id}`)).statusCode).toBe(204);
      const dropped = automaticMailId(other.id, 'cancellation');
      expect((await t.mailer.sweep(t.jobs, inTwoMinutes())).handedOver).toBeGreaterThanOrEqual(1);
      await vi.waitFor(async () => expect(await rowOf(t, dropped)).toBeUndefined(), WAIT);
      expect(receivedBy(other.reservationInfo.email)).toEqual([]);
    });
  },
  { config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } },
);
