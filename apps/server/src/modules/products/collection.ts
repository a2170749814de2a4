import { productDefaults, productSchema } from '@lanebook/core';
import { products, resources, taxes, terms, upsellItems } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';
import { assertProductDeletable, assertWaiverExists } from './service.js';

export const productsCollection: CollectionDef = {
  path: 'products',
  area: 'products',
  label: 'Product',
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
    { field: 'resources', table: resources, label: 'Lane' },
    { field: 'taxes', table: taxes, label: 'Tax' },
    { field: 'termsId', table: terms, label: 'Terms' },
    { field: 'largeGroupDisclaimerId', table: terms, label: 'Terms' },
    { field: 'upsellItemIds', table: upsellItems, label: 'Upsell item' },
  ],
  duplicateMessage: () => 'A product with this ID already exists.',
  // A deleted product is gone for every API call, so its image goes with it (decision 009).
  imageFields: ['image'],
  hooks: {
    beforeSave: async (_ctx, record) => assertWaiverExists(record.activeWaiverId as string | null),
    beforeDelete: (ctx, existing) => assertProductDeletable(ctx, existing.id as string),
  },
};
