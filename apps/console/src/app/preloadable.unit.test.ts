import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { CHUNK_LOAD_TIMEOUT_MS } from '@lanebook/core/messages';
import { ChunkLoadError, loadChunk } from './preloadable';

describe('loadChunk', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  test('a chunk that has not arrived after 120 s fails as a ChunkLoadError', async () => {
    const outcome = loadChunk(() => new Promise<never>(() => undefined)).catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).name).toBe('ChunkLoadError');
  });

  test('a chunk that fails to fetch is a ChunkLoadError carrying the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadChunk(() => Promise.reject(cause)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).cause).toBe(cause);
  });

  test('a chunk that arrives in time is handed over and its timer cleared', async () => {
    const module = { default: () => null };
    await expect(loadChunk(() => Promise.resolve(module))).resolves.toBe(module);
    expect(vi.getTimerCount()).toBe(0);
  });
});
