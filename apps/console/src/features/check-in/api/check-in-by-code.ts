import { client } from '../../../lib/api';

/** A booking's check-in code, scanned or typed: the booking as the desk must see it; `checkIn` checks the group in too. */
export const checkInByCode = (code: string, checkIn = false) => client.post('/api/private/check-in', { body: { code, checkIn } });
