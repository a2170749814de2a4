import { Stack } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { termsSchema, type Terms } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { TextareaField, TextField } from '../../components/fields/form-fields';

export default defineCollection<typeof termsSchema, Terms>({
  path: 'terms',
  area: 'terms',
  label: 'Terms',
  labelPlural: 'Terms & Conditions',
  listRoute: '/settings/terms-and-conditions',
  description: 'Texts customers accept when booking, and large-group disclaimers.',
  schema: termsSchema,
  defaults: { name: '', description: '', text: '' },
  titleOf: (terms) => terms.name,
  columns: [
    { key: 'name', header: 'Name', render: (terms) => terms.name },
    { key: 'description', header: 'Description', render: (terms) => terms.description || '—' },
  ],
  searchPlaceholder: 'Terms name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
    { label: 'Oldest', sort: 'createdAt', order: 'asc' },
  ],
  emptyState: {
    title: 'No terms yet',
    description: 'Write the terms customers accept when they book; products then choose which to show.',
    icon: <IconFileText size={28} />,
  },
  Form: ({ control }) => (
    <Stack gap="md">
      <TextField control={control} name="name" label="Name" withAsterisk placeholder="Booking terms" />
      <TextField control={control} name="description" label="Description" description="For staff: where these terms are used." />
      <TextareaField
        control={control}
        name="text"
        label="Text"
        withAsterisk
        description="What customers read and accept."
        minRows={10}
        maxRows={30}
      />
    </Stack>
  ),
});
