import { widgetTemplateDefaults, widgetTemplateSchema } from '@lanebook/core';
import type { CollectionDef } from '../../platform/collections.js';
import { productsCollection } from '../products/collection.js';
import { widgetTemplates } from './schema.js';
import { unsetOtherDefault } from './service.js';

export const widgetTemplatesCollection: CollectionDef = {
  path: 'widget-templates',
  area: 'widgetTemplates',
  label: 'Widget template',
  operationNoun: { one: 'WidgetTemplate', many: 'WidgetTemplates' },
  table: widgetTemplates,
  schema: widgetTemplateSchema,
  defaults: widgetTemplateDefaults,
  search: [widgetTemplates.name],
  sorts: { name: widgetTemplates.name, createdAt: widgetTemplates.createdAt },
  defaultSort: 'name',
  flags: { isDefault: widgetTemplates.isDefault, isActive: widgetTemplates.isActive },
  references: [{ field: 'productId', collection: productsCollection }],
  duplicateMessage: () => 'Another widget template is already the default; try again.',
  hooks: { beforeSave: unsetOtherDefault },
};
