import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-types';
import { ApiError, http } from '../../lib/api';

/**
 * TanStack Query access to a collection of the generic API (apps/server/src/platform/collections.ts).
 * Keys: [path, 'list', params] and [path, 'item', id], so invalidating [path] refreshes both.
 */

export interface ListParams {
  search?: string;
  sort?: string;
  order?: 'asc' | 'desc';
  limit?: number;
  offset?: number;
  /** Boolean flags the collection filters on, e.g. isPaused. */
  [flag: string]: string | number | boolean | undefined;
}

const base = (path: string) => `/api/private/${path}`;
const itemUrl = (path: string, id: string) => `${base(path)}/${encodeURIComponent(id)}`;

export const collectionKeys = {
  all: (path: string) => [path] as const,
  list: (path: string, params: ListParams) => [path, 'list', params] as const,
  item: (path: string, id: string) => [path, 'item', id] as const,
};

export function useCollectionList<R>(path: string, params: ListParams, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: collectionKeys.list(path, params),
    queryFn: ({ signal }) => http.get<Paged<R>>(base(path), { query: params, signal }),
    // Typing in the search box keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCollectionItem<R>(path: string, id: string | null) {
  return useQuery({
    queryKey: collectionKeys.item(path, id ?? ''),
    queryFn: ({ signal }) => http.get<R>(itemUrl(path, id!), { signal }),
    enabled: id !== null,
    // A record that is not there (or belongs to another venue) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useCollectionMutations<R extends { id: string }>(path: string, alsoInvalidate: string[] = []) {
  const queryClient = useQueryClient();

  /** Lists and other items change too (e.g. a new default widget template unsets the old one). */
  const refresh = (except?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: collectionKeys.all(path),
        predicate: (query) => !(except !== undefined && query.queryKey[1] === 'item' && query.queryKey[2] === except),
      }),
      ...alsoInvalidate.map((other) => queryClient.invalidateQueries({ queryKey: collectionKeys.all(other) })),
    ]);
  const store = (record: R) => {
    queryClient.setQueryData(collectionKeys.item(path, record.id), record);
    void refresh(record.id);
  };

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => http.post<R>(base(path), body),
    onSuccess: store,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) => http.patch<R>(itemUrl(path, id), patch),
    onSuccess: store,
  });
  const setPaused = useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => http.post<R>(`${itemUrl(path, id)}/${paused ? 'pause' : 'resume'}`),
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.delete<void>(itemUrl(path, id)),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.item(path, id) });
      void refresh(id);
    },
  });

  return { create, update, setPaused, remove };
}
