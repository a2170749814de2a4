import { describe, expect, it } from 'vitest';
import { contrastRatio, luminance, safeColor, textColorOn } from './color';

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
