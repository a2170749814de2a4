/**
 * The dates the API takes (slots, closed days, holidays, lists, visits): any venue's calendar
 * fits, and venue-zone arithmetic and PostgreSQL's timestamps stay far from their limits.
 */
export const MIN_DATE = '1900-01-01';
export const MAX_DATE = '2200-12-31';
export const DATE_RANGE_MESSAGE = `Dates must be between ${MIN_DATE} and ${MAX_DATE}`;
export const MONTH_RANGE_MESSAGE = `Month must be between ${MIN_DATE.slice(0, 7)} and ${MAX_DATE.slice(0, 7)}`;
/** For a YYYY-MM-DD or YYYY-MM text: ISO text compares as its date does. */
export const isDateInRange = (date: string) => date >= MIN_DATE.slice(0, date.length) && date <= MAX_DATE.slice(0, date.length);
