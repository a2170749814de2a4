import { randomBytes } from 'node:crypto';
import { integrationSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { validationFailed } from '../../platform/errors.js';
import { checkOutboundUrl, OutboundUrlError } from '../../platform/outbound-url.js';
import { integrations } from './schema.js';

/**
 * Integrations: an outgoing webhook (URL and events; deliveries are signed with a secret the
 * server generates and shows once, in the answer to the create), or a custom integration stored
 * as typed JSON. A webhook's URL must lead to a public address (platform/outbound-url.ts),
 * checked when it is saved and again by the delivery.
 */
export const integrationsCollection: CollectionDef = {
  path: 'integrations',
  area: 'integrations',
  label: 'Integration',
  operationNoun: { one: 'Integration', many: 'Integrations' },
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
    // Resolved before the transaction: a slow name server must not hold the database.
    validate: async (ctx, record, existing) => {
      if (record.type !== 'webhook') return;
      const url = (record.settings as { url: string }).url;
      // A PATCH that leaves the URL as it was (a rename, pausing) does not resolve it again.
      if (existing && (existing.settings as { url?: string } | null)?.url === url) return;
      try {
        await checkOutboundUrl(url, { allowPrivateNetworks: ctx.config.webhookAllowPrivateNetworks ?? false });
      } catch (error) {
        if (error instanceof OutboundUrlError) throw validationFailed([{ path: ['settings', 'url'], message: error.message }]);
        throw error;
      }
    },
    created: (record) => ({ secret: record.type === 'webhook' ? `whsec_${randomBytes(24).toString('hex')}` : null }),
  },
};
