import type { z } from '@lanebook/core/zod';
import type { superadminVenueCreateSchema } from '@lanebook/core/venue-schemas';
import { client } from '../../../lib/api';
import { noVenue } from './keys';

export const createVenue = (input: z.output<typeof superadminVenueCreateSchema>) =>
  client.post('/api/private/superadmin/venues', { body: input, ...noVenue });
