import { describe, expect, it } from 'vitest';
import { isAllowedAmount, parseAmount } from './amount';

describe('an amount a customer types', () => {
  it('reads whole amounts, decimals with a point or a comma, thousands and a currency sign', () => {
    expect(parseAmount('50')).toBe(5000);
    expect(parseAmount(' $50.00 ')).toBe(5000);
    expect(parseAmount('12.5')).toBe(1250);
    expect(parseAmount('12,50')).toBe(1250);
    expect(parseAmount('1,250')).toBe(125000);
    expect(parseAmount('1,250.75')).toBe(125075);
    expect(parseAmount('1.250,75 €')).toBe(125075);
    expect(parseAmount('.5')).toBe(50);
  });

  it('refuses what is not an amount', () => {
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
    expect(parseAmount('-20')).toBeNull();
    expect(parseAmount('0')).toBeNull();
    expect(parseAmount('0.00')).toBeNull();
    expect(parseAmount('12.345.678.901.234')).toBeNull();
  });

  it("allows a preset amount, or one within the venue's custom range", () => {
    const settings = { presetAmounts: [2500, 75000], customAmountMin: 1000, customAmountMax: 50000 };
    expect(isAllowedAmount(2500, settings)).toBe(true);
    expect(isAllowedAmount(75000, settings)).toBe(true);
    expect(isAllowedAmount(1000, settings)).toBe(true);
    expect(isAllowedAmount(50000, settings)).toBe(true);
    expect(isAllowedAmount(999, settings)).toBe(false);
    expect(isAllowedAmount(50001, settings)).toBe(false);
  });
});
