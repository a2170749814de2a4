import { expect, it } from 'vitest';
import type { Booking } from '@lanebook/core/booking-schemas';
import type { PublicWaiver, Waiver } from '@lanebook/core/waiver-schemas';
import { describeEachDatabase } from '../../../test/each-database.js';
import { info, setUpBookings } from '../../../test/bookings.js';
import { signer, waiverOnProduct } from '../../../test/signatures.js';
import { DEFAULT_WAIVER_CHECKBOXES, DEFAULT_WAIVER_TEXT, DEFAULT_WAIVER_TITLE } from './default-waiver.js';

interface Page<T> {
  items: T[];
  total: number;
}

describeEachDatabase('waivers: the default waiver and the booker filled in', (t) => {
  it('a new venue starts with the default waiver: its text kept whole by the sanitizer, name and email required, phone and birthdate asked', async () => {
    const creator = await t.newCaller();
    const created = await creator.post('/api/private/venues', {
      id: 'fresh-lanes',
      name: 'Fresh Lanes',
      country: 'US',
      timezone: 'America/Denver',
    });
    expect(created.statusCode, created.body).toBe(201);
    const owner = creator.in('fresh-lanes');
    const list = (await owner.get('/api/private/waivers')).json<Page<Waiver>>();
    expect(list.total).toBe(1);
    const [waiver] = list.items;
    expect(waiver.title).toBe(DEFAULT_WAIVER_TITLE);
    // Every tag the default uses is one the sanitizer keeps: the stored text is the text as written.
    expect(waiver.text).toBe(DEFAULT_WAIVER_TEXT);
    expect(waiver.text).toContain('should check it');
    expect(waiver.text).toContain('parent or legal guardian');
    expect(waiver.checkboxes).toEqual(DEFAULT_WAIVER_CHECKBOXES);
    expect(waiver.checkboxes.every((c) => !c.isRequired)).toBe(true);
    const asked = waiver.fields.filter((f) => !f.isDisabled).map((f) => [f.key, f.isRequired]);
    expect(asked).toEqual([
      ['firstName', true],
      ['lastName', true],
      ['phone', false],
      ['email', true],
      ['birthdate', false],
    ]);
    // Another venue's owner does not see it.
    const other = await t.addVenue();
    expect((await other.owner.get(`/api/private/waivers/${waiver.id}`)).statusCode).toBe(404);
  });

  it("the demo's products all have the default waiver active", async () => {
    for (const [email, venueId] of [
      ['owner@demo.test', 'demo-axe'],
      ['bowl-owner@demo.test', 'demo-bowl'],
    ]) {
      const owner = await t.as(email, venueId);
      const waivers = (await owner.get('/api/private/waivers')).json<Page<Waiver>>();
      const demoDefault = waivers.items.find((w) => w.title === DEFAULT_WAIVER_TITLE);
      expect(demoDefault, venueId).toBeDefined();
      const products = (await owner.get('/api/private/products?limit=100')).json<Page<{ activeWaiverId: string | null }>>();
      expect(products.total).toBeGreaterThan(0);
      for (const product of products.items) expect(product.activeWaiverId).toBe(demoDefault!.id);
    }
  });

  it("answers the booker's name and email only for their own booking, until the booker has signed", async () => {
    const { venue, productId, form } = await setUpBookings(t);
    await waiverOnProduct(t, venue.manager, productId);
    const mine = (await venue.staff.post('/api/private/booking', form())).json<Booking>();
    const theirs = (
      await venue.staff.post(
        '/api/private/booking',
        form({ playersCount: 2, reservationInfo: { ...info, firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test' } }),
      )
    ).json<Booking>();
    const online = async (reference: string) => (await t.request('GET', `/api/public/booking/${reference}/waiver`)).json<PublicWaiver>();
    const desk = async (id: string) => (await venue.staff.get(`/api/private/booking/${id}/waiver`)).json<PublicWaiver>();

    const ada = { firstName: 'Ada', lastName: 'Lovelace', email: 'Ada@Example.test' };
    expect((await online(mine.bookingReference!)).booker).toEqual(ada);
    expect((await desk(mine.id)).booker).toEqual(ada);
    const grace = { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.test' };
    expect((await online(theirs.bookingReference!)).booker).toEqual(grace);
    expect(JSON.stringify(await online(theirs.bookingReference!))).not.toContain('Lovelace');

    // A friend signing first leaves the booker's turn; the booker's own signature (any case of the email) ends it.
    const friend = await t.request('POST', `/api/public/booking/${mine.bookingReference}/signatures`, { body: signer('Alan', 'Turing') });
    expect(friend.statusCode, friend.body).toBe(201);
    expect((await online(mine.bookingReference!)).booker).toEqual(ada);
    const booker = await t.request('POST', `/api/public/booking/${mine.bookingReference}/signatures`, { body: signer('Ada', 'Lovelace') });
    expect(booker.statusCode, booker.body).toBe(201);
    expect((await online(mine.bookingReference!)).booker).toBeNull();
    expect((await desk(mine.id)).booker).toBeNull();
    // The other booking's booker is untouched.
    expect((await online(theirs.bookingReference!)).booker).toEqual(grace);
  });
});
