import { BOOKING_STATUS_LABELS } from '@lanebook/core/bookings';

/** WCAG AA for text: what a block's text keeps against the block's colour. */
export const TEXT_CONTRAST = 4.5;
export const DARK_TEXT = '#1a1b1e';
export const LIGHT_TEXT = '#ffffff';

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const rgbOf = (hex: string): [number, number, number] | null => {
  const match = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!match) return null;
  const n = parseInt(match[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
};

/** The relative luminance (WCAG) of a #rrggbb colour, null for anything else. */
export function luminance(hex: string): number | null {
  const rgb = rgbOf(hex);
  return rgb ? 0.2126 * channel(rgb[0]) + 0.7152 * channel(rgb[1]) + 0.0722 * channel(rgb[2]) : null;
}

/** The contrast ratio of two #rrggbb colours (1 to 21); 1 when either is not one. */
export function contrastRatio(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  if (la === null || lb === null) return 1;
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

const hex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/**
 * A block's colours with readable text: white or dark text, whichever contrasts more with the
 * colour; when neither reaches 4.5:1 (a mid-tone venue or theme colour) the block takes a darker
 * shade of its colour under white text, as the widget does with a venue's colour.
 */
export function readableBlock(background: string): { background: string; text: string } {
  const rgb = rgbOf(background);
  if (!rgb) return { background, text: DARK_TEXT };
  const light = contrastRatio(background, LIGHT_TEXT);
  const dark = contrastRatio(background, DARK_TEXT);
  if (Math.max(light, dark) >= TEXT_CONTRAST) return { background, text: light >= dark ? LIGHT_TEXT : DARK_TEXT };
  for (let factor = 0.95; factor > 0; factor -= 0.05) {
    const shade = hex(rgb.map((c) => c * factor));
    if (contrastRatio(shade, LIGHT_TEXT) >= TEXT_CONTRAST) return { background: shade, text: LIGHT_TEXT };
  }
  return { background: '#000000', text: LIGHT_TEXT };
}

/**
 * The lane day view's colour of each booking status that holds lanes (the only ones it draws),
 * with a text colour that stays readable on it. The legend, the blocks and the drawer's badge
 * all read this one table; the status is also written on each block, never told by colour alone.
 */
export const STATUS_STYLE: Record<string, { label: string; background: string; text: string }> = {
  new: { label: BOOKING_STATUS_LABELS.new, ...readableBlock('#1971c2') },
  wait_for_payment: { label: BOOKING_STATUS_LABELS.wait_for_payment, ...readableBlock('#fab005') },
  paid: { label: BOOKING_STATUS_LABELS.paid, ...readableBlock('#2b8a3e') },
};

/** The lane time a product's slots open (free to book), drawn behind the bookings. */
export const OPEN_LANE_COLOR = '#d3f9d8';
