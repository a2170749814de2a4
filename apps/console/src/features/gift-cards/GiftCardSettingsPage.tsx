import { useState } from 'react';
import {
  useFieldArray,
  useForm,
  useFormState,
  useWatch,
  type Control,
  type FieldErrors,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ActionIcon, Alert, Button, Checkbox, Group, Input, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconInfoCircle, IconPlus, IconTrash } from '@tabler/icons-react';
import { GIFT_CARD_SETTINGS_DEFAULTS, giftCardSettingsSchema, type GiftCardSettings } from '@lanebook/core/gift-card-schemas';
import type { Venue } from '@lanebook/core/api-schemas';
import { FormSection } from '../../components/collection/FormSection';
import { useUnsavedChangesGuard } from '../../components/collection/useUnsavedChangesGuard';
import { errorText, ImageField, MoneyField, NumberField, SwitchField } from '../../components/fields/form-fields';
import { MoneyInput } from '../../components/fields/MoneyInput';
import { FormReadOnlyContext } from '../../components/fields/read-only';
import { CurrentVenuePage } from '../../components/CurrentVenuePage';
import { currentVenueQuery, updateCurrentVenue } from '../../lib/current-venue';
import { showSaveError } from '../../lib/forms';
import { notifySuccess } from '../../lib/notify';
import { useSession } from '../../lib/session';

/** The form's values: the settings, the preset amounts as rows (react-hook-form's field arrays hold objects). */
interface FormValues extends Omit<GiftCardSettings, 'presetAmounts'> {
  presetAmounts: { amount: number | null }[];
}

const MAX_PRESETS = 8;
const valuesOf = (settings: GiftCardSettings): FormValues => ({
  ...settings,
  presetAmounts: settings.presetAmounts.map((amount) => ({ amount })),
});
const settingsOf = (values: FormValues) => ({ ...values, presetAmounts: values.presetAmounts.map((row) => row.amount) });

/** The zod rule of the settings (core's, as the server's), checked on the settings the rows make; the form keeps its rows. */
const settingsResolver = zodResolver(giftCardSettingsSchema);
const formResolver: Resolver<FormValues> = async (values, context, options) => {
  const checked = await settingsResolver(settingsOf(values) as never, context, options as never);
  return Object.keys(checked.errors).length ? { values: {}, errors: checked.errors as FieldErrors<FormValues> } : { values, errors: {} };
};

/** Settings → Gift cards: sold online or not, the amounts offered, the card's picture and how long cards last. */
export default function GiftCardSettingsPage() {
  return (
    <CurrentVenuePage
      title="Gift cards"
      description="What customers can buy in your booking widget. The desk sells cards whatever is set here, and cards are spent either way."
      form={(venue) => <SettingsForm venue={venue} />}
    />
  );
}

function SettingsForm({ venue }: { venue: Venue }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const readOnly = !session.can('venues.edit');
  const [saved, setSaved] = useState<FormValues>(() => valuesOf(venue.giftCards));
  const form = useForm<FormValues>({ resolver: formResolver, defaultValues: saved, mode: 'onTouched' });
  const { control, handleSubmit, formState, reset } = form;
  useUnsavedChangesGuard(() => form.formState.isDirty);

  const save = useMutation({
    mutationFn: (settings: GiftCardSettings) => updateCurrentVenue({ giftCards: settings }),
    onSuccess: async (updated) => {
      queryClient.setQueryData(currentVenueQuery(updated.id).queryKey, updated);
      const next = valuesOf(updated.giftCards);
      setSaved(next);
      reset(next);
      notifySuccess('Gift card settings saved');
      // The desk's sale reads the presets and expiry from the session's venue.
      await session.refresh();
    },
    onError: (error) => showSaveError(form, error, { under: 'giftCards' }),
  });

  return (
    <FormReadOnlyContext.Provider value={readOnly}>
      <form
        onSubmit={handleSubmit((values) => save.mutate(settingsOf(values) as GiftCardSettings))}
        noValidate
        aria-label="Gift card settings"
      >
        <Stack gap="lg" maw={960}>
          {readOnly ? (
            <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="gift-card-settings-read-only">
              Your role can view these settings but not change them. Ask an owner for the “Venue — Edit” permission.
            </Alert>
          ) : null}
          <FormSection title="Online sale">
            <SwitchField
              control={control}
              name="isEnabled"
              label="Sell gift cards in the booking widget"
              description="Customers buy a card by card payment, write the recipient and a message, and choose the day it is mailed. Card payments must be enabled."
            />
            <ImageField
              control={control}
              name="image"
              label="Card picture"
              description="Heads the recipient's mail and the widget's gift card page."
            />
          </FormSection>
          <FormSection title="Amounts" description="The same amounts hold at the desk, complimentary cards included.">
            <PresetAmounts control={control} readOnly={readOnly} />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyField control={control} name="customAmountMin" label="Custom amount minimum" required />
              <MoneyField control={control} name="customAmountMax" label="Custom amount maximum" required />
            </SimpleGrid>
          </FormSection>
          <FormSection title="Expiry">
            <Expiry form={form} readOnly={readOnly} />
          </FormSection>
          {readOnly ? null : (
            <Group justify="flex-end">
              <Button variant="default" disabled={!formState.isDirty || save.isPending} onClick={() => reset(saved)}>
                Discard changes
              </Button>
              <Button type="submit" loading={save.isPending} disabled={!formState.isDirty}>
                Save changes
              </Button>
            </Group>
          )}
        </Stack>
      </form>
    </FormReadOnlyContext.Provider>
  );
}

/** The preset amounts, one money field each, in the order the widget shows them. */
function PresetAmounts({ control, readOnly }: { control: Control<FormValues>; readOnly: boolean }) {
  const { fields, append, remove, update } = useFieldArray({ control, name: 'presetAmounts' });
  const rows = useWatch({ control, name: 'presetAmounts' });
  const { errors } = useFormState({ control, name: 'presetAmounts' });
  const listErrors = errors.presetAmounts;
  return (
    <Input.Wrapper
      label="Preset amounts"
      description={`Offered as buttons; at most ${MAX_PRESETS}. A buyer may also type any amount in the custom range below.`}
      error={listErrors?.message ?? listErrors?.root?.message}
      id="gift-card-presets"
      labelElement="div"
    >
      <Group gap="sm" mt={6} align="flex-start" role="group" aria-labelledby="gift-card-presets-label">
        {fields.map((field, index) => (
          <Group key={field.id} gap={4} wrap="nowrap" align="flex-end">
            <MoneyInput
              label={`Preset ${index + 1}`}
              value={rows?.[index]?.amount ?? null}
              onChange={(amount) => update(index, { amount })}
              error={errorText(listErrors?.[index])}
              readOnly={readOnly}
              w={130}
            />
            {readOnly ? null : (
              <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove preset ${index + 1}`} onClick={() => remove(index)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {readOnly || fields.length >= MAX_PRESETS ? null : (
          <Button variant="default" mt={25} leftSection={<IconPlus size={14} />} onClick={() => append({ amount: null })}>
            Add amount
          </Button>
        )}
      </Group>
    </Input.Wrapper>
  );
}

/** How long a card lasts from its sale: a number of months, or never (null). */
function Expiry({ form, readOnly }: { form: UseFormReturn<FormValues>; readOnly: boolean }) {
  const months = useWatch({ control: form.control, name: 'expiryMonths' });
  const never = months === null;
  return (
    <Stack gap="sm">
      <Checkbox
        label="Cards never expire"
        checked={never}
        disabled={readOnly}
        onChange={(event) =>
          form.setValue('expiryMonths', event.currentTarget.checked ? null : GIFT_CARD_SETTINGS_DEFAULTS.expiryMonths, {
            shouldDirty: true,
            shouldValidate: true,
          })
        }
      />
      {never ? (
        <Text size="sm" c="dimmed">
          A card keeps its balance until it is spent: the venue owes it for as long.
        </Text>
      ) : (
        <NumberField
          control={form.control}
          name="expiryMonths"
          label="Cards expire after"
          description="Months from the sale, 1 to 600. A card works through its last day, until the venue's midnight."
          suffix=" months"
          min={1}
          max={600}
          allowDecimal={false}
          w={{ base: '100%', xs: 240 }}
        />
      )}
    </Stack>
  );
}
