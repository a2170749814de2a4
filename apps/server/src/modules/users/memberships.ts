import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { VenueRole } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { forVenue } from '../../platform/venue-scope.js';
import { venueMembers } from './schema.js';

/**
 * A venue's members (venue_members): the queries of this table, for this module's rules
 * (service.ts) and for the modules that add or read members (venues, invitations,
 * superadmin). A file of its own so that invitations can use it while service.ts uses
 * invitations.
 */

export type Membership = typeof venueMembers.$inferSelect;

/** Temporary members are superadmins looking in; they are not the venue's users. */
const realMember = eq(venueMembers.isTemporary, false);

/** The venue's (non-temporary) members, optionally of one role, newest or oldest first. */
export async function membersOf(
  db: Db | Tx,
  venueId: string,
  query: { role?: VenueRole; order?: 'new' | 'old' } = {},
): Promise<Membership[]> {
  return forVenue(db, venueId).select(venueMembers, and(realMember, query.role ? eq(venueMembers.role, query.role) : undefined), {
    orderBy: [query.order === 'new' ? desc(venueMembers.createdAt) : asc(venueMembers.createdAt)],
  });
}

/** A membership of the venue, temporary or not, or null. */
export async function membershipOf(db: Db | Tx, venueId: string, userId: string): Promise<Membership | null> {
  return (await forVenue(db, venueId).first(venueMembers, eq(venueMembers.userId, userId))) ?? null;
}

/** Is the person one of the venue's users (a temporary superadmin is not)? */
export async function isMember(db: Db | Tx, venueId: string, userId: string): Promise<boolean> {
  const row = await membershipOf(db, venueId, userId);
  return row !== null && !row.isTemporary;
}

export async function countOwners(db: Db | Tx, venueId: string): Promise<number> {
  return forVenue(db, venueId).count(venueMembers, and(eq(venueMembers.role, 'owner'), realMember));
}

/** How many users each of `venueIds` has (the superadmin's list of venues). */
export async function countMembers(db: Db | Tx, venueIds: string[]): Promise<Map<string, number>> {
  if (venueIds.length === 0) return new Map();
  // Across venues by design: the superadmin's list counts each venue's users.
  const rows = await db
    .select({ venueId: venueMembers.venueId, count: sql<number>`count(*)::int` })
    // eslint-disable-next-line no-restricted-syntax -- counts several venues' members at once.
    .from(venueMembers)
    .where(and(inArray(venueMembers.venueId, venueIds), realMember))
    .groupBy(venueMembers.venueId);
  return new Map(rows.map((r) => [r.venueId, r.count]));
}

/** The creator of a new venue becomes its owner. */
export async function addOwner(tx: Tx, venueId: string, userId: string) {
  await forVenue(tx, venueId).insert(venueMembers, { userId, role: 'owner' });
}

/**
 * An accepted invitation makes the person a member with its role; a superadmin's temporary
 * membership becomes a real one (a real membership is left as it is).
 */
export async function joinFromInvitation(tx: Tx, venueId: string, userId: string, role: VenueRole) {
  await forVenue(tx, venueId)
    .insert(venueMembers, { userId, role })
    .onConflictDoUpdate({
      target: [venueMembers.venueId, venueMembers.userId],
      set: { role, isTemporary: false, createdAt: sql`now()` },
      setWhere: eq(venueMembers.isTemporary, true),
    });
}

export async function setRole(tx: Tx, venueId: string, userId: string, role: VenueRole) {
  await forVenue(tx, venueId).update(venueMembers, eq(venueMembers.userId, userId), { role });
}

export async function removeMember(tx: Tx, venueId: string, userId: string) {
  await forVenue(tx, venueId).delete(venueMembers, eq(venueMembers.userId, userId));
}

/** A superadmin's temporary membership of a venue opened from the superadmin page. */
export async function joinTemporarily(db: Db, venueId: string, userId: string): Promise<void> {
  await forVenue(db, venueId).insert(venueMembers, { userId, role: 'owner', isTemporary: true }).onConflictDoNothing();
}

export async function leaveTemporaryMembership(db: Db, venueId: string, userId: string): Promise<boolean> {
  const removed = await forVenue(db, venueId)
    .delete(venueMembers, and(eq(venueMembers.userId, userId), eq(venueMembers.isTemporary, true)))
    .returning();
  return removed.length > 0;
}
