import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Badge, Button, Checkbox, Divider, Drawer, Group, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useSession } from '../../lib/session';
import { confirmAction } from '../../components/dialogs';
import { DateListInput } from '../../components/fields/DateListInput';
import { notifyError, notifyItemError, notifySuccess } from '../../lib/notify';
import { calendarKey } from './api/keys';
import { createSlot } from './api/create-slot';
import { deleteSlot } from './api/delete-slot';
import { updateSlot } from './api/update-slot';
import { AVAILABILITY_LABELS, availabilityOf } from '@lanebook/core/availability';
import { formatWallDate, formatWallTime, type CalendarSlot, type SlotRange } from './availability';

const LEVEL_COLOR = { full: 'red', low: 'red', moderate: 'yellow', high: undefined } as const;

/** A clicked slot (or merged range): each slot's details, edit, delete and "Clone this slot". */
export function SlotDrawer({ range, productName, onClose }: { range: SlotRange | null; productName: string; onClose: () => void }) {
  return (
    <Drawer opened={range !== null} onClose={onClose} position="right" size="md" title={productName}>
      {range ? (
        <Stack gap="lg">
          {range.slots.map((slot, i) => (
            <Stack key={slot.id} gap="sm">
              {i > 0 ? <Divider /> : null}
              <SlotDetails slot={slot} onDeleted={range.slots.length === 1 ? onClose : undefined} />
            </Stack>
          ))}
        </Stack>
      ) : null}
    </Drawer>
  );
}

function SlotDetails({ slot, onDeleted }: { slot: CalendarSlot; onDeleted?: () => void }) {
  const session = useSession();
  const queryClient = useQueryClient();
  const timeFormat = session.me?.venue?.timeFormat ?? 12;
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState({ from: slot.from, to: slot.to, isPrivate: slot.isPrivate, isVisibleOnline: slot.isVisibleOnline });
  const [cloneDates, setCloneDates] = useState<string[]>([]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
  const level = availabilityOf(slot.lanesFree, slot.lanesTotal);

  const save = useMutation({
    mutationFn: () => updateSlot(slot.productId, slot.id, draft),
    onSuccess: async () => {
      notifySuccess('Slot saved');
      setEditing(false);
      await refresh();
    },
    onError: notifyError,
  });
  const remove = useMutation({
    mutationFn: () => deleteSlot(slot.productId, slot.id),
    onSuccess: async () => {
      notifySuccess('Slot deleted');
      onDeleted?.();
      await refresh();
    },
    onError: notifyError,
  });
  const clone = useMutation({
    // One slot per chosen date, like this one; a date that fails is named and the rest still go.
    mutationFn: async () => {
      const failed: string[] = [];
      for (const date of cloneDates) {
        try {
          await createSlot(slot.productId, {
            date,
            from: slot.from,
            to: slot.to,
            isPrivate: slot.isPrivate,
            isVisibleOnline: slot.isVisibleOnline,
          });
        } catch (error) {
          failed.push(`${date}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      return { done: cloneDates.length - failed.length, failed };
    },
    onSuccess: async ({ done, failed }) => {
      if (done > 0) notifySuccess(`Slot cloned to ${done} day${done === 1 ? '' : 's'}`);
      if (failed.length) notifyItemError('creating', new Error(`Not cloned: ${failed.join('; ')}`));
      setCloneDates([]);
      await refresh();
    },
    onError: notifyError,
  });

  return (
    <Stack gap="sm" data-testid="slot-details">
      <Title order={3} size="h4">
        {formatWallDate(slot.date, session.me?.venue?.dateFormat)} · {formatWallTime(slot.from, timeFormat)} –{' '}
        {formatWallTime(slot.to, timeFormat)}
      </Title>
      <Group gap="xs">
        <Badge color={LEVEL_COLOR[level]} variant="light">
          {AVAILABILITY_LABELS[level]}
        </Badge>
        <Text size="sm">
          {slot.lanesFree} free / {slot.lanesTaken} taken of {slot.lanesTotal} lanes
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {slot.isPrivate ? 'Private' : 'Public'} · {slot.isVisibleOnline ? 'Visible online' : 'Hidden online'} · {slot.bookings.length}{' '}
        booking{slot.bookings.length === 1 ? '' : 's'}
      </Text>
      {editing ? (
        <Stack gap="xs">
          <Group grow>
            <TextInput type="time" label="From" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.currentTarget.value })} />
            <TextInput type="time" label="To" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.currentTarget.value })} />
          </Group>
          <Checkbox
            label="Private"
            checked={draft.isPrivate}
            onChange={(e) => setDraft({ ...draft, isPrivate: e.currentTarget.checked })}
          />
          <Switch
            label="Visible online"
            checked={draft.isVisibleOnline}
            onChange={(e) => setDraft({ ...draft, isVisibleOnline: e.currentTarget.checked })}
          />
          <Group>
            <Button onClick={() => save.mutate()} loading={save.isPending}>
              Save slot
            </Button>
            <Button variant="default" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </Group>
        </Stack>
      ) : (
        <Group>
          {session.can('calendar.edit') ? (
            <Button variant="light" onClick={() => setEditing(true)}>
              Edit slot
            </Button>
          ) : null}
          {session.can('calendar.delete') ? (
            <Button
              color="red"
              variant="light"
              loading={remove.isPending}
              onClick={async () => {
                const ok = await confirmAction({
                  title: 'Delete slot',
                  message: 'Delete this slot?',
                  confirmLabel: 'Delete',
                  danger: true,
                });
                if (ok) remove.mutate();
              }}
            >
              Delete slot
            </Button>
          ) : null}
        </Group>
      )}
      {session.can('calendar.create') ? (
        <Stack gap="xs">
          <DateListInput label="Clone this slot to" value={cloneDates} onChange={setCloneDates} />
          <Button variant="light" disabled={cloneDates.length === 0} loading={clone.isPending} onClick={() => clone.mutate()}>
            Clone this slot
          </Button>
        </Stack>
      ) : null}
    </Stack>
  );
}
