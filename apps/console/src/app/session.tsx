import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, client, http, onUnauthorized } from '../lib/api';
import { meQueryKey, SessionContext, type Session, type SessionStatus } from '../lib/session';
import { readSelectedVenue, writeSelectedVenue } from '../lib/venue-selection';

function initialVenue(): string | null {
  const fromUrl = new URLSearchParams(window.location.search).get('venue');
  if (fromUrl) writeSelectedVenue(fromUrl);
  return fromUrl ?? readSelectedVenue();
}

/** Provides the session that lib/session.ts declares and useSession() reads. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [venueId, setVenueId] = useState<string | null>(initialVenue);
  const [endedReason, setEndedReason] = useState<string | null>(null);

  const meQuery = useQuery({
    queryKey: [...meQueryKey, venueId],
    queryFn: async () => {
      try {
        return await client.get('/api/private/me');
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        // A remembered venue the user no longer belongs to: fall back to no venue.
        if (error instanceof ApiError && error.status === 404 && venueId) {
          writeSelectedVenue(null);
          setVenueId(null);
          return null;
        }
        throw error;
      }
    },
    staleTime: 30_000,
    retry: false,
  });

  const me = meQuery.data ?? null;

  // Pick the first venue when none is chosen (or the chosen one is gone) and the user has some.
  useEffect(() => {
    if (!me || me.venue) return;
    const next = me.venues[0]?.venueId ?? null;
    if (next && next !== venueId) {
      writeSelectedVenue(next);
      setVenueId(next);
    }
  }, [me, venueId]);

  useEffect(
    () =>
      onUnauthorized((code) => {
        setEndedReason(code);
        queryClient.setQueriesData({ queryKey: meQueryKey }, null);
      }),
    [queryClient],
  );

  const selectVenue = useCallback(
    (next: string | null) => {
      writeSelectedVenue(next);
      setVenueId(next);
      // Everything cached belongs to the previous venue.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  }, [queryClient]);

  const signIn = useCallback(
    async (input: { email: string; password: string; rememberMe: boolean }) => {
      await http.post('/api/auth/sign-in/email', input, { noVenue: true });
      setEndedReason(null);
      // Nothing cached from before belongs to this user; wait until the new user is loaded.
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
      await queryClient.refetchQueries({ queryKey: meQueryKey });
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    await http.post('/api/auth/sign-out', {}, { noVenue: true }).catch(() => undefined);
    queryClient.setQueriesData({ queryKey: meQueryKey }, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== meQueryKey[0] });
    // The next person on this browser starts without the previous user's venue.
    writeSelectedVenue(null);
    setVenueId(null);
  }, [queryClient]);

  const value = useMemo<Session>(() => {
    // Signed in with venues but none chosen yet: the effect above picks one at once. Until then the
    // session is still loading, so no guard routes by the moment without a venue (to onboarding).
    const choosingVenue = Boolean(me && !me.venue && me.venues.length > 0 && me.venues[0].venueId !== venueId);
    const status: SessionStatus = meQuery.isPending || choosingVenue ? 'loading' : me ? 'signed-in' : 'signed-out';
    const permissions = new Set(me?.permissions ?? []);
    return {
      status,
      me,
      venueId: me?.venue?.id ?? null,
      endedReason,
      selectVenue,
      can: (permission) => Boolean(me?.isSuperadmin) || permissions.has(permission),
      refresh,
      signIn,
      signOut,
    };
  }, [meQuery.isPending, me, venueId, endedReason, selectVenue, refresh, signIn, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
