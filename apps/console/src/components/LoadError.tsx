import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { itemError } from '@lanebook/core/messages';
import { errorMessage } from '../lib/api';

/** A failed read: the receiving alert (decision 036), the failure's own words under it, and a retry. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} title={itemError('receiving')} data-testid="load-error" role="alert">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">{errorMessage(error)}</Text>
        {onRetry ? (
          <Button size="xs" color="red" variant="light" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
