import { productDefaults, productSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { resourcesCollection } from '../resources/collection.js';
import { taxesCollection } from '../taxes/collection.js';
import { termsCollection } from '../terms/collection.js';
import { upsellItemsCollection } from '../upsell-items/collection.js';
import { products } from './schema.js';
import { assertProductDeletable } from './service.js';
import { waiversCollection } from '../waivers/collection.js';

export const productsCollection: CollectionDef = {
  path: 'products',
  area: 'products',
  label: 'Product',
  operationNoun: { one: 'Product', many: 'Products' },
  table: products,
  schema: productSchema,
  defaults: productDefaults,
  pausable: true,
  softDeleteColumn: products.isDeleted,
  search: [products.name, products.title],
  sorts: { name: products.name, createdAt: products.createdAt, price: products.price },
  defaultSort: 'name',
  flags: { isPaused: products.isPaused },
  references: [
    { field: 'resources', collection: resourcesCollection },
    { field: 'taxes', collection: taxesCollection },
    { field: 'termsId', collection: termsCollection },
    { field: 'largeGroupDisclaimerId', collection: termsCollection },
    { field: 'upsellItemIds', collection: upsellItemsCollection },
    { field: 'activeWaiverId', collection: waiversCollection },
  ],
  duplicateMessage: () => 'A product with this ID already exists.',
  // A deleted product is gone for every API call, so its image goes with it (decision 009).
  imageFields: ['image'],
  hooks: {
    beforeDelete: (ctx, existing) => assertProductDeletable(ctx, existing.id as string),
  },
};
