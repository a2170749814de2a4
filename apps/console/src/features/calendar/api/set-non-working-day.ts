import { client } from '../../../lib/api';

/** Marks a date the whole venue is closed (true), or working again (false). */
export const setNonWorkingDay = (date: string, isNonWorking: boolean) =>
  isNonWorking
    ? client.put('/api/private/calendar/non-working-days/{date}', { path: { date } })
    : client.delete('/api/private/calendar/non-working-days/{date}', { path: { date } });
