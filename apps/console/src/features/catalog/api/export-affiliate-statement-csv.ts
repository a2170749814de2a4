import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** The statement as CSV (fetched with the venue header, which a plain link would not send). */
export const exportAffiliateStatementCsv = async (affiliateId: string, period: { from: string; to: string }) =>
  saveFile(
    await client.file('/api/private/affiliates/{id}/statement.csv', `affiliate-statement-${period.from}-${period.to}.csv`, {
      path: { id: affiliateId },
      query: { from: period.from, to: period.to },
    }),
  );
