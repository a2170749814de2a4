import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { VenueRole, VenueUser, VenueUserRow } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { user, venueInvitations, venueMembers } from '../../db/schema/index.js';
import type { Identity, VenueContext } from '../../platform/access.js';
import { likePattern, pageOf, type Page } from '../../platform/http.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { lockKeys } from '../../platform/locking.js';
import {
  createInvitation,
  deleteInvitation,
  findInvitation,
  isLive,
  toVenueInvitation,
  type CreatedInvitation,
} from '../invitations/service.js';
import { countOwners } from '../venues/service.js';

const sorts = {
  az: [asc(sql`lower(${user.name})`), asc(user.email)],
  za: [desc(sql`lower(${user.name})`), desc(user.email)],
  new: [desc(venueMembers.createdAt)],
  old: [asc(venueMembers.createdAt)],
} as const;

/** What a venue sees of a member: never the phone or sign-in state (decision 008). */
const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  role: venueMembers.role,
  joinedAt: venueMembers.createdAt,
};

function toVenueUser(row: { joinedAt: Date } & Omit<VenueUser, 'joinedAt' | 'status'>): VenueUser {
  return { status: 'member', ...row, joinedAt: row.joinedAt.toISOString() };
}

/** Pending invitations follow the members, in the same direction: by email for az/za, by date for new/old. */
const invitationSorts = {
  az: [asc(venueInvitations.email)],
  za: [desc(venueInvitations.email)],
  new: [desc(venueInvitations.createdAt)],
  old: [asc(venueInvitations.createdAt)],
} as const;

/** Temporary members are superadmins looking in; they are not the venue's users. */
const memberOf = (venueId: string) => and(eq(venueMembers.venueId, venueId), eq(venueMembers.isTemporary, false));

export async function listUsers(
  db: Db,
  venueId: string,
  query: { role?: VenueRole; sort: keyof typeof sorts; search?: string; limit: number; offset: number },
): Promise<Page<VenueUserRow>> {
  const pattern = query.search ? likePattern(query.search) : undefined;
  const conditions: (SQL | undefined)[] = [memberOf(venueId)];
  if (query.role) conditions.push(eq(venueMembers.role, query.role));
  if (pattern) conditions.push(or(ilike(user.name, pattern), ilike(user.email, pattern)));
  const rows = await db
    .select(columns)
    .from(venueMembers)
    .innerJoin(user, eq(user.id, venueMembers.userId))
    .where(and(...conditions))
    .orderBy(...sorts[query.sort]);
  const invited = await db
    .select()
    .from(venueInvitations)
    .where(
      and(
        eq(venueInvitations.venueId, venueId),
        isLive(),
        query.role ? eq(venueInvitations.role, query.role) : undefined,
        pattern ? ilike(venueInvitations.email, pattern) : undefined,
      ),
    )
    .orderBy(...invitationSorts[query.sort]);
  // Members, then pending invitations: one list, paged in memory (a venue has few people).
  return pageOf<VenueUserRow>([...rows.map(toVenueUser), ...invited.map(toVenueInvitation)], query);
}

export async function getUser(db: Db | Tx, venueId: string, userId: string): Promise<VenueUser> {
  const [row] = await db
    .select(columns)
    .from(venueMembers)
    .innerJoin(user, eq(user.id, venueMembers.userId))
    .where(and(memberOf(venueId), eq(venueMembers.userId, userId)));
  if (!row) throw notFound('User');
  return toVenueUser(row);
}

/** Owners are protected: only an owner (or a superadmin) may create, change or remove one. */
function assertMayManageOwners(actor: Identity, venue: VenueContext, targetRole: VenueRole | null, newRole?: VenueRole) {
  const touchesOwner = targetRole === 'owner' || newRole === 'owner';
  if (touchesOwner && !actor.isSuperadmin && venue.role !== 'owner') throw forbidden('Only an owner can add, change or remove an owner.');
}

/**
 * A venue invites an email (decision 008), in the caller's transaction; the route sends it
 * (`sendInvitation`) once committed. The answer is the invitation, whatever the email: it
 * never tells whether the email has an account. Only owners invite owners, or replace an
 * owner's invitation (checked under the invitation's lock).
 */
export async function inviteUser(
  tx: Tx,
  venue: VenueContext,
  actor: Identity,
  input: { email: string; role: VenueRole },
): Promise<CreatedInvitation> {
  return createInvitation(
    tx,
    { venue: { id: venue.id, name: venue.row.name }, email: input.email, role: input.role, invitedBy: actor.userId },
    (existing) => assertMayManageOwners(actor, venue, existing?.role ?? null, input.role),
  );
}

/** The venue withdraws a pending invitation (expired ones too); only owners withdraw an owner's. */
export async function withdrawInvitation(tx: Tx, venue: VenueContext, actor: Identity, email: string): Promise<void> {
  const invitation = await findInvitation(tx, venue.id, email);
  if (!invitation) throw notFound('Invitation');
  assertMayManageOwners(actor, venue, invitation.role);
  if (!(await deleteInvitation(tx, venue.id, email, false))) throw notFound('Invitation');
}

/**
 * Every change that may take an owner away (role change, removal) takes this lock first and
 * reads the owners after it: two owners demoting each other at once are served one after the
 * other, and the second finds the venue's last owner.
 */
const lockOwners = (tx: Tx, venueId: string) => lockKeys(tx, [`venue-owners:${venueId}`]);

export async function changeRole(tx: Tx, venue: VenueContext, actor: Identity, userId: string, role: VenueRole): Promise<VenueUser> {
  await lockOwners(tx, venue.id);
  const target = await getUser(tx, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role, role);
  if (target.role === 'owner' && role !== 'owner' && (await countOwners(tx, venue.id)) <= 1) {
    throw conflict('A venue needs at least one owner: make someone else owner first.', 'last_owner');
  }
  await tx
    .update(venueMembers)
    .set({ role })
    .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, userId)));
  return getUser(tx, venue.id, userId);
}

export async function removeUser(tx: Tx, venue: VenueContext, actor: Identity, userId: string): Promise<void> {
  await lockOwners(tx, venue.id);
  const target = await getUser(tx, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role);
  if (target.role === 'owner' && (await countOwners(tx, venue.id)) <= 1) {
    throw conflict('A venue needs at least one owner: the last owner cannot be removed.', 'last_owner');
  }
  await tx.delete(venueMembers).where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, userId)));
}

export const PROFILE_IS_THEIRS = "A person's name, phone and picture are their own: only they (or Lanebook support) can change them.";

/**
 * A person's name, phone and picture are theirs, shared by every venue they belong to: a venue
 * admin may not change them (decision 008). The person themselves and a superadmin may.
 */
export async function updateUserProfile(
  db: Db,
  venue: VenueContext,
  actor: Identity,
  userId: string,
  patch: { name?: string; phone?: string; image?: string | null },
): Promise<VenueUser> {
  await getUser(db, venue.id, userId);
  if (!actor.isSuperadmin && actor.userId !== userId) throw forbidden(PROFILE_IS_THEIRS);
  await db
    .update(user)
    .set({ ...patch, image: patch.image === '' ? null : patch.image, updatedAt: new Date() })
    .where(eq(user.id, userId));
  return getUser(db, venue.id, userId);
}
