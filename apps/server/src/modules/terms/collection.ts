import { termsSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { refuseIfUsedByProducts, releaseTermsOfDeletedProducts } from '../products/service.js';
import { terms } from './schema.js';

export const termsCollection: CollectionDef = {
  path: 'terms',
  area: 'terms',
  label: 'Terms',
  operationNoun: { one: 'Terms', many: 'Terms' },
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
      const id = existing.id as string;
      await refuseIfUsedByProducts(ctx, 'termsId', id, what);
      await refuseIfUsedByProducts(ctx, 'largeGroupDisclaimerId', id, what);
      // A deleted product is gone for references: it lets go of the terms.
      await releaseTermsOfDeletedProducts(ctx, id);
    },
  },
};
