import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import type { SignatureListFilters } from './list-signatures';

/** Every signature the list's filters select (not only the page shown), as CSV. */
export const exportSignaturesCsv = async ({ type, sort, search }: Omit<SignatureListFilters, 'page'>) =>
  saveFile(await client.file('/api/private/signatures/export.csv', 'signatures.csv', { query: { type, sort, search } }));
