import type { PermissionKey, PermissionsMap, VenueRole } from './permissions.js';
import type { VenueFields } from './venue-schemas.js';

/** The one error body of the API. */
export interface ApiErrorBody {
  message: string;
  code: string;
  details?: { fields?: { path: string; message: string }[] } & Record<string, unknown>;
}

export interface Paged<T> {
  items: T[];
  total: number;
}

export interface VenueMembership {
  venueId: string;
  venueName: string;
  role: VenueRole;
  /** A superadmin who opened a venue from the superadmin page joins it temporarily. */
  isTemporary: boolean;
}

export interface Venue extends VenueFields {
  id: string;
  status: 'inactive' | 'pending' | 'live';
  stripeBankAccountStatus: 'active' | 'pending' | 'inactive';
  isStripePaymentsEnabled: boolean;
  bankOnboardingSkipped: boolean;
  permissions: PermissionsMap;
  createdAt: string;
}

export interface Me {
  user: {
    id: string;
    email: string;
    name: string;
    image: string | null;
    phone: string;
    isSuperadmin: boolean;
    createdAt: string;
  };
  isSuperadmin: boolean;
  venues: VenueMembership[];
  /** The venue chosen by X-Venue-Id, when the header was sent and is allowed. */
  venue: Venue | null;
  role: VenueRole | null;
  permissions: PermissionKey[];
  onboarding: OnboardingProgress;
}

/**
 * A member of a venue as the venue sees them: what a venue needs, never the person's phone or
 * sign-in state (those are the person's own, and a superadmin's; decision 008).
 */
export interface VenueUser {
  status: 'member';
  id: string;
  email: string;
  name: string;
  image: string | null;
  role: VenueRole;
  joinedAt: string;
}

/** An invitation the venue sent and the person has not answered yet: the venue sees only the email. */
export interface VenueInvitation {
  status: 'invited';
  email: string;
  role: VenueRole;
  invitedAt: string;
  expiresAt: string;
}

/** A row of the venue's users list: members, then pending invitations. */
export type VenueUserRow = VenueUser | VenueInvitation;

/** The answer to an invitation (POST /api/private/users): the same whether or not the email has an account. */
export interface InviteAnswer {
  invitation: VenueInvitation;
}

/** An invitation as the invited person sees it (GET /api/private/invitations). */
export interface PendingInvitation {
  venueId: string;
  venueName: string;
  role: VenueRole;
  invitedAt: string;
  expiresAt: string;
}

export interface OnboardingProgress {
  currentStep: number;
  isFinished: boolean;
}

export interface SuperadminVenue {
  id: string;
  name: string;
  status: 'inactive' | 'pending' | 'live';
  ownerEmail: string;
  timezone: string;
  createdAt: string;
  memberCount: number;
}

export interface OutboxMail {
  id: string;
  to: string[];
  subject: string;
  text: string;
  html: string | null;
  status: 'stored' | 'sent' | 'failed';
  error: string | null;
  createdAt: string;
}

export interface AuthConfig {
  socialProviders: { id: string; name: string }[];
}
