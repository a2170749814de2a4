import { useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { ActionIcon, Badge, Button, Group, Paper, SimpleGrid, Stack, TagsInput, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { DEFAULT_FIELD_OPTIONS, MANDATORY_WAIVER_FIELDS, WAIVER_FIELD_TYPES, type WaiverFieldType } from '@lanebook/core/waiver-schemas';
import { errorText, NumberField, SelectField, SwitchField, TextField, useBoundField } from '../../components/fields/form-fields';
import { useFormReadOnly } from '../../components/fields/read-only';
import type { WaiverValues } from './api/create-waiver';

type WaiverControl = Control<WaiverValues, unknown, WaiverValues>;

export const FIELD_TYPE_LABELS: Record<WaiverFieldType, string> = {
  text: 'Text',
  phone: 'Phone',
  email: 'Email',
  date: 'Date',
  numeric: 'Number',
  select: 'Select (one option)',
  multiple: 'Multiple options',
  flag: 'Yes / no',
};
const TYPE_OPTIONS = WAIVER_FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_LABELS[type] }));
const hasOptions = (type: WaiverFieldType) => type === 'select' || type === 'multiple';

/** The options of a select or multiple field, typed one by one (Enter adds one). */
function OptionsEditor({ control, index }: { control: WaiverControl; index: number }) {
  const { field, error, readOnly } = useBoundField(control, `fields.${index}.options`);
  return (
    <TagsInput
      label="Options"
      description="Type an option and press Enter."
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
      readOnly={readOnly}
      acceptValueOnBlur
      clearable={false}
    />
  );
}

/** One of the six standard fields: relabelled, hinted, ordered, made optional or disabled (not the mandatory three). */
function StandardFieldCard({ control, index }: { control: WaiverControl; index: number }) {
  const key = useWatch({ control, name: `fields.${index}.key` });
  const mandatory = key !== null && MANDATORY_WAIVER_FIELDS.includes(key);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="standard-field">
      <Group justify="space-between" mb="xs">
        <Badge variant="light" color="gray">
          {key}
        </Badge>
        {mandatory ? (
          <Text size="xs" c="dimmed">
            Always asked and required
          </Text>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name={`fields.${index}.label`} label="Label" withAsterisk />
        <TextField control={control} name={`fields.${index}.hint`} label="Hint" />
        <NumberField control={control} name={`fields.${index}.sortWeight`} label="Sort weight" description="Lighter fields come first." />
        <Stack gap="xs" justify="center">
          <SwitchField control={control} name={`fields.${index}.isRequired`} label="Required" disabled={mandatory} />
          <SwitchField control={control} name={`fields.${index}.isDisabled`} label="Disabled (not asked)" disabled={mandatory} />
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}

/** A field the venue adds: named by its label, of any type; select and multiple fields have options. */
function CustomFieldCard({ form, index, onRemove }: { form: UseFormReturn<WaiverValues>; index: number; onRemove: () => void }) {
  const { control } = form;
  const readOnly = useFormReadOnly();
  const type = useWatch({ control, name: `fields.${index}.type` });
  const label = useWatch({ control, name: `fields.${index}.label` });
  return (
    <Paper withBorder radius="md" p="sm" data-testid="custom-field">
      <Group justify="space-between" mb="xs">
        <Badge variant="light">Custom field</Badge>
        {readOnly ? null : (
          <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={`Remove field ${label || index + 1}`}>
            <IconTrash size={16} />
          </ActionIcon>
        )}
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextField control={control} name={`fields.${index}.label`} label="Label" withAsterisk />
        <SelectField
          control={control}
          name={`fields.${index}.type`}
          label="Type"
          data={TYPE_OPTIONS}
          onOptionSubmit={(next) => {
            const nextType = next as WaiverFieldType;
            // A select or multiple field starts with two options to rename; other types have none.
            if (hasOptions(nextType)) {
              if (!form.getValues(`fields.${index}.options`).length) form.setValue(`fields.${index}.options`, [...DEFAULT_FIELD_OPTIONS]);
            } else {
              form.setValue(`fields.${index}.options`, []);
              form.setValue(`fields.${index}.isAllowCustomOption`, false);
            }
          }}
        />
        <TextField control={control} name={`fields.${index}.hint`} label="Hint" />
        <NumberField control={control} name={`fields.${index}.sortWeight`} label="Sort weight" description="Lighter fields come first." />
        <SwitchField control={control} name={`fields.${index}.isRequired`} label="Required" />
        <SwitchField control={control} name={`fields.${index}.isDisabled`} label="Disabled (not asked)" />
      </SimpleGrid>
      {hasOptions(type) ? (
        <Stack gap="xs" mt="sm">
          <OptionsEditor control={control} index={index} />
          <SwitchField
            control={control}
            name={`fields.${index}.isAllowCustomOption`}
            label="Allow a custom option"
            description="The signer may type an answer that is not in the list."
          />
        </Stack>
      ) : null}
    </Paper>
  );
}

/** The standard fields, then the custom ones (with Add field). */
export function WaiverFieldsEditor({ form }: { form: UseFormReturn<WaiverValues> }) {
  const readOnly = useFormReadOnly();
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'fields' });
  // The id of useFieldArray keys the rows; key and index say which section a row is in.
  const rows = fields.map((row, index) => ({ row, index }));
  const standard = rows.filter(({ row }) => row.key !== null);
  const custom = rows.filter(({ row }) => row.key === null);
  const listError = errorText(form.formState.errors.fields?.root) ?? form.formState.errors.fields?.message;

  const addField = () => {
    const weights = form.getValues('fields').map((f) => f.sortWeight);
    append({
      key: null,
      type: 'text',
      label: '',
      hint: '',
      isRequired: false,
      sortWeight: Math.min(1000, Math.max(0, ...weights) + 1),
      isDisabled: false,
      isAllowCustomOption: false,
      options: [],
    });
  };

  return (
    <Stack gap="md">
      <Title order={3} size="h4">
        Standard fields
      </Title>
      <Text size="sm" c="dimmed">
        First name, last name and email are always asked and required.
      </Text>
      {listError ? (
        <Text c="red" size="sm" data-testid="fields-error">
          {listError}
        </Text>
      ) : null}
      {standard.map(({ row, index }) => (
        <StandardFieldCard key={row.id} control={form.control} index={index} />
      ))}

      <Group justify="space-between" mt="sm">
        <Title order={3} size="h4">
          Custom fields
        </Title>
        {readOnly ? null : (
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addField}>
            Add field
          </Button>
        )}
      </Group>
      {custom.length === 0 ? (
        <Text size="sm" c="dimmed">
          No custom fields.
        </Text>
      ) : (
        custom.map(({ row, index }) => <CustomFieldCard key={row.id} form={form} index={index} onRemove={() => remove(index)} />)
      )}
    </Stack>
  );
}

/** The boxes the signer checks (a required one must be checked to sign). */
export function WaiverCheckboxesEditor({ control }: { control: WaiverControl }) {
  const readOnly = useFormReadOnly();
  const { fields, append, remove } = useFieldArray({ control, name: 'checkboxes' });
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3} size="h4">
          Checkboxes
        </Title>
        {readOnly ? null : (
          <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => append({ text: '', isRequired: true })}>
            Add checkbox
          </Button>
        )}
      </Group>
      {fields.length === 0 ? (
        <Text size="sm" c="dimmed">
          No checkboxes.
        </Text>
      ) : null}
      {fields.map((row, index) => (
        <Paper key={row.id} withBorder radius="md" p="sm" data-testid="waiver-checkbox">
          <Group align="flex-start" wrap="nowrap">
            <Stack gap="xs" style={{ flex: 1 }}>
              <TextField control={control} name={`checkboxes.${index}.text`} label={`Checkbox ${index + 1}`} withAsterisk />
              <SwitchField control={control} name={`checkboxes.${index}.isRequired`} label="Required" />
            </Stack>
            {readOnly ? null : (
              <ActionIcon variant="subtle" color="red" mt={28} onClick={() => remove(index)} aria-label={`Remove checkbox ${index + 1}`}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
