import type { SlotGroupBodyInput, SlotGroupSaved } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';

/**
 * Creates or replaces a product's slot group (its weekly plan from startDate), as rows or as
 * opening hours; a group kept populated ahead answers what populate did (`populated`).
 */
export const saveSlotGroup = (productId: string, groupId: string, body: SlotGroupBodyInput) =>
  http.put<SlotGroupSaved>(`/api/private/product/${encodeURIComponent(productId)}/slot-group/${encodeURIComponent(groupId)}`, body);
