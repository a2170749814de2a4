import { client } from '../../../lib/api';
import { noVenue } from './keys';
import type { VenueStatus } from './list-venues';

export const setVenueStatus = (id: string, status: VenueStatus) =>
  client.patch('/api/private/superadmin/venues/{id}', { path: { id }, body: { status }, ...noVenue });
