import type { SlotCreate } from '@lanebook/core/calendar-schemas';
import { client } from '../../../lib/api';

/** Adds one slot, by hand or as a clone; fields left out take the product's values. */
export const createSlot = (productId: string, body: SlotCreate) =>
  client.post('/api/private/product/{productId}/slot', { path: { productId }, body });
