import { mailingTemplateSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { assertTemplateRenders } from './service.js';
import { mailingTemplates } from './schema.js';

/** A new mailing template starts paused, so nothing is sent before it is reviewed. */
export const mailingTemplatesCollection: CollectionDef = {
  path: 'mailing-templates',
  area: 'mailingTemplates',
  label: 'Mailing template',
  operationNoun: { one: 'MailingTemplate', many: 'MailingTemplates' },
  table: mailingTemplates,
  schema: mailingTemplateSchema,
  defaults: { to: [], cc: [], bcc: [], replyTo: [], isPaused: true },
  pausable: true,
  search: [mailingTemplates.subject],
  sorts: { event: mailingTemplates.event, subject: mailingTemplates.subject, createdAt: mailingTemplates.createdAt },
  defaultSort: 'event',
  flags: { isPaused: mailingTemplates.isPaused },
  duplicateMessage: () => 'This mailing template already exists.',
  // Before the transaction: a trial render takes up to the render time limit.
  hooks: { validate: (_ctx, record) => assertTemplateRenders(record) },
};
