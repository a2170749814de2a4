/**
 * Permission keys (area.action) of the product, and the default role matrix.
 * The server's permission guard and the console's route guards both read this table,
 * so a key that is not listed here cannot be declared by a route.
 */
export const PERMISSION_AREAS = {
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
  // Beyond the spec's table (issue 24): the dashboard's figures; owners and managers by default, not staff.
  statistics: ['view'],
  // Beyond the spec's table (issue 34): the venue's mail log (Settings → Mail) and its Resend; owners and managers by default, not staff.
  mails: ['view'],
  // Beyond the spec's table (issue 37): gift cards. The desk looks cards up and sells them; giving one away
  // (complimentary), adjusting a balance and disabling a card are issue, owners and managers by default.
  giftCards: ['view', 'sell', 'issue'],
  // Beyond the spec's table (issue 38): guests. The desk looks guests up and sets their flags; a guest's
  // data exported (theirs, or the marketing list) and a guest erased are owners' and managers' by default.
  guests: ['view', 'edit', 'export', 'erase'],
  // Beyond the spec's table (issue 39): signing a tablet in as a waiver kiosk and revoking it; owners and managers by default.
  kiosks: ['manage'],
} as const;

export type PermissionArea = keyof typeof PERMISSION_AREAS;
export type PermissionKey = {
  [A in PermissionArea]: `${A}.${(typeof PERMISSION_AREAS)[A][number]}`;
}[PermissionArea];

export const PERMISSION_KEYS: readonly PermissionKey[] = Object.entries(PERMISSION_AREAS).flatMap(([area, actions]) =>
  actions.map((action) => `${area}.${action}` as PermissionKey),
);

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** Roles a venue member can hold. `customer` exists in the original data but grants nothing here. */
export const VENUE_ROLES = ['owner', 'manager', 'staff'] as const;
export type VenueRole = (typeof VENUE_ROLES)[number];

/** The venue's permissions map: area -> action -> roles allowed. */
export type PermissionsMap = {
  [A in PermissionArea]: { [K in (typeof PERMISSION_AREAS)[A][number]]: VenueRole[] };
};

/** What staff (front desk) may do by default; see docs/decisions/002-default-permissions.md. */
const STAFF_DEFAULTS: readonly PermissionKey[] = [
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

export function defaultRolesFor(key: PermissionKey): VenueRole[] {
  const roles: VenueRole[] = ['owner'];
  if (!key.startsWith('bankAccounts.')) roles.push('manager');
  if (STAFF_DEFAULTS.includes(key)) roles.push('staff');
  return roles;
}

export function buildPermissionsMap(rolesFor: (key: PermissionKey) => VenueRole[]): PermissionsMap {
  const map: Record<string, Record<string, VenueRole[]>> = {};
  for (const [area, actions] of Object.entries(PERMISSION_AREAS)) {
    map[area] = {};
    for (const action of actions) map[area][action] = rolesFor(`${area}.${action}` as PermissionKey);
  }
  return map as PermissionsMap;
}

export const DEFAULT_PERMISSIONS: PermissionsMap = buildPermissionsMap(defaultRolesFor);

export function rolesAllowed(map: PermissionsMap, key: PermissionKey): readonly VenueRole[] {
  const [area, action] = key.split('.') as [PermissionArea, string];
  const actions = map[area] as Record<string, VenueRole[]> | undefined;
  return actions?.[action] ?? [];
}

/**
 * The single permission rule: a superadmin always passes; otherwise the venue's map must
 * list the user's role for the key. Owners always pass too: the matrix cannot lock the
 * owners out of their own venue (docs/decisions/002-default-permissions.md).
 */
export function isAllowed(who: { isSuperadmin: boolean; role: VenueRole | null }, map: PermissionsMap, key: PermissionKey): boolean {
  if (who.isSuperadmin) return true;
  if (!who.role) return false;
  if (who.role === 'owner') return true;
  return rolesAllowed(map, key).includes(who.role);
}

export function effectivePermissions(who: { isSuperadmin: boolean; role: VenueRole | null }, map: PermissionsMap): PermissionKey[] {
  return PERMISSION_KEYS.filter((key) => isAllowed(who, map, key));
}

/** Normalises a stored or submitted map: every key present, unknown keys and roles dropped, owner always listed. */
export function normalizePermissionsMap(input: unknown): PermissionsMap {
  const source = (input && typeof input === 'object' ? input : {}) as Record<string, Record<string, unknown>>;
  return buildPermissionsMap((key) => {
    const [area, action] = key.split('.');
    const listed = source[area]?.[action];
    const roles = Array.isArray(listed) ? VENUE_ROLES.filter((role) => listed.includes(role)) : defaultRolesFor(key);
    return roles.includes('owner') ? roles : (['owner', ...roles] as VenueRole[]);
  });
}
