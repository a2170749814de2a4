import { SimpleGrid, Stack } from '@mantine/core';
import { useWatch, type Control, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Money } from '../../components/fields/MoneyInput';
import { EntityMultiSelectField, MoneyField, PercentField, RadioField } from '../../components/fields/form-fields';
import { PRODUCTS, UPSELL_ITEMS } from './refs';

/** Promocodes and affiliates discount the same way: a fixed amount (cents) or a percent (0-100). */
interface DiscountShape extends FieldValues {
  discount: number;
  discountType: 'fixed' | 'percent';
  products: string[];
  upsellItems: string[];
}

export function DiscountText({ discount, discountType }: { discount: number; discountType: 'fixed' | 'percent' }) {
  return discountType === 'percent' ? <>{discount}%</> : <Money cents={discount} />;
}

/** What the discount applies to, in a list cell. */
export function appliesTo(record: { products: string[]; upsellItems: string[] }): string {
  const parts = [];
  if (record.products.length) parts.push(`${record.products.length} product${record.products.length === 1 ? '' : 's'}`);
  if (record.upsellItems.length) parts.push(`${record.upsellItems.length} upsell item${record.upsellItems.length === 1 ? '' : 's'}`);
  return parts.join(', ') || '—';
}

export function DiscountFields<T extends DiscountShape, O>({
  form,
  control,
}: {
  form: UseFormReturn<T, unknown, O>;
  control: Control<T, unknown, O>;
}) {
  // The names exist on every T of this shape; TypeScript cannot see it through the generic.
  const name = (field: keyof DiscountShape) => field as Path<T>;
  const type = useWatch({ control, name: name('discountType') });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <RadioField
          control={control}
          name={name('discountType')}
          label="Discount type"
          options={[
            { value: 'percent', label: 'Percent' },
            { value: 'fixed', label: 'Fixed amount' },
          ]}
          // Cents and percents do not convert: the amount is typed again.
          onValueChange={() => form.setValue(name('discount'), null as T[Path<T>], { shouldDirty: true })}
        />
        {type === 'fixed' ? (
          <MoneyField control={control} name={name('discount')} label="Discount" withAsterisk />
        ) : (
          <PercentField control={control} name={name('discount')} label="Discount" withAsterisk />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <EntityMultiSelectField
          control={control}
          name={name('products')}
          source={PRODUCTS}
          label="Products"
          description="Products the discount applies to."
        />
        <EntityMultiSelectField
          control={control}
          name={name('upsellItems')}
          source={UPSELL_ITEMS}
          label="Upsell items"
          description="Upsell items the discount applies to."
        />
      </SimpleGrid>
    </Stack>
  );
}
