import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { VenueRole, VenueUser } from '@lanebook/core';
import type { Db } from '../../db/client.js';
import { account, user, venueMembers } from '../../db/schema/index.js';
import type { Identity, VenueContext } from '../../platform/access.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { countOwners } from '../venues/service.js';

const sorts = {
  az: [asc(sql`lower(${user.name})`), asc(user.email)],
  za: [desc(sql`lower(${user.name})`), desc(user.email)],
  new: [desc(venueMembers.createdAt)],
  old: [asc(venueMembers.createdAt)],
} as const;

const columns = {
  id: user.id,
  email: user.email,
  name: user.name,
  image: user.image,
  phone: user.phone,
  isDisabled: user.isDisabled,
  role: venueMembers.role,
  joinedAt: venueMembers.createdAt,
  hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential')`,
};

function toVenueUser(row: { joinedAt: Date } & Omit<VenueUser, 'joinedAt'>): VenueUser {
  return { ...row, joinedAt: row.joinedAt.toISOString() };
}

/** Temporary members are superadmins looking in; they are not the venue's users. */
const memberOf = (venueId: string) => and(eq(venueMembers.venueId, venueId), eq(venueMembers.isTemporary, false));

export async function listUsers(db: Db, venueId: string, query: { role?: VenueRole; sort: keyof typeof sorts; search?: string }) {
  const conditions: (SQL | undefined)[] = [memberOf(venueId)];
  if (query.role) conditions.push(eq(venueMembers.role, query.role));
  if (query.search) conditions.push(or(ilike(user.name, `%${query.search}%`), ilike(user.email, `%${query.search}%`)));
  const rows = await db
    .select(columns)
    .from(venueMembers)
    .innerJoin(user, eq(user.id, venueMembers.userId))
    .where(and(...conditions))
    .orderBy(...sorts[query.sort]);
  return { items: rows.map(toVenueUser), total: rows.length };
}

export async function getUser(db: Db, venueId: string, userId: string): Promise<VenueUser> {
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

export interface InviteResult {
  user: VenueUser;
  /** True when the email had no account yet: an invitation to set a password was sent. */
  invited: boolean;
}

export async function inviteUser(
  db: Db,
  venue: VenueContext,
  actor: Identity,
  input: { email: string; role: VenueRole },
  sendInvitation: (email: string) => Promise<void>,
  sendAddedNotice: (email: string) => Promise<void>,
): Promise<InviteResult> {
  assertMayManageOwners(actor, venue, null, input.role);
  const outcome = await db.transaction(async (tx) => {
    let [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
    const created = !existing;
    if (!existing) {
      [existing] = await tx
        .insert(user)
        .values({ id: randomUUID(), email: input.email, name: input.email.split('@')[0], emailVerified: false })
        .returning({ id: user.id });
    }
    const inserted = await tx
      .insert(venueMembers)
      .values({ venueId: venue.id, userId: existing.id, role: input.role })
      .onConflictDoNothing()
      .returning();
    if (inserted.length === 0) {
      const [member] = await tx
        .select({ isTemporary: venueMembers.isTemporary })
        .from(venueMembers)
        .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, existing.id)));
      if (!member?.isTemporary) throw conflict(`${input.email} is already a user of this venue.`, 'already_member');
      // A superadmin who was looking in becomes a real member.
      await tx
        .update(venueMembers)
        .set({ role: input.role, isTemporary: false })
        .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, existing.id)));
    }
    return { userId: existing.id, created };
  });
  if (outcome.created) await sendInvitation(input.email);
  else await sendAddedNotice(input.email);
  return { user: await getUser(db, venue.id, outcome.userId), invited: outcome.created };
}

export async function changeRole(db: Db, venue: VenueContext, actor: Identity, userId: string, role: VenueRole): Promise<VenueUser> {
  const target = await getUser(db, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role, role);
  if (target.role === 'owner' && role !== 'owner' && (await countOwners(db, venue.id)) <= 1) {
    throw conflict('A venue needs at least one owner: make someone else owner first.', 'last_owner');
  }
  await db
    .update(venueMembers)
    .set({ role })
    .where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, userId)));
  return getUser(db, venue.id, userId);
}

export async function removeUser(db: Db, venue: VenueContext, actor: Identity, userId: string): Promise<void> {
  const target = await getUser(db, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role);
  if (target.role === 'owner' && (await countOwners(db, venue.id)) <= 1) {
    throw conflict('A venue needs at least one owner: the last owner cannot be removed.', 'last_owner');
  }
  await db.delete(venueMembers).where(and(eq(venueMembers.venueId, venue.id), eq(venueMembers.userId, userId)));
}

export async function updateUserProfile(
  db: Db,
  venue: VenueContext,
  actor: Identity,
  userId: string,
  patch: { name?: string; phone?: string; image?: string | null },
): Promise<VenueUser> {
  const target = await getUser(db, venue.id, userId);
  assertMayManageOwners(actor, venue, target.role === 'owner' && userId !== actor.userId ? 'owner' : null);
  await db
    .update(user)
    .set({ ...patch, image: patch.image === '' ? null : patch.image, updatedAt: new Date() })
    .where(eq(user.id, userId));
  return getUser(db, venue.id, userId);
}
