import type { z } from '@lanebook/core/zod';
import type { Venue } from '@lanebook/core/api-schemas';
import type { superadminVenueCreateSchema } from '@lanebook/core/venue-schemas';
import { http } from '../../../lib/api';
import { noVenue } from './keys';

export const createVenue = (input: z.output<typeof superadminVenueCreateSchema>) =>
  http.post<Venue>('/api/private/superadmin/venues', input, noVenue);
