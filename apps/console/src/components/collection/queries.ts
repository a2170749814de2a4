import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import { ApiError, http } from '../../lib/api';
import { venueKey } from '../../lib/query-keys';
import { useSession } from '../../lib/session';
import { collectionTourAction, emitTourEvent } from '../../lib/tour-events';

/**
 * TanStack Query access to a collection of the generic API (apps/server/src/platform/collections.ts):
 * the one place the console calls those routes. Keys: venueKey(venueId, path, 'list', params) and
 * venueKey(venueId, path, 'item', id), so invalidating venueKey(venueId, path) refreshes both and
 * another venue's records are never answered from the cache.
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
  all: (venueId: string | null, path: string) => venueKey(venueId, path),
  list: (venueId: string | null, path: string, params: ListParams) => venueKey(venueId, path, 'list', params),
  item: (venueId: string | null, path: string, id: string) => venueKey(venueId, path, 'item', id),
};
/** Where 'item' and the id sit in an item key. */
const KIND = 3;
const ID = 4;

export function useCollectionList<R>(path: string, params: ListParams, options: { enabled?: boolean } = {}) {
  const { venueId } = useSession();
  return useQuery({
    queryKey: collectionKeys.list(venueId, path, params),
    queryFn: ({ signal }) => http.get<Paged<R>>(base(path), { query: params, signal }),
    // Typing in the search box keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCollectionItem<R>(path: string, id: string | null) {
  const { venueId } = useSession();
  return useQuery({
    queryKey: collectionKeys.item(venueId, path, id ?? ''),
    queryFn: ({ signal }) => http.get<R>(itemUrl(path, id!), { signal }),
    enabled: id !== null,
    // A record that is not there (or belongs to another venue) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useCollectionMutations<R extends { id: string }>(path: string, alsoInvalidate: string[] = []) {
  const queryClient = useQueryClient();
  const { venueId } = useSession();

  /** Lists and other items change too (e.g. a new default widget template unsets the old one). */
  const refresh = (except?: string) =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: collectionKeys.all(venueId, path),
        predicate: (query) => !(except !== undefined && query.queryKey[KIND] === 'item' && query.queryKey[ID] === except),
      }),
      ...alsoInvalidate.map((other) => queryClient.invalidateQueries({ queryKey: collectionKeys.all(venueId, other) })),
    ]);
  const store = (record: R) => {
    queryClient.setQueryData(collectionKeys.item(venueId, path, record.id), record);
    void refresh(record.id);
  };

  const create = useMutation({
    mutationFn: (body: Record<string, unknown>) => http.post<R>(base(path), body),
    onSuccess: (record: R) => {
      store(record);
      emitTourEvent(collectionTourAction(path, 'created'));
    },
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) => http.patch<R>(itemUrl(path, id), patch),
    onSuccess: store,
  });
  const setPaused = useMutation({
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) => http.post<R>(`${itemUrl(path, id)}/${paused ? 'pause' : 'resume'}`),
    onSuccess: (record: R, { paused }) => {
      store(record);
      if (!paused) emitTourEvent(collectionTourAction(path, 'resumed'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.delete<void>(itemUrl(path, id)),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.item(venueId, path, id) });
      void refresh(id);
    },
  });

  return { create, update, setPaused, remove };
}
