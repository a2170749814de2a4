import { createContext, useContext } from 'react';
import type { Me } from '@lanebook/core/api-schemas';
import type { PermissionKey } from '@lanebook/core/permissions';

/**
 * The signed-in user, the open venue and can(permission), read by every layer with useSession().
 * app/session.tsx provides it; it is declared here so components/ and lib/ can read it without
 * importing app/.
 */

export type SessionStatus = 'loading' | 'signed-out' | 'signed-in';

export interface Session {
  status: SessionStatus;
  me: Me | null;
  venueId: string | null;
  /** Why the last session ended, e.g. 'account_disabled', for the login page to explain. */
  endedReason: string | null;
  selectVenue(venueId: string | null): void;
  can(permission: PermissionKey): boolean;
  refresh(): Promise<void>;
  signIn(input: { email: string; password: string; rememberMe: boolean }): Promise<void>;
  signOut(): Promise<void>;
}

/** The key of the session's own query (the signed-in user, per venue): kept when the cache of a venue is dropped. */
export const meQueryKey = ['me'] as const;

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}
