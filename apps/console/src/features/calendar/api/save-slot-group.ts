import type { SlotGroup, SlotGroupBody } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';

/** Creates or replaces a product's slot group (its weekly plan from startDate). */
export const saveSlotGroup = (productId: string, groupId: string, body: SlotGroupBody) =>
  http.put<SlotGroup>(`/api/private/product/${encodeURIComponent(productId)}/slot-group/${encodeURIComponent(groupId)}`, body);
