import { lazy, Suspense } from 'react';
import type { TooltipProps } from '@mantine/core';

// Tooltip brings Floating UI (about 19 KB gzipped): the page paints with the bare element and the tooltip joins it when loaded.
const Tooltip = lazy(() => import('./tooltip'));

/**
 * Mantine's Tooltip, loaded after the first paint of the pages whose first screen has one (the app
 * shell's header, the dashboard's tiles); until then its child shows alone. A tooltip only repeats
 * what the element's accessible name or its page already says, so nothing is lost meanwhile.
 */
export function DeferredTooltip(props: TooltipProps) {
  return (
    <Suspense fallback={props.children}>
      <Tooltip {...props} />
    </Suspense>
  );
}
