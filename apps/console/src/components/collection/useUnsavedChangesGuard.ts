import { useEffect, useRef } from 'react';
import { useBlocker } from '../../lib/navigation-blocker';
import { confirmAction } from '../dialogs';

export function confirmDiscard(): Promise<boolean> {
  return confirmAction({
    title: 'Discard changes?',
    message: 'You have unsaved changes. Leave and lose them?',
    confirmLabel: 'Discard changes',
    danger: true,
  });
}

/**
 * Asks before leaving a form with unsaved changes: in-app navigation through the router's
 * blocker, closing or reloading the tab through the browser's own prompt. `dirty` is read when
 * the navigation happens, so a save that navigates right after resetting is never blocked.
 */
export function useUnsavedChangesGuard(dirty: () => boolean) {
  const dirtyRef = useRef(dirty);
  useEffect(() => {
    dirtyRef.current = dirty;
  });

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && dirtyRef.current(),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void confirmDiscard().then((discard) => (discard ? blocker.proceed() : blocker.reset()));
  }, [blocker]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (dirtyRef.current()) event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
