import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Venue } from '@lanebook/core/api-schemas';
import { client } from '../../../lib/api';
import { noVenue, superadminKeys } from './keys';

export type VenueStatus = Venue['status'];
export type VenueFilters = {
  status?: VenueStatus;
  search?: string;
};

export const listVenuesQuery = (query: VenueFilters) =>
  queryOptions({
    queryKey: [...superadminKeys.venues, query] as const,
    queryFn: ({ signal }) => client.get('/api/private/superadmin/venues', { ...noVenue, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
