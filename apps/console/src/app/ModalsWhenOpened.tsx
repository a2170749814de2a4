import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

// Most page views open no dialog: Mantine's modals provider (Modal, focus trap, scroll lock) loads with the first one.
const ModalsStack = lazy(() => import('./modals-stack'));

/** The window events through which `modals.open(...)` and its siblings of @mantine/modals reach the provider. */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'closeModal',
  'closeContextModal',
  'closeAllModals',
  'updateModal',
  'updateContextModal',
].map((name) => `mantine-modals:${name}`);

/**
 * Mantine's ModalsProvider, mounted once a dialog is asked for. @mantine/modals' `modals.*` calls
 * are window events the provider listens to; until it is there, they are kept here and sent again
 * (in their order) as soon as it listens.
 */
export function ModalsWhenOpened() {
  const [needed, setNeeded] = useState(false);
  const waiting = useRef<CustomEvent[] | null>([]);

  useEffect(() => {
    const keep = (event: Event) => {
      if (!waiting.current) return;
      waiting.current.push(event as CustomEvent);
      setNeeded(true);
    };
    MODAL_EVENTS.forEach((type) => window.addEventListener(type, keep));
    return () => MODAL_EVENTS.forEach((type) => window.removeEventListener(type, keep));
  }, []);

  const listening = useCallback(() => {
    const events = waiting.current ?? [];
    waiting.current = null;
    for (const event of events) window.dispatchEvent(new CustomEvent(event.type, { detail: event.detail }));
  }, []);

  return needed ? (
    <Suspense fallback={null}>
      <ModalsStack onListening={listening} />
    </Suspense>
  ) : null;
}
