import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import type { ApiCallParts, ApiOperation, ApiPath } from '@lanebook/core/api/client';
import { ApiError, client } from '../../lib/api';
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

/**
 * The collections the generic routes serve (COLLECTIONS in apps/server/src/modules/collections/routes.ts),
 * by their path segment: the one table of them. Their routes are the generated paths under
 * /api/private/{name} (decision 043), so a name the API does not serve fails `npm run typecheck`.
 */
export type CollectionName =
  | 'resources'
  | 'products'
  | 'taxes'
  | 'terms'
  | 'upsell-items'
  | 'promocodes'
  | 'affiliates'
  | 'mailing-templates'
  | 'widget-templates'
  | 'integrations'
  | 'waivers';

/** The collections whose records pause and resume: those with a generated /{id}/pause route. */
type PausableName = { [N in CollectionName]: `/api/private/${N}/{id}/pause` extends ApiPath<'post'> ? N : never }[CollectionName];

const listPath = <N extends CollectionName>(name: N) => `/api/private/${name}` as const;
const itemPath = <N extends CollectionName>(name: N) => `/api/private/${name}/{id}` as const;

/**
 * A list's query as one of the collections' routes declares it. Their sort names and flags differ
 * (a sort of 'rate', isPaused as 'true' or 'false'); the list pages build ListParams from their own
 * collection's declaration, so it is read as that collection's query.
 */
type ListQuery = NonNullable<ApiCallParts<ApiOperation<ReturnType<typeof listPath<CollectionName>>, 'get'>>['query']>;

export const collectionKeys = {
  all: (venueId: string | null, path: CollectionName) => venueKey(venueId, path),
  list: (venueId: string | null, path: CollectionName, params: ListParams) => venueKey(venueId, path, 'list', params),
  item: (venueId: string | null, path: CollectionName, id: string) => venueKey(venueId, path, 'item', id),
};
/** Where 'item' and the id sit in an item key. */
const KIND = 3;
const ID = 4;

/**
 * An answer as the caller's type R of the collection's record (a core type, or the few fields it
 * reads): the path's type is any collection's, so its generated answer is any collection's record.
 */
const answerAs = <R>(answer: Promise<unknown>) => answer as Promise<R>;

export function useCollectionList<R>(path: CollectionName, params: ListParams, options: { enabled?: boolean } = {}) {
  const { venueId } = useSession();
  return useQuery({
    queryKey: collectionKeys.list(venueId, path, params),
    queryFn: ({ signal }) => answerAs<Paged<R>>(client.get(listPath(path), { query: params as ListQuery, signal })),
    // Typing in the search box keeps the previous rows on screen instead of flashing a loader.
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
}

export function useCollectionItem<R>(path: CollectionName, id: string | null) {
  const { venueId } = useSession();
  return useQuery({
    queryKey: collectionKeys.item(venueId, path, id ?? ''),
    queryFn: ({ signal }) => answerAs<R>(client.get(itemPath(path), { path: { id: id! }, signal })),
    enabled: id !== null,
    // A record that is not there (or belongs to another venue) will not appear by asking again.
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 1,
  });
}

export function useCollectionMutations<R extends { id: string }>(path: CollectionName, alsoInvalidate: CollectionName[] = []) {
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
    mutationFn: (body: Record<string, unknown>) => answerAs<R>(client.post(listPath(path), { body })),
    onSuccess: (record: R) => {
      store(record);
      emitTourEvent(collectionTourAction(path, 'created'));
    },
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: Record<string, unknown> }) =>
      answerAs<R>(client.patch(itemPath(path), { path: { id }, body: patch })),
    onSuccess: store,
  });
  const setPaused = useMutation({
    // Offered only where the collection's declaration is pausable (useCollectionPermissions), which its type allows only for these.
    mutationFn: ({ id, paused }: { id: string; paused: boolean }) =>
      answerAs<R>(client.post(`${itemPath(path as PausableName)}/${paused ? 'pause' : 'resume'}`, { path: { id } })),
    onSuccess: (record: R, { paused }) => {
      store(record);
      if (!paused) emitTourEvent(collectionTourAction(path, 'resumed'));
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => client.delete(itemPath(path), { path: { id } }),
    onSuccess: (_nothing, id) => {
      queryClient.removeQueries({ queryKey: collectionKeys.item(venueId, path, id) });
      void refresh(id);
    },
  });

  return { create, update, setPaused, remove };
}
