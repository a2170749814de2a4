import { http } from '../../../lib/api';
import { noVenue } from './keys';

export const joinVenue = (id: string) =>
  http.post<void>(`/api/private/superadmin/venues/${encodeURIComponent(id)}/join`, undefined, noVenue);
