import { inflateSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Booking } from '@lanebook/core/booking-schemas';
import { venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { setUpBookings } from '../../../test/bookings.js';

/** The text a PDF draws: pdf-lib writes each run as a hex string (<...> Tj) in a deflated content stream. */
function pdfText(pdf: Buffer): string {
  const runs: string[] = [];
  const raw = pdf.toString('latin1');
  for (const match of raw.matchAll(/stream\r?\n/g)) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue;
    }
    for (const run of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) runs.push(Buffer.from(run[1], 'hex').toString('latin1'));
  }
  return runs.join('\n');
}

describeEachDatabase('booking receipt', (t) => {
  it("is a PDF of the venue, the charges with their tax lines, the payments and the refunds; another venue's booking is a 404", async () => {
    const { venue, productId, form } = await setUpBookings(t);
    await t.db
      .update(venues)
      .set({ name: 'Axe House', address: '12 Main St, Springfield', phone: '+1 555 010 0200' })
      .where(eq(venues.id, venue.id));
    const tax = (await venue.owner.post('/api/private/taxes', { name: 'Sales tax', rate: 8 })).json<{ id: string }>();
    expect((await venue.owner.patch(`/api/private/products/${productId}`, { taxes: [tax.id] })).statusCode).toBe(200);
    const booking = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    expect(booking.total).toBe(8640);
    const url = `/api/private/booking/${booking.id}`;
    expect((await venue.staff.post(`${url}/checkout`, { amount: 5000, paymentMethod: 'Cash' })).statusCode).toBe(200);
    expect((await venue.staff.post(`${url}/checkout`, { amount: 3640, paymentMethod: 'POS' })).statusCode).toBe(200);
    expect((await venue.manager.post(`${url}/refund`, { amount: 1250 })).statusCode).toBe(200);

    const receipt = await venue.staff.get(`${url}/receipt.pdf`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    expect(receipt.headers['content-disposition']).toBe('attachment; filename="receipt-AXE0001.pdf"');
    expect(receipt.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(receipt.rawPayload);
    for (const expected of [
      'Axe House',
      '12 Main St, Springfield',
      '+1 555 010 0200',
      'AXE0001',
      'Ada Lovelace',
      'Sales tax (8%)',
      '$6.40',
      '$86.40',
      'Cash',
      '$50.00',
      'POS',
      '$36.40',
      '-$12.50',
    ])
      expect(text).toContain(expected);

    // Canceled without a refund: nothing is due, and what the venue holds reads as kept.
    const cancel = await venue.staff.post(`${url}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    const canceled = pdfText((await venue.staff.get(`${url}/receipt.pdf`)).rawPayload);
    expect(canceled).toContain('Kept by the venue');
    expect(canceled).toContain('$73.90');
    expect(canceled).not.toContain('Due');

    const other = await setUpBookings(t);
    expect((await other.venue.staff.get(`${url}/receipt.pdf`)).statusCode).toBe(404);
    expect((await t.request('GET', `${url}/receipt.pdf`, { venue: venue.id })).statusCode).toBe(401);
  });
});
