import type { SlotGroupBodyInput } from '@lanebook/core/calendar-schemas';
import { client } from '../../../lib/api';

/**
 * Creates or replaces a product's slot group (its weekly plan from startDate), as rows or as
 * opening hours; a group kept populated ahead answers what populate did (`populated`).
 */
export const saveSlotGroup = (productId: string, groupId: string, body: SlotGroupBodyInput) =>
  client.put('/api/private/product/{productId}/slot-group/{groupId}', { path: { productId, groupId }, body });
