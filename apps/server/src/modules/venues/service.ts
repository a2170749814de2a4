import { and, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_PERMISSIONS,
  normalizePermissionsMap,
  type PermissionsMap,
  type Venue,
  type VenueCreate,
  type VenueUpdate,
} from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { venueMembers, venues } from '../../db/schema/index.js';
import { conflict } from '../../platform/errors.js';
import type { VenueRow } from '../../platform/access.js';

export function toVenue(row: VenueRow): Venue {
  return {
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    companySite: row.companySite,
    country: row.country as Venue['country'],
    timezone: row.timezone,
    address: row.address,
    phone: row.phone,
    email: row.email,
    ownerEmail: row.ownerEmail,
    registrationCodePrefix: row.registrationCodePrefix,
    closurePercent: row.closurePercent,
    firstDayOfWeek: row.firstDayOfWeek,
    paymentMethods: row.paymentMethods,
    phoneFormat: row.phoneFormat,
    moneyFormat: row.moneyFormat,
    timeFormat: row.timeFormat,
    dateFormat: row.dateFormat as Venue['dateFormat'],
    stripeBankAccountStatus: row.stripeBankAccountStatus,
    isStripePaymentsEnabled: row.isStripePaymentsEnabled,
    bankOnboardingSkipped: row.bankOnboardingSkipped,
    status: row.status,
    permissions: normalizePermissionsMap(row.permissions),
    createdAt: row.createdAt.toISOString(),
  };
}

export const venueExistsMessage = (id: string) => `A venue with ID '${id}' already exists.`;

/**
 * Creates a venue in the caller's transaction; `ownerUserId` becomes its owner at once (null:
 * the owner is invited in the same transaction, decision 008).
 */
export async function createVenue(tx: Tx, input: VenueCreate, ownerUserId: string | null, ownerEmail: string): Promise<Venue> {
  const inserted = await tx
    .insert(venues)
    .values({ ...input, ownerEmail: input.ownerEmail || ownerEmail, permissions: DEFAULT_PERMISSIONS })
    .onConflictDoNothing({ target: venues.id })
    .returning();
  if (inserted.length === 0) throw conflict(venueExistsMessage(input.id), 'venue_exists');
  if (ownerUserId) await tx.insert(venueMembers).values({ venueId: input.id, userId: ownerUserId, role: 'owner' });
  return toVenue(inserted[0]);
}

export async function updateVenue(db: Db, venueId: string, patch: VenueUpdate): Promise<Venue> {
  const [row] = await db
    .update(venues)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(venues.id, venueId))
    .returning();
  return toVenue(row);
}

export async function setVenuePermissions(db: Db, venueId: string, map: PermissionsMap): Promise<Venue> {
  const [row] = await db
    .update(venues)
    .set({ permissions: normalizePermissionsMap(map), updatedAt: new Date() })
    .where(eq(venues.id, venueId))
    .returning();
  return toVenue(row);
}

export async function skipBankOnboarding(db: Db, venueId: string): Promise<Venue> {
  const [row] = await db
    .update(venues)
    .set({ bankOnboardingSkipped: true, updatedAt: new Date() })
    .where(eq(venues.id, venueId))
    .returning();
  return toVenue(row);
}

/** A superadmin's temporary membership of a venue opened from the superadmin page. */
export async function joinTemporarily(db: Db, venueId: string, userId: string): Promise<void> {
  await db.insert(venueMembers).values({ venueId, userId, role: 'owner', isTemporary: true }).onConflictDoNothing();
}

export async function leaveTemporaryMembership(db: Db, venueId: string, userId: string): Promise<boolean> {
  const removed = await db
    .delete(venueMembers)
    .where(and(eq(venueMembers.venueId, venueId), eq(venueMembers.userId, userId), eq(venueMembers.isTemporary, true)))
    .returning();
  return removed.length > 0;
}

export async function countOwners(db: Db | Tx, venueId: string): Promise<number> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(venueMembers)
    .where(and(eq(venueMembers.venueId, venueId), eq(venueMembers.role, 'owner'), eq(venueMembers.isTemporary, false)));
  return count;
}
