import { client } from '../../../lib/api';

export const deleteWaiver = (id: string) => client.delete('/api/private/waivers/{id}', { path: { id } });
