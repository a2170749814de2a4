import type { SigningBody } from '@lanebook/core/waiver-schemas';
import { http } from '../../../lib/api';

/** A customer signs for a booking they know the reference of; answers the new count of signatures. */
export const signPublic = (bookingReference: string, body: SigningBody) =>
  http.post<{ id: string; signedCount: number }>(`/api/public/booking/${encodeURIComponent(bookingReference)}/signatures`, body, {
    noVenue: true,
  });
