import { Badge, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { IconAffiliate } from '@tabler/icons-react';
import { affiliateSchema, type Affiliate } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { SwitchField, TextField } from '../../components/fields/form-fields';
import { appliesTo, DiscountFields, DiscountText } from './discount';

export default defineCollection<typeof affiliateSchema, Affiliate>({
  path: 'affiliates',
  area: 'affiliates',
  label: 'Affiliate',
  labelPlural: 'Affiliates',
  listRoute: '/settings/affiliates',
  description: 'Partners who send you customers, with the discount their bookings get.',
  schema: affiliateSchema,
  defaults: {
    name: '',
    businessName: '',
    isActive: true,
    discountType: 'percent',
    products: [],
    upsellItems: [],
    address: { country: '', state: '', city: '', zip: '', street: '' },
  },
  titleOf: (affiliate) => affiliate.name,
  columns: [
    { key: 'name', header: 'Name', render: (affiliate) => affiliate.name },
    { key: 'business', header: 'Business name', render: (affiliate) => affiliate.businessName || '—' },
    { key: 'discount', header: 'Discount', numeric: true, render: (affiliate) => <DiscountText {...affiliate} /> },
    { key: 'applies', header: 'Applies to', hideOnMobile: true, render: appliesTo },
    { key: 'city', header: 'City', hideOnMobile: true, render: (affiliate) => affiliate.address.city || '—' },
    {
      key: 'active',
      header: 'Status',
      render: (affiliate) => (
        <Badge color={affiliate.isActive ? 'green' : 'gray'} variant="light">
          {affiliate.isActive ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ],
  searchPlaceholder: 'Name or business name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
    { label: 'Oldest', sort: 'createdAt', order: 'asc' },
  ],
  emptyState: {
    title: 'No affiliates yet',
    description: 'Add hotels, event planners and other partners who send you groups.',
    icon: <IconAffiliate size={28} />,
  },
  Form: ({ form, control }) => (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label="Name" withAsterisk />
        <TextField control={control} name="businessName" label="Business name" />
      </SimpleGrid>
      <Fieldset legend="Address" radius="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="address.street" label="Street" />
          <TextField control={control} name="address.city" label="City" />
          <TextField control={control} name="address.state" label="State / province" />
          <TextField control={control} name="address.zip" label="ZIP / postal code" />
          <TextField control={control} name="address.country" label="Country" />
        </SimpleGrid>
      </Fieldset>
      <DiscountFields form={form} control={control} />
      <SwitchField control={control} name="isActive" label="Active" />
    </Stack>
  ),
});
