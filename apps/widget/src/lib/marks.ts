/**
 * Performance marks at the moments the widget's budgets name (decision 024): the product list
 * drawn, the first slots drawn. `npm run bench -- widget` reads them; each is set once a page.
 */
export type WidgetMark = 'lanebook:products' | 'lanebook:slots';

export function markOnce(name: WidgetMark) {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}
