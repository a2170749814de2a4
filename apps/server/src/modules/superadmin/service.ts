import type { Venue, VenueCreate } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { Page } from '../../platform/http.js';
import { setDisabled } from '../accounts/service.js';
import { createInvitation, type CreatedInvitation } from '../invitations/service.js';
import { countMembers, joinTemporarily } from '../users/memberships.js';
import { createVenue, listVenues, venueExists } from '../venues/service.js';

/**
 * What a superadmin does across venues and accounts, composed from the modules that own the
 * data (venues, users, invitations, accounts).
 */

export interface VenueOverview {
  id: string;
  name: string;
  status: Venue['status'];
  ownerEmail: string;
  timezone: string;
  createdAt: string;
  /** Its users, superadmins looking in not counted. */
  memberCount: number;
}

export async function listVenuesWithMembers(
  db: Db,
  query: { status?: Venue['status']; search?: string; limit: number; offset: number },
): Promise<Page<VenueOverview>> {
  const { items, total } = await listVenues(db, query);
  const counts = await countMembers(
    db,
    items.map((v) => v.id),
  );
  return { items: items.map((v) => ({ ...v, createdAt: v.createdAt.toISOString(), memberCount: counts.get(v.id) ?? 0 })), total };
}

/**
 * A venue for an owner by email: the owner is invited as owner like anyone a venue invites
 * (decision 008) and the venue is theirs once they accept. Venue and invitation are written in
 * the caller's transaction (a taken id writes nothing); the route sends the invitation
 * (`sendInvitation`) once both are committed.
 */
export async function createVenueForOwner(
  tx: Tx,
  input: VenueCreate & { ownerEmail: string },
  invitedBy: string,
): Promise<{ venue: Venue; invitation: CreatedInvitation }> {
  const venue = await createVenue(tx, input, null, input.ownerEmail);
  const invitation = await createInvitation(tx, {
    venue: { id: venue.id, name: venue.name },
    email: input.ownerEmail,
    role: 'owner',
    invitedBy,
  });
  return { venue, invitation };
}

/** A superadmin joins a venue temporarily, to open it from the venue dropdown. */
export async function joinVenue(db: Db, venueId: string, superadminId: string): Promise<void> {
  if (!(await venueExists(db, venueId))) throw notFound('Venue');
  await joinTemporarily(db, venueId, superadminId);
}

/** Disables (its sessions end at once) or enables an account; nobody disables their own. */
export async function setAccountDisabled(tx: Tx, actorId: string, userId: string, disabled: boolean): Promise<void> {
  if (disabled && userId === actorId) throw badRequest('You cannot disable your own account.', 'id');
  if (!(await setDisabled(tx, userId, disabled))) throw notFound('User');
}
