import { toE164 } from '@lanebook/core';
import { validationFailed } from './errors.js';

/**
 * A phone as stored, E.164 read in the venue's country (issue 23; a booking's, the venue's own
 * and a person's profile phone alike), so the list's phone search finds it however it was typed
 * and every surface formats it one way. A phone that cannot be a number is a 400 naming the field.
 */
export function storedPhone(typed: string, country: string, field: string): string {
  const phone = toE164(typed, country);
  if (phone === null)
    throw validationFailed([
      { path: [field], message: 'Enter a full phone number with its area code (and its + country code when abroad)' },
    ]);
  return phone;
}
