import { client } from '../../../lib/api';
import { emitTourEvent } from '../../../lib/tour-events';

/** Makes the group's slots of a date range what its plan says; booked slots are kept and listed. A large range runs in the background (`populate`). */
export const populateSlotGroup = async (productId: string, groupId: string, range: { from: string; to: string }) => {
  const answer = await client.post('/api/private/product/{productId}/slot-group/{groupId}/populate', {
    path: { productId, groupId },
    body: range,
  });
  emitTourEvent('calendar.populated');
  return answer;
};
