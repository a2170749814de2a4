import { describe, expect, test } from 'vitest';
import { parseVenueDate, shapeTypedDate } from './venue-date';

/** Types `keys` one at a time into a field of this format, as the field reshapes each keystroke. */
function typeKeys(keys: string, dateFormat: string) {
  let text = '';
  for (const key of keys) text = shapeTypedDate(text + key, dateFormat);
  return text;
}

describe('a date typed in the venue format', () => {
  test('digits fill the parts in the format order, the year in two or four digits', () => {
    expect(typeKeys('11272026', 'MM/DD/YY')).toBe('11/27/2026');
    expect(parseVenueDate('11/27/2026', 'MM/DD/YY')).toBe('2026-11-27');
    expect(typeKeys('112726', 'MM/DD/YY')).toBe('11/27/26');
    expect(parseVenueDate('11/27/26', 'MM/DD/YY')).toBe('2026-11-27');
    expect(typeKeys('27112026', 'DD.MM.YYYY')).toBe('27.11.2026');
    expect(parseVenueDate('27.11.2026', 'DD.MM.YYYY')).toBe('2026-11-27');
    expect(typeKeys('20261127', 'YYYY-MM-DD')).toBe('2026-11-27');
    expect(parseVenueDate('2026-11-27', 'YYYY-MM-DD')).toBe('2026-11-27');
  });

  test('separators typed by hand end a part early; backspace over one stays', () => {
    expect(typeKeys('1/5/26', 'MM/DD/YY')).toBe('1/5/26');
    expect(parseVenueDate('1/5/26', 'MM/DD/YY')).toBe('2026-01-05');
    expect(shapeTypedDate('11/', 'MM/DD/YY')).toBe('11/');
    expect(shapeTypedDate('11/27', 'MM/DD/YY')).toBe('11/27');
    expect(shapeTypedDate('11/272', 'MM/DD/YY')).toBe('11/27/2');
    expect(shapeTypedDate('abc', 'MM/DD/YY')).toBe('');
  });

  test('an incomplete or impossible date means none', () => {
    for (const text of ['', '11', '11/27', '11/27/2', '11/27/202', '13/01/26', '02/30/26', '00/10/26', '11/27/1800'])
      expect(parseVenueDate(text, 'MM/DD/YY'), text).toBe('');
    expect(parseVenueDate('02/29/28', 'MM/DD/YY')).toBe('2028-02-29');
    expect(parseVenueDate('11.27.2026', 'DD.MM.YYYY')).toBe('');
  });
});
