import type { VenueRole, VenueUser, VenueUserRow } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import type { Identity, VenueContext } from '../../platform/access.js';
import { pageOf, type Page } from '../../platform/http.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { lockKeys } from '../../platform/locking.js';
import { findPerson, peopleAmong, updateProfile, type Person } from '../accounts/service.js';
import {
  createInvitation,
  deleteInvitation,
  findInvitation,
  liveInvitationsOf,
  toVenueInvitation,
  type CreatedInvitation,
} from '../invitations/service.js';
import { countOwners, membershipOf, membersOf, removeMember, setRole, type Membership } from './memberships.js';

/** What a venue sees of a member: never the phone or sign-in state (decision 008). */
function toVenueUser(person: Person, member: Membership): VenueUser {
  return {
    status: 'member',
    id: person.id,
    userId: person.id,
    venueId: member.venueId,
    email: person.email,
    name: person.name,
    image: person.image,
    role: member.role,
    joinedAt: member.createdAt.toISOString(),
  };
}

/**
 * Members by name (az, za: case-insensitive name, then email) or by when they joined (new,
 * old), then the pending invitations in the same direction (by email or by date).
 */
export async function listUsers(
  db: Db,
  venueId: string,
  query: { role?: VenueRole; sort: 'az' | 'za' | 'new' | 'old'; search?: string; limit: number; offset: number },
): Promise<Page<VenueUserRow>> {
  const members = await membersOf(db, venueId, { role: query.role, order: query.sort === 'old' ? 'old' : 'new' });
  const people = await peopleAmong(
    db,
    members.map((m) => m.userId),
    query.search,
  );
  const memberOf = new Map(members.map((m) => [m.userId, m]));
  const personOf = new Map(people.map((p) => [p.id, p]));
  const rows =
    query.sort === 'az' || query.sort === 'za'
      ? (query.sort === 'az' ? people : [...people].reverse()).map((p) => toVenueUser(p, memberOf.get(p.id)!))
      : members.filter((m) => personOf.has(m.userId)).map((m) => toVenueUser(personOf.get(m.userId)!, m));
  const invited = await liveInvitationsOf(db, venueId, query);
  // Members, then pending invitations: one list, paged in memory (a venue has few people).
  return pageOf<VenueUserRow>([...rows, ...invited.map(toVenueInvitation)], query);
}

export async function getUser(db: Db | Tx, venueId: string, userId: string): Promise<VenueUser> {
  const member = await membershipOf(db, venueId, userId);
  const person = member && !member.isTemporary ? await findPerson(db, userId) : null;
  if (!member || !person) throw notFound('User');
  return toVenueUser(person, member);
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
  await setRole(tx, venue.id, userId, role);
  return getUser(tx, venue.id, userId);
}

export async function removeUser(tx: Tx, venue: VenueContext, actor: Identity, userId: string): Promise<void> {
  await lockOwners(tx, venue.id);
  const target = await getUser(tx, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role);
  if (target.role === 'owner' && (await countOwners(tx, venue.id)) <= 1) {
    throw conflict('A venue needs at least one owner: the last owner cannot be removed.', 'last_owner');
  }
  await removeMember(tx, venue.id, userId);
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
  await updateProfile(db, userId, patch, venue.row.country);
  return getUser(db, venue.id, userId);
}
