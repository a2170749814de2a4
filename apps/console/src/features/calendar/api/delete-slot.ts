import { http } from '../../../lib/api';

/** Refused (409) while a live booking is on the slot. */
export const deleteSlot = (productId: string, slotId: string) =>
  http.delete<void>(`/api/private/product/${encodeURIComponent(productId)}/slot/${encodeURIComponent(slotId)}`);
