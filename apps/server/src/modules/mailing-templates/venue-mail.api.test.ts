import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, expect, it, vi } from 'vitest';
import { addDays, venueToday, type MailingTemplate, type Venue, type VenueMail } from '@lanebook/core';
import type { Booking } from '@lanebook/core/booking-schemas';
import { mailingTemplates, mailOutbox, user, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import type { TestServer } from '../../../test/server.js';
import { decodeBody, startSmtp } from '../../../test/smtp.js';
import { completeRequiredSetup } from '../../../test/venue-setup.js';
import { DEFAULT_MAILING_TEMPLATES } from './defaults.js';

/**
 * A new venue works from its first booking (issue 34): default templates, active, for every new
 * venue and, by migration 0029, for existing ones; the venue's own mail log with Resend; going
 * live on an install with no superadmin, and the owner's mail when the venue is approved.
 */

const smtp = await startSmtp();
afterAll(() => smtp.close());

const WAIT = { timeout: 20_000, interval: 50 };
const ZONE = 'America/New_York';
const MIGRATION = new URL('../../db/migrations/0029_default_mailing_templates.sql', import.meta.url);
const textOf = (raw: string) => Buffer.from(decodeBody(raw), 'latin1').toString('utf8');
/** The Subject header, unfolded (a long one continues on the next lines). */
const subjectOf = (raw: string) => /^Subject: (.*(?:\r\n[ \t].*)*)\r$/m.exec(raw)?.[1].replace(/\r\n[ \t]/g, ' ') ?? '';

/** A venue created through the API, as an owner does it, and its owner bound to it. */
async function newVenue(t: TestServer) {
  const account = await t.newCaller();
  const id = `new-${randomUUID().slice(0, 8)}`;
  const created = await account.post('/api/private/venues', { id, name: `Venue ${id}`, country: 'US', timezone: ZONE });
  expect(created.statusCode, created.body).toBe(201);
  return { id, owner: account.in(id), email: account.email };
}

async function templatesOf(t: TestServer, venueId: string) {
  return t.db.select().from(mailingTemplates).where(eq(mailingTemplates.venueId, venueId));
}

/** A public booking of the product's first slot tomorrow. */
async function bookOnline(t: TestServer, productId: string, email: string) {
  const date = addDays(venueToday(ZONE), 1);
  const slots = await t.request('GET', `/api/public/product/${productId}/slots`, { query: { date, playersCount: '2' } });
  const slot = slots.json<{ slots: { id: string; freeLanes: number }[] }>().slots.find((candidate) => candidate.freeLanes > 0);
  if (!slot) throw new Error('No free slot tomorrow');
  const booked = await t.request('POST', '/api/public/booking', {
    body: {
      productId,
      slots: [slot.id],
      playersCount: 2,
      reservationInfo: { firstName: 'Grace', lastName: 'Hopper', email, phone: '+1 (555) 123-4567' },
    },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  return booked.json<Booking>();
}

async function received(to: string, count = 1) {
  return vi.waitFor(() => {
    const got = smtp.received.filter((message) => message.to.includes(to));
    expect(got).toHaveLength(count);
    return got;
  }, WAIT);
}

/** Runs `action` on an install whose superadmins are all demoted, then gives them back their role. */
async function withoutSuperadmins<T>(t: TestServer, action: () => Promise<T>): Promise<T> {
  const admins = await t.db.select({ id: user.id }).from(user).where(eq(user.isSuperadmin, true));
  await t.db.update(user).set({ isSuperadmin: false }).where(eq(user.isSuperadmin, true));
  try {
    return await action();
  } finally {
    for (const admin of admins) await t.db.update(user).set({ isSuperadmin: true }).where(eq(user.id, admin.id));
  }
}

describeEachDatabase(
  'a new venue works from its first booking',
  (t) => {
    it('a new venue has an active template of every type, and a booking made there gets its confirmation through the mail server', async () => {
      const venue = await newVenue(t);
      const templates = await templatesOf(t, venue.id);
      expect(templates.map((template) => [template.event, template.isPaused]).sort()).toEqual(
        [
          ['abandoned', false],
          ['cancellation', false],
          ['confirmation', false],
          ['custom', false],
          ['giftCard', false],
          ['reminder', false],
        ].sort(),
      );
      // Through the API as the console lists them.
      const listed = await venue.owner.get('/api/private/mailing-templates');
      expect(listed.json<{ items: MailingTemplate[] }>().items.every((template) => !template.isPaused)).toBe(true);

      const { productId } = await completeRequiredSetup(venue.owner, ZONE);
      await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, venue.id));
      const customer = `grace-${randomUUID().slice(0, 8)}@example.test`;
      const booking = await bookOnline(t, productId, customer);
      const [mail] = await received(customer);
      // The slot is tomorrow in the venue's zone: the mail says so, with the venue's date and time formats.
      expect(subjectOf(mail.raw)).toBe(`Your booking at Venue ${venue.id}: Axe throwing tomorrow at 10:00 AM`);
      const text = textOf(mail.raw);
      expect(text).toContain('Hello Grace,');
      expect(text).toContain(`Booking reference: ${booking.bookingReference}`);
      expect(text).toMatch(/When: tomorrow \(\d\d\/\d\d\/\d\d\), 10:00 AM to 11:00 AM/);
      expect(text).toContain('1 Main Street, Springfield');
      // The cancellation sentence is true for this booking: whether it can still be canceled online depends on the hour it was made.
      const cancellableOnline = Date.now() < new Date(booking.startsAt).getTime() - 24 * 3_600_000;
      expect(text).toContain(
        cancellableOnline
          ? 'You can cancel your booking online up to 24 hours before it starts: until today at 10:00 AM.'
          : 'Online cancellation closes 24 hours before the start, so this booking can no longer be canceled online',
      );
      expect(text).not.toContain('{{');
    });

    it('migration 0029 gives existing venues a template of each type they lack, active, and leaves the ones they have untouched', async () => {
      const bare = await t.addVenue();
      const written = await t.addVenue();
      const own = {
        venueId: written.id,
        id: randomUUID(),
        event: 'confirmation' as const,
        subject: 'Our own',
        text: 'Hand written',
        isPaused: true,
      };
      await t.db.insert(mailingTemplates).values(own);
      const [before] = await t.db.select().from(mailingTemplates).where(eq(mailingTemplates.id, own.id));

      // Its inserts, twice: a venue that has a type keeps it, and nothing is doubled.
      const inserts = readFileSync(MIGRATION, 'utf8')
        .split('--> statement-breakpoint')
        .filter((statement) => statement.includes('INSERT INTO'));
      expect(inserts).toHaveLength(5);
      for (let run = 0; run < 2; run++) for (const statement of inserts) await t.db.execute(sql.raw(statement));

      const bareTemplates = await templatesOf(t, bare.id);
      expect(bareTemplates.map((template) => template.event).sort()).toEqual([
        'abandoned',
        'cancellation',
        'confirmation',
        'custom',
        'reminder',
      ]);
      expect(bareTemplates.every((template) => !template.isPaused)).toBe(true);
      // The texts of the day are the defaults' (a migration is a snapshot; this holds until the defaults change).
      expect(bareTemplates.find((template) => template.event === 'reminder')?.text).toBe(
        DEFAULT_MAILING_TEMPLATES.find((template) => template.event === 'reminder')?.text,
      );

      const writtenTemplates = await templatesOf(t, written.id);
      expect(writtenTemplates.filter((template) => template.event === 'confirmation')).toEqual([before]);
      expect(writtenTemplates.map((template) => template.event).sort()).toEqual([
        'abandoned',
        'cancellation',
        'confirmation',
        'custom',
        'reminder',
      ]);
    });

    it("the mail log lists the venue's mail alone, newest first and paginated; staff get 403; Resend sends a mail again as a new one", async () => {
      const venue = await newVenue(t);
      const other = await newVenue(t);
      const { productId } = await completeRequiredSetup(venue.owner, ZONE);
      // A second slot: the first booking takes the venue's one lane at 10:00.
      const slot = { date: addDays(venueToday(ZONE), 1), from: '11:00', to: '12:00' };
      expect((await venue.owner.post(`/api/private/product/${productId}/slot`, slot)).statusCode).toBe(201);
      const { productId: otherProduct } = await completeRequiredSetup(other.owner, ZONE);
      await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, venue.id));
      await t.db.update(venues).set({ status: 'live' }).where(eq(venues.id, other.id));
      const first = `first-${randomUUID().slice(0, 8)}@example.test`;
      const second = `second-${randomUUID().slice(0, 8)}@example.test`;
      const elsewhere = `elsewhere-${randomUUID().slice(0, 8)}@example.test`;
      const booking = await bookOnline(t, productId, first);
      await received(first);
      await bookOnline(t, productId, second);
      await received(second);
      await bookOnline(t, otherProduct, elsewhere);
      await received(elsewhere);
      // "Send me a test" is in the log too.
      const test = await venue.owner.post('/api/private/mailing-template/test', { subject: 'Hello', text: 'A test' });
      expect(test.statusCode, test.body).toBe(200);

      const log = await venue.owner.get('/api/private/mails');
      expect(log.statusCode, log.body).toBe(200);
      const page = log.json<{ items: VenueMail[]; total: number }>();
      expect(page.total).toBe(3);
      expect(page.items.map((mail) => [mail.type, mail.to[0]])).toEqual([
        ['test', venue.email],
        ['confirmation', second],
        ['confirmation', first],
      ]);
      expect(page.items[2]).toMatchObject({ state: 'sent', bookingId: booking.id });
      expect(page.items[2].sentAt).not.toBeNull();
      expect(page.items[0]).toMatchObject({ subject: '[Test] Hello', bookingId: null });
      // No superadmin's or owner's platform mail, no other venue's.
      expect(JSON.stringify(page.items)).not.toContain(elsewhere);

      const paged = (await venue.owner.get('/api/private/mails', { query: { limit: '1', offset: '1' } })).json<{
        items: VenueMail[];
        total: number;
      }>();
      expect(paged).toMatchObject({ total: 3, items: [{ to: [second] }] });
      const bad = await venue.owner.get('/api/private/mails', { query: { limit: '0' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields[0].path).toBe('limit');

      // Managers read it; staff do not (mails.view: owners and managers by default).
      const manager = await t.newCaller({ memberships: [[venue.id, 'manager']], venue: venue.id });
      const staff = await t.newCaller({ memberships: [[venue.id, 'staff']], venue: venue.id });
      expect((await manager.get('/api/private/mails')).json().total).toBe(3);
      expect((await staff.get('/api/private/mails')).statusCode).toBe(403);
      const firstMail = page.items[2];
      await t.expectNoWrites(async () => {
        expect((await staff.post(`/api/private/mails/${firstMail.id}/resend`)).statusCode).toBe(403);
        // Another venue's mail is not found, like one that does not exist.
        expect((await other.owner.post(`/api/private/mails/${firstMail.id}/resend`)).statusCode).toBe(404);
        expect((await venue.owner.post(`/api/private/mails/${randomUUID()}/resend`)).statusCode).toBe(404);
      });

      const resent = await manager.post(`/api/private/mails/${firstMail.id}/resend`);
      expect(resent.statusCode, resent.body).toBe(201);
      const again = resent.json<VenueMail>();
      expect(again).toMatchObject({ type: 'confirmation', to: [first], subject: firstMail.subject, bookingId: booking.id });
      expect(again.id).not.toBe(firstMail.id);
      const [original, copy] = await received(first, 2);
      expect(textOf(copy.raw)).toContain(`Booking reference: ${booking.bookingReference}`);
      expect(subjectOf(copy.raw)).toBe(subjectOf(original.raw));
      await vi.waitFor(async () => {
        const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, again.id));
        expect(row.status).toBe('sent');
      }, WAIT);
      const after = (await venue.owner.get('/api/private/mails')).json<{ items: VenueMail[]; total: number }>();
      expect(after.total).toBe(4);
      expect(after.items.find((mail) => mail.id === firstMail.id)).toEqual(firstMail);
    });

    it('on an install with no superadmin, asking to go live is approved at once and the owner is mailed', async () => {
      const venue = await newVenue(t);
      await completeRequiredSetup(venue.owner, ZONE);
      const asked = await withoutSuperadmins(t, () => venue.owner.post('/api/private/venues/current/request-approval'));
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json<Venue>().status).toBe('live');
      const [mail] = await received(venue.email);
      expect(subjectOf(mail.raw)).toBe('Your venue is live on Lanebook');
      expect(textOf(mail.raw)).toContain(`(ID ${venue.id}) is approved`);
      // Nobody was asked to approve it.
      const approvals = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'venue-approval'));
      expect(approvals.filter((row) => row.venueId === venue.id)).toEqual([]);
    });

    it('with a superadmin the venue waits; approving it mails the owner once', async () => {
      const venue = await newVenue(t);
      await completeRequiredSetup(venue.owner, ZONE);
      const asked = await venue.owner.post('/api/private/venues/current/request-approval');
      expect(asked.json<Venue>().status).toBe('pending');
      expect(smtp.received.filter((message) => message.to.includes(venue.email))).toEqual([]);
      const admin = await t.as('admin@demo.test');
      const approve = () => admin.patch(`/api/private/superadmin/venues/${venue.id}`, { status: 'live' });
      const [approved, twice] = await Promise.all([approve(), approve()]);
      expect([approved.statusCode, twice.statusCode]).toEqual([200, 200]);
      expect(approved.json<Venue>().status).toBe('live');
      const [mail] = await received(venue.email);
      expect(subjectOf(mail.raw)).toBe('Your venue is live on Lanebook');
      // Approving a live venue again mails nothing.
      expect((await approve()).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await received(venue.email, 1);
    });
  },
  { config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } },
);
