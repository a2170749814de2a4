/**
 * Every TanStack Query key of the console is built here, so what a key holds is one convention:
 * - venueKey: data of a venue (calls that send X-Venue-Id). The venue id comes right after
 *   'venue', so switching venue never answers from another venue's cache, and
 *   venueKey(venueId, 'users') is the prefix that invalidates everything about that venue's users.
 * - accountKey: data that is not a venue's (calls sent with noVenue: the person's own
 *   invitations, superadmin lists, public auth config).
 */
export type KeyPart = string | number | boolean | null | undefined | Readonly<Record<string, unknown>>;

export const venueKey = <const P extends readonly KeyPart[]>(venueId: string | null, ...parts: P) => ['venue', venueId, ...parts] as const;

export const accountKey = <const P extends readonly KeyPart[]>(...parts: P) => ['account', ...parts] as const;
