import { describe, expect, it } from 'vitest';
import { formatPhone, phoneSearchDigits, toE164 } from './phone.js';

describe('phones in one form', () => {
  it('reads a phone however typed as E.164 in the venue country', () => {
    for (const typed of ['+1 555 765 4321', '(555) 765-4321', '5557654321', '1-555-765-4321', ' 555.765.4321 '])
      expect(toE164(typed, 'US'), typed).toBe('+15557654321');
    expect(toE164('604 555 1234', 'CA')).toBe('+16045551234');
    expect(toE164('+44 20 7946 0958', 'US')).toBe('+442079460958');
    expect(toE164('', 'US')).toBe('');
  });

  it('refuses what cannot be a phone number', () => {
    for (const typed of ['12', '555-7654', '+1 555 0100', '5557654321999', 'call me', '+999 123456789'])
      expect(toE164(typed, 'US'), typed).toBeNull();
  });

  it('shows a number of the venue country nationally, another internationally, anything else as stored', () => {
    expect(formatPhone('+15557654321', 'US')).toBe('(555) 765-4321');
    expect(formatPhone('+16045551234', 'CA')).toBe('(604) 555-1234');
    expect(formatPhone('+442079460958', 'US')).toBe('+44 20 7946 0958');
    expect(formatPhone('5557654', 'US')).toBe('5557654');
    expect(formatPhone('', 'US')).toBe('');
    expect(formatPhone('+15557654321', 'ZZ')).toBe('+1 555 765 4321');
  });

  it('searches a whole number by its national digits, and a part by the digits typed', () => {
    expect(phoneSearchDigits('+1 555 765 4321', 'US')).toBe('5557654321');
    expect(phoneSearchDigits('(555) 765-4321', 'US')).toBe('5557654321');
    expect(phoneSearchDigits('4321', 'US')).toBe('4321');
    expect(phoneSearchDigits('765-4321', 'US')).toBe('7654321');
  });
});
