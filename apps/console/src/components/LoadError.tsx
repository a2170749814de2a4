import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ITEM_ERROR } from '@lanebook/core/messages';
import { errorMessage } from '../lib/api';

/** A failed read: a danger alert with the server's reason and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title="Could not load" data-testid="load-error">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text size="sm">{ITEM_ERROR}</Text>
          <Text size="xs" c="dimmed">
            {errorMessage(error)}
          </Text>
        </div>
        {onRetry ? (
          <Button size="xs" color="red" variant="light" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
