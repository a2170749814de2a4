/**
 * A date typed in the venue's date format (MM/DD/YY, DD.MM.YYYY, YYYY-MM-DD...): what the field
 * shows as it is typed, and the ISO date (YYYY-MM-DD) it means once complete. The year takes two
 * or four digits whatever the format says, so 11272026 is 11/27/2026, never 11/27/0026.
 */

type Part = 'month' | 'day' | 'year';
const MAX_DIGITS: Record<Part, number> = { month: 2, day: 2, year: 4 };

interface DateLayout {
  order: Part[];
  separator: string;
}

function layoutOf(dateFormat: string): DateLayout {
  const order = (dateFormat.match(/YYYY|YY|MM|DD/g) ?? ['MM', 'DD', 'YY']).map<Part>((token) =>
    token === 'MM' ? 'month' : token === 'DD' ? 'day' : 'year',
  );
  return { order, separator: dateFormat.match(/[^A-Z]/)?.[0] ?? '/' };
}

/**
 * What the field shows for what was typed: digits fill the parts in the format's order, the
 * separator goes in as a part fills; separators typed by hand end a part early (1/5/26).
 */
export function shapeTypedDate(typed: string, dateFormat: string): string {
  const { order, separator } = layoutOf(dateFormat);
  const pieces = typed.replace(/^\D+/, '').split(/\D+/);
  const parts: string[] = [];
  let carry = '';
  for (const piece of pieces) {
    if (parts.length === order.length) break;
    let rest = carry + piece;
    carry = '';
    // Digits past a full part start the next one.
    while (parts.length < order.length - 1 && rest.length > MAX_DIGITS[order[parts.length]!]) {
      parts.push(rest.slice(0, MAX_DIGITS[order[parts.length]!]));
      rest = rest.slice(MAX_DIGITS[order[parts.length - 1]!]);
    }
    parts.push(rest.slice(0, MAX_DIGITS[order[parts.length]!]));
  }
  // A full part followed by nothing yet gets its separator only when typed, so backspace works.
  return parts.join(separator);
}

/** The ISO date a complete, real date means ('' while it is incomplete or not a date). */
export function parseVenueDate(text: string, dateFormat: string): string {
  const { order } = layoutOf(dateFormat);
  const parts = text.split(/\D+/);
  if (parts.length !== 3 || parts.some((part) => part === '')) return '';
  const value: Record<Part, string> = { month: '', day: '', year: '' };
  order.forEach((part, index) => (value[part] = parts[index]!));
  if (value.year.length !== 2 && value.year.length !== 4) return '';
  const year = value.year.length === 2 ? 2000 + Number(value.year) : Number(value.year);
  const month = Number(value.month);
  const day = Number(value.day);
  if (month < 1 || month > 12 || day < 1) return '';
  // Day 0 of the next month is the last day of this one.
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return '';
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // The API's bounds (packages/core date-range.ts, not a subpath the console loads).
  return year >= 1900 && year <= 2200 ? iso : '';
}
