import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { SuperadminAccount } from '@lanebook/core/api-schemas';
import { client } from '../../../lib/api';
import { noVenue, superadminKeys } from './keys';

export type Account = SuperadminAccount;

export const listAccountsQuery = (query: { search?: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...superadminKeys.accounts, query] as const,
    queryFn: ({ signal }) => client.get('/api/private/superadmin/users', { ...noVenue, query, signal }),
    placeholderData: keepPreviousData,
  });
