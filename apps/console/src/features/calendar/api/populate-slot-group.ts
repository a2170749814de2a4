import type { PopulateAnswer, PopulateRun } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';
import { emitTourEvent } from '../../../lib/tour-events';

/** Makes the group's slots of a date range what its plan says; booked slots are kept and listed. A large range runs in the background (`populate`). */
export const populateSlotGroup = async (productId: string, groupId: string, range: { from: string; to: string }) => {
  const answer = await http.post<PopulateAnswer | { populate: PopulateRun }>(
    `/api/private/product/${encodeURIComponent(productId)}/slot-group/${encodeURIComponent(groupId)}/populate`,
    range,
  );
  emitTourEvent('calendar.populated');
  return answer;
};
