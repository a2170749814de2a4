import { SimpleGrid } from '@mantine/core';
import { IconLayoutColumns } from '@tabler/icons-react';
import { RESOURCE_TYPES, resourceDefaults, resourceSchema, type Resource } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { NumberField, SelectField, TextField } from '../../components/fields/form-fields';
import { FormReadOnlyContext, useFormReadOnly } from '../../components/fields/read-only';

/** Lanes (resources). Edited in a modal on the Lane management page (LanesPage), not on pages of their own. */
const lanes = defineCollection<typeof resourceSchema, Resource, 'resources'>({
  path: 'resources',
  area: 'resources',
  label: 'Lane',
  labelPlural: 'Lanes',
  title: 'Lane management',
  listRoute: '/resources',
  description: 'The lanes products are booked on, and how many players each takes.',
  schema: resourceSchema,
  defaults: { ...resourceDefaults, id: '' },
  titleOf: (lane) => lane.id,
  idFromBody: true,
  duplicateField: 'id',
  pausable: true,
  // Deleting a lane takes it off the products that offered it.
  invalidates: ['products'],
  columns: [
    { key: 'id', header: 'Lane ID', render: (lane) => lane.id },
    { key: 'capacity', header: 'Capacity', numeric: true, render: (lane) => lane.capacity },
    { key: 'minCapacity', header: 'Min capacity', numeric: true, render: (lane) => lane.minCapacity },
    { key: 'type', header: 'Type', render: (lane) => lane.type },
  ],
  searchPlaceholder: 'Lane ID',
  sorts: [
    { label: 'Lane ID A-Z', sort: 'id', order: 'asc' },
    { label: 'Lane ID Z-A', sort: 'id', order: 'desc' },
    { label: 'Largest capacity', sort: 'capacity', order: 'desc' },
    { label: 'Smallest capacity', sort: 'capacity', order: 'asc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No lanes yet',
    description: 'Add the lanes of your venue; products are then booked on them.',
    icon: <IconLayoutColumns size={28} />,
  },
  Form: ({ control, record }) => {
    const readOnly = useFormReadOnly();
    return (
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {/* The id is the lane's key in bookings and products: chosen once, then fixed. */}
        <FormReadOnlyContext.Provider value={readOnly || record !== null}>
          <TextField
            control={control}
            name="id"
            label="Lane ID"
            withAsterisk={!record}
            placeholder="Lane 7"
            description={record ? 'The ID cannot change once the lane exists.' : 'Letters, digits, spaces, dashes and underscores.'}
            data-autofocus
          />
        </FormReadOnlyContext.Provider>
        <SelectField control={control} name="type" label="Type" data={[...RESOURCE_TYPES]} />
        <NumberField
          control={control}
          name="capacity"
          label="Capacity"
          description="Most players at once."
          withAsterisk
          min={1}
          max={100}
          allowDecimal={false}
        />
        <NumberField
          control={control}
          name="minCapacity"
          label="Min capacity"
          description="Fewest players to book it."
          withAsterisk
          min={1}
          max={100}
          allowDecimal={false}
        />
      </SimpleGrid>
    );
  },
});

export default lanes;
