import { client } from '../../../lib/api';

export const deleteSignature = (id: string) => client.delete('/api/private/signatures/{id}', { path: { id } });
