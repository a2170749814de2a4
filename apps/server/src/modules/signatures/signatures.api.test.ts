import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking, BookingDetail } from '@lanebook/core/booking-schemas';
import type { PublicWaiver, Signature, Waiver } from '@lanebook/core/waiver-schemas';
import { bookings, products, signatures } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError, expectNoWrites } from '../../../test/catalog.js';
import { setUpBookings } from '../../../test/bookings.js';
import { signaturePng, signer, waiverOnProduct } from '../../../test/signatures.js';

describeEachDatabase('waivers and signatures', (t) => {
  async function setUp() {
    const setup = await setUpBookings(t);
    const waiver = await waiverOnProduct(t, setup.venue.manager, setup.productId);
    const booking = (await setup.venue.staff.post('/api/private/booking', setup.form())).json<Booking>();
    return { ...setup, waiver, booking };
  }

  it('a waiver made from a title, intro and text has the six standard fields; its text is sanitized; the mandatory fields stay mandatory', async () => {
    const { venue, productId } = await setUpBookings(t);
    const created = await venue.manager.post('/api/private/waivers', {
      title: 'Safety',
      intro: 'Hi',
      text: '<p onclick="x()">Read <script>alert(1)</script><a href="javascript:alert(2)">this</a> <a href="https://example.test/rules">rules</a></p>',
    });
    expect(created.statusCode, created.body).toBe(201);
    const waiver = created.json<Waiver>();
    expect(waiver.fields.map((f) => [f.key, f.isRequired])).toEqual([
      ['firstName', true],
      ['lastName', true],
      ['address', false],
      ['phone', false],
      ['email', true],
      ['birthdate', false],
    ]);
    expect(waiver).toMatchObject({ checkboxes: [], startTimeHours: 0, cutOffHours: 0 });
    expect(waiver.text).toBe('<p>Read <a>this</a> <a href="https://example.test/rules">rules</a></p>');
    const email = waiver.fields.findIndex((f) => f.key === 'email');
    const other = await t.addVenue();
    const foreign = (await other.owner.post('/api/private/waivers', { title: 'Theirs' })).json<Waiver>();
    await expectNoWrites(t, async () => {
      const off = waiver.fields.map((f, i) => (i === email ? { ...f, isDisabled: true } : f));
      expectFieldError(await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { fields: off }), `fields.${email}.isDisabled`);
      const noOptions = [...waiver.fields, { ...waiver.fields[0], key: null, type: 'select', label: 'Size', options: [] }];
      expectFieldError(await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { fields: noOptions }), `fields.6.options`);
      expect((await venue.staff.post('/api/private/waivers', { title: 'No' })).statusCode).toBe(403);
      // A product names only a waiver of its venue.
      expectFieldError(await venue.manager.patch(`/api/private/products/${productId}`, { activeWaiverId: foreign.id }), 'activeWaiverId');
    });
    expect((await venue.manager.patch(`/api/private/products/${productId}`, { activeWaiverId: waiver.id })).statusCode).toBe(200);
    const inUse = await venue.owner.delete(`/api/private/waivers/${waiver.id}`);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toContain('Axe throwing');
  });

  it('signs at the desk: kept as signed, counted on the booking and logged; a second signature of the same person is refused', async () => {
    const { venue, booking } = await setUp();
    const signed = await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer());
    expect(signed.statusCode, signed.body).toBe(201);
    const signature = signed.json<Signature>();
    expect(signature).toMatchObject({
      fullName: 'Ada Lovelace',
      bookingReference: booking.bookingReference,
      fields: { 'First name': 'Ada', 'Last name': 'Lovelace', Email: 'ada@example.test', Experience: 'Option 1' },
      checkboxes: [{ text: 'I will follow the coach.', value: true }],
      waiver: { title: 'Axe safety', text: '<p>I accept the <b>risks</b>.</p>' },
      isMinor: false,
    });
    const image = await venue.staff.get(signature.signatureUrl);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.numberOfSignedWaivers).toBe(1);
    expect(detail.logs[0].text).toBe('Waiver signed by Ada Lovelace');
    const again = await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer());
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Ada Lovelace has signed this booking's waiver already.");
    // Another venue sees nothing of it.
    const other = await t.addVenue();
    expect((await other.owner.get(`/api/private/signatures/${signature.id}`)).statusCode).toBe(404);
    expect((await other.owner.get(signature.signatureUrl)).statusCode).toBe(404);
    expect((await other.owner.post(`/api/private/booking/${booking.id}/signatures`, signer('Eve'))).statusCode).toBe(404);
  });

  it('refuses, storing nothing: missing mandatory fields, unknown fields, an unticked required box, a blank or fake signature, a minor without a guardian', async () => {
    const { venue, booking } = await setUp();
    const sign = (body: unknown) => venue.staff.post(`/api/private/booking/${booking.id}/signatures`, body);
    await expectNoWrites(t, async () => {
      const base = signer();
      expectFieldError(await sign({ ...base, fields: { ...base.fields, email: '' } }), 'fields.email');
      expectFieldError(await sign({ ...base, fields: { ...base.fields, email: 'not-an-email' } }), 'fields.email');
      expectFieldError(await sign({ ...base, fields: { ...base.fields, Experience: 'Option 9' } }), 'fields.Experience');
      expectFieldError(await sign({ ...base, fields: { ...base.fields, Shoe: '42' } }), 'fields.Shoe');
      expectFieldError(await sign({ ...base, checkboxes: [] }), 'checkboxes.0');
      expectFieldError(await sign({ ...base, signature: signaturePng({ blank: true }) }), 'signature');
      expectFieldError(await sign({ ...base, signature: 'data:image/png;base64,AAAA' }), 'signature');
      expectFieldError(await sign({ ...base, signature: 'data:image/svg+xml;base64,AAAA' }), 'signature');
      const child = signer('Tim', 'Young', { birthdate: '2015-04-01' });
      expectFieldError(await sign(child), 'guardianName');
      expectFieldError(await sign({ ...child, guardianName: 'Pat Young' }), 'guardianSignature');
    });
    const minor = await sign({
      ...signer('Tim', 'Young', { birthdate: '2015-04-01' }),
      guardianName: 'Pat Young',
      guardianSignature: signaturePng(),
    });
    expect(minor.statusCode, minor.body).toBe(201);
    expect(minor.json<Signature>()).toMatchObject({
      isMinor: true,
      guardianName: 'Pat Young',
      guardianSignatureUrl: expect.stringContaining('/guardian-image'),
    });
  });

  it('signing is open from the booking until its start unless the waiver says otherwise; outside it is a 409', async () => {
    const { venue, booking, waiver } = await setUp();
    await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { startTimeHours: 2 });
    const early = await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer());
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'signing_closed', message: expect.stringMatching(/^Signing opens /) });
    const desk = (await venue.staff.get(`/api/private/booking/${booking.id}/waiver`)).json<PublicWaiver>();
    expect(desk.window.isOpen).toBe(false);
    await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { startTimeHours: 0 });
    await t.db
      .update(bookings)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(bookings.id, booking.id));
    const late = await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer());
    expect(late.json()).toMatchObject({ code: 'signing_closed', message: expect.stringMatching(/^Signing closed /) });
    await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { cutOffHours: 1 });
    expect((await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer())).statusCode).toBe(201);
  });

  it('editing the waiver after signing leaves what was signed unchanged', async () => {
    const { venue, booking, waiver } = await setUp();
    const signature = (await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer())).json<Signature>();
    await venue.manager.patch(`/api/private/waivers/${waiver.id}`, { title: 'New rules', text: '<p>Different.</p>', checkboxes: [] });
    const kept = (await venue.staff.get(`/api/private/signatures/${signature.id}`)).json<Signature>();
    expect(kept.waiver).toEqual(signature.waiver);
    expect(kept.waiver).toMatchObject({
      title: 'Axe safety',
      text: '<p>I accept the <b>risks</b>.</p>',
      checkboxes: [{ text: 'I will follow the coach.' }],
    });
    const pdf = await venue.staff.get(`/api/private/signatures/${signature.id}/pdf`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
  });

  it("online by booking reference: reveals only product, date, venue and the booking's own booker; a friend signs; a paused product refuses", async () => {
    const { venue, booking, productId } = await setUp();
    const reference = booking.bookingReference!;
    const shown = await t.request('GET', `/api/public/booking/${reference}/waiver`);
    expect(shown.statusCode, shown.body).toBe(200);
    expect(Object.keys(shown.json()).sort()).toEqual(
      [
        'ageOfMajority',
        'booker',
        'bookerOnFile',
        'date',
        'playersCount',
        'productName',
        'signedCount',
        'startsAt',
        'venueName',
        'waiver',
        'window',
      ].sort(),
    );
    expect(shown.json()).toMatchObject({ productName: 'Axe throwing', venueName: `Venue ${venue.id}`, signedCount: 0, ageOfMajority: 18 });
    // The booker's name and email (the reference reads them on the booking already), for their own signature.
    expect(shown.json().booker).toEqual({ firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.test' });
    const signed = await t.request('POST', `/api/public/booking/${reference}/signatures`, { body: signer('Grace', 'Hopper') });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json()).toEqual({ id: expect.any(String), signedCount: 1 });
    expect((await t.request('GET', '/api/public/booking/NOSUCHREF9/waiver')).statusCode).toBe(404);
    await t.db.update(products).set({ isPaused: true }).where(eq(products.id, productId));
    await expectNoWrites(t, async () => {
      const paused = await t.request('POST', `/api/public/booking/${reference}/signatures`, { body: signer('Alan', 'Turing') });
      expect(paused.statusCode).toBe(409);
    });
  });

  it('lists by type, sort and search; exports CSV with every field a column and formulas neutralized; deletes with a log line', async () => {
    const { venue, booking, form } = await setUp();
    const walkIn = (await venue.staff.post('/api/private/booking', form({ isWalkIn: true, playersCount: 2 }))).json<Booking>();
    await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer('Ada', 'Lovelace'));
    await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer('Bob', '=HYPERLINK("http://evil")'));
    const walker = (await venue.staff.post(`/api/private/booking/${walkIn.id}/signatures`, signer('Cy', 'Walker'))).json<Signature>();
    const names = async (query: Record<string, string>) =>
      (await venue.staff.get('/api/private/signatures', { query })).json<{ items: Signature[] }>().items.map((s) => s.firstName);
    expect(await names({ sort: 'az' })).toEqual(['Bob', 'Ada', 'Cy']);
    expect(await names({ type: 'walk-ins' })).toEqual(['Cy']);
    expect(await names({ type: 'bookings', sort: 'old' })).toEqual(['Ada', 'Bob']);
    expect(await names({ search: 'love' })).toEqual(['Ada']);
    expect((await venue.staff.get('/api/private/signatures', { query: { sort: 'sideways' } })).statusCode).toBe(400);

    const csv = await venue.staff.get('/api/private/signatures/export.csv', { query: { sort: 'old' } });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Signed at,First name,Last name,Email,Booking reference,Walk-in,Minor,Guardian,Waiver,Email,Experience,First name,Last name,I will follow the coach.',
    );
    expect(lines).toHaveLength(4);
    expect(lines[2]).toContain(`,"'=HYPERLINK(""http://evil"")",`);

    const deleted = await venue.owner.delete(`/api/private/signatures/${walker.id}`);
    expect(deleted.statusCode).toBe(204);
    const detail = (await venue.staff.get(`/api/private/booking/${walkIn.id}`)).json<BookingDetail>();
    expect(detail.numberOfSignedWaivers).toBe(0);
    expect(detail.logs[0].text).toBe('Signature of Cy Walker deleted');
    expect(await t.db.select().from(signatures).where(eq(signatures.id, walker.id))).toEqual([]);
    expect((await venue.owner.get(walker.signatureUrl)).statusCode).toBe(404);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}/signatures`)).json<{ total: number }>().total).toBe(2);
  });

  it('refuses a signature image larger than a signature pad draws, fast, before inflating it, storing nothing', async () => {
    const { booking } = await setUp();
    const huge = signaturePng({ width: 4000, height: 4000, blank: true });
    await expectNoWrites(t, async () => {
      const started = performance.now();
      const refused = await t.request('POST', `/api/public/booking/${booking.bookingReference}/signatures`, {
        body: { ...signer(), signature: huge },
      });
      expect(performance.now() - started).toBeLessThan(1000);
      expectFieldError(refused, 'signature', 'The signature image is too large (4000 x 4000 pixels)');
    });
  });

  it('takes at most playersCount signatures; the same person with a zero-width space or other case is the same person', async () => {
    const { venue, form } = await setUp();
    const booking = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    const sign = (body: unknown) => t.request('POST', `/api/public/booking/${booking.bookingReference}/signatures`, { body });
    expect((await sign(signer('Ada', 'Lovelace'))).statusCode).toBe(201);
    await expectNoWrites(t, async () => {
      const again = await sign(signer('A\u200bda', 'LOVE\u200blace ', { email: 'ADA@example.test' }));
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'already_signed' });
    });
    expect((await sign(signer('Grace', 'Hopper'))).statusCode).toBe(201);
    await expectNoWrites(t, async () => {
      const third = await sign(signer('Alan', 'Turing'));
      expect(third.statusCode).toBe(409);
      expect(third.json()).toEqual({ code: 'all_signed', message: 'All 2 players of this booking have signed.' });
      expect((await venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer('Cy', 'Walker'))).statusCode).toBe(409);
    });
    const detail = (await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>();
    expect(detail.numberOfSignedWaivers).toBe(2);
  });

  it('20 signings at once of a 2-player booking keep exactly 2', async () => {
    const { venue, form } = await setUp();
    const booking = (await venue.staff.post('/api/private/booking', form({ playersCount: 2 }))).json<Booking>();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        venue.staff.post(`/api/private/booking/${booking.id}/signatures`, signer(`Player${i}`, 'Racer')),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([...Array(2).fill(201), ...Array(18).fill(409)]);
    expect(await t.db.select().from(signatures).where(eq(signatures.bookingId, booking.id))).toHaveLength(2);
    expect((await venue.staff.get(`/api/private/booking/${booking.id}`)).json<BookingDetail>().numberOfSignedWaivers).toBe(2);
  });
});
