import { describe, expect, it } from 'vitest';
import {
  buildPermissionsMap,
  DEFAULT_PERMISSIONS,
  defaultRolesFor,
  effectivePermissions,
  isAllowed,
  isPermissionKey,
  normalizePermissionsMap,
  PERMISSION_AREAS,
  PERMISSION_KEYS,
  rolesAllowed,
  VENUE_ROLES,
  type PermissionKey,
  type PermissionsMap,
  type VenueRole,
} from './permissions.js';
import { permissionsMapSchema } from './venue-schemas.js';

/** The product's permission table, written out independently of the code under test. */
const SPEC_TABLE: Record<string, string[]> = {
  bookings: [
    'create',
    'edit',
    'cancel',
    'refund',
    'collect',
    'setCustomPrice',
    'sendEmail',
    'save',
    'addNote',
    'changePresenceStatus',
    'delete',
  ],
  calendar: ['create', 'edit', 'delete', 'setNonWorkingDays'],
  resources: ['create', 'edit', 'delete', 'pause'],
  products: ['create', 'edit', 'delete', 'pause'],
  waivers: ['create', 'edit', 'delete'],
  signatures: ['create', 'delete'],
  users: ['create', 'delete', 'edit'],
  profile: ['edit', 'changePassword'],
  venues: ['edit'],
  bankAccounts: ['view', 'create', 'delete', 'setDefault'],
  taxes: ['create', 'edit', 'delete'],
  promocodes: ['create', 'edit', 'delete'],
  affiliates: ['create', 'edit', 'delete'],
  terms: ['create', 'edit', 'delete'],
  widgetTemplates: ['create', 'edit', 'delete'],
  integrations: ['create', 'edit', 'delete'],
  upsellItems: ['create', 'edit', 'delete', 'pause'],
  mailingTemplates: ['create', 'edit', 'delete', 'pause'],
  // Not in the spec's table: the dashboard's permission (issue 24).
  statistics: ['view'],
  // Not in the spec's table: the venue's mail log (issue 34).
  mails: ['view'],
  // Not in the spec's table: gift cards (issue 37).
  giftCards: ['view', 'sell', 'issue'],
  // Not in the spec's table: guests (issue 38).
  guests: ['view', 'edit', 'export', 'erase'],
  // Not in the spec's table: waiver kiosks (issue 39).
  kiosks: ['manage'],
};
const SPEC_KEYS = Object.entries(SPEC_TABLE).flatMap(([area, actions]) => actions.map((a) => `${area}.${a}`));

/** docs/decisions/002-default-permissions.md: the front-desk keys staff hold by default. */
const STAFF_KEYS = [
  'bookings.create',
  'bookings.edit',
  'bookings.cancel',
  'bookings.collect',
  'bookings.sendEmail',
  'bookings.save',
  'bookings.addNote',
  'bookings.changePresenceStatus',
  'calendar.setNonWorkingDays',
  'signatures.create',
  'profile.edit',
  'profile.changePassword',
  'giftCards.view',
  'giftCards.sell',
  'guests.view',
  'guests.edit',
];

const NOBODY: PermissionsMap = buildPermissionsMap(() => []);
const who = (role: VenueRole | null, isSuperadmin = false) => ({ role, isSuperadmin });

describe('permission keys', () => {
  it('are exactly the keys of the spec table, in its order', () => {
    expect(PERMISSION_KEYS).toEqual(SPEC_KEYS);
    expect(PERMISSION_KEYS).toHaveLength(74);
    expect(new Set(PERMISSION_KEYS).size).toBe(PERMISSION_KEYS.length);
    expect(Object.keys(PERMISSION_AREAS)).toEqual(Object.keys(SPEC_TABLE));
  });

  it('isPermissionKey accepts every key and nothing else', () => {
    for (const key of SPEC_KEYS) expect(isPermissionKey(key), key).toBe(true);
    for (const bad of [
      '',
      'bookings',
      'bookings.',
      '.create',
      'bookings.fly',
      'Bookings.create',
      'bookings.create ',
      'bankAccount.view',
      'venues.create',
      'toString',
      'constructor',
      '__proto__.create',
      'bookings.create.extra',
    ]) {
      expect(isPermissionKey(bad), bad).toBe(false);
    }
  });

  it('venue roles are owner, manager and staff (customer grants nothing)', () => {
    expect(VENUE_ROLES).toEqual(['owner', 'manager', 'staff']);
  });
});

describe('default matrix over the whole key table', () => {
  it.each(SPEC_KEYS)('%s: owner always, manager unless bank accounts, staff only front desk', (key) => {
    const expected: VenueRole[] = ['owner'];
    if (!key.startsWith('bankAccounts.')) expected.push('manager');
    if (STAFF_KEYS.includes(key)) expected.push('staff');
    expect(defaultRolesFor(key as PermissionKey)).toEqual(expected);
    expect(rolesAllowed(DEFAULT_PERMISSIONS, key as PermissionKey)).toEqual(expected);
    const [area, action] = key.split('.');
    expect((DEFAULT_PERMISSIONS as Record<string, Record<string, VenueRole[]>>)[area][action]).toEqual(expected);
  });

  it('holds every key and no other', () => {
    expect(Object.keys(DEFAULT_PERMISSIONS)).toEqual(Object.keys(SPEC_TABLE));
    for (const [area, actions] of Object.entries(SPEC_TABLE)) {
      expect(Object.keys((DEFAULT_PERMISSIONS as Record<string, object>)[area])).toEqual(actions);
    }
  });

  it('gives each role the effective permissions of the decision record', () => {
    expect(effectivePermissions(who('owner'), DEFAULT_PERMISSIONS)).toEqual(SPEC_KEYS);
    expect(effectivePermissions(who('manager'), DEFAULT_PERMISSIONS)).toEqual(SPEC_KEYS.filter((k) => !k.startsWith('bankAccounts.')));
    expect(effectivePermissions(who('staff'), DEFAULT_PERMISSIONS)).toEqual(SPEC_KEYS.filter((k) => STAFF_KEYS.includes(k)));
    expect(effectivePermissions(who(null), DEFAULT_PERMISSIONS)).toEqual([]);
    expect(effectivePermissions(who(null, true), DEFAULT_PERMISSIONS)).toEqual(SPEC_KEYS);
  });
});

describe('isAllowed (the one guard rule)', () => {
  it('a superadmin always passes, with or without a role, even when the map lists nobody', () => {
    for (const key of PERMISSION_KEYS) {
      for (const role of [null, ...VENUE_ROLES]) {
        expect(isAllowed(who(role, true), NOBODY, key), `${role} ${key}`).toBe(true);
      }
    }
  });

  it('a user without a role in the venue never passes', () => {
    const everybody = buildPermissionsMap(() => ['owner', 'manager', 'staff']);
    for (const key of PERMISSION_KEYS) expect(isAllowed(who(null), everybody, key), key).toBe(false);
  });

  it('owners always pass: the map cannot lock them out', () => {
    for (const key of PERMISSION_KEYS) expect(isAllowed(who('owner'), NOBODY, key), key).toBe(true);
  });

  it('manager and staff pass exactly for the keys that list their role', () => {
    for (const role of ['manager', 'staff'] as const) {
      for (const granted of PERMISSION_KEYS) {
        // A map that lists the role for one key only, and the other role everywhere.
        const other: VenueRole = role === 'manager' ? 'staff' : 'manager';
        const map = buildPermissionsMap((key) => (key === granted ? [role] : [other]));
        const allowed = PERMISSION_KEYS.filter((key) => isAllowed(who(role), map, key));
        expect(allowed, `${role} granted ${granted}`).toEqual([granted]);
      }
    }
  });

  it('follows the default matrix for every role and key', () => {
    for (const role of VENUE_ROLES) {
      for (const key of PERMISSION_KEYS) {
        expect(isAllowed(who(role), DEFAULT_PERMISSIONS, key), `${role} ${key}`).toBe(defaultAllows(role, key));
      }
    }
  });

  it('treats a key missing from a malformed map as listing nobody', () => {
    const broken = { bookings: {} } as unknown as PermissionsMap;
    expect(rolesAllowed(broken, 'bookings.create')).toEqual([]);
    expect(rolesAllowed(broken, 'venues.edit')).toEqual([]);
    expect(isAllowed(who('manager'), broken, 'bookings.create')).toBe(false);
    expect(isAllowed(who('owner'), broken, 'bookings.create')).toBe(true);
  });
});

function defaultAllows(role: VenueRole, key: string) {
  if (role === 'owner') return true;
  if (role === 'manager') return !key.startsWith('bankAccounts.');
  return STAFF_KEYS.includes(key);
}

describe('effectivePermissions', () => {
  it('lists the allowed keys in table order', () => {
    const map = buildPermissionsMap((key) => (key === 'venues.edit' || key === 'bookings.refund' ? ['staff'] : []));
    expect(effectivePermissions(who('staff'), map)).toEqual(['bookings.refund', 'venues.edit']);
    expect(effectivePermissions(who('manager'), map)).toEqual([]);
    expect(effectivePermissions(who('owner'), map)).toEqual(SPEC_KEYS);
    expect(effectivePermissions(who('manager', true), map)).toEqual(SPEC_KEYS);
  });
});

describe('normalizePermissionsMap', () => {
  it('gives the default map for nothing or for a value that is not an object', () => {
    for (const input of [undefined, null, 42, 'bookings', true]) {
      expect(normalizePermissionsMap(input)).toEqual(DEFAULT_PERMISSIONS);
    }
    expect(normalizePermissionsMap({})).toEqual(DEFAULT_PERMISSIONS);
  });

  it('keeps listed roles, fills every missing key with its default and always lists owner', () => {
    const map = normalizePermissionsMap({ bookings: { refund: ['staff'], create: [] }, venues: { edit: ['manager', 'owner'] } });
    expect(map.bookings.refund).toEqual(['owner', 'staff']);
    expect(map.bookings.create).toEqual(['owner']);
    expect(map.venues.edit).toEqual(['owner', 'manager']);
    for (const key of PERMISSION_KEYS) {
      if (['bookings.refund', 'bookings.create', 'venues.edit'].includes(key)) continue;
      expect(rolesAllowed(map, key), key).toEqual(defaultRolesFor(key));
    }
  });

  it('drops unknown areas, actions and roles, duplicates, and values that are not lists', () => {
    const map = normalizePermissionsMap({
      spaceships: { launch: ['owner'] },
      bookings: { fly: ['staff'], cancel: ['customer', 'king', 'staff', 'staff', 'manager'], edit: 'staff' },
    }) as unknown as Record<string, Record<string, string[]>>;
    expect(map.spaceships).toBeUndefined();
    expect(map.bookings.fly).toBeUndefined();
    expect(map.bookings.cancel).toEqual(['owner', 'manager', 'staff']);
    expect(map.bookings.edit).toEqual(defaultRolesFor('bookings.edit'));
    expect(Object.keys(map)).toEqual(Object.keys(SPEC_TABLE));
  });

  it('is idempotent and always lists owner for every key', () => {
    const once = normalizePermissionsMap({ users: { create: ['staff'] }, profile: { edit: [] } });
    expect(normalizePermissionsMap(once)).toEqual(once);
    for (const key of PERMISSION_KEYS) expect(rolesAllowed(once, key)[0], key).toBe('owner');
  });
});

describe('permissionsMapSchema (the PUT body)', () => {
  it('accepts the default map and a map listing nobody', () => {
    expect(permissionsMapSchema.safeParse(DEFAULT_PERMISSIONS).success).toBe(true);
    expect(permissionsMapSchema.safeParse(NOBODY).success).toBe(true);
  });

  it.each(Object.keys(SPEC_TABLE))('rejects a map without the area %s', (area) => {
    const copy = structuredClone(DEFAULT_PERMISSIONS) as Record<string, unknown>;
    delete copy[area];
    const result = permissionsMapSchema.safeParse(copy);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].path).toEqual([area]);
  });

  it('rejects unknown areas, unknown actions and unknown roles, naming the path', () => {
    const paths = (value: unknown) => permissionsMapSchema.safeParse(value).error?.issues.map((i) => i.path.join('.'));
    expect(paths({ ...DEFAULT_PERMISSIONS, spaceships: {} })).toEqual(['']);
    expect(paths({ ...DEFAULT_PERMISSIONS, bookings: { ...DEFAULT_PERMISSIONS.bookings, fly: [] } })).toEqual(['bookings']);
    expect(paths({ ...DEFAULT_PERMISSIONS, taxes: { ...DEFAULT_PERMISSIONS.taxes, edit: ['customer'] } })).toEqual(['taxes.edit.0']);
    expect(paths({ ...DEFAULT_PERMISSIONS, venues: { edit: 'owner' } })).toEqual(['venues.edit']);
  });
});
