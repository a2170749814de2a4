import { client } from '../../../lib/api';
import { noVenue } from './keys';

export const setAccountDisabled = (id: string, disabled: boolean) =>
  client.post(`/api/private/superadmin/users/{id}/${disabled ? 'disable' : 'enable'}`, { path: { id }, ...noVenue });
