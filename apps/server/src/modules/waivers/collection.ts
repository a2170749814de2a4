import { waiverDefaults, waiverSchema } from '@lanebook/core/waiver-schemas';
import type { CollectionDef } from '../../platform/collections.js';
import { refuseIfUsedByProducts } from '../products/service.js';
import { sanitizeWaiverText } from './rich-text.js';
import { waivers } from './schema.js';

export const waiversCollection: CollectionDef = {
  path: 'waivers',
  area: 'waivers',
  label: 'Waiver',
  operationNoun: { one: 'Waiver', many: 'Waivers' },
  table: waivers,
  schema: waiverSchema,
  // A body with only title, intro and text gets the six standard fields and a window from the booking to its start.
  defaults: waiverDefaults(),
  search: [waivers.title],
  sorts: { title: waivers.title, createdAt: waivers.createdAt },
  defaultSort: 'title',
  duplicateMessage: () => 'This waiver already exists.',
  // Kept by the database for the bookings' activeWaiver (decision 031), not part of the record.
  hidden: ['version'],
  hooks: {
    beforeSave: async (_ctx, record) => {
      record.text = sanitizeWaiverText(String(record.text ?? ''));
    },
    beforeDelete: (ctx, existing) => refuseIfUsedByProducts(ctx, 'activeWaiverId', existing.id as string, `The waiver ${existing.title}`),
  },
};
