import { toE164 } from '@lanebook/core';
import { fieldError } from '../calendar/service.js';

/**
 * A booking's phone in E.164, read in the venue's country (issue 23): every write of a
 * booking's phone passes here, so the list's phone search finds it however it was typed. A
 * phone that cannot be a number is a 400 naming the field.
 */
export function bookingPhone(typed: string, country: string, field: string): string {
  const phone = toE164(typed, country);
  if (phone === null) throw fieldError('Enter a full phone number with its area code (and its + country code when abroad)', field);
  return phone;
}
