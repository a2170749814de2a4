import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-types';
import { http } from '../../../lib/api';
import { noVenue, superadminKeys } from './keys';

export interface Account {
  id: string;
  email: string;
  name: string;
  isSuperadmin: boolean;
  isDisabled: boolean;
  createdAt: string;
}

export const listAccountsQuery = (query: { search?: string; limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...superadminKeys.accounts, query] as const,
    queryFn: ({ signal }) => http.get<Paged<Account>>('/api/private/superadmin/users', { ...noVenue, query, signal }),
    placeholderData: keepPreviousData,
  });
