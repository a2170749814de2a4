import { client } from '../../../lib/api';
import { noVenue } from './keys';

export const joinVenue = (id: string) => client.post('/api/private/superadmin/venues/{id}/join', { path: { id }, ...noVenue });
