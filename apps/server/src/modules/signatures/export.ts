import { SIGNATURES_EXPORT_PAGE_SIZE } from '@lanebook/core/waiver-schemas';
import type { Db } from '../../db/client.js';
import { csvCell } from '../../platform/csv.js';
import { exportColumns, signaturesPage, type SignatureListQuery } from './service.js';

/**
 * The raw export of signatures to CSV (decision 023): every field and checkbox a column,
 * streamed a page of 10,000 at a time, so memory stays flat however many there are.
 */

const line = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

export async function* signaturesCsv(db: Db, venueId: string, query: Omit<SignatureListQuery, 'page'>, timezone: string) {
  const { labels, checkboxes } = await exportColumns(db, venueId, query);
  const fixed = ['Signed at', 'First name', 'Last name', 'Email', 'Booking reference', 'Walk-in', 'Minor', 'Guardian', 'Waiver'];
  yield '\uFEFF' + line([...fixed, ...labels, ...checkboxes]);
  const stamp = new Intl.DateTimeFormat('sv-SE', { timeZone: timezone, dateStyle: 'short', timeStyle: 'medium' });
  for (let offset = 0; ; offset += SIGNATURES_EXPORT_PAGE_SIZE) {
    const rows = await signaturesPage(db, venueId, query, offset, SIGNATURES_EXPORT_PAGE_SIZE);
    let chunk = '';
    for (const row of rows) {
      const answers = new Map(row.checkboxes.map((c) => [c.text, c.value ? 'yes' : 'no']));
      chunk += line([
        stamp.format(row.createdAt),
        row.firstName,
        row.lastName,
        row.email,
        row.bookingReference,
        row.isWalkIn ? 'yes' : 'no',
        row.isMinor ? 'yes' : 'no',
        row.guardianName,
        row.waiverTitle,
        ...labels.map((label) => row.fields[label]),
        ...checkboxes.map((text) => answers.get(text) ?? ''),
      ]);
    }
    if (chunk) yield chunk;
    if (rows.length < SIGNATURES_EXPORT_PAGE_SIZE) return;
  }
}
