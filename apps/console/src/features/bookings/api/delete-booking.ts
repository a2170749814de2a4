import { client } from '../../../lib/api';

export const deleteBooking = (id: string) => client.delete('/api/private/booking/{id}', { path: { id } });
