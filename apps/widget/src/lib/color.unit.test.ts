import { describe, expect, it } from 'vitest';
import { contrastRatio, darkenedFor, lineColorOnWhite, luminance, PANEL, safeColor, textColorOn, textColorOnWhite } from './color';

describe('text on the primary color', () => {
  it('is white on the default and preset primaries, dark on light colors', () => {
    expect(textColorOn('#286eed')).toBe('#ffffff');
    expect(textColorOn('#4F49BB')).toBe('#ffffff');
    expect(textColorOn('#262626')).toBe('#ffffff');
    expect(textColorOn('#ffffff')).toBe('#1a1a1a');
    expect(textColorOn('#ffd400')).toBe('#1a1a1a');
    expect(textColorOn('#d59d00')).toBe('#1a1a1a');
  });

  it('picks whichever contrasts more', () => {
    for (const color of ['#ED6A3F', '#ff7171', '#00a86b', '#777777', '#808080']) {
      const bg = luminance(color)!;
      const chosen = luminance(textColorOn(color))!;
      const other = luminance(textColorOn(color) === '#ffffff' ? '#1a1a1a' : '#ffffff')!;
      expect(contrastRatio(bg, chosen)).toBeGreaterThanOrEqual(contrastRatio(bg, other));
    }
  });

  it('knows luminance and refuses what is not #rrggbb', () => {
    expect(luminance('#000000')).toBe(0);
    expect(luminance('#ffffff')).toBeCloseTo(1);
    expect(luminance('red')).toBeNull();
    expect(textColorOn('url(x)')).toBe('#1a1a1a');
    expect(safeColor('#123abc', '#000000')).toBe('#123abc');
    expect(safeColor('red;background:url(x)', '#286eed')).toBe('#286eed');
  });
});

describe('a venue colour as text or a line on white', () => {
  const ratio = (a: string, b: string) => contrastRatio(luminance(a)!, luminance(b)!);

  it('darkens a light yellow until it reads as text on white and on the panels (4.5:1), and as a line (3:1)', () => {
    expect(ratio('#ffd43b', '#ffffff')).toBeLessThan(2);
    const text = textColorOnWhite('#ffd43b');
    expect(text).not.toBe('#ffd43b');
    expect(ratio(text, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(ratio(text, PANEL)).toBeGreaterThanOrEqual(4.5);
    const line = lineColorOnWhite('#ffd43b');
    expect(ratio(line, '#ffffff')).toBeGreaterThanOrEqual(3);
    expect(ratio(line, '#ffffff')).toBeLessThan(4.5);
  });

  it('keeps the hue: every channel scaled by the same factor', () => {
    const text = textColorOnWhite('#ffd43b');
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(text.slice(i, i + 2), 16));
    expect(g / r).toBeCloseTo(0xd4 / 0xff, 1);
    expect(b / r).toBeCloseTo(0x3b / 0xff, 1);
  });

  it('leaves a colour that already reads as it is', () => {
    expect(textColorOnWhite('#262626')).toBe('#262626');
    expect(lineColorOnWhite('#286eed')).toBe('#286eed');
    expect(darkenedFor('#777777', '#ffffff', 4.5)).not.toBe('#777777');
    expect(darkenedFor('red', '#ffffff', 4.5)).toBe('red');
  });
});
