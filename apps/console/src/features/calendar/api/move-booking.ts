import type { Booking } from '@lanebook/core/booking-schemas';
import { http } from '../../../lib/api';
import type { LaneMove } from '../lane-view';

/** Saves a dragged booking's move through the edit form's PUT: only its slots and lanes change. */
export const moveBooking = (id: string, move: LaneMove) => http.put<Booking>(`/api/private/booking/${encodeURIComponent(id)}`, move);
