import { and, eq } from 'drizzle-orm';
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
      const id = existing.id as string;
      await refuseIfUsedByProducts(ctx, products.termsId, id, what);
      await refuseIfUsedByProducts(ctx, products.largeGroupDisclaimerId, id, what);
      // A deleted product is gone for references: it lets go of the terms, which its foreign
      // keys would otherwise hold on to.
      const deletedProducts = and(eq(products.venueId, ctx.venueId), eq(products.isDeleted, true));
      await ctx.tx
        .update(products)
        .set({ termsId: null })
        .where(and(deletedProducts, eq(products.termsId, id)));
      await ctx.tx
        .update(products)
        .set({ largeGroupDisclaimerId: null })
        .where(and(deletedProducts, eq(products.largeGroupDisclaimerId, id)));
    },
  },
};
