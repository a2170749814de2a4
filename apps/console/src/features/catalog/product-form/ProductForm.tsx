import { useEffect, useRef } from 'react';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import type { Resource } from '@lanebook/core/catalog';
import { CANCELLATION_UNITS, DURATION_OPTIONS } from '@lanebook/core/products';
import { useSession } from '../../../lib/session';
import { useCollectionList } from '../../../components/collection/queries';
import { FormSection } from '../../../components/collection/FormSection';
import {
  DateListField,
  EntityMultiSelectField,
  EntitySelectField,
  ImageField,
  MoneyField,
  NumberField,
  RadioField,
  SelectField,
  SwitchField,
  TextareaField,
  TextField,
  WeekdayField,
} from '../../../components/fields/form-fields';
import { LANES, TAXES, TERMS, UPSELL_ITEMS } from '../refs';
import { CustomFieldsEditor } from './CustomFieldsEditor';
import { PriceGroupsEditor } from './PriceGroupsEditor';
import { ProductIconField } from './ProductIcon';
import { newKey, type ProductFormProps } from './types';
import { WaiverPicker } from './WaiverPicker';

const DURATIONS = DURATION_OPTIONS.map((hours) => ({ value: hours, label: `${hours} hour${hours === 1 ? '' : 's'}` }));
const UNITS = CANCELLATION_UNITS.map((unit) => ({ value: unit, label: unit === 'hours' ? 'Hours' : 'Days' }));

/**
 * A new product starts on every lane that is not paused (most venues sell a product on all their
 * lanes; a product without lanes cannot be booked), as the form's default, so it is not a change.
 */
function useActiveLanesForNewProduct(form: ProductFormProps['form'], record: ProductFormProps['record']) {
  const lanes = useCollectionList<Resource>(LANES.path, { limit: 500 }, { enabled: !record });
  const applied = useRef(false);
  useEffect(() => {
    if (record || applied.current || !lanes.isSuccess) return;
    applied.current = true;
    if (form.getValues('resources').length) return;
    const active = lanes.data.items.filter((lane) => !lane.isPaused).map((lane) => lane.id);
    if (active.length) form.resetField('resources', { defaultValue: active });
  }, [form, record, lanes.isSuccess, lanes.data]);
}

/** Every Product field, in sections. */
export function ProductForm({ form, control, record }: ProductFormProps) {
  useActiveLanesForNewProduct(form, record);
  const firstDayOfWeek = useSession().me?.venue?.firstDayOfWeek ?? 0;
  const [typeOfPricing, isDeposit] = useWatch({ control, name: ['typeOfPricing', 'isDeposit'] });

  // Switching to group pricing starts with one group over the whole player range, at the current price.
  const pricingChanged = (type: string) => {
    const values = form.getValues();
    if (type !== 'group-range' || values.groups.length > 0) return;
    const from = Number(values.minPlayers) || 1;
    const to = Math.max(from, Number(values.maxPlayers) || from);
    form.setValue('groups', [{ id: newKey('group'), from, to, price: Number(values.price) || 0 }], { shouldDirty: true });
  };

  return (
    <Stack gap="lg">
      <FormSection title="Basics" description="What customers see when they choose a product." tour="product-basics">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label="Name" withAsterisk placeholder="Axe throwing: 1 hour" />
          <TextField control={control} name="title" label="Title" description="The heading in the booking widget." />
        </SimpleGrid>
        <TextareaField control={control} name="description" label="Description" minRows={3} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <ProductIconField control={control} />
          <ImageField control={control} name="image" label="Image" />
        </SimpleGrid>
      </FormSection>

      <FormSection title="Schedule and lanes" tour="product-lanes">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <SelectField control={control} name="duration" label="Duration" data={DURATIONS} withAsterisk />
          <NumberField
            control={control}
            name="breakTime"
            label="Break time"
            description="Minutes before the lane can be booked again."
            suffix=" min"
            min={0}
            allowDecimal={false}
          />
          <NumberField
            control={control}
            name="cutoffTime"
            label="Cutoff time"
            description="Hours before the start when online booking closes."
            suffix=" h"
            min={0}
            allowDecimal={false}
          />
        </SimpleGrid>
        <EntityMultiSelectField
          control={control}
          name="resources"
          source={LANES}
          label="Lanes"
          description="Lanes this product can be booked on."
        />
        <WeekdayField
          control={control}
          name="nonWorkingDays"
          label="Non-working days"
          description="Weekdays this product cannot be booked."
          firstDayOfWeek={firstDayOfWeek}
        />
        <DateListField control={control} name="holidays" label="Holidays" description="Days this product cannot be booked." />
      </FormSection>

      <FormSection title="Players and pricing" tour="product-pricing">
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="md">
          <NumberField control={control} name="minPlayers" label="Min players" withAsterisk min={1} allowDecimal={false} />
          <NumberField control={control} name="maxPlayers" label="Max players" withAsterisk min={1} allowDecimal={false} />
        </SimpleGrid>
        <RadioField
          control={control}
          name="typeOfPricing"
          label="Type of pricing"
          options={[
            { value: 'person', label: 'Per person' },
            { value: 'group-range', label: 'By group size' },
          ]}
          onValueChange={pricingChanged}
        />
        {typeOfPricing === 'group-range' ? (
          <PriceGroupsEditor control={control} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <MoneyField control={control} name="price" label="Price per player" withAsterisk />
          </SimpleGrid>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <MoneyField
            control={control}
            name="fixedPrice"
            label="Fixed price"
            description="A flat amount per booking, added to the price; 0 for none."
          />
        </SimpleGrid>
        <Group gap="md" align="flex-end" wrap="wrap">
          <SwitchField
            control={control}
            name="isDeposit"
            label="Take a deposit"
            description="Customers pay part of the price when booking."
          />
          {isDeposit ? <MoneyField control={control} name="deposit" label="Deposit" withAsterisk w={200} /> : null}
        </Group>
        <EntityMultiSelectField control={control} name="taxes" source={TAXES} label="Taxes" />
      </FormSection>

      <FormSection title="Booking options" tour="product-options">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <EntitySelectField control={control} name="termsId" source={TERMS} label="Terms and conditions" placeholder="No terms" />
          <EntitySelectField
            control={control}
            name="largeGroupDisclaimerId"
            source={TERMS}
            label="Large-group disclaimer"
            placeholder="No disclaimer"
            description="Terms shown to large groups."
          />
        </SimpleGrid>
        <EntityMultiSelectField
          control={control}
          name="upsellItemIds"
          source={UPSELL_ITEMS}
          label="Upsell items"
          description="Extras offered with this product."
        />
        <Group gap="md" align="flex-end" wrap="wrap">
          <NumberField
            control={control}
            name="cancellationPeriodAmount"
            label="Cancellation period"
            description="How long before the start customers can cancel."
            min={0}
            allowDecimal={false}
            w={220}
          />
          <SelectField control={control} name="cancellationPeriodUnit" label="Unit" data={UNITS} w={140} />
        </Group>
        <TextareaField control={control} name="widgetNote" label="Widget note" description="A short note shown in the booking widget." />
      </FormSection>

      <FormSection title="From the customer" description="What customers sign and answer when they book." tour="product-waiver">
        <WaiverPicker control={control} />
        <CustomFieldsEditor control={control} />
      </FormSection>
    </Stack>
  );
}
