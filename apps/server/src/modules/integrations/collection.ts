import { randomBytes } from 'node:crypto';
import { integrationSchema } from '@lanebook/core';
import { integrations } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';

/**
 * Integrations: an outgoing webhook (URL and events; deliveries are signed with a secret the
 * server generates and shows once, in the answer to the create), or a custom integration stored
 * as typed JSON.
 */
export const integrationsCollection: CollectionDef = {
  path: 'integrations',
  area: 'integrations',
  label: 'Integration',
  table: integrations,
  schema: integrationSchema,
  defaults: { isActive: true, settings: {} },
  search: [integrations.name],
  sorts: { name: integrations.name, type: integrations.type, createdAt: integrations.createdAt },
  defaultSort: 'name',
  flags: { isActive: integrations.isActive },
  duplicateMessage: () => 'This integration already exists.',
  // A webhook's secret is made with it: the type is chosen once.
  fixedAfterCreate: ['type'],
  hidden: ['secret'],
  revealedOnCreate: ['secret'],
  hooks: {
    created: (record) => ({ secret: record.type === 'webhook' ? `whsec_${randomBytes(24).toString('hex')}` : null }),
  },
};
