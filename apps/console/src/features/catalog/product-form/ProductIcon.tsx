import { Group, Select } from '@mantine/core';
import { IconAxe, IconBow, IconBowling, IconConfetti, IconStar, IconTarget, IconTrophy, IconUsers, type Icon } from '@tabler/icons-react';
import { PRODUCT_ICONS } from '@lanebook/core/products';
import { useBoundField } from '../../../components/fields/form-fields';
import type { ProductControl } from './types';

type ProductIconName = (typeof PRODUCT_ICONS)[number];

const ICONS: Record<ProductIconName, { icon: Icon; label: string }> = {
  axe: { icon: IconAxe, label: 'Axe' },
  bowling: { icon: IconBowling, label: 'Bowling' },
  archery: { icon: IconBow, label: 'Archery' },
  target: { icon: IconTarget, label: 'Target' },
  trophy: { icon: IconTrophy, label: 'Trophy' },
  party: { icon: IconConfetti, label: 'Party' },
  star: { icon: IconStar, label: 'Star' },
  users: { icon: IconUsers, label: 'Group' },
};

export function ProductIcon({ icon, size = 18 }: { icon: string; size?: number }) {
  const entry = ICONS[icon as ProductIconName];
  if (!entry) return null;
  const Glyph = entry.icon;
  return <Glyph size={size} aria-hidden />;
}

/** The product's icon: one of PRODUCT_ICONS, or none (''). */
export function ProductIconField({ control }: { control: ProductControl }) {
  const { field, error, readOnly } = useBoundField(control, 'icon');
  return (
    <Select
      label="Icon"
      placeholder="No icon"
      data={PRODUCT_ICONS.map((value) => ({ value, label: ICONS[value].label }))}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
      onBlur={field.onBlur}
      ref={field.ref}
      clearable={!readOnly}
      readOnly={readOnly}
      error={error}
      leftSection={field.value ? <ProductIcon icon={field.value} size={16} /> : undefined}
      renderOption={({ option }) => (
        <Group gap="xs" wrap="nowrap">
          <ProductIcon icon={option.value} size={16} />
          {option.label}
        </Group>
      )}
    />
  );
}
