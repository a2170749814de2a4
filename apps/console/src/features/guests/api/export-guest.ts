import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** Everything the venue keeps of the person (the guest, bookings, signatures with their images, mails sent), as JSON: their data on request. */
export const exportGuest = async (id: string) =>
  saveFile(await client.file('/api/private/guests/{id}/export', `guest-${id}.json`, { path: { id } }));
