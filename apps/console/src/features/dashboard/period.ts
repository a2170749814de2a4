import type { StatisticDateField, StatisticPeriod } from '@lanebook/core/statistics-schemas';
import { useUrlParams } from '../../lib/url-params';

/** The statistics periods (decision 029); the server turns a named one into dates. */
export const PERIODS = ['today', 'thisWeek', 'week', 'thisMonth', 'month', 'thisYear', 'year', 'custom'] as const satisfies readonly (
  StatisticPeriod | 'custom'
)[];
export type Period = (typeof PERIODS)[number];

export const DATE_FIELD_LABELS: Record<StatisticDateField, string> = { createdAt: 'Booking made', date: 'Event date' };

/** What every statistics call takes: a named period, or a custom one's venue dates (both included). */
export interface StatisticsParams {
  period?: StatisticPeriod;
  from?: string;
  to?: string;
  dateField: StatisticDateField;
  productId?: string;
}

/**
 * The dashboard's period, date field and product, kept in the address (so a tile's page opens on
 * the same period, and a reload or a shared link keeps it). A named period goes to the server as
 * its name: the server turns it into dates in the venue's zone and first day of week, and its
 * answer says which. A custom period still being typed answers `params: null`: nothing is asked
 * until both dates are there and in order. The defaults are the specification's: today, createdAt.
 */
export function useDashboardPeriod() {
  const { params, setParam } = useUrlParams();
  const period = (PERIODS as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as Period) : 'today';
  const dateField: StatisticDateField = params.get('dateField') === 'date' ? 'date' : 'createdAt';
  const productId = params.get('product') || undefined;
  const customFrom = params.get('from') ?? '';
  const customTo = params.get('to') ?? '';
  const customReversed = period === 'custom' && Boolean(customFrom && customTo) && customFrom > customTo;

  const common = { dateField, ...(productId ? { productId } : {}) };
  let statisticsParams: StatisticsParams | null;
  if (period !== 'custom') statisticsParams = { period, ...common };
  else statisticsParams = customFrom && customTo && !customReversed ? { from: customFrom, to: customTo, ...common } : null;

  return {
    period,
    dateField,
    productId,
    customFrom,
    customTo,
    /** The custom period ends before it starts. */
    customReversed,
    params: statisticsParams,
    /** The address's query without a list's page, for links between the dashboard and a tile's page. */
    search: (() => {
      const carried = new URLSearchParams(params);
      carried.delete('page');
      return carried.size ? `?${carried.toString()}` : '';
    })(),
    /** A custom period starts from the dates on screen (`shown`, the server's answer), to be changed from there. */
    setPeriod: (next: Period, shown?: { from: string; to: string }) =>
      setParam({
        period: next === 'today' ? null : next,
        from: next === 'custom' ? (shown?.from ?? null) : null,
        to: next === 'custom' ? (shown?.to ?? null) : null,
      }),
    setDateField: (next: StatisticDateField) => setParam({ dateField: next === 'date' ? 'date' : null }),
    setProduct: (next: string | null) => setParam({ product: next }),
    setCustom: (changes: { from?: string | null; to?: string | null }) => setParam(changes),
  };
}

export type DashboardPeriod = ReturnType<typeof useDashboardPeriod>;
