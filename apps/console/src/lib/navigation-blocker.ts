import { useEffect, useMemo, useRef, useState } from 'react';
import { UNSAFE_createBrowserHistory as createBrowserHistory, type Location, type To } from 'react-router';

/**
 * Holding a navigation back (a form with unsaved changes) without React Router's data router,
 * whose loaders and actions the console does not use and whose code would double the router's
 * share of every first load. The console's history (`createBlockingHistory`, given to the
 * router) asks the blocker before each navigation: a link, `navigate()`, `<Navigate>`, and the
 * browser's back and forward buttons, which it undoes while the question is open. `useBlocker`
 * has the shape of React Router's own.
 */

export type BrowserHistory = ReturnType<typeof createBrowserHistory>;

export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
}

export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

interface ActiveBlocker {
  shouldBlock: (args: BlockerArgs) => boolean;
  blocked: (next: Location, retry: () => void) => void;
}

// One blocker at a time, as in React Router: the form on screen.
let active: ActiveBlocker | null = null;

export function createBlockingHistory(): BrowserHistory {
  const history = createBrowserHistory({ v5Compat: true });
  // The location the app shows: while a back/forward is being undone, the address bar is elsewhere.
  let shown = history.location;
  // The popstate of undoing a held back/forward: the app never left, so it is not told.
  let undoing = false;
  // The popstate of a held back/forward let through.
  let letThrough = false;

  const holds = (next: Location) => (active?.shouldBlock({ currentLocation: shown, nextLocation: next }) ? active : null);
  const nextLocation = (to: To, state: unknown): Location => ({ ...history.encodeLocation(to), state, key: 'blocked' });
  const guarded =
    (navigate: (to: To, state?: unknown) => void) =>
    (to: To, state?: unknown): void => {
      const next = nextLocation(to, state);
      const blocker = holds(next);
      if (blocker) blocker.blocked(next, () => navigate(to, state));
      else navigate(to, state);
    };

  return {
    get action() {
      return history.action;
    },
    get location() {
      return history.location;
    },
    createHref: history.createHref,
    createURL: history.createURL,
    encodeLocation: history.encodeLocation,
    go: history.go,
    push: guarded(history.push),
    replace: guarded(history.replace),
    listen(listener) {
      return history.listen((update) => {
        if (update.action === 'POP') {
          if (undoing) {
            undoing = false;
            return;
          }
          const blocker = letThrough || update.delta === null ? null : holds(update.location);
          letThrough = false;
          if (blocker && update.delta) {
            const delta = update.delta;
            undoing = true;
            history.go(-delta);
            blocker.blocked(update.location, () => {
              letThrough = true;
              history.go(delta);
            });
            return;
          }
        }
        shown = update.location;
        listener(update);
      });
    },
  };
}

/** React Router's useBlocker for the console's history: `blocked` until `proceed()` (navigates) or `reset()` (stays). */
export function useBlocker(shouldBlock: (args: BlockerArgs) => boolean): Blocker {
  const latest = useRef(shouldBlock);
  useEffect(() => {
    latest.current = shouldBlock;
  });
  const [held, setHeld] = useState<{ location: Location; retry: () => void } | null>(null);

  useEffect(() => {
    const blocker: ActiveBlocker = {
      shouldBlock: (args) => latest.current(args),
      blocked: (location, retry) => setHeld({ location, retry }),
    };
    active = blocker;
    return () => {
      if (active === blocker) active = null;
    };
  }, []);

  // One object per held navigation, as React Router's: effects that depend on it run once for it.
  return useMemo<Blocker>(
    () =>
      held
        ? {
            state: 'blocked',
            location: held.location,
            proceed: () => {
              setHeld(null);
              held.retry();
            },
            reset: () => setHeld(null),
          }
        : { state: 'unblocked' },
    [held],
  );
}
