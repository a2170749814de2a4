import { queryOptions } from '@tanstack/react-query';
import type { ApiAnswer, ApiOperation } from '@lanebook/core/api/client';
import { client } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** The catalog lists the booking form and the list's filters choose from (the catalog's own calls). */
const list = <T>(venueId: string | null, key: string, fetchItems: (signal: AbortSignal) => Promise<T[]>) =>
  queryOptions({
    queryKey: venueKey(venueId, key, 'list', { bookingForm: true }),
    queryFn: ({ signal }) => fetchItems(signal),
    enabled: Boolean(venueId),
  });

export const bookingProductsQuery = (venueId: string | null) =>
  list(venueId, 'products', (signal) =>
    client.get('/api/private/products', { query: { limit: 500, sort: 'name' }, signal }).then((page) => page.items),
  );
export const bookingAffiliatesQuery = (venueId: string | null) =>
  list(venueId, 'affiliates', (signal) =>
    client.get('/api/private/affiliates', { query: { limit: 500, sort: 'name' }, signal }).then((page) => page.items),
  );
export const bookingUpsellItemsQuery = (venueId: string | null) =>
  list(venueId, 'upsell-items', (signal) =>
    client.get('/api/private/upsell-items', { query: { limit: 500, sort: 'name' }, signal }).then((page) => page.items),
  );
export const bookingMailingTemplatesQuery = (venueId: string | null) =>
  list(venueId, 'mailing-templates', (signal) =>
    client.get('/api/private/mailing-templates', { query: { limit: 500, sort: 'subject' }, signal }).then((page) => page.items),
  );

/** A product as the booking form reads it (its lanes, players, pricing and custom fields). */
export type BookingProduct = ApiAnswer<ApiOperation<'/api/private/products', 'get'>>['items'][number];
