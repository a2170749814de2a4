import { promocodeDefaults, promocodeSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { productsCollection } from '../products/collection.js';
import { upsellItemsCollection } from '../upsell-items/collection.js';
import { promocodes } from './schema.js';

/** Codes are unique per venue regardless of case: the database's unique index on lower(code) decides, so two saves at once cannot both win. */
export const promocodesCollection: CollectionDef = {
  path: 'promocodes',
  area: 'promocodes',
  label: 'Promocode',
  operationNoun: { one: 'Promocode', many: 'Promocodes' },
  table: promocodes,
  schema: promocodeSchema,
  defaults: { ...promocodeDefaults, products: [], upsellItems: [] },
  search: [promocodes.code],
  sorts: { code: promocodes.code, createdAt: promocodes.createdAt },
  defaultSort: 'code',
  flags: { isActive: promocodes.isActive },
  references: [
    { field: 'products', collection: productsCollection },
    { field: 'upsellItems', collection: upsellItemsCollection },
  ],
  duplicateMessage: (record) => `Promocode '${String(record.code).toUpperCase()}' already exists`,
};
