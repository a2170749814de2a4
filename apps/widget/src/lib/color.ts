/** Colors: readable text on the venue's primary color (WCAG relative luminance). */

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance of a #rrggbb color (0 black to 1 white); null when it is not one. */
export function luminance(hex: string): number | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1], 16);
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export const contrastRatio = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

export const DARK_TEXT = '#1a1a1a';
export const LIGHT_TEXT = '#ffffff';

/** White or dark text on `background`, whichever contrasts more (dark for a color that is not #rrggbb). */
export function textColorOn(background: string): string {
  const bg = luminance(background);
  if (bg === null) return DARK_TEXT;
  const dark = luminance(DARK_TEXT)!;
  return contrastRatio(bg, 1) >= contrastRatio(bg, dark) ? LIGHT_TEXT : DARK_TEXT;
}

/** A #rrggbb color or the fallback: colors go into CSS variables, so nothing else passes. */
export const safeColor = (value: string | undefined, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
