import { client } from '../../../lib/api';
import { saveFile } from '../../../lib/download';

/** The guests who agreed to marketing mail, as CSV with the columns a mailing tool imports. */
export const exportMarketingList = async () => saveFile(await client.file('/api/private/guests/marketing.csv', 'marketing.csv'));
