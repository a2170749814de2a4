import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, ilike, sql } from 'drizzle-orm';
import { INVITATION_DAYS, type PendingInvitation, type VenueInvitation, type VenueMembership, type VenueRole } from '@lanebook/core';
import type { Db, Tx } from '../../db/client.js';
import type { Auth } from '../../platform/auth.js';
import type { Mailer } from '../../platform/mail.js';
import { venueInvitationMail } from '../../platform/mail-templates.js';
import { conflict, notFound } from '../../platform/errors.js';
import { likePattern } from '../../platform/http.js';
import { lockKeys } from '../../platform/locking.js';
import { forVenue } from '../../platform/venue-scope.js';
import { findPersonByEmail, userForEmail } from '../accounts/service.js';
import { isMember, joinFromInvitation, membershipOf } from '../users/memberships.js';
import { venueNames } from '../venues/service.js';
import { venueInvitations } from './schema.js';

/** Invitations are (decision 008): one per venue and email, valid INVITATION_DAYS, nothing joined before acceptance. */
const INVITATION_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;
/** The set-password link in an invitation lives as long as a reset link (decision 003). */
const SET_PASSWORD_LINK_SECONDS = 60 * 60 * 24;

export const invitationCutoff = () => new Date(Date.now() - INVITATION_MS);
/** Only invitations younger than INVITATION_DAYS count anywhere. */
export const isLive = () => gt(venueInvitations.createdAt, invitationCutoff());

export function toVenueInvitation(row: { email: string; role: VenueRole; createdAt: Date }): VenueInvitation {
  return {
    status: 'invited',
    email: row.email,
    role: row.role,
    invitedAt: row.createdAt.toISOString(),
    expiresAt: new Date(row.createdAt.getTime() + INVITATION_MS).toISOString(),
  };
}

/** What sending an invitation needs, after its transaction has committed (a module's deps will do). */
export interface InvitationMailDeps {
  auth: Auth;
  mailer: Mailer;
  config: { baseUrl: string };
}

/** An invitation written in a transaction, to be sent (`sendInvitation`) once it commits. */
export interface CreatedInvitation {
  venue: { id: string; name: string };
  email: string;
  invitation: typeof venueInvitations.$inferSelect;
  person: { id: string; hasPassword: boolean };
}

/** Serializes everything about one venue's invitation of one email: invite, accept, withdraw, decline. */
const lockInvitation = (tx: Tx, venueId: string, email: string) => lockKeys(tx, [`invitation:${venueId}:${email}`]);

/**
 * Invites an email to a venue: the one path for a venue adding a user and for a superadmin
 * creating a venue for an owner. The answer does not depend on whether the email has an
 * account. An email without an account gets an account without a password (so the mail's
 * link can set one); nobody becomes a member until they accept. Inviting again renews the
 * invitation (new role, new validity, new mail). `authorize` sees the invitation it would
 * replace, under the lock, so callers check who may invite which role on what is current.
 */
export async function createInvitation(
  tx: Tx,
  input: { venue: { id: string; name: string }; email: string; role: VenueRole; invitedBy: string | null },
  authorize?: (existing: { role: VenueRole } | null) => void,
): Promise<CreatedInvitation> {
  const email = input.email.trim().toLowerCase();
  await lockInvitation(tx, input.venue.id, email);
  authorize?.(await findInvitation(tx, input.venue.id, email));
  const known = await findPersonByEmail(tx, email);
  if (known && (await isMember(tx, input.venue.id, known.id)))
    throw conflict(`${email} is already a user of this venue.`, 'already_member');
  const [invitation] = await forVenue(tx, input.venue.id)
    .insert(venueInvitations, { email, role: input.role, invitedBy: input.invitedBy })
    .onConflictDoUpdate({
      target: [venueInvitations.venueId, venueInvitations.email],
      set: { role: input.role, invitedBy: input.invitedBy, createdAt: sql`now()` },
    })
    .returning();
  const person = await userForEmail(tx, email);
  return { venue: input.venue, email, invitation, person };
}

/** Mails a committed invitation (with a set-password link for an account without a password). */
export async function sendInvitation(deps: InvitationMailDeps, created: CreatedInvitation): Promise<VenueInvitation> {
  const { email, venue, person } = created;
  const { baseUrl } = deps.config;
  let setPasswordUrl: string | undefined;
  if (!person.hasPassword) {
    // better-auth's own reset token (as /request-password-reset makes it), so its reset-password
    // endpoint completes it; the link comes back to the console with the venue of the invitation.
    const token = randomBytes(18).toString('base64url');
    const context = await deps.auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: person.id,
      expiresAt: new Date(Date.now() + SET_PASSWORD_LINK_SECONDS * 1000),
    });
    const callback = `${baseUrl}/reset-password?invitation=${encodeURIComponent(venue.id)}`;
    setPasswordUrl = `${baseUrl}/api/auth/reset-password/${token}?callbackURL=${encodeURIComponent(callback)}`;
  }
  await deps.mailer.send(
    venueInvitationMail({
      email,
      venueId: venue.id,
      venueName: venue.name,
      role: created.invitation.role,
      invitationsUrl: `${baseUrl}/invitations`,
      setPasswordUrl,
      validDays: INVITATION_DAYS,
    }),
  );
  return toVenueInvitation(created.invitation);
}

/** The pending, unexpired invitations of the signed-in person's email, newest first. */
export async function listPendingInvitations(db: Db, email: string): Promise<PendingInvitation[]> {
  // Across venues by design: the invitee's invitations, wherever they come from.
  const rows = await db
    .select()
    // eslint-disable-next-line no-restricted-syntax -- the invitee's invitations from every venue.
    .from(venueInvitations)
    .where(and(eq(venueInvitations.email, email.toLowerCase()), isLive()))
    .orderBy(desc(venueInvitations.createdAt));
  const names = await venueNames(
    db,
    rows.map((r) => r.venueId),
  );
  return rows.map((r) => {
    const { invitedAt, expiresAt } = toVenueInvitation({ email, role: r.role, createdAt: r.createdAt });
    return { venueId: r.venueId, venueName: names.get(r.venueId) ?? '', role: r.role, invitedAt, expiresAt };
  });
}

/**
 * Accepts the invitation of `email` to a venue: the invitation goes and the membership comes in
 * the caller's transaction, under the invitation's lock (an invite, a withdrawal or a second
 * accept of the same email waits, then sees the outcome). A superadmin's temporary membership
 * becomes a real one.
 */
export async function acceptInvitation(tx: Tx, person: { userId: string; email: string }, venueId: string): Promise<VenueMembership> {
  await lockInvitation(tx, venueId, person.email.toLowerCase());
  const [invitation] = await forVenue(tx, venueId)
    .delete(venueInvitations, and(eq(venueInvitations.email, person.email.toLowerCase()), isLive()))
    .returning();
  if (!invitation) throw notFound('Invitation');
  await joinFromInvitation(tx, venueId, person.userId, invitation.role);
  const membership = (await membershipOf(tx, venueId, person.userId))!;
  const names = await venueNames(tx, [venueId]);
  return { venueId, venueName: names.get(venueId) ?? '', role: membership.role, isTemporary: membership.isTemporary };
}

/** Declines (the invitee) or withdraws (the venue) an invitation; false when there was none. */
export async function deleteInvitation(tx: Tx, venueId: string, email: string, onlyLive: boolean): Promise<boolean> {
  await lockInvitation(tx, venueId, email.toLowerCase());
  const deleted = await forVenue(tx, venueId)
    .delete(venueInvitations, and(eq(venueInvitations.email, email.toLowerCase()), onlyLive ? isLive() : undefined))
    .returning({ email: venueInvitations.email });
  return deleted.length > 0;
}

/** Pending invitations follow the members, in the same direction: by email for az/za, by date for new/old. */
const invitationSorts = {
  az: [asc(venueInvitations.email)],
  za: [desc(venueInvitations.email)],
  new: [desc(venueInvitations.createdAt)],
  old: [asc(venueInvitations.createdAt)],
} as const;

/** A venue's live invitations, for its list of users: of one role, whose email contains `search`. */
export async function liveInvitationsOf(
  db: Db | Tx,
  venueId: string,
  query: { role?: VenueRole; search?: string; sort: keyof typeof invitationSorts },
) {
  const matching = and(
    isLive(),
    query.role ? eq(venueInvitations.role, query.role) : undefined,
    query.search ? ilike(venueInvitations.email, likePattern(query.search)) : undefined,
  );
  return forVenue(db, venueId).select(venueInvitations, matching, { orderBy: [...invitationSorts[query.sort]] });
}

/** A pending invitation of a venue (for the owner rules), or null. */
export async function findInvitation(db: Db | Tx, venueId: string, email: string) {
  return (await forVenue(db, venueId).first(venueInvitations, eq(venueInvitations.email, email.toLowerCase()))) ?? null;
}
