/** Colours: readable text on a venue's colours (WCAG relative luminance), shared by the widget and the console's preview of it. */

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

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/**
 * The color itself when it reaches `ratio` against `background` (both #rrggbb), else the same hue darkened
 * until it does (every channel scaled toward black): a venue's light colour stays recognisable as text.
 */
export function darkenedFor(color: string, background: string, ratio: number): string {
  const bg = luminance(background);
  const match = /^#?([0-9a-f]{6})$/i.exec(color.trim());
  if (bg === null || !match) return color;
  const n = parseInt(match[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  for (let scale = 1; scale > 0; scale -= 0.01) {
    const candidate = `#${hex(r * scale)}${hex(g * scale)}${hex(b * scale)}`;
    if (contrastRatio(luminance(candidate)!, bg) >= ratio) return candidate;
  }
  return '#000000';
}

/** The widget's palest panel (`.lb-box`): text that reads on it reads on white too. */
export const PANEL = '#f4f6f9';
/** Text in a venue's colour on the widget's white and its panels: 4.5:1 (WCAG 1.4.3). */
export const textColorOnWhite = (color: string) => darkenedFor(color, PANEL, 4.5);
/** A focus ring or a selection's border in a venue's colour on white: 3:1 (WCAG 1.4.11). */
export const lineColorOnWhite = (color: string) => darkenedFor(color, '#ffffff', 3);

/** A #rrggbb color or the fallback: colors go into CSS variables, so nothing else passes. */
export const safeColor = (value: string | undefined, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);
