import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';
import type { StatisticsParams } from '../period';
import type { StatKey } from '../tiles';

/** The whole list behind a tile as CSV (fetched with the venue header, which a plain link would not send). */
export const exportStatisticCsv = async (key: StatKey, params: StatisticsParams) =>
  saveFile(
    await client.file('/api/private/statistics/{key}/list.csv', `${key}-${params.from}-${params.to}.csv`, {
      path: { key },
      query: { ...params },
    }),
  );
