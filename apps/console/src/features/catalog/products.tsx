import { Avatar, Group, Text } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { productDefaults, productSchema, type Product } from '@lanebook/core/products';
import { defineCollection } from '../../components/collection/define';
import { Money } from '../../components/fields/MoneyInput';
import { ProductForm } from './product-form/ProductForm';
import { ProductIcon } from './product-form/ProductIcon';

function PriceCell({ product }: { product: Product }) {
  if (product.typeOfPricing === 'group-range') {
    const lowest = Math.min(...product.groups.map((group) => group.price));
    return product.groups.length ? (
      <>
        from <Money cents={lowest} /> / group
      </>
    ) : (
      <>—</>
    );
  }
  return (
    <>
      <Money cents={product.price} /> / player
    </>
  );
}

export default defineCollection<typeof productSchema, Product, 'products'>({
  path: 'products',
  area: 'products',
  label: 'Product',
  labelPlural: 'Products',
  listRoute: '/products',
  description: 'What customers book: duration, lanes, players and price.',
  schema: productSchema,
  defaults: { ...productDefaults, name: '' },
  titleOf: (product) => product.name,
  pausable: true,
  createNotice: 'New products start paused: customers cannot book them until you activate them (Activate, after saving).',
  pausedNotice: 'Paused: customers cannot book it.',
  columns: [
    {
      key: 'name',
      header: 'Name',
      render: (product) => (
        <Group gap="sm" wrap="nowrap" component="span">
          <Avatar src={product.image || null} alt="" radius="sm" size="sm" color="blue">
            <ProductIcon icon={product.icon} size={16} />
          </Avatar>
          {product.name}
        </Group>
      ),
    },
    { key: 'duration', header: 'Duration', render: (product) => `${product.duration} h` },
    { key: 'price', header: 'Price', numeric: true, render: (product) => <PriceCell product={product} /> },
    { key: 'players', header: 'Players', render: (product) => `${product.minPlayers}–${product.maxPlayers}` },
    {
      key: 'lanes',
      header: 'Lanes',
      hideOnMobile: true,
      render: (product) =>
        product.resources.length ? (
          <Text size="sm" lineClamp={1} title={product.resources.join(', ')}>
            {product.resources.join(', ')}
          </Text>
        ) : (
          <Text size="sm" c="orange">
            None
          </Text>
        ),
    },
  ],
  searchPlaceholder: 'Name or title',
  sorts: [
    { label: 'Name A-Z', sort: 'name', order: 'asc' },
    { label: 'Name Z-A', sort: 'name', order: 'desc' },
    { label: 'Price: low to high', sort: 'price', order: 'asc' },
    { label: 'Price: high to low', sort: 'price', order: 'desc' },
    { label: 'Newest', sort: 'createdAt', order: 'desc' },
    { label: 'Oldest', sort: 'createdAt', order: 'asc' },
  ],
  emptyState: {
    title: 'No products yet',
    description: 'Create what customers book, like “Axe throwing: 1 hour”, and pick its lanes.',
    icon: <IconTarget size={28} />,
  },
  Form: ProductForm,
});
