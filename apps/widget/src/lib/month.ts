/** The date picker's month grid: whole weeks from the venue's first day of the week, dates as YYYY-MM-DD. */

export interface GridDay {
  date: string;
  day: number;
  inMonth: boolean;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Weeks (rows of seven days) covering `month` (YYYY-MM), each starting on `firstDayOfWeek` (0 Sunday). */
export function monthGrid(month: string, firstDayOfWeek = 0): GridDay[][] {
  const [y, m] = month.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 1, 1));
  const lead = (first.getUTCDay() - firstDayOfWeek + 7) % 7;
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const cells = Math.ceil((lead + daysInMonth) / 7) * 7;
  const weeks: GridDay[][] = [];
  for (let i = 0; i < cells; i++) {
    const date = new Date(Date.UTC(y, m - 1, 1 - lead + i));
    if (i % 7 === 0) weeks.push([]);
    weeks[weeks.length - 1].push({ date: iso(date), day: date.getUTCDate(), inMonth: date.getUTCMonth() === m - 1 });
  }
  return weeks;
}

/** The month `delta` months from `month` (YYYY-MM). */
export function addMonths(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y, m - 1 + delta, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** The date `delta` days from `date` (YYYY-MM-DD). */
export function addDays(date: string, delta: number): string {
  const [y, m, d] = date.split('-').map(Number);
  return iso(new Date(Date.UTC(y, m - 1, d + delta)));
}

/** Short weekday names in grid order: ['Sun', 'Mon', ...] rotated to `firstDayOfWeek`. */
export function weekdayNames(firstDayOfWeek = 0, style: 'short' | 'long' = 'short'): string[] {
  const fmt = new Intl.DateTimeFormat('en-US', { weekday: style, timeZone: 'UTC' });
  // 2023-01-01 was a Sunday.
  return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2023, 0, 1 + ((firstDayOfWeek + i) % 7)))));
}

/** "March 2026". */
export function monthTitle(month: string): string {
  const [y, m] = month.split('-').map(Number);
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, 1)));
}

/**
 * The date keyboard navigation moves to from `date`: arrows by a day or a week, Home/End to the
 * week's ends, PageUp/PageDown by a month (clamped to the month's last day). null for other keys.
 */
export function dateForKey(key: string, date: string, firstDayOfWeek = 0): string | null {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(y, m - 1, d)).getUTCDay();
  const intoWeek = (weekday - firstDayOfWeek + 7) % 7;
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -intoWeek);
    case 'End':
      return addDays(date, 6 - intoWeek);
    case 'PageUp':
    case 'PageDown': {
      const month = addMonths(date.slice(0, 7), key === 'PageUp' ? -1 : 1);
      const [ny, nm] = month.split('-').map(Number);
      const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
      return `${month}-${pad(Math.min(d, last))}`;
    }
    default:
      return null;
  }
}
