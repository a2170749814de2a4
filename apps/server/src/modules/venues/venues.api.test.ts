import { MARKETING_CONSENT_TEXT_DEFAULT } from '@lanebook/core/guest-schemas';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  buildPermissionsMap,
  DEFAULT_PERMISSIONS,
  defaultRolesFor,
  effectivePermissions,
  PERMISSION_KEYS,
  type PermissionsMap,
  type Venue,
} from '@lanebook/core';
import { GIFT_CARD_SETTINGS_DEFAULTS } from '@lanebook/core/gift-card-schemas';
import { venueMembers, venues } from '../../db/schema.js';
import { VENUE_BAD_VALUES } from '../../../test/bad-input.js';
import { describeEachDatabase } from '../../../test/each-database.js';

/** A value for every editable field, each different from a new venue's default. */
const EVERY_FIELD = {
  name: 'Renamed Axe Hall',
  companyName: 'Renamed LLC',
  companySite: 'https://axe.example',
  country: 'CA',
  timezone: 'America/Toronto',
  address: '1 Lake Shore, Toronto',
  phone: '+14165550100',
  email: 'desk@axe.example',
  ownerEmail: 'boss@axe.example',
  registrationCodePrefix: 'TOR1',
  closurePercent: 12.5,
  firstDayOfWeek: 1,
  phoneFormat: '+## ### ### ####',
  moneyFormat: '{{amount}} CAD',
  timeFormat: 24,
  dateFormat: 'YYYY-MM-DD',
  paymentMethods: ['Cash', 'Gift card'],
  widgetOrigins: ['https://axe.example', 'http://localhost:8080'],
} as const;

describeEachDatabase('venues', (t) => {
  it('creates a venue: 201 with defaults, and the caller becomes its owner', async () => {
    const creator = await t.newCaller();
    const { email } = creator;
    const response = await creator.post('/api/private/venues', {
      id: 'new-lanes',
      name: 'New Lanes',
      country: 'US',
      timezone: 'America/Denver',
    });
    expect(response.statusCode).toBe(201);
    const venue = response.json<Venue>();
    expect(venue).toEqual({
      id: 'new-lanes',
      name: 'New Lanes',
      companyName: '',
      companySite: '',
      country: 'US',
      timezone: 'America/Denver',
      address: '',
      phone: '',
      email: '',
      ownerEmail: email,
      registrationCodePrefix: '',
      closurePercent: 0,
      firstDayOfWeek: 0,
      abandonAfterMinutes: 30,
      reminderLeadHours: 24,
      ageOfMajority: 18,
      paymentMethods: ['Cash', 'Square'],
      widgetOrigins: [],
      phoneFormat: '+1 (###) ###-####',
      moneyFormat: '${{amount}}',
      timeFormat: 12,
      dateFormat: 'MM/DD/YY',
      stripeBankAccountStatus: 'inactive',
      isStripePaymentsEnabled: false,
      bankOnboardingSkipped: false,
      status: 'inactive',
      permissions: DEFAULT_PERMISSIONS,
      giftCards: GIFT_CARD_SETTINGS_DEFAULTS,
      bannedGuestsOnline: 'refuse',
      marketingConsentText: MARKETING_CONSENT_TEXT_DEFAULT,
      createdAt: expect.stringMatching(/^\d{4}-/),
    });
    const me = (await creator.in('new-lanes').get('/api/private/me')).json();
    expect(me.venues).toEqual([{ venueId: 'new-lanes', venueName: 'New Lanes', role: 'owner', isTemporary: false }]);
    expect(me.role).toBe('owner');
    expect(me.permissions).toEqual(PERMISSION_KEYS);
    expect((await creator.in('new-lanes').get('/api/private/venues/current')).json()).toEqual(venue);
  });

  it('answers 409 for an id that is taken, even by a venue the caller cannot see, and writes nothing', async () => {
    const staff = await t.as('staff@demo.test');
    for (const id of ['demo-axe', 'demo-bowl']) {
      const response = await t.expectNoWrites(() =>
        staff.post('/api/private/venues', { id, name: 'Copy', country: 'US', timezone: 'America/New_York' }),
      );
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ message: `A venue with ID '${id}' already exists.`, code: 'venue_exists' });
    }
    const [bowl] = await t.db.select().from(venues).where(eq(venues.id, 'demo-bowl'));
    expect(bowl.name).toBe('Demo Bowl');
  });

  it('creates with every optional field given', async () => {
    const creator = await t.newCaller();
    const response = await creator.post('/api/private/venues', { id: 'full-venue', ...EVERY_FIELD });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ id: 'full-venue', ...EVERY_FIELD });
  });

  it('GET current answers the venue of X-Venue-Id for every member role', async () => {
    for (const email of ['owner@demo.test', 'manager@demo.test', 'staff@demo.test']) {
      const response = await (await t.as(email, 'demo-axe')).get('/api/private/venues/current');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: 'demo-axe',
        name: 'Demo Axe House',
        timezone: 'America/New_York',
        registrationCodePrefix: 'AXE',
      });
    }
  });

  it('PATCH current changes every field, and the change is stored', async () => {
    const venue = await t.addVenue();
    const response = await venue.manager.patch('/api/private/venues/current', EVERY_FIELD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: venue.id, ...EVERY_FIELD });
    const stored = (await venue.staff.get('/api/private/venues/current')).json();
    expect(stored).toMatchObject(EVERY_FIELD);
    // Fields that are not in the patch keep their value.
    const partial = await venue.owner.patch('/api/private/venues/current', { name: 'Only the name' });
    expect(partial.json()).toMatchObject({ ...EVERY_FIELD, name: 'Only the name' });
  });

  it('PATCH current trims text fields', async () => {
    const venue = await t.addVenue();
    const response = await venue.owner.patch('/api/private/venues/current', { name: '  Spaced  ', address: ' 2 Road ' });
    expect(response.json()).toMatchObject({ name: 'Spaced', address: '2 Road' });
  });

  it('has a bad value for every editable venue field', () => {
    expect(new Set(VENUE_BAD_VALUES.map(([field]) => field))).toEqual(new Set(Object.keys(EVERY_FIELD)));
  });

  for (const [field, value, message] of VENUE_BAD_VALUES) {
    it(`PATCH current with a bad ${field} (${JSON.stringify(value).slice(0, 20)}) is 400 naming it; nothing is written`, async () => {
      const venue = await t.addVenue();
      // A good field alongside the bad one must not be written either.
      const response = await t.expectNoWrites(() =>
        venue.owner.patch('/api/private/venues/current', { name: 'Should not stick', [field]: value }),
      );
      expect(response.statusCode).toBe(400);
      const body = response.json();
      expect(body.code).toBe('validation_failed');
      expect(typeof body.message).toBe('string');
      const named = body.details.fields.filter((f: { path: string }) => f.path === field);
      expect(named.length, JSON.stringify(body)).toBeGreaterThan(0);
      expect(named.map((f: { message: string }) => f.message).join(' | ')).toContain(message);
    });
  }

  it('PATCH current refuses fields that are not the venue’s to set: id, status, permissions, payments', async () => {
    const venue = await t.addVenue();
    await t.expectNoWrites(async () => {
      for (const [field, value] of [
        ['id', 'hijack'],
        ['status', 'live'],
        ['permissions', DEFAULT_PERMISSIONS],
        ['isStripePaymentsEnabled', true],
        ['stripeBankAccountStatus', 'active'],
        ['bankOnboardingSkipped', true],
      ] as const) {
        const response = await venue.owner.patch('/api/private/venues/current', { [field]: value });
        expect(response.statusCode, field).toBe(400);
        expect(response.json().details.fields.map((f: { path: string }) => f.path)).toContain(field);
      }
    });
  });

  it('an owner replaces the permissions map; effective permissions change at once', async () => {
    const venue = await t.addVenue();
    expect((await venue.staff.get('/api/private/me')).json().permissions).toContain('bookings.create');
    const map = buildPermissionsMap((key) => {
      if (key === 'bookings.create') return ['manager'];
      if (key === 'venues.edit') return ['owner', 'staff'];
      return defaultRolesFor(key);
    });
    const response = await venue.owner.put('/api/private/venues/current/permissions', map);
    expect(response.statusCode).toBe(200);
    // Owners are always listed, whatever was sent.
    const expected: PermissionsMap = structuredClone(map);
    expected.bookings.create = ['owner', 'manager'];
    expect(response.json().permissions).toEqual(expected);
    expect((await venue.owner.get('/api/private/venues/current')).json().permissions).toEqual(expected);

    const staffPermissions = (await venue.staff.get('/api/private/me')).json().permissions;
    expect(staffPermissions).toEqual(effectivePermissions({ isSuperadmin: false, role: 'staff' }, expected));
    expect(staffPermissions).not.toContain('bookings.create');
    expect(staffPermissions).toContain('venues.edit');
    // Staff can now edit the venue, and managers have bookings.create.
    expect((await venue.staff.patch('/api/private/venues/current', { name: 'Edited by staff' })).statusCode).toBe(200);
    expect((await venue.manager.get('/api/private/me')).json().permissions).toContain('bookings.create');
  });

  it('a manager (who holds venues.edit) and staff cannot replace the permissions map; nothing is written', async () => {
    const venue = await t.addVenue();
    const everything = buildPermissionsMap(() => ['owner', 'manager', 'staff']);
    await t.expectNoWrites(async () => {
      const manager = await venue.manager.put('/api/private/venues/current/permissions', everything);
      expect(manager.statusCode).toBe(403);
      expect(manager.json()).toEqual({ message: 'Only an owner can change permissions.', code: 'forbidden' });
      const staff = await venue.staff.put('/api/private/venues/current/permissions', everything);
      expect(staff.statusCode).toBe(403);
      expect(staff.json()).toEqual({ message: 'Your role does not allow venues.edit.', code: 'forbidden' });
    });
  });

  it('a superadmin may replace the permissions map of any venue', async () => {
    const venue = await t.addVenue();
    const admin = await t.as('admin@demo.test', venue.id);
    const response = await admin.put(
      '/api/private/venues/current/permissions',
      buildPermissionsMap(() => ['owner']),
    );
    expect(response.statusCode).toBe(200);
    expect((await venue.manager.get('/api/private/me')).json().permissions).toEqual([]);
  });

  it('refuses an incomplete or malformed permissions map, naming the path; nothing is written', async () => {
    const venue = await t.addVenue();
    const { taxes: _taxes, ...withoutTaxes } = DEFAULT_PERMISSIONS;
    const cases: [unknown, string][] = [
      [withoutTaxes, 'taxes'],
      [{ ...DEFAULT_PERMISSIONS, bookings: { ...DEFAULT_PERMISSIONS.bookings, create: ['customer'] } }, 'bookings.create.0'],
      [{ ...DEFAULT_PERMISSIONS, venues: { edit: 'owner' } }, 'venues.edit'],
    ];
    await t.expectNoWrites(async () => {
      for (const [body, path] of cases) {
        const response = await venue.owner.put('/api/private/venues/current/permissions', body);
        expect(response.statusCode, path).toBe(400);
        expect(response.json().details.fields.map((f: { path: string }) => f.path)).toContain(path);
      }
    });
  });

  it('skips bank onboarding for the venue', async () => {
    const venue = await t.addVenue();
    const response = await venue.manager.post('/api/private/venues/current/skip-bank-onboarding');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: venue.id, bankOnboardingSkipped: true });
    const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row.bankOnboardingSkipped).toBe(true);
  });

  it('a member cannot leave through the superadmin’s temporary-membership route', async () => {
    const venue = await t.addVenue();
    const response = await t.expectNoWrites(() => venue.staff.delete('/api/private/venues/current/membership'));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Temporary membership not found.', code: 'not_found' });
    const members = await t.db.select().from(venueMembers).where(eq(venueMembers.venueId, venue.id));
    expect(members).toHaveLength(3);
  });
});
