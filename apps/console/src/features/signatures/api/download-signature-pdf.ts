import { http } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** The signed waiver as a PDF, saved by the browser. */
export const downloadSignaturePdf = async (id: string) =>
  saveFile(await http.file(`/api/private/signatures/${encodeURIComponent(id)}/pdf`, `signature-${id}.pdf`));
