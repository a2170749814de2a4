import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { addDays, DEFAULT_PERMISSIONS, MAIL_PLACEHOLDERS, widgetTemplateDefaults } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import { mailOutbox, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';
import { create, expectFieldError, expectNoWrites, withoutRole, type Row } from '../../../test/catalog.js';
import { BASE_URL, injectInto } from '../../../test/server.js';
import { decodeBody, startSmtp } from '../../../test/smtp.js';
import { expectNoFileText, FILE_TAG_TEMPLATES, LONG_OUTPUT, NESTED_LOOP, SLOW_RENDER } from '../../../test/templates.js';

const PREVIEW = '/api/private/mailing-template/preview';
const TEST = '/api/private/mailing-template/test';

interface Preview {
  subject: string;
  text: string;
  html: string;
  sample: { kind: 'booking' | 'example'; reference: string | null };
}

/** Every placeholder on a line of its own, as `name=value`. */
const EVERY_PLACEHOLDER = MAIL_PLACEHOLDERS.map((p) => `${p.name}={{ ${p.name} }}`).join('\n');
const valuesOf = (text: string) => new Map(text.split('\n').map((line) => line.split('=', 2) as [string, string]));

/** A string doubled thirty times by `append`: a billion characters unless a limit stops it. */
const APPEND_DOUBLING = "{% assign s = 'xx' %}{% for i in (1..30) %}{% assign s = s | append: s %}{% endfor %}{{ s | size }}";

describeEachDatabase('mailing templates: preview and "Send me a test"', (t) => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  /** A bookings venue in its own formats (ISO dates, 24-hour clock, euros before the amount) with one booking and a purple widget. */
  async function venueWithBooking() {
    const setup = await setUpBookings(t);
    await t.db
      .update(venues)
      .set({
        name: 'Axe & Co',
        dateFormat: 'YYYY-MM-DD',
        timeFormat: 24,
        moneyFormat: '€{{amount}}',
        phone: '+12125550100',
        email: 'desk@axe.example.test',
        address: '1 Main St, New York',
      })
      .where(eq(venues.id, setup.venue.id));
    await create(setup.venue.owner, 'widget-templates', {
      ...widgetTemplateDefaults,
      name: 'Main',
      isDefault: true,
      view: { ...widgetTemplateDefaults.view, colors: { primary: '#4f49bb', secondary: '#262626' } },
    });
    const response = await setup.venue.staff.post(
      '/api/private/booking',
      setup.form({ playersCount: 4, isConfirmationEmail: false, reservationInfo: { ...setup.form().reservationInfo, note: 'Cake at 11' } }),
    );
    expect(response.statusCode, response.body).toBe(201);
    return { ...setup, booking: response.json<Booking>() };
  }

  it('the preview renders every variable of the latest booking in the venue zone and formats, HTML in its color, and writes nothing', async () => {
    const { venue, booking, date } = await venueWithBooking();
    const answer = await expectNoWrites(t, () =>
      venue.manager.post(PREVIEW, { subject: 'Booked {{ booking.reference }} for {{ booking.date }}', text: EVERY_PLACEHOLDER }),
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json<Preview>();
    expect(preview.sample).toEqual({ kind: 'booking', reference: booking.bookingReference });
    expect(preview.subject).toBe(`Booked ${booking.bookingReference} for ${date}`);
    const manageUrl = `${BASE_URL}/widget/booking/${booking.bookingReference}`;
    expect(Object.fromEntries(valuesOf(preview.text))).toEqual({
      'customer.firstName': 'Ada',
      'customer.lastName': 'Lovelace',
      'customer.fullName': 'Ada Lovelace',
      'customer.email': 'Ada@Example[.]test',
      'customer.phone': '(555) 123-4567',
      'booking.registrationCode': booking.registrationCode,
      'booking.reference': booking.bookingReference,
      'booking.date': date,
      // Five days ahead: neither today nor tomorrow, and cancellable online until the day before.
      'booking.when': date,
      'booking.cancellation': `You can cancel your booking online up to 24 hours before it starts: until ${addDays(date, -1)} at 10:00.`,
      'booking.time': '10:00',
      'booking.endTime': '12:00',
      'booking.playersCount': '4',
      'booking.lanes': booking.resourceIds.join(', '),
      'booking.total | money': '€80.00',
      'booking.paid | money': '€0.00',
      'booking.due | money': '€80.00',
      'booking.refunded | money': '€0.00',
      'booking.note': 'Cake at 11',
      'product.name': 'Axe throwing',
      'venue.name': 'Axe & Co',
      'venue.address': '1 Main St, New York',
      'venue.phone': '(212) 555-0100',
      'venue.email': 'desk@axe.example.test',
      signingLink: `${BASE_URL}/widget/sign/${booking.signingToken}`,
      waiverUrl: `${BASE_URL}/widget/sign/${booking.signingToken}`,
      manageUrl,
    });
    expect(preview.html).toContain('max-width:600px');
    expect(preview.html).toContain('border-top:4px solid #4f49bb');
    expect(preview.html).toContain('Axe &amp; Co');
    expect(preview.html).toContain(`<a href="${manageUrl}"`);
  });

  it('a venue with no booking yet previews a made-up one, tomorrow at 18:00 in its formats, with its product', async () => {
    const { venue } = await setUpBookings(t);
    await t.db.update(venues).set({ timeFormat: 24, moneyFormat: '{{amount}} kr' }).where(eq(venues.id, venue.id));
    const answer = await venue.owner.post(PREVIEW, {
      subject: 'Hi {{ customer.firstName }}',
      text: '{{ booking.time }} {{ booking.total | money }} {{ product.name }}',
    });
    expect(answer.statusCode, answer.body).toBe(200);
    const preview = answer.json<Preview>();
    expect(preview).toMatchObject({
      subject: 'Hi Alex',
      text: '18:00 80.00 kr Axe throwing',
      sample: { kind: 'example', reference: null },
    });
    expect(preview.html).toContain('border-top:4px solid #286eed');
  });

  it('templateId: a part left out is the saved template; another venue template or an unknown id is a 404, and nothing is sent', async () => {
    const { venue } = await venueWithBooking();
    const other = await t.addVenue();
    const saved = await create(venue.owner, 'mailing-templates', {
      event: 'reminder',
      subject: 'Tomorrow: {{ product.name }}',
      text: 'Saved text for {{ customer.firstName }}',
    });
    const foreign = await create(other.owner, 'mailing-templates', { event: 'reminder', subject: 'Theirs', text: 'Theirs' });
    const bySaved = (await venue.owner.post(PREVIEW, { templateId: saved.id, text: 'Typed for {{ customer.lastName }}' })).json<Preview>();
    expect(bySaved).toMatchObject({ subject: 'Tomorrow: Axe throwing', text: 'Typed for Lovelace' });
    await expectNoWrites(t, async () => {
      for (const url of [PREVIEW, TEST]) {
        for (const templateId of [foreign.id, 'no-such-template']) {
          const refused = await venue.owner.post(url, { templateId, subject: 'x', text: 'y' });
          expect(refused.statusCode, refused.body).toBe(404);
          expect(refused.json<Row>()).toMatchObject({ code: 'not_found', message: 'Mailing template not found.' });
        }
        // The other venue sees its own template, not this one's.
        expect((await other.owner.post(url, { templateId: saved.id })).statusCode).toBe(404);
      }
    });
  });

  it('hostile templates (file tags, nested loops, huge output, append doubling, slow renders) are a 400 naming the field; no file is read, nothing is sent', async () => {
    const { venue } = await setUpBookings(t);
    // Test sends are limited to 5 a minute per user: owners enough for every refusal below.
    const owners = [venue.owner];
    for (let i = 0; i < 9; i += 1) owners.push(await t.newCaller({ memberships: [[venue.id, 'owner']], venue: venue.id }));
    let sent = 0;
    const post = (url: string, body: Row) => owners[Math.floor(sent++ / 5) % owners.length].post(url, body);
    await expectNoWrites(t, async () => {
      for (const url of [PREVIEW, TEST]) {
        for (const { tag, template } of FILE_TAG_TEMPLATES) {
          for (const field of ['subject', 'text'] as const) {
            const refused = await post(url, { subject: 'Hi', text: 'Hi', [field]: template });
            expectFieldError(refused, field, `Template error: the ${tag} tag is not allowed`);
            expectNoFileText(refused.body);
          }
        }
        for (const field of ['subject', 'text'] as const) {
          const both = { subject: 'Hi', text: 'Hi' };
          expectFieldError(await post(url, { ...both, [field]: NESTED_LOOP }), field, 'too much work');
          expectFieldError(await post(url, { ...both, [field]: LONG_OUTPUT }), field, 'longer than');
          expectFieldError(await post(url, { ...both, [field]: APPEND_DOUBLING }), field, 'too much work');
        }
        expectFieldError(await post(url, { subject: 'Hi', text: SLOW_RENDER }), 'text', 'template render limit');
        // Both parts wrong: both named.
        const twice = expectFieldError(await post(url, { subject: '{{ a ', text: '{% if %}' }), 'subject');
        expect(twice.details.fields.map((f) => f.path)).toEqual(['subject', 'text']);
      }
    });
  });

  it('bad bodies are a 400 naming the field, and write nothing', async () => {
    const { venue } = await setUpBookings(t);
    await expectNoWrites(t, async () => {
      for (const url of [PREVIEW, TEST]) {
        expectFieldError(await venue.owner.post(url, { text: 'Hi' }), 'subject', 'Write a subject');
        expectFieldError(await venue.owner.post(url, { subject: 'Hi' }), 'text', 'Write the text');
        expectFieldError(await venue.owner.post(url, { subject: 42, text: 'Hi' }), 'subject');
        expectFieldError(await venue.owner.post(url, { subject: 'Hi', text: ['Hi'] }), 'text');
        expectFieldError(await venue.owner.post(url, { subject: 'x'.repeat(201), text: 'Hi' }), 'subject', 'at most 200');
        expectFieldError(await venue.owner.post(url, { subject: 'Hi', text: 'x'.repeat(100_001) }), 'text', 'at most 100000');
        expectFieldError(await venue.owner.post(url, { subject: 'Hi', text: 'Hi', templateId: '' }), 'templateId');
        expectFieldError(await venue.owner.post(url, { subject: 'Hi', text: 'Hi', to: 'someone@evil.test' }), 'to', 'Unrecognized key');
      }
    });
  });

  it('only who may edit mailing templates previews and sends tests: staff by default, a manager the venue took it from, get 403', async () => {
    const { venue } = await setUpBookings(t);
    const body = { subject: 'Hi', text: 'Hi' };
    expect((await venue.manager.post(PREVIEW, body)).statusCode).toBe(200);
    await t.db
      .update(venues)
      .set({ permissions: withoutRole(DEFAULT_PERMISSIONS, 'manager', 'mailingTemplates', ['edit']) })
      .where(eq(venues.id, venue.id));
    await expectNoWrites(t, async () => {
      for (const url of [PREVIEW, TEST]) {
        expect((await venue.staff.post(url, body)).statusCode).toBe(403);
        expect((await venue.manager.post(url, body)).statusCode).toBe(403);
        expect((await t.request('POST', url, { venue: venue.id, body })).statusCode).toBe(401);
      }
    });
    expect((await venue.owner.post(PREVIEW, body)).statusCode).toBe(200);
  });

  it("a test send goes over real SMTP to the signed-in user's own address only, never to one in the body, the values or the template", async () => {
    const { venue } = await venueWithBooking();
    const saved = await create(venue.owner, 'mailing-templates', {
      event: 'confirmation',
      subject: 'Saved',
      text: 'Saved',
      to: ['extra@venue.test'],
      cc: ['cc@venue.test'],
      bcc: ['bcc@venue.test'],
      replyTo: ['reply@venue.test'],
    });
    const { app } = await t.extraApp({ smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
    try {
      const sent = await injectInto(app, 'POST', TEST, {
        token: venue.manager.token,
        venue: venue.id,
        body: {
          templateId: saved.id,
          subject: 'See you {{ customer.firstName }}',
          text: 'To: attacker@evil.test\nBcc: {{ customer.email }}\nPaid {{ booking.paid | money }}\n\n{{ manageUrl }}',
        },
      });
      expect(sent.statusCode, sent.body).toBe(200);
      expect(sent.json()).toEqual({ to: venue.manager.email, subject: '[Test] See you Ada', status: 'sent' });
      const message = await vi.waitFor(
        () => {
          const found = smtp.received.find((m) => m.raw.includes('[Test] See you Ada') && m.to.includes(venue.manager.email));
          if (!found) throw new Error('not received yet');
          return found;
        },
        { timeout: 10_000, interval: 25 },
      );
      expect(message.to).toEqual([venue.manager.email]);
      const headers = message.raw.slice(0, message.raw.indexOf('\r\n\r\n'));
      expect(headers).toMatch(new RegExp(`^To: ${venue.manager.email.replace(/[.+]/g, '\\$&')}\r$`, 'm'));
      expect(headers).not.toMatch(/^(Cc|Bcc|Reply-To):/im);
      expect(message.raw).toMatch(/^Content-Type: multipart\/alternative/m);
      // decodeBody undoes quoted-printable byte by byte: read those bytes as UTF-8.
      const body = Buffer.from(decodeBody(message.raw), 'latin1').toString('utf8');
      expect(body).toContain('Content-Type: text/plain');
      expect(body).toContain('Paid €0.00');
      expect(body).toContain('Content-Type: text/html');
      expect(body).toContain('max-width:600px');
      expect(smtp.received.some((m) => m.to.some((to) => /evil|venue\.test|example/.test(to) && to !== venue.manager.email))).toBe(false);
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.venueId, venue.id));
      expect(row).toMatchObject({
        to: [venue.manager.email],
        kind: 'mailing-template-test',
        status: 'sent',
        subject: '[Test] See you Ada',
      });
    } finally {
      await app.close();
    }
  });

  it('without SMTP the test is kept in the outbox and the answer says so; past 5 a minute a user gets 429', async () => {
    const { venue } = await setUpBookings(t);
    const body = { subject: 'Hello {{ customer.firstName }}', text: 'Hi' };
    for (let i = 0; i < 5; i += 1) {
      const answer = await venue.owner.post(TEST, body);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({ to: venue.owner.email, subject: '[Test] Hello Alex', status: 'stored' });
    }
    const kept = await t.db.select().from(mailOutbox).where(eq(mailOutbox.venueId, venue.id));
    expect(kept.map((m) => [m.to, m.kind, m.status])).toEqual(Array(5).fill([[venue.owner.email], 'mailing-template-test', 'stored']));
    await expectNoWrites(t, async () => {
      const limited = await venue.owner.post(TEST, body);
      expect(limited.statusCode).toBe(429);
    });
    // Another user of the venue has a limit of their own.
    expect((await venue.manager.post(TEST, body)).statusCode).toBe(200);
  });
});
