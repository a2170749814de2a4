import { randomUUID } from 'node:crypto';
import { and, desc, eq, ne } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@lanebook/core';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import { mailOutbox, mailingTemplates, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites, withoutRole } from '../../../test/catalog.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import { injectInto, type TestServer } from '../../../test/server.js';
import { automaticMailId, BOOKING_MAIL_QUEUE } from './mail.js';
import { decodeBody, startSmtp } from '../../../test/smtp.js';
import { expectNoFileText, FILE_TAG_TEMPLATES, LONG_OUTPUT, NESTED_LOOP, SLOW_RENDER } from '../../../test/templates.js';

/** The venue's mails in the outbox, newest first: sent or tried (a queued one waits for its job to render it). */
async function mailsOf(t: TestServer, venueId: string) {
  return t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.venueId, venueId), ne(mailOutbox.status, 'queued')))
    .orderBy(desc(mailOutbox.createdAt));
}

/** A template written straight to the table, as one saved before today's checks may be. */
async function addTemplate(
  t: TestServer,
  venueId: string,
  event: 'confirmation' | 'cancellation',
  extra: { isPaused?: boolean; text?: string } = {},
) {
  const id = randomUUID();
  await t.db.insert(mailingTemplates).values({
    venueId,
    id,
    event,
    subject:
      event === 'confirmation' ? 'Booked: {{ booking.registrationCode }} on {{ booking.date }}' : 'Canceled: {{ booking.reference }}',
    text:
      extra.text ??
      'Hi {{ customer.firstName }}, {{ product.name }} for {{ booking.playersCount }} at {{ booking.time }}. Total {{ booking.total | money }}.',
    to: [],
    cc: [],
    bcc: ['desk@venue.test'],
    replyTo: [],
    isPaused: extra.isPaused ?? false,
  });
  return id;
}

/** The venue's automatic mail jobs (queued, running or done). */
async function queuedMails(t: TestServer, venueId: string) {
  const { rows } = await t.database.executeSql("select id, state from pgboss.job where name = $1 and data->>'venueId' = $2", [
    BOOKING_MAIL_QUEUE,
    venueId,
  ]);
  return rows as { id: string; state: string }[];
}

describeEachDatabase('booking mail', (t) => {
  it('the confirmation is sent by a job after the commit, once: a second run of the job sends nothing more', async () => {
    const { venue, form } = await setUpBookings(t);
    await addTemplate(t, venue.id, 'confirmation');
    const booked = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    const [job] = await queuedMails(t, venue.id);
    expect(job.id).toBe(automaticMailId(booked.id, 'confirmation'));
    const [mail] = await vi.waitFor(async () => {
      const sent = await mailsOf(t, venue.id);
      expect(sent).toHaveLength(1);
      return sent;
    });
    // The outbox row carries the job's id, so a run after a crash finds it and sends nothing.
    expect(mail.id).toBe(job.id);
    const again = await t.jobs.send(BOOKING_MAIL_QUEUE, { venueId: venue.id, bookingId: booked.id, type: 'confirmation' });
    await vi.waitFor(async () => expect((await queuedMails(t, venue.id)).find((queued) => queued.id === again)?.state).toBe('completed'));
    expect(await mailsOf(t, venue.id)).toHaveLength(1);
  });

  it('a confirmation goes out on create with the active template, none when the mail is off or every template paused', async () => {
    const { venue, form } = await setUpBookings(t);
    await addTemplate(t, venue.id, 'confirmation', { isPaused: true });
    await venue.staff.post('/api/private/booking', form({ playersCount: 2 }));
    expect(await mailsOf(t, venue.id)).toEqual([]);

    await addTemplate(t, venue.id, 'confirmation');
    const quiet = await venue.staff.post('/api/private/booking', form({ playersCount: 2, isConfirmationEmail: false }));
    expect(quiet.statusCode, quiet.body).toBe(201);
    expect(await mailsOf(t, venue.id)).toEqual([]);

    const booked = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    // Sent by the mail job after the booking's commit.
    const [mail] = await vi.waitFor(async () => {
      const sent = await mailsOf(t, venue.id);
      expect(sent).toHaveLength(1);
      return sent;
    });
    // The bookings before it queued nothing: no template was active, or the mail was off.
    expect(await queuedMails(t, venue.id)).toHaveLength(1);
    expect(mail).toMatchObject({ to: ['Ada@Example.test'], kind: 'booking-confirmation' });
    expect(mail.subject).toBe(`Booked: ${booked.registrationCode} on ${mail.subject.split(' on ')[1]}`);
    expect(mail.subject).toMatch(/on \d\d\/\d\d\/\d\d$/);
    expect(mail.text).toBe('Hi Ada, Axe throwing for 2 at 10:00 AM. Total $40.00.');
  });

  it('staff and customer cancellations send the cancellation mail', async () => {
    const { venue, form } = await setUpBookings(t, { daysAhead: 5 });
    await addTemplate(t, venue.id, 'cancellation');
    const byStaff = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    expect((await venue.staff.post(`/api/private/booking/${byStaff.id}/cancel`)).statusCode).toBe(200);
    const online = (await t.request('POST', '/api/public/booking', { body: form({ playersCount: 2 }) })).json<Booking>();
    const canceled = await t.request('POST', `/api/public/booking/${online.bookingReference}/cancel`);
    expect(canceled.statusCode, canceled.body).toBe(200);
    const mails = await vi.waitFor(async () => {
      const sent = await mailsOf(t, venue.id);
      expect(sent).toHaveLength(2);
      return sent;
    });
    expect(mails.map((m) => m.subject).sort()).toEqual(
      [`Canceled: ${byStaff.bookingReference}`, `Canceled: ${online.bookingReference}`].sort(),
    );
    expect(mails.every((m) => m.kind === 'booking-cancellation')).toBe(true);
  });

  it('send email: a custom message, rendered and logged; what the customer typed is defanged and escaped in HTML', async () => {
    const { venue, form } = await setUpBookings(t);
    const hostile = { ...info, firstName: '<script>alert(1)</script>', lastName: 'evil.example.com' };
    const booking = (
      await venue.staff.post('/api/private/booking', form({ reservationInfo: hostile, isConfirmationEmail: false }))
    ).json<Booking>();
    const url = `/api/private/booking/${booking.id}/sendEmail`;
    const sent = await venue.staff.post(url, {
      email: 'guest@example.test',
      type: 'custom',
      subject: 'For {{ customer.lastName }}',
      message: 'Dear {{ customer.firstName }} {{ customer.lastName }}, see you at {{ venue.name }}.',
    });
    expect(sent.statusCode, sent.body).toBe(204);
    const [mail] = await mailsOf(t, venue.id);
    expect(mail.to).toEqual(['guest@example.test']);
    expect(mail.subject).toBe('For evil[.]example[.]com');
    expect(mail.text).toContain('Dear <script>alert(1)</script> evil[.]example[.]com');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).not.toContain('<script>');
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.logs[0]).toMatchObject({
      type: 'custom',
      text: 'Mail "For evil[.]example[.]com" to guest@example.test: kept in the outbox (no mail server)',
    });
  });

  it('send email: every bad field is a 400 naming it; paused or foreign templates, other venues and missing permission send nothing', async () => {
    const { venue, form } = await setUpBookings(t);
    const other = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const paused = await addTemplate(t, venue.id, 'confirmation', { isPaused: true });
    const foreign = await addTemplate(t, other.venue.id, 'confirmation');
    const url = `/api/private/booking/${booking.id}/sendEmail`;
    const good = { email: 'guest@example.test', type: 'custom', subject: 'Hello', message: 'See you' };
    await expectNoWrites(t, async () => {
      expectFieldError(await venue.staff.post(url, { ...good, email: 'nope' }), 'email');
      expectFieldError(await venue.staff.post(url, { ...good, type: 'spam' }), 'type');
      expectFieldError(await venue.staff.post(url, { ...good, subject: undefined }), 'subject');
      expectFieldError(await venue.staff.post(url, { ...good, message: ' ' }), 'message');
      expectFieldError(await venue.staff.post(url, { ...good, message: '{{ unclosed' }), 'message');
      expectFieldError(await venue.staff.post(url, { ...good, extra: 1 }), 'extra');
      expectFieldError(await venue.staff.post(url, { ...good, templateId: paused }), 'templateId');
      expectFieldError(await venue.staff.post(url, { ...good, templateId: foreign }), 'templateId');
      expect((await other.venue.owner.post(url, good)).statusCode).toBe(404);
    });
    await t.db
      .update(venues)
      .set({ permissions: withoutRole(DEFAULT_PERMISSIONS, 'staff', 'bookings', ['sendEmail']) })
      .where(eq(venues.id, venue.id));
    await expectNoWrites(t, async () => {
      expect((await venue.staff.post(url, good)).statusCode).toBe(403);
    });
  });

  it('send email: include, render and layout of any path in the subject or message are a 400 naming the field and the tag; nothing is read or sent', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const url = `/api/private/booking/${booking.id}/sendEmail`;
    const good = { email: 'guest@example.test', type: 'custom', subject: 'Hello', message: 'See you' };
    await expectNoWrites(t, async () => {
      for (const { tag, template } of FILE_TAG_TEMPLATES) {
        for (const field of ['subject', 'message']) {
          const refused = await venue.staff.post(url, { ...good, [field]: template });
          expectFieldError(refused, field, `Template error: the ${tag} tag is not allowed`);
          expectNoFileText(refused.body);
        }
      }
    });
    expect(await mailsOf(t, venue.id)).toEqual([]);
  });

  it('send email: the 80-byte nested loop is refused quickly while /api/health keeps answering; a too long or too slow render is refused', async () => {
    const { venue, form } = await setUpBookings(t);
    const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
    const url = `/api/private/booking/${booking.id}/sendEmail`;
    const good = { email: 'guest@example.test', type: 'custom', subject: 'Hello', message: 'See you' };
    await expectNoWrites(t, async () => {
      for (const field of ['subject', 'message']) {
        // Health is asked again and again for as long as the send runs: none of its answers may wait behind the render.
        let sending = true;
        const healthTimes: number[] = [];
        const healthMeanwhile = (async () => {
          while (sending) {
            const asked = performance.now();
            expect((await t.request('GET', '/api/health')).statusCode).toBe(200);
            healthTimes.push(performance.now() - asked);
            // A health answer may need no I/O: let the send's queries run between two asks.
            await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
        const started = performance.now();
        const refused = await venue.staff.post(url, { ...good, [field]: NESTED_LOOP }).finally(() => (sending = false));
        const took = performance.now() - started;
        await healthMeanwhile;
        expectFieldError(refused, field, 'too much work');
        expect(took).toBeLessThan(2_000);
        expect(healthTimes.length).toBeGreaterThan(0);
        expect(Math.max(...healthTimes)).toBeLessThan(2_000);

        expectFieldError(await venue.staff.post(url, { ...good, [field]: LONG_OUTPUT }), field, 'longer than');
      }
      expectFieldError(await venue.staff.post(url, { ...good, message: SLOW_RENDER }), 'message', 'template render limit');
    });
    expect(await mailsOf(t, venue.id)).toEqual([]);
    // Within the limits, loops and filters still render.
    const sent = await venue.staff.post(url, {
      ...good,
      message: '{% for i in (1..booking.playersCount) %}{{ i }}{% endfor %} {{ booking.total | money }}',
    });
    expect(sent.statusCode, sent.body).toBe(204);
    expect((await mailsOf(t, venue.id))[0].text).toMatch(/^1234 \$\d+\.00$/);
  });

  it('an automatic mail whose stored template reads a file or passes a limit is not sent; the booking is made all the same', async () => {
    const files = ["{% include 'package.json' %}", "{% render '/etc/passwd' %}", "{% layout '../package.json' %}"];
    for (const text of [...files, NESTED_LOOP, LONG_OUTPUT]) {
      const { venue, form } = await setUpBookings(t);
      await addTemplate(t, venue.id, 'confirmation', { text });
      const started = performance.now();
      const created = await venue.staff.post('/api/private/booking', form({ playersCount: 2 }));
      expect(created.statusCode, created.body).toBe(201);
      expect(performance.now() - started, text).toBeLessThan(5_000);
      // Written with the booking, then dropped by its job: nothing sent, nothing left queued.
      await vi.waitFor(async () => expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.venueId, venue.id)), text).toEqual([]), {
        timeout: 10_000,
      });
    }
  });

  it('a booking mail goes out through a real SMTP conversation, with the template bcc', async () => {
    const smtp = await startSmtp();
    const { app } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const { venue, form } = await setUpBookings(t);
      const templateId = await addTemplate(t, venue.id, 'confirmation');
      const booking = (await venue.staff.post('/api/private/booking', form({ isConfirmationEmail: false }))).json<Booking>();
      const sent = await injectInto(app, 'POST', `/api/private/booking/${booking.id}/sendEmail`, {
        token: venue.staff.token,
        venue: venue.id,
        body: { email: 'guest@example.test', type: 'confirmation', templateId },
      });
      expect(sent.statusCode, sent.body).toBe(204);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0].to.sort()).toEqual(['desk@venue.test', 'guest@example.test']);
      expect(decodeBody(smtp.received[0].raw)).toContain('Hi Ada, Axe throwing for 4');
      const [mail] = await mailsOf(t, venue.id);
      expect(mail.status).toBe('sent');
      const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
      expect(detail.logs[0]).toMatchObject({ type: 'custom', text: `Mail "${mail.subject}" to guest@example.test: sent` });
    } finally {
      await app.close();
      await smtp.close();
    }
  });
});
