import type { z } from '@lanebook/core/zod';
import { client } from '../../../lib/api';
import type { onboardVenueSchema } from '../venue-form';

/** The person's first venue (no venue open yet, so no X-Venue-Id). */
export const createVenue = (values: z.output<typeof onboardVenueSchema>) =>
  client.post('/api/private/venues', { body: values, noVenue: true });
