import type { Venue } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { noVenue } from './keys';
import type { VenueStatus } from './list-venues';

export const setVenueStatus = (id: string, status: VenueStatus) =>
  http.patch<Venue>(`/api/private/superadmin/venues/${encodeURIComponent(id)}`, { status }, noVenue);
