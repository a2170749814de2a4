import { and, like, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { phoneSearchDigits } from '@lanebook/core';
import type { BookingListQuery } from '@lanebook/core/booking-schemas';
import { likePattern } from '../../platform/http.js';
import { bookings } from './schema.js';

/**
 * The booking list's search (decision 017; issue 23's "All"): each condition is written as the
 * index that serves it is (schema.ts, "The booking list"), so the planner answers an OR of them
 * with one index scan per branch.
 */

/** A prefix pattern for LIKE, with % and _ matching themselves (an index serves it). */
const prefix = (text: string) => likePattern(text).slice(1);

/** The columns a search reads: a booking's, or a guest's (who have no code or reference; modules/guests). */
export interface SearchColumns {
  firstName: AnyColumn;
  lastName: AnyColumn;
  email: AnyColumn;
  phone: AnyColumn;
  registrationCode?: AnyColumn;
  bookingReference?: AnyColumn;
}

const BOOKING_COLUMNS: SearchColumns = bookings;

const codeStarts = (text: string, c: SearchColumns = BOOKING_COLUMNS) =>
  c.registrationCode ? like(sql`upper(${c.registrationCode})`, prefix(text.toUpperCase())) : undefined;
const referenceStarts = (text: string, c: SearchColumns = BOOKING_COLUMNS) =>
  c.bookingReference ? like(c.bookingReference, prefix(text.toUpperCase())) : undefined;
const emailStarts = (text: string, c: SearchColumns = BOOKING_COLUMNS) => like(c.email, prefix(text.toLowerCase()));
const firstNameStarts = (text: string, c: SearchColumns = BOOKING_COLUMNS) => like(sql`lower(${c.firstName})`, prefix(text.toLowerCase()));
const lastNameStarts = (text: string, c: SearchColumns = BOOKING_COLUMNS) => like(sql`lower(${c.lastName})`, prefix(text.toLowerCase()));
/** Phones are stored as E.164: the digits typed are the number's end, found from the start of the reversed number. */
const phoneEnds = (digits: string, c: SearchColumns = BOOKING_COLUMNS) =>
  like(sql`reverse(${c.phone})`, prefix([...digits].reverse().join('')));

/** What a venue's search needs of it: phones are read in its country, codes carry its prefix. */
export interface SearchVenue {
  country: string;
  registrationCodePrefix: string;
}

/** The shortest end of a phone the All search takes: its last four digits. */
const PHONE_END_DIGITS = 4;
/** Names of more words than this are matched only whole (first or last name), not split. */
const MAX_NAME_WORDS = 6;

const PHONE_SHAPE = /^\+?[\d\s().-]+$/;
const TOKEN_SHAPE = /^[\p{L}\p{N}]+$/u;
const EMAIL_SHAPE = /^[^\s@]*@[^\s@]*$/;
const EMAIL_START_SHAPE = /^[^\s@]+$/;

/**
 * The All search: the query read by its shape (on a booking's columns, or a guest's), every reading that fits joined with OR. Four or
 * more digits are a phone's end and (with the venue's prefix) a registration code; a word is a
 * first or a last name, the start of an email, a code or a reference; words are a full name,
 * first then last ("Grace Hopper"), last then first ("Hopper Grace", "Hopper, Grace"), or one
 * name of several words ("Mary Ann", "van der Berg").
 */
export function allSearch(query: string, venue: SearchVenue, c: SearchColumns = BOOKING_COLUMNS): SQL {
  const readings: (SQL | undefined)[] = [];
  const compact = query.replace(/\s/g, '');

  if (PHONE_SHAPE.test(query)) {
    const digits = phoneSearchDigits(query, venue.country);
    if (digits.length >= PHONE_END_DIGITS) readings.push(phoneEnds(digits, c));
    // Digits alone may be a registration code's number, typed without the venue's prefix or its
    // leading zeros (codes are the prefix and at least four digits: create.ts).
    if (/^\d+$/.test(compact) && compact.length <= 12) {
      readings.push(codeStarts(`${venue.registrationCodePrefix}${compact}`, c));
      if (compact.length < 4) readings.push(codeStarts(`${venue.registrationCodePrefix}${compact.padStart(4, '0')}`, c));
    }
  }
  if (TOKEN_SHAPE.test(query)) {
    if (/\d/.test(query)) readings.push(codeStarts(query, c));
    if (query.length >= 3) readings.push(referenceStarts(query, c));
  }
  // An email with its @, or the start of one: a word of 4 or more characters with a letter.
  if (query.includes('@') ? EMAIL_SHAPE.test(query) : EMAIL_START_SHAPE.test(query) && query.length >= 4 && /\p{L}/u.test(query))
    readings.push(emailStarts(query, c));
  // Names are whatever people are called: any text with a letter in it.
  if (/\p{L}/u.test(query)) readings.push(...nameReadings(query, c));

  // Nothing fits (punctuation alone, say): nothing matches, rather than everything.
  return or(...readings) ?? sql`false`;
}

function nameReadings(query: string, c: SearchColumns): SQL[] {
  const comma = query.indexOf(',');
  if (comma >= 0) {
    // "Hopper, Grace": last name first, as lists and forms write it.
    const last = query.slice(0, comma).trim();
    const first = query.slice(comma + 1).trim();
    if (!last) return first ? [firstNameStarts(first, c)] : [];
    return [first ? and(lastNameStarts(last, c), firstNameStarts(first, c))! : lastNameStarts(last, c)];
  }
  const readings = [firstNameStarts(query, c), lastNameStarts(query, c)];
  const words = query.split(' ');
  if (words.length < 2 || words.length > MAX_NAME_WORDS) return readings;
  for (let at = 1; at < words.length; at++) {
    const head = words.slice(0, at).join(' ');
    const tail = words.slice(at).join(' ');
    readings.push(and(firstNameStarts(head, c), lastNameStarts(tail, c))!);
    readings.push(and(lastNameStarts(head, c), firstNameStarts(tail, c))!);
  }
  return readings;
}

/** The list's search: `all:` by shape, or one field from the start of its value (decision 028). */
export function searchOf(search: BookingListQuery['search'], venue: SearchVenue): SQL | undefined {
  if (!search) return undefined;
  const { field, query } = search;
  switch (field) {
    case 'all':
      return allSearch(query, venue);
    case 'registrationCode':
      return codeStarts(query);
    case 'bookingReference':
      return referenceStarts(query);
    case 'email':
      return emailStarts(query);
    case 'firstName':
      return firstNameStarts(query);
    case 'lastName':
      return lastNameStarts(query);
    case 'phone':
      return phoneEnds(phoneSearchDigits(query, venue.country));
  }
}
