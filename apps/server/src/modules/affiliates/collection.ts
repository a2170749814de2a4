import { eq } from 'drizzle-orm';
import { affiliateSchema } from '@lanebook/core';
import { affiliates, products, upsellItems } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';

export const affiliatesCollection: CollectionDef = {
  path: 'affiliates',
  area: 'affiliates',
  label: 'Affiliate',
  table: affiliates,
  schema: affiliateSchema,
  defaults: {
    businessName: '',
    isActive: true,
    discountType: 'percent',
    products: [],
    upsellItems: [],
    address: { country: '', state: '', city: '', zip: '', street: '' },
  },
  search: [affiliates.name, affiliates.businessName],
  sorts: { name: affiliates.name, createdAt: affiliates.createdAt },
  defaultSort: 'name',
  flags: { isActive: affiliates.isActive },
  references: [
    { field: 'products', table: products, label: 'Product', where: eq(products.isDeleted, false) },
    { field: 'upsellItems', table: upsellItems, label: 'Upsell item' },
  ],
  duplicateMessage: () => 'This affiliate already exists.',
};
