/** CSV for the exports (signatures, cash-up, affiliate statements). */

/** A cell a spreadsheet cannot take for a formula: one starting with =, +, -, @, tab or return gets a ' first. */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : Array.isArray(value) ? value.join('; ') : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
