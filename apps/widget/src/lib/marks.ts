/**
 * Performance marks at the moments the widget's budgets name (decision 024): the product list
 * drawn; on the way to the first slots, the players step, the month's open dates and the slots
 * drawn. `npm run bench -- widget` reads them; each is set once a page.
 */
export type WidgetMark = 'lanebook:products' | 'lanebook:players' | 'lanebook:dates' | 'lanebook:slots';

export function markOnce(name: WidgetMark) {
  if (performance.getEntriesByName(name).length === 0) performance.mark(name);
}
