import { client } from '../../../lib/api';

/** Refused (409) while a live booking is on the slot. */
export const deleteSlot = (productId: string, slotId: string) =>
  client.delete('/api/private/product/{productId}/slot/{slotId}', { path: { productId, slotId } });
