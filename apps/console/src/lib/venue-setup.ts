import { queryOptions, useQuery } from '@tanstack/react-query';
import { client } from './api';
import { venueKey } from './query-keys';
import { useSession } from './session';

/**
 * The open venue's setup checklist and going live (docs/decisions/035-going-live-alone.md). The
 * dashboard's checklist and the venue settings page both read it, so it lives in lib/ (features
 * never import each other).
 */
export const venueSetupQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'setup'),
    queryFn: ({ signal }) => client.get('/api/private/venue/setup', { signal }),
    enabled: Boolean(venueId),
  });

export function useVenueSetup() {
  return useQuery(venueSetupQuery(useSession().venueId));
}

/** Chooses (or stops choosing) to take payment at the venue instead of card payments online. */
export const setPayAtVenue = (payAtVenue: boolean) => client.put('/api/private/venue/setup/pay-at-venue', { body: { payAtVenue } });

/**
 * Asks for the venue's widget to take online bookings: pending until a superadmin approves it,
 * or live at once where the deployment approves by itself. A 409 `setup_incomplete` names what is missing.
 */
export const askToGoLive = () => client.post('/api/private/venues/current/request-approval');
