import { Button, Group, Input, Stack, Text } from '@mantine/core';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MoneyField, NumberField } from '../../../components/fields/form-fields';
import { useFormReadOnly } from '../../../components/fields/read-only';
import { newKey, type ProductControl } from './types';

/** Group-range pricing: one price per group size range (from-to players), rows added and removed. */
export function PriceGroupsEditor({ control }: { control: ProductControl }) {
  const readOnly = useFormReadOnly();
  // keyName: the groups carry their own `id`, which the field array must not overwrite.
  const { fields, append, remove } = useFieldArray({ control, name: 'groups', keyName: 'key' });
  const [groups, minPlayers, maxPlayers] = useWatch({ control, name: ['groups', 'minPlayers', 'maxPlayers'] });
  const { errors } = useFormState({ control, name: 'groups' });
  // The list's own message ("needs at least one group"), not one of a row.
  const listError = typeof errors.groups?.message === 'string' ? errors.groups.message : errors.groups?.root?.message;

  const addGroup = () => {
    const lastTo = Math.max(0, ...(groups ?? []).map((g) => Number(g.to) || 0));
    const from = lastTo ? lastTo + 1 : Number(minPlayers) || 1;
    const to = Math.max(from, Math.min(from + 3, Number(maxPlayers) || from));
    append({ id: newKey('group'), from, to, price: 0 });
  };

  return (
    <Input.Wrapper
      label="Price groups"
      description={`Each group is a range of players with one price for the whole group, within ${minPlayers || 1}–${maxPlayers || '?'} players.`}
      error={listError}
      labelElement="div"
    >
      <Stack gap="xs" mt={6}>
        {fields.length === 0 ? (
          <Text size="sm" c="dimmed">
            No groups yet.
          </Text>
        ) : null}
        {fields.map((row, index) => (
          <Group key={row.key} gap="xs" align="flex-start" wrap="wrap" data-testid="price-group">
            <NumberField
              control={control}
              name={`groups.${index}.from`}
              label="From (players)"
              aria-label={`Group ${index + 1} from`}
              min={1}
              allowDecimal={false}
              w={130}
            />
            <NumberField
              control={control}
              name={`groups.${index}.to`}
              label="To (players)"
              aria-label={`Group ${index + 1} to`}
              min={1}
              allowDecimal={false}
              w={130}
            />
            <MoneyField
              control={control}
              name={`groups.${index}.price`}
              label="Group price"
              aria-label={`Group ${index + 1} price`}
              w={160}
            />
            {readOnly ? null : (
              <Button
                variant="subtle"
                color="red"
                mt={25}
                leftSection={<IconTrash size={14} />}
                aria-label={`Remove group ${index + 1}`}
                onClick={() => remove(index)}
              >
                Remove
              </Button>
            )}
          </Group>
        ))}
        {readOnly ? null : (
          <Group>
            <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={addGroup}>
              Add group
            </Button>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
