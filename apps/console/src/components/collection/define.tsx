import { CollectionFormPage } from './CollectionForm';
import { CollectionListPage } from './CollectionListPage';
import type { BaseRecord, Collection, CollectionArea, CollectionConfig, RecordOf, RecordSchema } from './types';

/**
 * Declares a collection of the console. Give it the API path, the permission area, names, the
 * core schema and defaults, list columns and sorts, and the form's fields; get back the
 * declaration with its two route pages:
 *
 *   export default defineCollection({
 *     path: 'taxes', area: 'taxes', label: 'Tax', labelPlural: 'Taxes', listRoute: '/settings/taxes',
 *     schema: taxSchema, defaults: { name: '', rate: null, description: '' },
 *     titleOf: (tax) => tax.name,
 *     columns: [{ key: 'name', header: 'Name', render: (tax) => tax.name }, ...],
 *     searchPlaceholder: 'Tax name', sorts: [{ label: 'Name A-Z', sort: 'name', order: 'asc' }],
 *     emptyState: { title: 'No taxes yet', description: '...', icon: <IconReceiptTax /> },
 *     Form: ({ control }) => <TextField control={control} name="name" label="Name" withAsterisk />,
 *   });
 *
 * The record type defaults to the schema's fields plus id and timestamps; pass it when the API
 * adds more (promocodes' useCount): defineCollection<typeof promocodeSchema, Promocode>(...).
 */
export function defineCollection<S extends RecordSchema, R extends BaseRecord = RecordOf<S>, A extends CollectionArea = CollectionArea>(
  config: CollectionConfig<S, R, A>,
): Collection<S, R, A> {
  return {
    ...config,
    ListPage: function ListPage() {
      return <CollectionListPage def={config} />;
    },
    FormPage: function FormPage() {
      return <CollectionFormPage def={config} />;
    },
  };
}
