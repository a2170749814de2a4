import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import type { CustomField } from '@lanebook/core/products';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

/** What the booking form needs of a product. */
export interface BookingProduct {
  id: string;
  name: string;
  isPaused: boolean;
  minPlayers: number;
  maxPlayers: number;
  resources: string[];
  typeOfPricing: 'person' | 'group-range';
  groups: { id: string; from: number; to: number; price: number }[];
  customFields: Record<string, CustomField>;
}

const list =
  <T>(path: string, key: string, sort = 'name') =>
  (venueId: string | null) =>
    queryOptions({
      queryKey: venueKey(venueId, key, 'list', { bookingForm: true }),
      queryFn: ({ signal }) => http.get<Paged<T>>(path, { query: { limit: 500, sort }, signal }).then((page) => page.items),
      enabled: Boolean(venueId),
    });

/** The catalog lists the booking form and the list's filters choose from (the catalog's own calls). */
export const bookingProductsQuery = list<BookingProduct>('/api/private/products', 'products');
export const bookingAffiliatesQuery = list<{ id: string; name: string }>('/api/private/affiliates', 'affiliates');
export const bookingUpsellItemsQuery = list<{ id: string; name: string; price: number; isPaused: boolean }>(
  '/api/private/upsell-items',
  'upsell-items',
);
export const bookingMailingTemplatesQuery = list<{ id: string; subject: string; event: string; isPaused: boolean }>(
  '/api/private/mailing-templates',
  'mailing-templates',
  'subject',
);
