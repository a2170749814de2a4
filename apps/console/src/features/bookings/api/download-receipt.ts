import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** The booking's receipt as a PDF, downloaded with the venue's access. */
export const downloadReceiptPdf = async (id: string) =>
  saveFile(await client.file('/api/private/booking/{id}/receipt.pdf', `receipt-${id}.pdf`, { path: { id } }));
