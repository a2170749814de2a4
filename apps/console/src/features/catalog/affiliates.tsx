import { Badge, Fieldset, SimpleGrid, Stack } from '@mantine/core';
import { IconAffiliate } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { affiliateDefaults, affiliateSchema, type Affiliate } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import type { CollectionFormProps } from '../../components/collection/types';
import { MoneyField, PercentField, RadioField, SwitchField, TextField } from '../../components/fields/form-fields';
import { AffiliatePanels, CommissionText, MonthFigure } from './AffiliatePanels';
import { appliesTo, DiscountFields, DiscountText } from './discount';

/** What the partner earns on each booking it brings: a percent of what the booking paid (net of refunds), or a fixed amount once paid. */
function CommissionFields({ form, control }: Pick<CollectionFormProps<typeof affiliateSchema, Affiliate>, 'form' | 'control'>) {
  const type = useWatch({ control, name: 'commissionType' });
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
      <RadioField
        control={control}
        name="commissionType"
        label="Commission type"
        options={[
          { value: 'percent', label: 'Percent of net paid' },
          { value: 'fixed', label: 'Fixed amount per booking' },
        ]}
        // Cents and percents do not convert: the amount is typed again.
        onValueChange={() => form.setValue('commission', null as unknown as number, { shouldDirty: true })}
      />
      {type === 'fixed' ? (
        <MoneyField control={control} name="commission" label="Commission" description="Earned on each paid booking." withAsterisk />
      ) : (
        <PercentField
          control={control}
          name="commission"
          label="Commission"
          description="Of what each booking paid, less refunds."
          withAsterisk
        />
      )}
    </SimpleGrid>
  );
}

export default defineCollection<typeof affiliateSchema, Affiliate>({
  path: 'affiliates',
  area: 'affiliates',
  label: 'Affiliate',
  labelPlural: 'Affiliates',
  listRoute: '/settings/affiliates',
  description: 'Partners who send you customers: the discount their bookings get, the commission they earn, their links and statements.',
  schema: affiliateSchema,
  defaults: {
    name: '',
    businessName: '',
    isActive: true,
    discountType: 'percent',
    ...affiliateDefaults,
    products: [],
    upsellItems: [],
    address: { country: '', state: '', city: '', zip: '', street: '' },
  },
  titleOf: (affiliate) => affiliate.name,
  columns: [
    { key: 'name', header: 'Name', render: (affiliate) => affiliate.name },
    { key: 'business', header: 'Business name', render: (affiliate) => affiliate.businessName || '—' },
    { key: 'discount', header: 'Discount', numeric: true, render: (affiliate) => <DiscountText {...affiliate} /> },
    { key: 'commission', header: 'Commission', numeric: true, render: (affiliate) => <CommissionText {...affiliate} /> },
    {
      key: 'monthBookings',
      header: 'Bookings this month',
      numeric: true,
      render: (affiliate) => <MonthFigure affiliateId={affiliate.id} figure="bookings" />,
    },
    {
      key: 'monthCommission',
      header: 'Earned this month',
      numeric: true,
      render: (affiliate) => <MonthFigure affiliateId={affiliate.id} figure="commission" />,
    },
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
      <CommissionFields form={form} control={control} />
      <SwitchField control={control} name="isActive" label="Active" />
    </Stack>
  ),
  RecordPanel: AffiliatePanels,
});
