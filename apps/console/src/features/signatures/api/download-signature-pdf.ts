import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** The signed waiver as a PDF, saved by the browser. */
export const downloadSignaturePdf = async (id: string) =>
  saveFile(await client.file('/api/private/signatures/{id}/pdf', `signature-${id}.pdf`, { path: { id } }));
