import { http } from '../../../lib/api';
import { noVenue } from './keys';

export const setAccountDisabled = (id: string, disabled: boolean) =>
  http.post<void>(`/api/private/superadmin/users/${encodeURIComponent(id)}/${disabled ? 'disable' : 'enable'}`, undefined, noVenue);
