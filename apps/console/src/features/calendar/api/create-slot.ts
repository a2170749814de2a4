import type { Slot, SlotCreate } from '@lanebook/core/calendar-schemas';
import { http } from '../../../lib/api';

/** Adds one slot, by hand or as a clone; fields left out take the product's values. */
export const createSlot = (productId: string, body: SlotCreate) =>
  http.post<Slot>(`/api/private/product/${encodeURIComponent(productId)}/slot`, body);
