import { Button, Group, Input, Paper, Select, SimpleGrid, Stack, Switch, TagsInput, Text, TextInput } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { CUSTOM_FIELD_TYPES, DEFAULT_SELECT_OPTIONS, type CustomField } from '@lanebook/core/products';
import { errorText, useBoundField } from '../../../components/fields/form-fields';
import { newKey, type ProductControl } from './types';

const TYPE_LABELS: Record<CustomField['type'], string> = {
  text: 'Text',
  phone: 'Phone',
  email: 'Email',
  date: 'Date',
  numeric: 'Number',
  select: 'Select (one option)',
  multiple: 'Multiple choice',
  flag: 'Checkbox',
};
const withOptions = (type: CustomField['type']) => type === 'select' || type === 'multiple';

type Fields = Record<string, CustomField>;

/**
 * Extra questions asked when booking the product. Stored as a record keyed by a generated key
 * (so answers stay attached when a label is renamed), shown in sortWeight order.
 */
export function CustomFieldsEditor({ control }: { control: ProductControl }) {
  const { field, fieldState, readOnly } = useBoundField(control, 'customFields');
  const value: Fields = field.value ?? {};
  const entries = Object.entries(value).sort(([, a], [, b]) => a.sortWeight - b.sortWeight);

  const set = (next: Fields) => field.onChange(next);
  const update = (key: string, patch: Partial<CustomField>) => set({ ...value, [key]: { ...value[key], ...patch } });
  const add = () => {
    const weight = Math.max(0, ...entries.map(([, f]) => f.sortWeight)) + 1;
    set({ ...value, [newKey('field')]: { type: 'text', label: '', hint: '', isRequired: false, sortWeight: weight, options: [] } });
  };
  const remove = (key: string) => set(Object.fromEntries(Object.entries(value).filter(([other]) => other !== key)));
  /** Swap places with the neighbour; weights are renumbered so they stay distinct. */
  const move = (index: number, by: -1 | 1) => {
    const order = entries.map(([key]) => key);
    [order[index], order[index + by]] = [order[index + by], order[index]];
    set(Object.fromEntries(order.map((key, i) => [key, { ...value[key], sortWeight: i + 1 }])));
  };
  const errorOf = (key: string, part: keyof CustomField) =>
    errorText((fieldState.error as Record<string, Record<string, unknown>> | undefined)?.[key]?.[part]);

  return (
    <Input.Wrapper label="Custom fields" description="Extra questions customers answer when booking this product." labelElement="div">
      <Stack gap="sm" mt={6}>
        {entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            No custom fields.
          </Text>
        ) : null}
        {entries.map(([key, custom], index) => {
          const n = index + 1;
          return (
            <Paper key={key} withBorder radius="md" p="sm" data-testid="custom-field">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" fw={600}>
                    Field {n}
                  </Text>
                  {readOnly ? null : (
                    <Group gap={4} wrap="wrap" justify="flex-end">
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconArrowUp size={14} />}
                        aria-label={`Move field ${n} up`}
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                      >
                        Up
                      </Button>
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        leftSection={<IconArrowDown size={14} />}
                        aria-label={`Move field ${n} down`}
                        disabled={index === entries.length - 1}
                        onClick={() => move(index, 1)}
                      >
                        Down
                      </Button>
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        leftSection={<IconTrash size={14} />}
                        aria-label={`Remove field ${n}`}
                        onClick={() => remove(key)}
                      >
                        Remove
                      </Button>
                    </Group>
                  )}
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  <Select
                    label="Type"
                    aria-label={`Field ${n} type`}
                    data={CUSTOM_FIELD_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
                    value={custom.type}
                    allowDeselect={false}
                    readOnly={readOnly}
                    onChange={(type) => {
                      const next = (type ?? 'text') as CustomField['type'];
                      // Choice fields start with two options to rename; other types have none.
                      const options = withOptions(next) ? (custom.options.length ? custom.options : [...DEFAULT_SELECT_OPTIONS]) : [];
                      update(key, { type: next, options });
                    }}
                    error={errorOf(key, 'type')}
                  />
                  <TextInput
                    label="Label"
                    aria-label={`Field ${n} label`}
                    withAsterisk
                    value={custom.label}
                    readOnly={readOnly}
                    onChange={(event) => update(key, { label: event.currentTarget.value })}
                    error={errorOf(key, 'label')}
                  />
                  <TextInput
                    label="Hint"
                    aria-label={`Field ${n} hint`}
                    value={custom.hint}
                    readOnly={readOnly}
                    onChange={(event) => update(key, { hint: event.currentTarget.value })}
                    error={errorOf(key, 'hint')}
                  />
                  <Switch
                    label="Required"
                    aria-label={`Field ${n} required`}
                    checked={custom.isRequired}
                    disabled={readOnly}
                    onChange={(event) => update(key, { isRequired: event.currentTarget.checked })}
                    mt={{ base: 0, sm: 30 }}
                  />
                </SimpleGrid>
                {withOptions(custom.type) ? (
                  <TagsInput
                    label="Options"
                    aria-label={`Field ${n} options`}
                    description="Press Enter after each option."
                    value={custom.options}
                    readOnly={readOnly}
                    onChange={(options) => update(key, { options })}
                    error={errorOf(key, 'options')}
                  />
                ) : null}
              </Stack>
            </Paper>
          );
        })}
        {readOnly ? null : (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={add}>
              Add custom field
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
