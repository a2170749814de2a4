import { http } from '../../../lib/api';

/** Marks a date the whole venue is closed (true), or working again (false). */
export const setNonWorkingDay = (date: string, isNonWorking: boolean) => {
  const path = `/api/private/calendar/non-working-days/${encodeURIComponent(date)}`;
  return isNonWorking
    ? http.put<{ date: string; isNonWorking: boolean }>(path)
    : http.delete<{ date: string; isNonWorking: boolean }>(path);
};
