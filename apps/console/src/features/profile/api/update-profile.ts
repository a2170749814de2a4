import type { Me } from '@lanebook/core/api-schemas';
import { http } from '../../../lib/api';

export const updateProfile = (patch: { name: string; phone: string; image: string | null }) => http.patch<Me>('/api/private/me', patch);
