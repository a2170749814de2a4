import { useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { CLOSURE_PERCENT_HELP, venueFieldsSchema } from '@lanebook/core/venue-schemas';
import { useSession } from '../../lib/session';
import { CollectionFormModal } from '../../components/collection/CollectionForm';
import { CollectionListPage } from '../../components/collection/CollectionListPage';
import { PercentInput } from '../../components/fields/PercentInput';
import { updateCurrentVenue } from '../../lib/current-venue';
import { notifySuccess } from '../../lib/notify';
import lanes from './resources';

/** Lane management: the lanes list, lanes created and edited in a modal, and the venue's closure percent. */
export default function LanesPage() {
  // null: closed; {id: null}: a new lane; {id}: that lane.
  const [editing, setEditing] = useState<{ id: string | null } | null>(null);
  const venueId = useSession().venueId;
  return (
    <>
      <CollectionListPage def={lanes} onCreate={() => setEditing({ id: null })} onOpen={(lane) => setEditing({ id: lane.id })}>
        {/* Keyed by venue: switching venues starts from that venue's value. */}
        <ClosurePercent key={venueId} />
      </CollectionListPage>
      <CollectionFormModal def={lanes} id={editing?.id ?? null} opened={editing !== null} onClose={() => setEditing(null)} />
    </>
  );
}

function ClosurePercent() {
  const session = useSession();
  const saved = session.me?.venue?.closurePercent ?? 0;
  const canEdit = session.can('venues.edit');
  const [value, setValue] = useState<number | null>(saved);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    const parsed = venueFieldsSchema.shape.closurePercent.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Closure percent must be 0 to 100');
      return;
    }
    setSaving(true);
    try {
      await updateCurrentVenue({ closurePercent: parsed.data });
      await session.refresh();
      notifySuccess('Closure percent saved');
    } catch (failure) {
      // A closure-percent save failure is only logged, with no user message.
      console.error('Closure percent was not saved', failure);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" mb="lg" data-testid="closure-percent">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <PercentInput
          label="Closure percent"
          description={canEdit ? CLOSURE_PERCENT_HELP : `${CLOSURE_PERCENT_HELP} Changing it needs the “Venues — Edit” permission.`}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          readOnly={!canEdit}
          error={error}
          w={{ base: '100%', xs: 260 }}
        />
        {canEdit ? (
          <Button variant="default" onClick={() => void save()} loading={saving} disabled={value === saved}>
            Update closure percent
          </Button>
        ) : null}
      </Group>
      {!canEdit ? null : (
        <Text size="xs" c="dimmed" mt={4}>
          Currently {saved}%.
        </Text>
      )}
    </Paper>
  );
}
