import { client } from '../../../lib/api';

/** Sends a failed card refund to the provider again (the same refund row: never two refunds). */
export const retryRefund = (id: string, refundId: string) =>
  client.post('/api/private/booking/{id}/refunds/{refundId}/retry', { path: { id, refundId } });
