import { getCountryCallingCode, isSupportedCountry, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phones are stored in one form, E.164 ("+15557654321"), read in the venue's country however
 * they were typed, and shown in the venue's national format. "Possible" (the right length for
 * its country) is the test, not "valid": a number in a new or fictional area code (555) is
 * still a customer's number.
 */

/** The venue's country as the library knows it; an unknown one reads numbers as international only. */
const countryOf = (country: string): CountryCode | undefined => {
  const code = country.toUpperCase();
  return isSupportedCountry(code) ? code : undefined;
};

/** The E.164 form of a typed phone, read in the venue's country; '' for ''; null when it cannot be a phone number. */
export function toE164(typed: string, country: string): string | null {
  const trimmed = typed.trim();
  if (trimmed === '') return '';
  const parsed = parsePhoneNumberFromString(trimmed, countryOf(country));
  return parsed && parsed.isPossible() ? parsed.number : null;
}

/**
 * A stored phone as the venue shows it: national format for a number of the venue's calling
 * code ("(555) 765-4321"), international for another ("+44 20 7946 0958"), and as stored when
 * it is not a number (a row the migration could not read).
 */
export function formatPhone(stored: string, country: string): string {
  const parsed = stored ? parsePhoneNumberFromString(stored, countryOf(country)) : undefined;
  if (!parsed || !parsed.isPossible()) return stored;
  const home = countryOf(country);
  return home && parsed.countryCallingCode === getCountryCallingCode(home) ? parsed.formatNational() : parsed.formatInternational();
}

/**
 * The digits a stored phone ends with for a phone as typed in a search: a whole number's
 * national digits (so "+1 555 765 4321", "(555) 765-4321" and "5557654321" are the same), else
 * the digits typed (the last four, say).
 */
export function phoneSearchDigits(typed: string, country: string): string {
  const parsed = parsePhoneNumberFromString(typed, countryOf(country));
  if (parsed && parsed.isPossible()) return parsed.nationalNumber;
  return typed.replace(/\D/g, '');
}
