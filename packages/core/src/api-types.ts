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

export interface VenueUser {
  id: string;
  email: string;
  name: string;
  image: string | null;
  phone: string;
  role: VenueRole;
  isDisabled: boolean;
  hasPassword: boolean;
  joinedAt: string;
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
