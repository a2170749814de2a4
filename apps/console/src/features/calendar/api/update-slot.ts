import type { SlotPatch } from '@lanebook/core/calendar-schemas';
import { client } from '../../../lib/api';

export const updateSlot = (productId: string, slotId: string, patch: SlotPatch) =>
  client.patch('/api/private/product/{productId}/slot/{slotId}', { path: { productId, slotId }, body: patch });
