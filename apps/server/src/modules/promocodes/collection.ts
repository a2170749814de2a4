import { eq } from 'drizzle-orm';
import { promocodeDefaults, promocodeSchema } from '@lanebook/core';
import { products, promocodes, upsellItems } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';

/** Codes are unique per venue regardless of case: the database's unique index on lower(code) decides, so two saves at once cannot both win. */
export const promocodesCollection: CollectionDef = {
  path: 'promocodes',
  area: 'promocodes',
  label: 'Promocode',
  table: promocodes,
  schema: promocodeSchema,
  defaults: { ...promocodeDefaults, products: [], upsellItems: [] },
  search: [promocodes.code],
  sorts: { code: promocodes.code, createdAt: promocodes.createdAt },
  defaultSort: 'code',
  flags: { isActive: promocodes.isActive },
  references: [
    { field: 'products', table: products, label: 'Product', where: eq(products.isDeleted, false) },
    { field: 'upsellItems', table: upsellItems, label: 'Upsell item' },
  ],
  duplicateMessage: (record) => `Promocode '${String(record.code).toUpperCase()}' already exists`,
};
