import { SimpleGrid } from '@mantine/core';
import { IconReceiptTax } from '@tabler/icons-react';
import { taxSchema, type Tax } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { PercentField, TextareaField, TextField } from '../../components/fields/form-fields';

export default defineCollection<typeof taxSchema, Tax>({
  path: 'taxes',
  area: 'taxes',
  label: 'Tax',
  labelPlural: 'Taxes',
  listRoute: '/settings/taxes',
  description: 'Taxes products add to a booking’s price.',
  schema: taxSchema,
  defaults: { name: '', description: '' },
  titleOf: (tax) => tax.name,
  columns: [
    { key: 'name', header: 'Name', render: (tax) => tax.name },
    { key: 'rate', header: 'Rate', numeric: true, render: (tax) => `${tax.rate}%` },
    { key: 'description', header: 'Description', hideOnMobile: true, render: (tax) => tax.description || '—' },
  ],
  searchPlaceholder: 'Tax name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Highest rate', sort: 'rate', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No taxes yet',
    description: 'Add the sales taxes your venue charges, then pick them on each product.',
    icon: <IconReceiptTax size={28} />,
  },
  Form: ({ control }) => (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <TextField control={control} name="name" label="Name" withAsterisk placeholder="NY sales tax" />
      <PercentField control={control} name="rate" label="Rate" withAsterisk placeholder="8.875" />
      <TextareaField control={control} name="description" label="Description" style={{ gridColumn: '1 / -1' }} />
    </SimpleGrid>
  ),
});
