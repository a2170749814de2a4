/**
 * The widget's constants and plain helpers (decision 024). No zod here: the widget app imports
 * this file at run time and only types from widget-schemas.ts, so zod never reaches its bundle.
 */

/** The steps of a widget visit, in order: a visit keeps the furthest one it reached. */
export const WIDGET_STEPS = ['open', 'select product', 'players count', 'select slots', 'request payment', 'payment success'] as const;
export type WidgetStepLabel = (typeof WIDGET_STEPS)[number];
/** A step by its number, 0 (open) to 5 (payment success). */
export type WidgetStep = 0 | 1 | 2 | 3 | 4 | 5;
export const WIDGET_STEP = {
  open: 0,
  selectProduct: 1,
  playersCount: 2,
  selectSlots: 3,
  requestPayment: 4,
  paymentSuccess: 5,
} as const satisfies Record<string, WidgetStep>;

/** At most this many web sites may embed one venue's widget. */
export const MAX_WIDGET_ORIGINS = 20;

/** What is wrong with a widget origin as typed (`https://venue.example`, a port allowed), or null. */
export function widgetOriginProblem(value: string): string | null {
  if (value === '') return 'Widget origins cannot be empty';
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `'${value}' is not a web address such as https://venue.example`;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return `'${value}' must start with https:// or http://`;
  if (url.username || url.password) return `'${value}' must not contain a user name or password`;
  if (url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value)) {
    return `'${value}' must be a scheme and host only, such as ${url.origin} (no path, query or #)`;
  }
  return null;
}

/** The origin as browsers send it in an Origin header: lower-case host, no default port, no trailing slash. */
export function normalizeWidgetOrigin(value: string): string {
  return widgetOriginProblem(value) === null ? new URL(value).origin : value;
}
