import type { Signature, SigningBody } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';

/** 409 when the signing window is closed; 400 with field errors by path (fields.<key or label>, signature...). */
export const signAtDesk = (bookingId: string, body: SigningBody) =>
  http.post<Signature>(`/api/private/booking/${encodeURIComponent(bookingId)}/signatures`, body);
