import type { Resource, Tax, Terms, UpsellItem } from '@lanebook/core/catalog';
import type { Product } from '@lanebook/core/products';
import type { EntitySource } from '../../components/fields/EntitySelect';

/**
 * The collections other forms point to (a product's lanes and taxes, a promocode's products...):
 * where to load them and how to name them. Kept apart from the declarations so that a form
 * loads only the list it needs, not the other collection's pages.
 */
export const LANES: EntitySource<Resource> = {
  path: 'resources',
  noun: 'lanes',
  optionLabel: (lane) => lane.id,
  isPaused: (lane) => lane.isPaused,
  createRoute: '/resources',
};

export const TAXES: EntitySource<Tax> = {
  path: 'taxes',
  noun: 'taxes',
  optionLabel: (tax) => `${tax.name} (${tax.rate}%)`,
  createRoute: '/settings/taxes/create',
};

export const TERMS: EntitySource<Terms> = {
  path: 'terms',
  noun: 'terms',
  optionLabel: (terms) => terms.name,
  createRoute: '/settings/terms-and-conditions/create',
};

export const UPSELL_ITEMS: EntitySource<UpsellItem> = {
  path: 'upsell-items',
  noun: 'upsell items',
  optionLabel: (item) => item.name,
  isPaused: (item) => item.isPaused,
  createRoute: '/settings/upsell-merchandise/create',
};

export const PRODUCTS: EntitySource<Product> = {
  path: 'products',
  noun: 'products',
  optionLabel: (product) => product.name,
  isPaused: (product) => product.isPaused,
  createRoute: '/products/create',
};
