import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { CHUNK_LOAD_TIMEOUT_MS } from '@lanebook/core/messages';

/** A page's code that failed to arrive, or took longer than CHUNK_LOAD_TIMEOUT_MS (decision 036). */
export class ChunkLoadError extends Error {
  override name = 'ChunkLoadError';
}

/** The chunk, or a ChunkLoadError when it fails or does not arrive in time. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(`The page's code did not arrive in ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`)),
      CHUNK_LOAD_TIMEOUT_MS,
    );
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : String(error), { cause: error }));
      },
    );
  });
}

export type PreloadableComponent = LazyExoticComponent<ComponentType> & {
  /** Starts loading the component's chunk (once); the router calls it for the page being opened. */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy that can start loading before it renders, and renders at once once loaded. A plain
 * lazy component suspends the first time it renders even when its chunk is already there, and
 * React then holds the revealed page back until 300 ms after the fallback showed (its reveal
 * throttle): on the dashboard, that delayed its statistics requests by about 200 ms.
 */
export function preloadable(load: () => Promise<{ default: ComponentType }>): PreloadableComponent {
  let loaded: { default: ComponentType } | undefined;
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () =>
    (loading ??= loadChunk(load).then(
      (module) => (loaded = module),
      (error: unknown) => {
        // A failed chunk may be asked for again (the next navigation retries it).
        loading = undefined;
        throw error;
      },
    ));
  // A loaded module is handed over through a thenable that answers at once: React.lazy then renders without suspending.
  const resolved = (module: { default: ComponentType }) =>
    ({ then: (onLoaded: (value: { default: ComponentType }) => void) => onLoaded(module) }) as unknown as Promise<{
      default: ComponentType;
    }>;
  return Object.assign(
    lazy(() => (loaded ? resolved(loaded) : preload())),
    { preload },
  );
}
