import { client } from '../../../lib/api';
import type { LaneMove } from '../lane-view';

/** Saves a dragged booking's move through the edit form's PUT: only its slots and lanes change. */
export const moveBooking = (id: string, move: LaneMove) => client.put('/api/private/booking/{id}', { path: { id }, body: move });
