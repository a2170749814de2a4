import { termsSchema } from '@lanebook/core';
import { products, terms } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';
import { refuseIfUsedByProducts } from '../products/service.js';

export const termsCollection: CollectionDef = {
  path: 'terms',
  area: 'terms',
  label: 'Terms',
  table: terms,
  schema: termsSchema,
  defaults: { description: '' },
  search: [terms.name],
  sorts: { name: terms.name, createdAt: terms.createdAt },
  defaultSort: 'name',
  duplicateMessage: () => 'These terms already exist.',
  hooks: {
    beforeDelete: async (ctx, existing) => {
      const what = `The terms ${existing.name}`;
      await refuseIfUsedByProducts(ctx, products.termsId, existing.id as string, what);
      await refuseIfUsedByProducts(ctx, products.largeGroupDisclaimerId, existing.id as string, what);
    },
  },
};
