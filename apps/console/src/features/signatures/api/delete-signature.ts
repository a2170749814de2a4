import { http } from '../../../lib/api';

export const deleteSignature = (id: string) => http.delete<void>(`/api/private/signatures/${encodeURIComponent(id)}`);
