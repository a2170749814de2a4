import { describe, expect, it } from 'vitest';
import { MAIL_PLACEHOLDERS } from '@lanebook/core';
import { bookingMailVariables, MailRenderError, renderMail, sampleBooking, type MailBooking, type MailVenue } from './mail-variables.js';

const BASE_URL = 'https://book.example.test';

/** A venue in Berlin with its own formats: 24-hour clock, day first, euros after the amount. */
const berlin: MailVenue = {
  id: 'v-berlin',
  name: 'Axt & Bier',
  phone: '+493012345678',
  email: 'hallo@axt.example.test',
  address: 'Torstraße 1, Berlin',
  country: 'DE',
  timezone: 'Europe/Berlin',
  dateFormat: 'DD.MM.YYYY',
  timeFormat: 24,
  moneyFormat: '{{amount}} €',
};

/** A US venue with the defaults: 12-hour clock, month first, dollars. */
const newYork: MailVenue = {
  ...berlin,
  id: 'v-ny',
  name: 'Axe House',
  phone: '+12125550100',
  country: 'US',
  timezone: 'America/New_York',
  dateFormat: 'MM/DD/YY',
  timeFormat: 12,
  moneyFormat: '${{amount}}',
};

/** Starts at 16:00 UTC on the day Berlin moves its clocks forward: 18:00 there (CEST), 12:00 PM in New York (EDT). */
const booking: MailBooking = {
  status: 'paid',
  reservationInfo: {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.test',
    phone: '+4915112345678',
    note: 'Birthday, see evil.example.com',
  },
  startsAt: '2026-03-29T16:00:00.000Z',
  endsAt: '2026-03-29T18:30:00.000Z',
  registrationCode: 'AXE-0042',
  bookingReference: 'K7QW2M9XPL',
  signingToken: '3f9c2a7be81d4c6f90a1b2c3d4e5f607',
  playersCount: 6,
  resourceIds: ['L1', 'L3'],
  total: 123450,
  netPaid: 23450,
  refunded: 1000,
  due: 100000,
};

/** What each placeholder renders as for `booking` at the Berlin venue. A new placeholder must be added here. */
const EXPECTED_IN_BERLIN: Record<(typeof MAIL_PLACEHOLDERS)[number]['name'], string> = {
  'customer.firstName': 'Ada',
  'customer.lastName': 'Lovelace',
  'customer.fullName': 'Ada Lovelace',
  'customer.email': 'ada@example[.]test',
  'customer.phone': '01511 2345678',
  'booking.registrationCode': 'AXE-0042',
  'booking.reference': 'K7QW2M9XPL',
  'booking.date': '29.03.2026',
  'booking.when': '29.03.2026',
  'booking.time': '18:00',
  'booking.endTime': '20:30',
  'booking.playersCount': '6',
  'booking.lanes': 'L1, L3',
  'booking.total | money': '1,234.50 €',
  'booking.paid | money': '234.50 €',
  'booking.due | money': '1,000.00 €',
  'booking.refunded | money': '10.00 €',
  'booking.note': 'Birthday, see evil[.]example[.]com',
  // The booking is long past: its online cancellation closed.
  'booking.cancellation':
    'Online cancellation closes 24 hours before the start, so this booking can no longer be canceled online: contact the venue to change it.',
  'product.name': 'Axe throwing',
  'venue.name': 'Axt & Bier',
  'venue.address': 'Torstraße 1, Berlin',
  'venue.phone': '030 12345678',
  'venue.email': 'hallo@axt.example.test',
  signingLink: 'https://book.example.test/widget/sign/3f9c2a7be81d4c6f90a1b2c3d4e5f607',
  waiverUrl: 'https://book.example.test/widget/sign/3f9c2a7be81d4c6f90a1b2c3d4e5f607',
  manageUrl: 'https://book.example.test/widget/booking/K7QW2M9XPL',
};

const render = (text: string, venue = berlin, subject = 'Hi', mail: MailBooking = booking) =>
  renderMail({ subject, text }, bookingMailVariables(mail, venue, { name: 'Axe throwing' }, BASE_URL), venue, '#ed6a3f');

describe('booking mail variables', () => {
  it('every placeholder renders the booking in the venue zone and formats (24-hour, day first, euros, national phones)', async () => {
    expect(Object.keys(EXPECTED_IN_BERLIN).sort()).toEqual(MAIL_PLACEHOLDERS.map((p) => p.name).sort());
    for (const { name } of MAIL_PLACEHOLDERS) {
      const { text } = await render(`[{{ ${name} }}]`);
      expect(text, name).toBe(`[${EXPECTED_IN_BERLIN[name]}]`);
    }
  });

  it('booking.when is "today" or "tomorrow" by the venue calendar at the time of the mail, else the date', async () => {
    // 16:00 UTC on 29 March is 18:00 in Berlin; at 23:30 Berlin time on the 28th (22:30 UTC, before the clock change) it is tomorrow.
    const whenAt = (now: string, venue = berlin) =>
      bookingMailVariables(booking, venue, { name: 'Axe throwing' }, BASE_URL, new Date(now)).booking.when;
    expect(whenAt('2026-03-28T22:30:00Z')).toBe('tomorrow');
    expect(whenAt('2026-03-29T00:30:00Z')).toBe('today');
    expect(whenAt('2026-03-27T12:00:00Z')).toBe('29.03.2026');
    // The same instant in New York (UTC-4) is still the 28th: the booking is tomorrow there, today in Berlin.
    expect(whenAt('2026-03-29T00:30:00Z', newYork)).toBe('tomorrow');
  });

  it('booking.cancellation is true for the booking: until when it can be canceled online, or that it no longer can', () => {
    const cancellationAt = (
      now: string,
      product: { cancellationPeriodAmount?: number; cancellationPeriodUnit?: 'hours' | 'days' } = {},
      venue = newYork,
      status: MailBooking['status'] = 'paid',
    ) =>
      bookingMailVariables({ ...booking, status }, venue, { name: 'Axe throwing', ...product }, BASE_URL, new Date(now)).booking
        .cancellation;
    // The booking starts at 12:00 PM New York time on 03/29/26.
    expect(cancellationAt('2026-03-25T12:00:00Z')).toBe(
      'You can cancel your booking online up to 24 hours before it starts: until 03/28/26 at 12:00 PM.',
    );
    expect(cancellationAt('2026-03-28T06:00:00Z')).toBe(
      'You can cancel your booking online up to 24 hours before it starts: until today at 12:00 PM.',
    );
    // Made 10 hours before the start: not "up to 24 hours in advance".
    expect(cancellationAt('2026-03-29T06:00:00Z')).toBe(
      'Online cancellation closes 24 hours before the start, so this booking can no longer be canceled online: contact the venue to change it.',
    );
    expect(cancellationAt('2026-03-25T12:00:00Z', { cancellationPeriodAmount: 2, cancellationPeriodUnit: 'days' }, berlin)).toBe(
      'You can cancel your booking online up to 2 days before it starts: until 27.03.2026 at 17:00.',
    );
    expect(cancellationAt('2026-03-29T10:00:00Z', { cancellationPeriodAmount: 1, cancellationPeriodUnit: 'hours' })).toBe(
      'You can cancel your booking online up to 1 hour before it starts: until today at 11:00 AM.',
    );
    expect(cancellationAt('2026-03-25T12:00:00Z', {}, newYork, 'canceled')).toBe('');
  });

  it('the same booking in a US venue: its zone, 12-hour clock, month first, dollars, a foreign phone in international form', async () => {
    const { text } = await render(
      '{{ booking.date }} {{ booking.time }}-{{ booking.endTime }} {{ booking.total | money }} {{ booking.due | money }} {{ customer.phone }} {{ venue.phone }}',
      newYork,
    );
    expect(text).toBe('03/29/26 12:00 PM-2:30 PM $1,234.50 $1,000.00 +49 1511 2345678 (212) 555-0100');
  });

  it('a booking with no reference or code yet renders them empty, and no links', async () => {
    const { text, html } = await render('[{{ booking.reference }}][{{ booking.registrationCode }}][{{ manageUrl }}]', berlin, 'Hi', {
      ...booking,
      bookingReference: null,
      registrationCode: null,
    });
    expect(text).toBe('[][][]');
    expect(html).not.toContain('<a ');
  });

  it('the subject is one line; the text part is the rendered text as written', async () => {
    const mail = await render(
      'Hello {{ customer.firstName }},\n\nSee you at {{ booking.time }}.\n',
      berlin,
      'Booked\n  {{ booking.date }}\t!',
    );
    expect(mail.subject).toBe('Booked 29.03.2026 !');
    expect(mail.text).toBe('Hello Ada,\n\nSee you at 18:00.\n');
  });

  it('the HTML part: one column at most 600 px wide, the venue name and links in its primary color, paragraphs and line breaks from the text', async () => {
    const { html } = await render('Hello {{ customer.firstName }},\nsee you soon.\n\nYour booking: {{ manageUrl }}\n\n{{ signingLink }}\n');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain('max-width:600px');
    expect(html).toContain('border-top:4px solid #ed6a3f');
    expect(html).toContain('color:#ed6a3f">Axt &amp; Bier</td>');
    expect(html).toContain('<p style="margin:0 0 16px">Hello Ada,<br>see you soon.</p>');
    // A link inside a sentence is an anchor; a paragraph that is only the waiver link is a button.
    expect(html).toContain(
      'Your booking: <a href="https://book.example.test/widget/booking/K7QW2M9XPL" style="color:#ed6a3f;word-break:break-all">https://book.example.test/widget/booking/K7QW2M9XPL</a>',
    );
    expect(html).toMatch(
      /<a href="https:\/\/book\.example\.test\/widget\/sign\/3f9c2a7be81d4c6f90a1b2c3d4e5f607" style="display:inline-block;background:#ed6a3f;[^"]*">Sign the waiver<\/a>/,
    );
    expect(html.match(/<a /g)).toHaveLength(2);
  });

  it("the signing link (and waiverUrl, its older name) is the sign-only token's page, never the booking's reference (decision 023)", async () => {
    const variables = bookingMailVariables(booking, berlin, { name: 'Axe throwing' }, BASE_URL);
    expect(variables.signingLink).toBe('https://book.example.test/widget/sign/3f9c2a7be81d4c6f90a1b2c3d4e5f607');
    expect(variables.waiverUrl).toBe(variables.signingLink);
    const { text, html } = await render('Friends sign here: {{ signingLink }} or {{ waiverUrl }}');
    expect(text).not.toContain('K7QW2M9XPL');
    expect(html).not.toContain('K7QW2M9XPL');
  });

  it('markup typed by the customer or written in the template is text in the HTML part; only the booking links are anchors', async () => {
    const hostile: MailBooking = {
      ...booking,
      reservationInfo: {
        ...booking.reservationInfo,
        firstName: '<script>alert(1)</script>',
        lastName: '<a href="https://evil.test">x</a>',
      },
    };
    const { text, html } = await render(
      '<b>Hi</b> {{ customer.fullName }} <img src=x onerror=alert(2)> https://evil.test/login',
      berlin,
      '{{ customer.firstName }}',
      hostile,
    );
    expect(text).toContain('<script>alert(1)</script>');
    expect(html).toContain(
      '&lt;b&gt;Hi&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt; &lt;a href=&quot;https[:]//evil[.]test&quot;&gt;x&lt;/a&gt;',
    );
    expect(html).toContain('&lt;img src=x onerror=alert(2)&gt; https://evil.test/login');
    expect(html).not.toMatch(/<(script|b|img)\b/);
    expect(html).not.toContain('<a ');
    expect(html).toContain('<title>&lt;script&gt;alert(1)&lt;/script&gt;</title>');
  });

  it('a color that is not #rrggbb never reaches the HTML', async () => {
    const { html } = await renderMail(
      { subject: 'Hi', text: 'Hi' },
      bookingMailVariables(booking, berlin, { name: 'Axe throwing' }, BASE_URL),
      berlin,
      'red;background:url(https://evil.test)',
    );
    expect(html).not.toContain('evil.test');
    expect(html).toContain('#286eed');
  });

  it('a subject and a text that both fail are both reported, each with its part', async () => {
    const failed = await render('{% for x in %}', berlin, '{{ customer.firstName ').catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(MailRenderError);
    expect((failed as MailRenderError).issues).toEqual([
      { part: 'subject', message: expect.stringContaining('Template error') },
      { part: 'text', message: expect.stringContaining('Template error') },
    ]);
  });

  it("the made-up sample starts tomorrow at 6 PM in the venue's zone, across a clock change too", () => {
    // The evening before Berlin's spring change: tomorrow 18:00 is CEST, UTC+2.
    const sample = sampleBooking(berlin, new Date('2026-03-28T20:00:00Z'));
    expect(sample.startsAt).toBe('2026-03-29T16:00:00.000Z');
    expect(sampleBooking(newYork, new Date('2026-11-01T03:00:00Z')).startsAt).toBe('2026-11-01T23:00:00.000Z');
  });
});
