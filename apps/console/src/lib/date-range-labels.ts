import type { DateRangeName } from '@lanebook/core/booking-schemas';

/** The spec's named date ranges as staff read them: the booking list's ranges and the dashboard's periods. */
export const DATE_RANGE_LABELS: Record<DateRangeName, string> = {
  yesterday: 'Yesterday',
  today: 'Today',
  tomorrow: 'Tomorrow',
  thisWeek: 'This week',
  week: 'Last week',
  thisMonth: 'This month',
  month: 'Last month',
  thisYear: 'This year',
  year: 'Last year',
  custom: 'Custom',
};
