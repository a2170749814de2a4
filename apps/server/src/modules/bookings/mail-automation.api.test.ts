import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { addDays, venueToday } from '@lanebook/core';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import type { MailingLastSent } from '@lanebook/core';
import { bookingPayments, bookingReminders, bookings, mailOutbox, mailingTemplates, sandboxPayments } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError } from '../../../test/catalog.js';
import { info, setUpBookings, ZONE } from '../../../test/bookings.js';
import { BASE_URL, injectInto, type TestServer } from '../../../test/server.js';
import { decodeBody, startSmtp, type Refusal } from '../../../test/smtp.js';
import { enableCardPayments, payWithCard, waitForCardRefunds } from '../../../test/payments.js';
import type { Jobs } from '../../platform/jobs.js';
import type { Mailer } from '../../platform/mail.js';
import { ABANDON_QUEUE } from './abandon.js';
import { automaticMailId, sendQueuedAutomaticMail, type BookingMailer, type BookingMailJob } from './mail.js';
import { queueDueReminders } from './reminders.js';

/**
 * Mail that runs the venue by itself (issue 28), through a real SMTP receiver: reminders at the
 * start minus the venue's lead time, the abandoned mail, a move's and a refund's mail, each once
 * across processes, retried after a temporary refusal and recorded after a permanent one.
 */

/** Refusals the receiver gives, per recipient, one per RCPT TO until none are left. */
const refusals = new Map<string, Refusal[]>();
const smtp = await startSmtp({ refuse: (recipient) => refusals.get(recipient)?.shift() });
afterAll(() => smtp.close());

/** A built widget as the server finds it, so the customer's links open a page. */
const widgetDir = mkdtempSync(path.join(os.tmpdir(), 'lanebook-widget-'));
writeFileSync(path.join(widgetDir, 'index.html'), '<!doctype html><div id="widget-root"></div>');
writeFileSync(path.join(widgetDir, 'widget.js'), '');
mkdirSync(path.join(widgetDir, 'assets'));

const HOUR = 3600_000;
const WAIT = { timeout: 20_000, interval: 50 };
const newEmail = () => `guest-${randomUUID().slice(0, 8)}@example.test`;

/** What the receiver got for an address. */
const receivedBy = (to: string) => smtp.received.filter((message) => message.to.includes(to));
const subjectOf = (raw: string) => /^Subject: (.*)\r$/m.exec(raw)?.[1] ?? '';
/** A message's parts as a reader sees them: quoted-printable undone, its bytes read as UTF-8. */
const textOf = (raw: string) => Buffer.from(decodeBody(raw), 'latin1').toString('utf8');

async function waitForReceived(to: string, count = 1) {
  return vi.waitFor(() => {
    const got = receivedBy(to);
    expect(got).toHaveLength(count);
    return got;
  }, WAIT);
}

type TemplateEvent = 'confirmation' | 'reminder' | 'cancellation' | 'abandoned';

async function addTemplate(
  t: TestServer,
  venueId: string,
  event: TemplateEvent,
  extra: { subject?: string; text?: string; isPaused?: boolean } = {},
) {
  const id = randomUUID();
  await t.db.insert(mailingTemplates).values({
    venueId,
    id,
    event,
    subject: extra.subject ?? `${event}: {{ booking.date }} {{ booking.time }}`,
    text: extra.text ?? 'Hi {{ customer.firstName }}, {{ product.name }} at {{ booking.time }}. Your booking: {{ manageUrl }}',
    to: [],
    cc: [],
    bcc: [],
    replyTo: [],
    isPaused: extra.isPaused ?? false,
  });
  return id;
}

/** The booking mail of a process (its mailer and jobs), as the bookings module builds it; venue reads uncached. */
function bookingMailer(t: TestServer, process: { mailer: Mailer; jobs: Jobs } = t): BookingMailer {
  return {
    db: t.db,
    mailer: process.mailer,
    jobs: process.jobs,
    baseUrl: BASE_URL,
    reads: {
      json: async (_table: string, _venueId: string, _key: string, load: () => Promise<unknown>) => JSON.stringify(await load()),
    } as never,
  };
}

async function outboxRow(t: TestServer, id: string) {
  const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row;
}

async function jobOf(t: TestServer, id: string) {
  const { rows } = await t.database.executeSql('select state, retry_count, start_after from pgboss.job where id = $1', [id]);
  return rows[0] as { state: string; retry_count: number; start_after: Date } | undefined;
}

async function logsOf(venue: { staff: { get: (url: string) => Promise<{ json: <T>() => T }> } }, bookingId: string) {
  return (await venue.staff.get(`/api/private/booking/${bookingId}`)).json<BookingDetail>().logs;
}

/** The first day at least 3 days ahead on which the venue's zone changes its clocks (noon's UTC offset differs from the day before). */
function daysToNextClockChange(): number {
  const offset = (instant: Date) =>
    new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'shortOffset' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value;
  const today = venueToday(ZONE);
  for (let days = 3; days < 400; days += 1) {
    const noon = new Date(`${addDays(today, days)}T12:00:00Z`);
    if (offset(noon) !== offset(new Date(noon.getTime() - 24 * HOUR))) return days;
  }
  throw new Error('No clock change within a year');
}

const wallClock = (instant: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(instant);

describeEachDatabase(
  'mail automation',
  (t) => {
    it('a reminder goes at the start minus the lead time, as an instant: across the clock change it is 24 real hours before, not the same wall time', async () => {
      const { venue, form } = await setUpBookings(t, { daysAhead: daysToNextClockChange() });
      await addTemplate(t, venue.id, 'reminder', { subject: 'Reminder: {{ booking.date }} at {{ booking.time }}' });
      const to = newEmail();
      const booked = (
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to }, isConfirmationEmail: false }))
      ).json<Booking>();
      const startsAt = new Date(booked.startsAt);
      expect(wallClock(startsAt)).toBe('10:00');
      const due = new Date(startsAt.getTime() - 24 * HOUR);
      // The day before the change, 24 hours before 10:00 is 9:00 or 11:00 on the wall.
      expect(['09:00', '11:00']).toContain(wallClock(due));

      const mail = bookingMailer(t);
      await queueDueReminders(mail, new Date(due.getTime() - 1000));
      expect(await jobOf(t, automaticMailId(booked.id, 'reminder', booked.startsAt))).toBeUndefined();
      await queueDueReminders(mail, due);
      const [received] = await waitForReceived(to);
      expect(subjectOf(received.raw)).toMatch(/^Reminder: \d\d\/\d\d\/\d\d at 10:00 AM$/);
      // A sweep after it queues nothing more.
      await queueDueReminders(mail, new Date(due.getTime() + 60_000));
      await queueDueReminders(mail, new Date(startsAt.getTime() - HOUR));
      expect(receivedBy(to)).toHaveLength(1);
      const logs = await vi.waitFor(async () => {
        const found = (await logsOf(venue, booked.id)).filter((log) => log.text.startsWith('Reminder mail'));
        expect(found).toHaveLength(1);
        return found;
      }, WAIT);
      expect(logs[0]).toMatchObject({ type: 'custom', userName: 'Lanebook' });
      expect(logs[0].text).toBe(`Reminder mail "${subjectOf(received.raw)}" to ${to}: sent`);
    });

    it('a booking made inside the lead time gets its reminder at once; one starting within the hour gets none', async () => {
      const early = await setUpBookings(t, { daysAhead: 8 });
      const late = await setUpBookings(t, { daysAhead: 9 });
      await addTemplate(t, early.venue.id, 'reminder');
      await addTemplate(t, late.venue.id, 'reminder');
      const soon = newEmail();
      const tooClose = newEmail();
      const a = (
        await early.venue.staff.post(
          '/api/private/booking',
          early.form({ reservationInfo: { ...info, email: soon }, isConfirmationEmail: false }),
        )
      ).json<Booking>();
      const b = (
        await late.venue.staff.post(
          '/api/private/booking',
          late.form({ reservationInfo: { ...info, email: tooClose }, isConfirmationEmail: false }),
        )
      ).json<Booking>();
      const mail = bookingMailer(t);
      // As if a were made 5 hours before its start: the first sweep sends it.
      await queueDueReminders(mail, new Date(Date.parse(a.startsAt) - 5 * HOUR));
      await waitForReceived(soon);
      // As if b were made 30 minutes before its start: late and within the hour, it is passed by for good.
      await queueDueReminders(mail, new Date(Date.parse(b.startsAt) - 30 * 60_000));
      const [skipped] = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, b.id));
      expect(skipped).toMatchObject({ skipped: true, startsAt: new Date(b.startsAt) });
      await queueDueReminders(mail, new Date(Date.parse(b.startsAt) - 20 * 60_000));
      expect(await jobOf(t, automaticMailId(b.id, 'reminder', b.startsAt))).toBeUndefined();
      expect(receivedBy(tooClose)).toEqual([]);
      const [sent] = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, a.id));
      expect(sent.skipped).toBe(false);
    });

    it('a move moves the reminder and mails the new time, naming the change; a cancel drops the reminder; a new lead time reschedules', async () => {
      const { venue, form, second } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'reminder', { subject: 'Reminder {{ booking.time }}' });
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked {{ booking.time }}', text: 'See you at {{ booking.time }}.' });
      const to = newEmail();
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      await waitForReceived(to);
      const oldStart = Date.parse(booked.startsAt);

      const moved = await venue.staff.put(`/api/private/booking/${booked.id}`, { slots: [second.id] });
      expect(moved.statusCode, moved.body).toBe(200);
      const newStart = Date.parse(moved.json<Booking>().startsAt);
      expect(newStart - oldStart).toBe(HOUR);
      const [, change] = await waitForReceived(to, 2);
      expect(subjectOf(change.raw)).toBe('Changed: Booked 11:00 AM');
      expect(textOf(change.raw)).toMatch(
        /Your booking was moved from \d\d\/\d\d\/\d\d 10:00 AM–12:00 PM to \d\d\/\d\d\/\d\d 11:00 AM–12:00 PM\./,
      );
      const changeId = automaticMailId(booked.id, 'confirmation', `change:${moved.json<Booking>().updatedAt}`);
      await vi.waitFor(async () => expect(await outboxRow(t, changeId)).toMatchObject({ status: 'sent' }), WAIT);

      // The old start's due time passes: nothing; the new one's: the reminder of 11:00.
      const mail = bookingMailer(t);
      await queueDueReminders(mail, new Date(oldStart - 24 * HOUR));
      expect(await jobOf(t, automaticMailId(booked.id, 'reminder', booked.startsAt))).toBeUndefined();
      // A reminder queued for the old start before the move is dropped when its job runs.
      const stale: BookingMailJob = {
        venueId: venue.id,
        bookingId: booked.id,
        type: 'reminder',
        occasion: booked.startsAt,
        startsAt: booked.startsAt,
      };
      await sendQueuedAutomaticMail(mail, stale);
      expect(await outboxRow(t, automaticMailId(booked.id, 'reminder', booked.startsAt))).toBeUndefined();

      // Lead 48 hours: due a day earlier than before.
      expectFieldError(await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 0 }), 'reminderLeadHours');
      expectFieldError(await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 169 }), 'reminderLeadHours');
      expectFieldError(await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 2.5 }), 'reminderLeadHours');
      const saved = await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 48 });
      expect(saved.json<{ reminderLeadHours: number }>().reminderLeadHours).toBe(48);
      await queueDueReminders(mail, new Date(newStart - 48 * HOUR - 1000));
      expect(receivedBy(to)).toHaveLength(2);
      await queueDueReminders(mail, new Date(newStart - 48 * HOUR));
      const [, , reminder] = await waitForReceived(to, 3);
      expect(subjectOf(reminder.raw)).toBe('Reminder 11:00 AM');

      // Canceled: its reminder is dropped.
      const other = newEmail();
      const canceled = (
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: other }, isConfirmationEmail: false }))
      ).json<Booking>();
      expect((await venue.staff.post(`/api/private/booking/${canceled.id}/cancel`)).statusCode).toBe(200);
      await queueDueReminders(mail, new Date(Date.parse(canceled.startsAt) - 47 * HOUR));
      expect(await jobOf(t, automaticMailId(canceled.id, 'reminder', canceled.startsAt))).toBeUndefined();
      expect(receivedBy(other)).toEqual([]);
    });

    it('a temporary refusal (451) is retried with backoff and then delivered; the booking log says sent once', async () => {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked' });
      const to = newEmail();
      refusals.set(to, [{ code: 451, message: 'Try again later' }]);
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      const id = automaticMailId(booked.id, 'confirmation');
      const retrying = await vi.waitFor(async () => {
        const job = await jobOf(t, id);
        expect(job?.state).toBe('retry');
        return job!;
      }, WAIT);
      // Not failed while attempts remain: deferred, and the next attempt waits (30 s or more after this one began).
      const deferred = await outboxRow(t, id);
      expect(deferred).toMatchObject({ status: 'deferred', attempts: 1 });
      expect(deferred.error).toMatch(/451/);
      expect(new Date(retrying.start_after).getTime() - deferred.attemptedAt!.getTime()).toBeGreaterThanOrEqual(30_000);
      expect(receivedBy(to)).toEqual([]);
      // Its time comes.
      await t.database.executeSql('update pgboss.job set start_after = now() where id = $1', [id]);
      await waitForReceived(to);
      const row = await vi.waitFor(async () => {
        const found = await outboxRow(t, id);
        expect(found.status).toBe('sent');
        return found;
      }, WAIT);
      expect(row).toMatchObject({ attempts: 2, error: null });
      const logs = await vi.waitFor(async () => {
        const found = (await logsOf(venue, booked.id)).filter((log) => log.text.startsWith('Confirmation mail'));
        expect(found).toHaveLength(1);
        return found;
      }, WAIT);
      expect(logs[0].text).toBe(`Confirmation mail "Booked" to ${to}: sent`);
    });

    it('a permanent refusal (550) is recorded on the outbox and the booking log, and not retried', async () => {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked' });
      const to = newEmail();
      refusals.set(to, [
        { code: 550, message: 'No such mailbox' },
        { code: 550, message: 'No such mailbox' },
      ]);
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      const id = automaticMailId(booked.id, 'confirmation');
      await vi.waitFor(async () => expect((await jobOf(t, id))?.state).toBe('completed'), WAIT);
      expect(await jobOf(t, id)).toMatchObject({ retry_count: 0 });
      const row = await outboxRow(t, id);
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(row.error).toMatch(/550/);
      const [log] = (await logsOf(venue, booked.id)).filter((entry) => entry.text.startsWith('Confirmation mail'));
      expect(log.type).toBe('warning');
      expect(log.text).toMatch(new RegExp(`^Confirmation mail "Booked" to ${to.replace(/[.]/g, '\\.')}: not delivered: .*550`));
      // A run of its job again sends nothing: the outbox row is the proof.
      await sendQueuedAutomaticMail(bookingMailer(t), { venueId: venue.id, bookingId: booked.id, type: 'confirmation' });
      expect(refusals.get(to)).toHaveLength(1);
      expect(receivedBy(to)).toEqual([]);
    });

    it('sent once across two processes and after a restart; a send cut off by a crash is not sent again', async () => {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'reminder');
      const to = newEmail();
      const booked = (
        await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to }, isConfirmationEmail: false }))
      ).json<Booking>();
      const second = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, widgetDir });
      try {
        const due = new Date(Date.parse(booked.startsAt) - 24 * HOUR);
        // Both processes sweep at once, and both run the mail's job at once.
        await Promise.all([queueDueReminders(bookingMailer(t), due), queueDueReminders(bookingMailer(t, second), due)]);
        const job: BookingMailJob = {
          venueId: venue.id,
          bookingId: booked.id,
          type: 'reminder',
          occasion: booked.startsAt,
          startsAt: booked.startsAt,
        };
        await Promise.all([sendQueuedAutomaticMail(bookingMailer(t), job), sendQueuedAutomaticMail(bookingMailer(t, second), job)]);
        await waitForReceived(to);
      } finally {
        await second.app.close();
      }
      // A process started afterwards runs the job again: nothing more.
      const restarted = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}`, widgetDir });
      try {
        const job: BookingMailJob = {
          venueId: venue.id,
          bookingId: booked.id,
          type: 'reminder',
          occasion: booked.startsAt,
          startsAt: booked.startsAt,
        };
        await sendQueuedAutomaticMail(bookingMailer(t, restarted), job);
        await queueDueReminders(bookingMailer(t, restarted), new Date(Date.parse(booked.startsAt) - 2 * HOUR));

        // A crash mid-send leaves the row sending: a later run records it failed and sends nothing.
        const crashed = (
          await venue.staff.post(
            '/api/private/booking',
            form({ reservationInfo: { ...info, email: newEmail() }, isConfirmationEmail: false }),
          )
        ).json<Booking>();
        const crashedJob: BookingMailJob = {
          venueId: venue.id,
          bookingId: crashed.id,
          type: 'reminder',
          occasion: crashed.startsAt,
          startsAt: crashed.startsAt,
        };
        const crashedId = automaticMailId(crashed.id, 'reminder', crashed.startsAt);
        await t.db.insert(mailOutbox).values({
          id: crashedId,
          venueId: venue.id,
          to: [crashed.reservationInfo.email],
          subject: 'cut off',
          text: 'cut off',
          kind: 'booking-reminder',
          status: 'sending',
          attempts: 1,
          attemptedAt: sql`now() - interval '5 minutes'` as never,
        });
        await sendQueuedAutomaticMail(bookingMailer(t, restarted), crashedJob, { retryCount: 1, isLastAttempt: false });
        expect(await outboxRow(t, crashedId)).toMatchObject({ status: 'failed', attempts: 1 });
        expect((await outboxRow(t, crashedId)).error).toMatch(/stopped while sending/);
        expect(receivedBy(crashed.reservationInfo.email)).toEqual([]);
      } finally {
        await restarted.app.close();
      }
      expect(receivedBy(to)).toHaveLength(1);
      const reminders = await t.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.venueId, venue.id), eq(mailOutbox.kind, 'booking-reminder')));
      expect(reminders.filter((row) => row.to.includes(to))).toHaveLength(1);
    });

    it("an abandoned online booking mails its customer the link back to the booking's page, which opens it", async () => {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'abandoned', { subject: 'Still want to play?', text: 'Book again or pay: {{ manageUrl }}' });
      const to = newEmail();
      const online = (
        await t.request('POST', '/api/public/booking', { body: form({ reservationInfo: { ...info, email: to } }) })
      ).json<Booking>();
      await t.db
        .update(bookings)
        .set({ abandonAt: sql`now() - interval '1 minute'` })
        .where(eq(bookings.id, online.id));
      await t.jobs.send(ABANDON_QUEUE, {});
      const [received] = await waitForReceived(to);
      expect(subjectOf(received.raw)).toBe('Still want to play?');
      const link = /Book again or pay: (\S+)/.exec(textOf(received.raw))?.[1] ?? '';
      expect(link).toBe(`${BASE_URL}/widget/booking/${online.bookingReference}`);
      // The link opens the customer's page, and the page's call answers the booking.
      const withWidget = await t.extraApp({ widgetDir });
      try {
        const page = await injectInto(withWidget.app, 'GET', new URL(link).pathname);
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('widget-root');
      } finally {
        await withWidget.app.close();
      }
      const opened = await t.request('GET', `/api/public/booking/${new URL(link).pathname.split('/').at(-1)}`);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json<Booking>()).toMatchObject({ bookingReference: online.bookingReference, status: 'abandoned' });
      const logs = await vi.waitFor(async () => {
        const found = (await logsOf(venue, online.id)).filter((log) => log.text.startsWith('Abandoned booking mail'));
        expect(found).toHaveLength(1);
        return found;
      }, WAIT);
      expect(logs[0].text).toBe(`Abandoned booking mail "Still want to play?" to ${to}: sent`);
    });

    it('a refund mails a receipt of it where the venue confirms by mail; a paused template sends nothing; the templates show when each type was last sent', async () => {
      const { venue, form } = await setUpBookings(t);
      const other = await setUpBookings(t);
      await addTemplate(t, venue.id, 'reminder', { isPaused: true });
      const never = (await venue.staff.get('/api/private/mailing-templates/last-sent')).json<MailingLastSent>();
      expect(never.items).toEqual(
        ['confirmation', 'reminder', 'cancellation', 'abandoned', 'custom', 'giftCard'].map((event) => ({ event, lastSentAt: null })),
      );

      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked' });
      const to = newEmail();
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      await waitForReceived(to);
      const paid = await venue.staff.post(`/api/private/booking/${booked.id}/checkout`, { amount: booked.total, paymentMethod: 'Cash' });
      expect(paid.statusCode, paid.body).toBe(200);
      const refunded = await venue.owner.post(`/api/private/booking/${booked.id}/refund`, { amount: 1500 });
      expect(refunded.statusCode, refunded.body).toBe(200);
      const [, receipt] = await waitForReceived(to, 2);
      expect(subjectOf(receipt.raw)).toBe(`Refund receipt for booking ${booked.bookingReference}`);
      expect(textOf(receipt.raw)).toContain('refunded $15.00 (Cash) for your booking');
      const refundId = refunded.json<{ refunds: { id: string }[] }>().refunds[0].id;
      await vi.waitFor(
        async () =>
          expect(await outboxRow(t, automaticMailId(booked.id, 'receipt', refundId))).toMatchObject({
            status: 'sent',
            kind: 'booking-receipt',
          }),
        WAIT,
      );
      const receiptLog = await vi.waitFor(async () => {
        const found = (await logsOf(venue, booked.id)).find((log) => log.text.startsWith('Refund receipt mail'));
        expect(found).toBeDefined();
        return found!;
      }, WAIT);
      expect(receiptLog.text).toBe(`Refund receipt mail "${subjectOf(receipt.raw)}" to ${to}: sent`);

      // Paused reminder: its due time passes and nothing goes.
      await queueDueReminders(bookingMailer(t), new Date(Date.parse(booked.startsAt) - 2 * HOUR));
      expect(await jobOf(t, automaticMailId(booked.id, 'reminder', booked.startsAt))).toBeUndefined();
      expect(receivedBy(to)).toHaveLength(2);

      // Last sent: the confirmation's, for this venue only.
      const confirmation = await outboxRow(t, automaticMailId(booked.id, 'confirmation'));
      const after = (await venue.staff.get('/api/private/mailing-templates/last-sent')).json<MailingLastSent>();
      expect(after.items[0]).toEqual({ event: 'confirmation', lastSentAt: confirmation.sentAt!.toISOString() });
      expect(after.items.filter((item) => item.lastSentAt !== null).map((item) => item.event)).toEqual(['confirmation']);
      const elsewhere = (await other.venue.staff.get('/api/private/mailing-templates/last-sent')).json<MailingLastSent>();
      expect(elsewhere.items.every((item) => item.lastSentAt === null)).toBe(true);
      expect((await t.request('GET', '/api/private/mailing-templates/last-sent')).statusCode).toBe(401);
    });

    it("a moved booking's template may say the change itself: then nothing is put before it", async () => {
      const { venue, form, second } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', {
        subject: '{% if change %}Moved{% else %}Booked{% endif %}',
        text: '{% if change %}Was {{ change.from }}, now {{ change.to }}.{% else %}See you.{% endif %}',
      });
      const to = newEmail();
      const booked = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: to } }))).json<Booking>();
      await waitForReceived(to);
      expect((await venue.staff.put(`/api/private/booking/${booked.id}`, { slots: [second.id] })).statusCode).toBe(200);
      const [first, moved] = await waitForReceived(to, 2);
      expect(subjectOf(first.raw)).toBe('Booked');
      expect(subjectOf(moved.raw)).toBe('Moved');
      expect(textOf(moved.raw)).toMatch(/Was \d\d\/\d\d\/\d\d 10:00 AM.+, now \d\d\/\d\d\/\d\d 11:00 AM.+\./);
      expect(textOf(moved.raw)).not.toContain('Your booking was moved');
      // Players changed, the time kept: no change mail is queued (the PUT queues it before answering).
      const players = await venue.staff.put(`/api/private/booking/${booked.id}`, { playersCount: 3 });
      expect(players.statusCode, players.body).toBe(200);
      expect(await jobOf(t, automaticMailId(booked.id, 'confirmation', `change:${players.json<Booking>().updatedAt}`))).toBeUndefined();
    });

    it('a customer moving in the widget gets the new time and a receipt of what the cheaper time gives back; a staff cancel with a refund sends the cancellation and its receipt', async () => {
      const { venue, form, second } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked {{ booking.time }}', text: 'See you.' });
      await addTemplate(t, venue.id, 'cancellation', { subject: 'Canceled', text: 'Bye.' });
      const to = newEmail();
      const online = (
        await t.request('POST', '/api/public/booking', { body: form({ reservationInfo: { ...info, email: to } }) })
      ).json<Booking>();
      await waitForReceived(to);
      const paid = await venue.staff.post(`/api/private/booking/${online.id}/checkout`, { amount: online.total, paymentMethod: 'Cash' });
      expect(paid.statusCode, paid.body).toBe(200);

      // One slot instead of two: half the price, the rest given back.
      const moved = await t.request('POST', `/api/public/booking/${online.bookingReference}/move`, { body: { slots: [second.id] } });
      expect(moved.statusCode, moved.body).toBe(200);
      const afterMove = await waitForReceived(to, 3);
      expect(afterMove.map((message) => subjectOf(message.raw)).sort()).toEqual(
        ['Booked 10:00 AM', 'Changed: Booked 11:00 AM', `Refund receipt for booking ${online.bookingReference}`].sort(),
      );
      const moveReceipt = afterMove.find((message) => subjectOf(message.raw).startsWith('Refund receipt'))!;
      expect(textOf(moveReceipt.raw)).toContain(`refunded $${(online.total / 200).toFixed(2)} (Cash)`);

      const canceled = await venue.owner.post(`/api/private/booking/${online.id}/cancel`, { refundAmount: 1000, reason: 'Closed' });
      expect(canceled.statusCode, canceled.body).toBe(200);
      const all = await waitForReceived(to, 5);
      const subjects = all.slice(3).map((message) => subjectOf(message.raw));
      expect(subjects.sort()).toEqual(['Canceled', `Refund receipt for booking ${online.bookingReference}`].sort());
      const cancelReceipt = all.slice(3).find((message) => subjectOf(message.raw).startsWith('Refund receipt'))!;
      expect(textOf(cancelReceipt.raw)).toContain('refunded $10.00 (Cash)');
    });

    it("a card refund's receipt waits for the provider's answer: none when it fails, sent once it succeeds", async () => {
      const { venue, form } = await setUpBookings(t);
      await enableCardPayments(t, venue.owner);
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked' });
      const to = newEmail();
      const online = (
        await t.request('POST', '/api/public/booking', { body: form({ reservationInfo: { ...info, email: to } }) })
      ).json<Booking>();
      await waitForReceived(to);
      const checkout = await t.request('POST', `/api/public/booking/${online.bookingReference}/checkout`, {
        body: { returnUrl: `${BASE_URL}/widget/booking/${online.bookingReference}` },
      });
      expect(checkout.statusCode, checkout.body).toBe(200);
      expect((await payWithCard(t, checkout.json<{ url: string }>().url, '4242 4242 4242 4242')).statusCode).toBe(303);
      const [card] = await t.db
        .select()
        .from(bookingPayments)
        .where(and(eq(bookingPayments.bookingId, online.id), eq(bookingPayments.kind, 'payment')));
      /** Runs a receipt's job now when it waits for its next attempt, and waits until it is done. */
      const runReceiptJob = async (refundId: string) => {
        const id = automaticMailId(online.id, 'receipt', refundId);
        await vi.waitFor(async () => {
          await t.database.executeSql("update pgboss.job set start_after = now() where id = $1 and state = 'retry'", [id]);
          expect((await jobOf(t, id))?.state).toBe('completed');
        }, WAIT);
        return id;
      };

      // The provider holds nothing more to refund: the card refund fails, and its receipt never goes.
      await t.db.update(sandboxPayments).set({ amountRefunded: online.total }).where(eq(sandboxPayments.id, card.providerPaymentId!));
      const refused = await venue.owner.post(`/api/private/booking/${online.id}/refund`, { amount: 3000 });
      expect(refused.json<{ refunds: { id: string; status: string }[] }>().refunds[0].status).toBe('pending');
      await waitForCardRefunds(t, online.id);
      const refusedId = await runReceiptJob(refused.json<{ refunds: { id: string }[] }>().refunds[0].id);
      expect(await outboxRow(t, refusedId)).toBeUndefined();

      await t.db.update(sandboxPayments).set({ amountRefunded: 0 }).where(eq(sandboxPayments.id, card.providerPaymentId!));
      const refund = await venue.owner.post(`/api/private/booking/${online.id}/refund`, { amount: 2000 });
      expect(refund.statusCode, refund.body).toBe(200);
      await waitForCardRefunds(t, online.id);
      await runReceiptJob(refund.json<{ refunds: { id: string }[] }>().refunds[0].id);
      const [, receipt] = await waitForReceived(to, 2);
      expect(textOf(receipt.raw)).toContain('refunded $20.00 (Card) for your booking');
      expect(textOf(receipt.raw)).not.toContain('on its way');
    });

    it('inside the reminder window (issue 34): a desk booking gets no reminder, an online one gets one once, a move sends the change mail and no second reminder', async () => {
      const { venue, form, second } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'reminder', { subject: 'Reminder {{ booking.time }}' });
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked {{ booking.time }}', text: 'See you at {{ booking.time }}.' });
      // A week's lead: the bookings 5 days ahead are inside the window from the moment they are made.
      expect((await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 168 })).statusCode).toBe(200);
      const mail = bookingMailer(t);

      // The desk: the customer is there or on the phone. Only the confirmation goes.
      const atDesk = newEmail();
      const desk = (await venue.staff.post('/api/private/booking', form({ reservationInfo: { ...info, email: atDesk } }))).json<Booking>();
      await waitForReceived(atDesk);
      await queueDueReminders(mail);
      await queueDueReminders(mail, new Date(Date.now() + 60_000));
      expect(await jobOf(t, automaticMailId(desk.id, 'reminder', desk.startsAt))).toBeUndefined();
      const [passed] = await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, desk.id));
      expect(passed).toMatchObject({ skipped: true, startsAt: new Date(desk.startsAt) });

      // Online: its reminder at the next sweep, once.
      const online = newEmail();
      const booked = (
        await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2, reservationInfo: { ...info, email: online } }) })
      ).json<Booking>();
      await waitForReceived(online);
      await queueDueReminders(mail);
      await queueDueReminders(mail, new Date(Date.now() + 60_000));
      const [, reminder] = await waitForReceived(online, 2);
      expect(subjectOf(reminder.raw)).toBe('Reminder 10:00 AM');

      // Moved by the desk inside the window: the change mail, and no reminder of the new start.
      const moved = await venue.staff.put(`/api/private/booking/${booked.id}`, { slots: [second.id] });
      expect(moved.statusCode, moved.body).toBe(200);
      const [, , change] = await waitForReceived(online, 3);
      expect(subjectOf(change.raw)).toBe('Changed: Booked 11:00 AM');
      await queueDueReminders(mail);
      await queueDueReminders(mail, new Date(Date.now() + 60_000));
      const newStart = moved.json<Booking>().startsAt;
      expect(await jobOf(t, automaticMailId(booked.id, 'reminder', newStart))).toBeUndefined();
      expect(receivedBy(online)).toHaveLength(3);

      // A desk booking made outside the window and moved into it by the customer: the change mail, no reminder.
      expect((await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 24 })).statusCode).toBe(200);
      const later = newEmail();
      const early = (
        await venue.staff.post(
          '/api/private/booking',
          form({ playersCount: 2, slots: [second.id], reservationInfo: { ...info, email: later } }),
        )
      ).json<Booking>();
      await waitForReceived(later);
      expect(await t.db.select().from(bookingReminders).where(eq(bookingReminders.bookingId, early.id))).toEqual([]);
      expect((await venue.owner.patch('/api/private/venues/current', { reminderLeadHours: 168 })).statusCode).toBe(200);
      const first = form().slots[0] as string;
      const movedOnline = await t.request('POST', `/api/public/booking/${early.bookingReference}/move`, { body: { slots: [first] } });
      expect(movedOnline.statusCode, movedOnline.body).toBe(200);
      const [, changed] = await waitForReceived(later, 2);
      expect(subjectOf(changed.raw)).toBe('Changed: Booked 10:00 AM');
      await queueDueReminders(mail);
      expect(await jobOf(t, automaticMailId(early.id, 'reminder', movedOnline.json<Booking>().startsAt))).toBeUndefined();
      expect(receivedBy(later)).toHaveLength(2);
    });

    it('a walk-in without email or phone (issue 34): no mail is queued to nobody, not the confirmation nor the reminder', async () => {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', { subject: 'Booked' });
      await addTemplate(t, venue.id, 'reminder');
      const made = await venue.staff.post(
        '/api/private/booking',
        form({ isWalkIn: true, reservationInfo: { firstName: '', lastName: '', email: '', phone: '' } }),
      );
      expect(made.statusCode, made.body).toBe(201);
      const walkIn = made.json<Booking>();
      expect(walkIn.reservationInfo).toMatchObject({ firstName: 'Walk-in', lastName: '', email: '', phone: '' });
      expect(await outboxRow(t, automaticMailId(walkIn.id, 'confirmation'))).toBeUndefined();
      await queueDueReminders(bookingMailer(t), new Date(Date.parse(walkIn.startsAt) - 24 * HOUR));
      expect(await jobOf(t, automaticMailId(walkIn.id, 'reminder', walkIn.startsAt))).toBeUndefined();
      expect(await outboxRow(t, automaticMailId(walkIn.id, 'reminder', walkIn.startsAt))).toBeUndefined();
    });
  },
  { config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, widgetDir } },
);
