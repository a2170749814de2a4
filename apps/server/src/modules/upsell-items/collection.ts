import { upsellItemSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { refuseIfUsedByProducts } from '../products/service.js';
import { upsellItems } from './schema.js';

export const upsellItemsCollection: CollectionDef = {
  path: 'upsell-items',
  area: 'upsellItems',
  label: 'Upsell item',
  operationNoun: { one: 'UpsellItem', many: 'UpsellItems' },
  table: upsellItems,
  schema: upsellItemSchema,
  defaults: { description: '', image: '', isPaused: false },
  pausable: true,
  search: [upsellItems.name],
  sorts: { name: upsellItems.name, price: upsellItems.price, createdAt: upsellItems.createdAt },
  defaultSort: 'name',
  flags: { isPaused: upsellItems.isPaused },
  duplicateMessage: () => 'This upsell item already exists.',
  imageFields: ['image'],
  hooks: {
    beforeDelete: (ctx, existing) =>
      refuseIfUsedByProducts(ctx, 'upsellItemIds', existing.id as string, `The upsell item ${existing.name}`),
  },
};
