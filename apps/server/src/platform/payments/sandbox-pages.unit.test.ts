import { describe, expect, test } from 'vitest';
import { expiryProblem } from './sandbox-pages.js';

describe("the sandbox card page's expiry", () => {
  const now = new Date('2026-11-29T12:00:00Z');
  test('takes MM/YY, MM/YYYY and the same typed without the slash', () => {
    for (const typed of ['12/29', '12 / 29', '12/2029', '1229', '122029', '11/26', '1126'])
      expect(expiryProblem(typed, now), typed).toBeNull();
  });
  test('refuses a past, incomplete or impossible expiry', () => {
    expect(expiryProblem('1026', now)).toBe("Your card's expiration date is in the past.");
    expect(expiryProblem('10/26', now)).toBe("Your card's expiration date is in the past.");
    expect(expiryProblem('122', now)).toBe("Your card's expiration date is incomplete.");
    expect(expiryProblem('', now)).toBe("Your card's expiration date is incomplete.");
    expect(expiryProblem('1329', now)).toBe("Your card's expiration month is invalid.");
  });
});
