import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { client } from '../../../lib/api';

/** 409 when the signing window is closed; 400 with field errors by path (fields.<key or label>, signature...). */
export const signAtDesk = (bookingId: string, body: SigningBody) =>
  client.post('/api/private/booking/{id}/signatures', { path: { id: bookingId }, body });
