import { Badge, EmptyState, Group, Input, Paper, SimpleGrid, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconSignature } from '@tabler/icons-react';
import type { Waiver } from '@lanebook/core/waiver-schemas';
import { useCollectionList } from '../../../components/collection/queries';
import { useBoundField } from '../../../components/fields/form-fields';
import type { ProductControl } from './types';

/**
 * The waiver customers sign for this product, among the venue's waivers. Choosing the selected
 * waiver again clears it (a product rule); a saved id that is not in the list still shows, so it
 * can be cleared.
 */
export function WaiverPicker({ control }: { control: ProductControl }) {
  const { field, error, readOnly } = useBoundField(control, 'activeWaiverId');
  const list = useCollectionList<Waiver>('waivers', { limit: 500 });
  const waivers = (list.data?.items ?? []).map((waiver) => ({ id: waiver.id, title: waiver.title }));
  const selected = field.value ?? null;
  const options =
    list.isSuccess && selected && !waivers.some((w) => w.id === selected)
      ? [...waivers, { id: selected, title: `Waiver ${selected} (not found)` }]
      : waivers;

  return (
    <Input.Wrapper
      label="Active waiver"
      description="Customers sign it for their booking. Choose the selected waiver again to clear it."
      error={error}
      labelElement="div"
    >
      {options.length === 0 ? (
        <Paper withBorder radius="md" p="md" mt={6}>
          <EmptyState
            size="sm"
            icon={<IconSignature size={22} />}
            withIndicatorBackground
            title="No waivers yet"
            description="Create a waiver under Waivers; it is listed here to choose from."
            data-testid="waivers-empty"
          />
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt={6} role="group" aria-label="Active waiver">
          {options.map((waiver) => {
            const active = waiver.id === selected;
            return (
              <UnstyledButton
                key={waiver.id}
                aria-pressed={active}
                disabled={readOnly}
                onClick={() => field.onChange(active ? null : waiver.id)}
              >
                <Paper withBorder radius="md" p="sm" style={{ borderColor: active ? 'var(--mantine-primary-color-filled)' : undefined }}>
                  <Group justify="space-between" wrap="nowrap">
                    <Text size="sm" fw={500}>
                      {waiver.title}
                    </Text>
                    {active ? (
                      <Badge leftSection={<IconCheck size={12} />} variant="light">
                        Selected
                      </Badge>
                    ) : null}
                  </Group>
                </Paper>
              </UnstyledButton>
            );
          })}
        </SimpleGrid>
      )}
    </Input.Wrapper>
  );
}
