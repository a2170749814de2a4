import type { Slot, SlotPatch } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';

export const updateSlot = (productId: string, slotId: string, patch: SlotPatch) =>
  http.patch<Slot>(`/api/private/product/${encodeURIComponent(productId)}/slot/${encodeURIComponent(slotId)}`, patch);
