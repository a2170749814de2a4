import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { meQueryKey } from '../../lib/session';

/**
 * Resolves once the session query holds the signed-in user: navigating earlier lets the
 * target's guard see the old signed-out state and bounce back to /login. A timeout keeps a
 * lost answer from leaving the button spinning.
 */
function whenSessionLoaded(queryClient: QueryClient, timeoutMs = 10_000): Promise<void> {
  const cache = queryClient.getQueryCache();
  const loaded = () => cache.findAll({ queryKey: meQueryKey }).some((query) => query.state.data != null);
  if (loaded()) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      unsubscribe();
      window.clearTimeout(timer);
      resolve();
    };
    const unsubscribe = cache.subscribe(() => {
      if (loaded()) done();
    });
    const timer = window.setTimeout(done, timeoutMs);
  });
}

/** Resolves when the guards' redirects from /login (to '/', then on from there) are done, or after a timeout. */
function whenRedirected(timeoutMs = 2_000): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () => {
      if (!['/login', '/'].includes(window.location.pathname) || Date.now() - started > timeoutMs) resolve();
      else window.setTimeout(check, 20);
    };
    check();
  });
}

/**
 * After a sign-in or sign-up call succeeded: wait for the session, then go to `path`.
 *
 * The /login guard redirects a signed-in user to '/' (and '/' on to the dashboard or an
 * onboarding step) as soon as the session loads, and that redirect always wins over a
 * navigation started here (the router's update is a transition, the session's is not). So
 * this lets it happen, then moves on to `path` when that is a real destination. If the guard
 * learns to honour ?next=, the second step finds the browser already there and does nothing.
 */
export function useFinishSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (path: string) => {
      await whenSessionLoaded(queryClient);
      await whenRedirected();
      const here = window.location.pathname + window.location.search + window.location.hash;
      if (path !== '/' && here !== path) await navigate(path, { replace: true });
    },
    [queryClient, navigate],
  );
}
