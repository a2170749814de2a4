import { readFileSync } from 'node:fs';
import { eq, inArray, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Me, Venue } from '@lanebook/core';
import { user, venues } from '../../db/schema.js';
import { describeEachDatabase } from '../../../test/each-database.js';
import { expectFieldError } from '../../../test/catalog.js';

const GARBAGE = ['12', 'call the desk', '+1 555', '555-0100-0100-0100-01'];

describeEachDatabase('venue and profile phones', (t) => {
  it("a venue's phone is stored E.164, read in its country; garbage is a 400 naming phone and writes nothing", async () => {
    const creator = await t.newCaller();
    const created = await creator.post('/api/private/venues', {
      id: `phones-${creator.id.slice(0, 8)}`,
      name: 'Phone Lanes',
      country: 'US',
      timezone: 'America/Chicago',
      phone: '(312) 555-0142',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json<Venue>().phone).toBe('+13125550142');

    const venue = await t.addVenue();
    const patch = (body: Record<string, unknown>) => venue.owner.patch('/api/private/venues/current', body);
    expect((await patch({ phone: '1-416-555-0100', country: 'CA' })).json<Venue>().phone).toBe('+14165550100');
    expect((await patch({ phone: '+44 20 7946 0958' })).json<Venue>().phone).toBe('+442079460958');
    const [row] = await t.db.select({ phone: venues.phone }).from(venues).where(eq(venues.id, venue.id));
    expect(row.phone).toBe('+442079460958');
    // Cleared is empty, not refused.
    expect((await patch({ phone: '' })).json<Venue>().phone).toBe('');
    await patch({ phone: '+1 212 555 0100' });
    await t.expectNoWrites(async () => {
      for (const phone of GARBAGE) expectFieldError(await patch({ phone }), 'phone');
      expectFieldError(
        await creator.post('/api/private/venues', { id: 'phones-bad', name: 'Bad', country: 'US', timezone: 'UTC', phone: 'nope' }),
        'phone',
      );
    });
  });

  it('a profile phone is stored E.164 (PATCH /me, with or without a venue, and PATCH /users/{id}); garbage is a 400 naming phone', async () => {
    const caller = await t.newCaller({ memberships: [['demo-axe', 'staff']], venue: 'demo-axe' });
    const me = await caller.patch('/api/private/me', { phone: '(212) 555-0199' });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json<Me>().user.phone).toBe('+12125550199');
    const bare = await t.newCaller();
    expect((await bare.patch('/api/private/me', { phone: '604 555 1234' })).json<Me>().user.phone).toBe('+16045551234');
    const venue = await t.addVenue();
    const own = await venue.manager.patch(`/api/private/users/${venue.manager.id}`, { phone: '+1 (555) 765-4321' });
    expect(own.statusCode, own.body).toBe(200);
    const rows = await t.db
      .select({ id: user.id, phone: user.phone })
      .from(user)
      .where(inArray(user.id, [caller.id, bare.id, venue.manager.id]));
    expect(new Map(rows.map((r) => [r.id, r.phone]))).toEqual(
      new Map([
        [caller.id, '+12125550199'],
        [bare.id, '+16045551234'],
        [venue.manager.id, '+15557654321'],
      ]),
    );
    await t.expectNoWrites(async () => {
      for (const phone of GARBAGE) {
        expectFieldError(await caller.patch('/api/private/me', { phone }), 'phone');
        expectFieldError(await venue.manager.patch(`/api/private/users/${venue.manager.id}`, { phone }), 'phone');
      }
    });
  });

  it('migration 0028 stores the phones typed before it E.164, and leaves what it cannot read', async () => {
    const venue = await t.addVenue();
    const typed: Record<string, string> = {
      '(212) 555-0100': '+12125550100',
      '1 416 555 0100': '+14165550100',
      '+44 20 7946 0958': '+442079460958',
      '+15555550100': '+15555550100',
      'ext. 12': 'ext. 12',
      '555-0100': '555-0100',
      '': '',
    };
    const people = await Promise.all(Object.keys(typed).map(() => t.newCaller()));
    const entries = Object.entries(typed);
    for (const [index, [phone]] of entries.entries()) await t.db.update(user).set({ phone }).where(eq(user.id, people[index].id));
    await t.db.update(venues).set({ phone: '(312) 555-0142' }).where(eq(venues.id, venue.id));

    const migration = readFileSync(new URL('../../db/migrations/0028_venue_and_profile_phones.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));

    const [row] = await t.db.select({ phone: venues.phone }).from(venues).where(eq(venues.id, venue.id));
    expect(row.phone).toBe('+13125550142');
    for (const [index, [phone, stored]] of entries.entries()) {
      const [person] = await t.db.select({ phone: user.phone }).from(user).where(eq(user.id, people[index].id));
      expect(person.phone, phone).toBe(stored);
    }
  });
});
