/**
 * What the guided tour waits for (docs/decisions/033-the-guided-tour.md): the owner doing what a
 * step asks. The collection mutations (components/collection/queries.ts) announce every create
 * and resume from that one place; the two writes outside the collections (a waiver created, a
 * weekly plan populated) announce themselves from their API file. Kept tiny: every page loads it.
 */

export type TourAction =
  | 'terms.created'
  | 'tax.created'
  | 'upsellItem.created'
  | 'waiver.created'
  | 'lane.created'
  | 'product.created'
  | 'product.activated'
  | 'calendar.populated'
  // The setup checklist's items, heard from the checklist itself (the tour's last steps).
  | 'setup.details'
  | 'setup.payments'
  | 'setup.live';

const CREATED: Record<string, TourAction> = {
  terms: 'terms.created',
  taxes: 'tax.created',
  'upsell-items': 'upsellItem.created',
  resources: 'lane.created',
  products: 'product.created',
};

/** The tour action of a collection write (its API path, e.g. 'taxes'), if a step waits for it. */
export function collectionTourAction(path: string, write: 'created' | 'resumed'): TourAction | null {
  if (write === 'resumed') return path === 'products' ? 'product.activated' : null;
  return CREATED[path] ?? null;
}

const listeners = new Set<(action: TourAction) => void>();

export function onTourEvent(listener: (action: TourAction) => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function emitTourEvent(action: TourAction | null) {
  if (action) listeners.forEach((listener) => listener(action));
}
