import { laneExistsMessage, resourceDefaults, resourceSchema } from '@lanebook/core';
import { sql } from 'drizzle-orm';
import type { CollectionDef } from '../../platform/collections.js';
import { deleteLaneRules } from './service.js';
import { resources } from './schema.js';

/** Lanes. The id is chosen by the venue ("Lane 1"), so a taken id is a 409 with the spec's message. */
export const resourcesCollection: CollectionDef = {
  path: 'resources',
  area: 'resources',
  label: 'Lane',
  operationNoun: { one: 'Resource', many: 'Resources' },
  table: resources,
  schema: resourceSchema,
  defaults: resourceDefaults,
  idFromBody: true,
  pausable: true,
  search: [resources.id],
  sorts: {
    // Natural order: the text before a trailing number, then the number ("Lane 2" before "Lane 10").
    id: [
      sql`regexp_replace(${resources.id}, '[0-9]+$', '')`,
      sql`coalesce(substring(${resources.id} from '[0-9]+$')::numeric, 0)`,
      resources.id,
    ],
    capacity: resources.capacity,
    createdAt: resources.createdAt,
  },
  defaultSort: 'id',
  flags: { isPaused: resources.isPaused },
  duplicateMessage: (record) => laneExistsMessage(String(record.id)),
  hooks: { beforeDelete: (ctx, existing) => deleteLaneRules(ctx, existing.id as string) },
};
