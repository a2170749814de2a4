/** The template's looks as CSS variables on the page (set through CSSOM: the widget's CSP allows no inline styles from markup). */
import { lineColorOnWhite, safeColor, textColorOn, textColorOnWhite } from './lib/color';
import type { WidgetTemplateView } from './lib/types';

const FONTS = ['Helvetica Neue', 'Euclid Circular B', 'Arial', 'Verdana', 'Tahoma', 'Georgia', 'Times New Roman'];

export function applyTheme(template: Pick<WidgetTemplateView, 'view'>) {
  const root = document.documentElement.style;
  const primary = safeColor(template.view.colors.primary, '#286eed');
  root.setProperty('--lb-primary', primary);
  root.setProperty('--lb-on-primary', textColorOn(primary));
  root.setProperty('--lb-primary-line', lineColorOnWhite(primary));
  // The secondary colour is the widget's text: a light one is darkened until it reads on white.
  const secondary = textColorOnWhite(safeColor(template.view.colors.secondary, '#262626'));
  root.setProperty('--lb-secondary', secondary);
  root.setProperty('--lb-on-secondary', textColorOn(secondary));
  const font = FONTS.includes(template.view.fontFamily) ? `"${template.view.fontFamily}", ` : '';
  root.setProperty('--lb-font', `${font}system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`);
}
