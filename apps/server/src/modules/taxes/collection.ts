import { taxSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { refuseIfUsedByProducts } from '../products/service.js';
import { taxes } from './schema.js';

export const taxesCollection: CollectionDef = {
  path: 'taxes',
  area: 'taxes',
  label: 'Tax',
  operationNoun: { one: 'Tax', many: 'Taxes' },
  table: taxes,
  schema: taxSchema,
  defaults: { description: '' },
  search: [taxes.name],
  sorts: { name: taxes.name, rate: taxes.rate, createdAt: taxes.createdAt },
  defaultSort: 'name',
  duplicateMessage: () => 'This tax already exists.',
  hooks: {
    beforeDelete: (ctx, existing) => refuseIfUsedByProducts(ctx, 'taxes', existing.id as string, `The tax ${existing.name}`),
  },
};
