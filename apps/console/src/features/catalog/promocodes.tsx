import { Badge, SimpleGrid, Stack } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { promocodeDefaults, promocodeSchema, type Promocode } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { NumberField, RadioField, SwitchField, TextField } from '../../components/fields/form-fields';
import { appliesTo, DiscountFields, DiscountText } from './discount';

export default defineCollection<typeof promocodeSchema, Promocode>({
  path: 'promocodes',
  area: 'promocodes',
  label: 'Promocode',
  labelPlural: 'Promocodes',
  listRoute: '/settings/promocodes',
  description: 'Discount codes customers enter when booking.',
  schema: promocodeSchema,
  defaults: { ...promocodeDefaults, code: '', products: [], upsellItems: [] },
  titleOf: (promocode) => promocode.code,
  duplicateField: 'code',
  columns: [
    { key: 'code', header: 'Code', render: (promocode) => promocode.code },
    { key: 'discount', header: 'Discount', numeric: true, render: (promocode) => <DiscountText {...promocode} /> },
    { key: 'applies', header: 'Applies to', hideOnMobile: true, render: appliesTo },
    {
      key: 'uses',
      header: 'Uses',
      numeric: true,
      render: (promocode) => `${promocode.useCount ?? 0} / ${promocode.maxUseNumber}`,
    },
    {
      key: 'active',
      header: 'Status',
      render: (promocode) => (
        <Badge color={promocode.isActive ? 'green' : 'gray'} variant="light">
          {promocode.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ],
  searchPlaceholder: 'Code',
  sorts: [
    { label: 'Code A-Z', sort: 'code', order: 'asc' },
    { label: 'Code Z-A', sort: 'code', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
    { label: 'Oldest', sort: 'createdAt', order: 'asc' },
  ],
  emptyState: {
    title: 'No promocodes yet',
    description: 'Create codes that take a fixed amount or a percent off a booking.',
    icon: <IconTicket size={28} />,
  },
  Form: ({ form, control, record }) => (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField
          control={control}
          name="code"
          label="Code"
          withAsterisk
          placeholder="SUMMER10"
          description="Letters, digits, dashes and underscores; not case-sensitive."
        />
        <NumberField
          control={control}
          name="maxUseNumber"
          label="Max uses"
          withAsterisk
          min={1}
          allowDecimal={false}
          description={record ? `Used ${record.useCount ?? 0} times so far.` : 'How many bookings can use it.'}
        />
      </SimpleGrid>
      <DiscountFields form={form} control={control} />
      <RadioField
        control={control}
        name="taxBehaviour"
        label="Tax behaviour"
        options={[
          { value: 'before', label: 'Discount before tax', description: 'Tax is charged on the discounted price.' },
          { value: 'after', label: 'Discount after tax', description: 'Tax is charged on the full price.' },
        ]}
      />
      <SwitchField control={control} name="isActive" label="Active" description="Customers can use the code only while it is active." />
    </Stack>
  ),
});
