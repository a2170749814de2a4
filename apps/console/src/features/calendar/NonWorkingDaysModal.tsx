import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Group, Modal, Pill, Stack, Text, TextInput } from '@mantine/core';
import { useSession } from '../../lib/session';
import { notifyError, notifySuccess } from '../../lib/notify';
import { calendarKey } from './api/keys';
import { setNonWorkingDay } from './api/set-non-working-day';

/** Venue non-working days: the ones in view, and a date to mark closed or open again. */
export function NonWorkingDaysModal({
  opened,
  onClose,
  known,
  initialDate,
}: {
  opened: boolean;
  onClose: () => void;
  known: string[];
  initialDate: string;
}) {
  const session = useSession();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(initialDate);
  const isClosed = known.includes(date);
  const toggle = useMutation({
    mutationFn: () => setNonWorkingDay(date, !isClosed),
    onSuccess: async (answer) => {
      notifySuccess(answer.isNonWorking ? `${answer.date} is a non-working day` : `${answer.date} is a working day again`);
      await queryClient.invalidateQueries({ queryKey: calendarKey(session.venueId) });
    },
    onError: notifyError,
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Non-working days">
      <Stack gap="sm">
        <Text size="sm">No slot of any product is offered on a venue non-working day.</Text>
        <Group gap={6} aria-label="Non-working days in view">
          {known.length ? (
            known.map((d) => <Pill key={d}>{d}</Pill>)
          ) : (
            <Text size="sm" c="dimmed">
              None in view
            </Text>
          )}
        </Group>
        <Group align="flex-end">
          <TextInput type="date" label="Date" value={date} onChange={(e) => setDate(e.currentTarget.value)} />
          <Button color={isClosed ? undefined : 'red'} disabled={!date} loading={toggle.isPending} onClick={() => toggle.mutate()}>
            {isClosed ? 'Work on this day again' : 'Mark as non-working day'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
