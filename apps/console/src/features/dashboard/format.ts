import { formatMoney, formatVenueDate, formatVenueTime } from '@lanebook/core/format';
import { useSession } from '../../lib/session';
import type { FigureKind } from './tiles';

const COUNT = new Intl.NumberFormat('en-US');
const PERCENT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** A calendar date (YYYY-MM-DD) as the venue writes dates: it is a day, so no zone moves it. */
export const venueDay = (iso: string, dateFormat: string | undefined) => formatVenueDate(new Date(`${iso}T00:00:00Z`), 'UTC', dateFormat);

/** The dashboard's figures in the open venue's money and date formats (packages/core format.ts). */
export function useDashboardFormat() {
  const venue = useSession().me?.venue;
  const timezone = venue?.timezone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const money = (cents: number) => formatMoney(cents, venue?.moneyFormat);
  const figure = (kind: FigureKind, value: number) =>
    kind === 'money' ? money(value) : kind === 'percent' ? `${PERCENT.format(value)}%` : COUNT.format(value);
  return {
    money,
    figure,
    /** Axis ticks: whole amounts, so a chart's axis stays narrow. */
    axis: (kind: FigureKind, value: number) =>
      kind === 'money'
        ? formatMoney(Math.round(value / 100) * 100, (venue?.moneyFormat ?? '${{amount}}').replaceAll('{{amount}}', '{{amount_rounded}}'))
        : figure(kind, value),
    day: (iso: string) => venueDay(iso, venue?.dateFormat),
    instant: (iso: string) => formatVenueDate(new Date(iso), timezone, venue?.dateFormat),
    time: (iso: string) => formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false),
    dateTime: (iso: string) =>
      `${formatVenueDate(new Date(iso), timezone, venue?.dateFormat)} ${formatVenueTime(new Date(iso), timezone, venue?.timeFormat ?? 12, false)}`,
  };
}

export type DashboardFormat = ReturnType<typeof useDashboardFormat>;

/**
 * The change against the previous period of the same length. Money and counts change by a
 * share of what they were ("+12%"); a rate changes by points ("+3.5 pts"), since a share of a
 * share misleads. From nothing there is no share: "new".
 */
export function changeOf(kind: FigureKind, current: number, previous: number): { text: string; direction: -1 | 0 | 1 } {
  const direction = Math.sign(current - previous) as -1 | 0 | 1;
  if (kind === 'percent') {
    const points = current - previous;
    return { text: `${points > 0 ? '+' : ''}${PERCENT.format(points)} pts`, direction };
  }
  if (previous === 0) return { text: current === 0 ? 'no change' : 'new', direction };
  const share = ((current - previous) / Math.abs(previous)) * 100;
  return { text: `${share > 0 ? '+' : ''}${PERCENT.format(share)}%`, direction };
}
