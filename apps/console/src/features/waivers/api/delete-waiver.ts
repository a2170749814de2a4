import { http } from '../../../lib/api';

export const deleteWaiver = (id: string) => http.delete<void>(`/api/private/waivers/${encodeURIComponent(id)}`);
