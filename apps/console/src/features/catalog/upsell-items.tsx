import { Avatar, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconShoppingBag } from '@tabler/icons-react';
import { upsellItemSchema, type UpsellItem } from '@lanebook/core/catalog';
import { defineCollection } from '../../components/collection/define';
import { ImageField, MoneyField, TextareaField, TextField } from '../../components/fields/form-fields';
import { Money } from '../../components/fields/MoneyInput';

export default defineCollection<typeof upsellItemSchema, UpsellItem, 'upsellItems'>({
  path: 'upsell-items',
  area: 'upsellItems',
  label: 'Upsell item',
  labelPlural: 'Upsell merchandise',
  listRoute: '/settings/upsell-merchandise',
  description: 'Extras customers can add to a booking: food, drinks, merchandise.',
  schema: upsellItemSchema,
  defaults: { name: '', description: '', image: '', isPaused: false },
  titleOf: (item) => item.name,
  pausable: true,
  columns: [
    {
      key: 'name',
      header: 'Name',
      render: (item) => (
        <Group gap="sm" wrap="nowrap" component="span">
          <Avatar src={item.image || null} alt="" radius="sm" size="sm" color="gray">
            <IconShoppingBag size={14} />
          </Avatar>
          {item.name}
        </Group>
      ),
    },
    { key: 'price', header: 'Price', numeric: true, render: (item) => <Money cents={item.price} /> },
    { key: 'description', header: 'Description', hideOnMobile: true, render: (item) => item.description || '—' },
  ],
  searchPlaceholder: 'Item name',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Price: low to high', sort: 'price', order: 'asc' },
    { label: 'Price: high to low', sort: 'price', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
  ],
  emptyState: {
    title: 'No upsell items yet',
    description: 'Offer extras like pizza or drinks; products choose which ones customers see.',
    icon: <IconShoppingBag size={28} />,
  },
  Form: ({ control }) => (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label="Name" withAsterisk placeholder="Pizza (large)" />
        <MoneyField control={control} name="price" label="Price" withAsterisk />
      </SimpleGrid>
      <TextareaField control={control} name="description" label="Description" />
      <ImageField control={control} name="image" label="Image" />
    </Stack>
  ),
});
