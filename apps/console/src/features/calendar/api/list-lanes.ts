import { queryOptions } from '@tanstack/react-query';
import type { Paged } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';
import { venueKey } from '../../../lib/query-keys';

export interface CalendarLane {
  id: string;
  capacity: number;
  isPaused: boolean;
}

/** The venue's lanes, the rows of the lane day view. */
export const calendarLanesQuery = (venueId: string | null) =>
  queryOptions({
    queryKey: venueKey(venueId, 'resources', 'list', { calendar: true }),
    queryFn: ({ signal }) => http.get<Paged<CalendarLane>>('/api/private/resources', { query: { limit: 500 }, signal }),
    enabled: Boolean(venueId),
  });
