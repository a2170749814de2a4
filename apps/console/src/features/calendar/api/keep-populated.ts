import { client } from '../../../lib/api';
import { emitTourEvent } from '../../../lib/tour-events';

/** Keeps the group's calendar populated this many weeks ahead (populating the window at once, or in the background: `group.populate`), or stops (null). */
export const keepPopulated = async (productId: string, groupId: string, weeksAhead: number | null) => {
  const answer = await client.put('/api/private/product/{productId}/slot-group/{groupId}/keep-populated', {
    path: { productId, groupId },
    body: { weeksAhead },
  });
  if (answer.populated || answer.group.populate?.state === 'running') emitTourEvent('calendar.populated');
  return answer;
};
