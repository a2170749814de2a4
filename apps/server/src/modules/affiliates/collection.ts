import { affiliateDefaults, affiliateSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { productsCollection } from '../products/collection.js';
import { upsellItemsCollection } from '../upsell-items/collection.js';
import { affiliates } from './schema.js';

export const affiliatesCollection: CollectionDef = {
  path: 'affiliates',
  area: 'affiliates',
  label: 'Affiliate',
  operationNoun: { one: 'Affiliate', many: 'Affiliates' },
  table: affiliates,
  schema: affiliateSchema,
  defaults: {
    businessName: '',
    isActive: true,
    discountType: 'percent',
    ...affiliateDefaults,
    products: [],
    upsellItems: [],
    address: { country: '', state: '', city: '', zip: '', street: '' },
  },
  search: [affiliates.name, affiliates.businessName],
  sorts: { name: affiliates.name, createdAt: affiliates.createdAt },
  defaultSort: 'name',
  flags: { isActive: affiliates.isActive },
  references: [
    { field: 'products', collection: productsCollection },
    { field: 'upsellItems', collection: upsellItemsCollection },
  ],
  duplicateMessage: () => 'This affiliate already exists.',
};
