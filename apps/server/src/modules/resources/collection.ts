import { laneExistsMessage, resourceDefaults, resourceSchema } from '@lanebook/core';
import { resources } from '../../db/schema/index.js';
import type { CollectionDef } from '../../platform/collections.js';
import { deleteLaneRules } from './service.js';

/** Lanes. The id is chosen by the venue ("Lane 1"), so a taken id is a 409 with the spec's message. */
export const resourcesCollection: CollectionDef = {
  path: 'resources',
  area: 'resources',
  label: 'Lane',
  table: resources,
  schema: resourceSchema,
  defaults: resourceDefaults,
  idFromBody: true,
  pausable: true,
  search: [resources.id],
  sorts: { id: resources.id, capacity: resources.capacity, createdAt: resources.createdAt },
  defaultSort: 'id',
  flags: { isPaused: resources.isPaused },
  duplicateMessage: (record) => laneExistsMessage(String(record.id)),
  hooks: { beforeDelete: (ctx, existing) => deleteLaneRules(ctx, existing.id as string) },
};
