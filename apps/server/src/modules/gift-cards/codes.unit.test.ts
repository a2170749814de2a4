import { describe, expect, it } from 'vitest';
import {
  formatGiftCardCode,
  GIFT_CARD_CODE_ALPHABET,
  GIFT_CARD_CODE_LENGTH,
  isGiftCardCodeShape,
  normalizeGiftCardCode,
} from '@lanebook/core/gift-cards';
import { codeHashOf, giftCardKeys, newGiftCardCode, sealCode, unsealCode } from './codes.js';

/** Gift card codes (decision 045): their shape, their strength, and how they are kept. */
describe('gift card codes', () => {
  const keys = giftCardKeys('a-server-secret-of-thirty-two-characters!');

  it('are 20 symbols without look-alikes, at least 80 bits, shown in groups of four', () => {
    expect(GIFT_CARD_CODE_ALPHABET).not.toMatch(/[0O1IL]/);
    expect(GIFT_CARD_CODE_LENGTH * Math.log2(GIFT_CARD_CODE_ALPHABET.length)).toBeGreaterThanOrEqual(80);
    const code = newGiftCardCode();
    expect(isGiftCardCodeShape(code)).toBe(true);
    expect(formatGiftCardCode(code)).toMatch(/^([2-9A-HJKMNP-Z]{4}-){4}[2-9A-HJKMNP-Z]{4}$/);
  });

  it('use every symbol about as often (uniform draws, no modulo bias)', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i += 1) for (const char of newGiftCardCode()) counts.set(char, (counts.get(char) ?? 0) + 1);
    const expected = (2000 * GIFT_CARD_CODE_LENGTH) / GIFT_CARD_CODE_ALPHABET.length;
    expect(counts.size).toBe(GIFT_CARD_CODE_ALPHABET.length);
    for (const count of counts.values()) expect(Math.abs(count - expected) / expected).toBeLessThan(0.15);
  });

  it('read as typed: case, spaces, dashes and dots do not matter; anything else is not a code', () => {
    expect(normalizeGiftCardCode(' 7kqm-x4tr zp9c.wh2n-b6df ')).toBe('7KQMX4TRZP9CWH2NB6DF');
    expect(isGiftCardCodeShape(normalizeGiftCardCode('7KQM-X4TR-ZP9C-WH2N-B6D0'))).toBe(false);
    expect(isGiftCardCodeShape('7KQMX4TRZP9CWH2NB6D')).toBe(false);
  });

  it('are kept as a keyed hash and a sealed copy only the server key opens', () => {
    const code = newGiftCardCode();
    expect(codeHashOf(keys, code)).toBe(codeHashOf(keys, code));
    expect(codeHashOf(keys, code)).not.toBe(codeHashOf(giftCardKeys('another-server-secret-of-32-chars!!!'), code));
    const sealed = sealCode(keys, code);
    expect(sealed).not.toContain(code);
    expect(sealCode(keys, code)).not.toBe(sealed);
    expect(unsealCode(keys, sealed)).toBe(formatGiftCardCode(code));
    expect(() => unsealCode(giftCardKeys('another-server-secret-of-32-chars!!!'), sealed)).toThrow();
  });
});
