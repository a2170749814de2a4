import { accountKey } from '../../../lib/query-keys';

/** Superadmin calls are about the platform, not the open venue: they never send X-Venue-Id. */
export const noVenue = { noVenue: true } as const;

export const superadminKeys = {
  venues: accountKey('superadmin', 'venues'),
  accounts: accountKey('superadmin', 'accounts'),
  outbox: accountKey('superadmin', 'outbox'),
};

export const PAGE_SIZE = 50;
