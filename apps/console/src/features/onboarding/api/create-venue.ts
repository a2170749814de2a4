import type { z } from '@lanebook/core/zod';
import type { Venue } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import type { onboardVenueSchema } from '../venue-form';

/** The person's first venue (no venue open yet, so no X-Venue-Id). */
export const createVenue = (values: z.output<typeof onboardVenueSchema>) =>
  http.post<Venue>('/api/private/venues', values, { noVenue: true });
