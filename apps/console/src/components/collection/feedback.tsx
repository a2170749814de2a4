import type { ReactNode } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

/**
 * An alert dialog with one OK button, for refusals people must read before going on (a lane
 * with upcoming bookings: an alert titled "Warning", decision 006). components/dialogs.tsx has
 * confirmAction but no plain alert yet; this can move there.
 */
export function showAlert({ title, message }: { title: string; message: ReactNode }) {
  const id = modals.open({
    title,
    centered: true,
    children: (
      <>
        <Text size="sm" data-testid="alert-message">
          {message}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button onClick={() => modals.close(id)} data-autofocus>
            OK
          </Button>
        </Group>
      </>
    ),
  });
}
