import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { usePaymentsInfo } from '../../lib/payments-info';
import { useVerifyPaymentAccount } from './use-verify';

/**
 * Asks the venue to verify its card-payment account while payments are not enabled (the layout
 * shows it on every page). Verify opens the provider's verification page, which comes back here;
 * people who may not add bank accounts read the same text without the button.
 */
export function VerifyBanner() {
  const session = useSession();
  const info = usePaymentsInfo();
  const verify = useVerifyPaymentAccount();
  // The session's flag until the provider's own answer arrives (or when it cannot be read).
  const enabled = info.data?.isPaymentsEnabled ?? session.me?.venue?.isStripePaymentsEnabled ?? true;
  if (enabled) return null;
  const pending = info.data?.status === 'pending';
  return (
    <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="verify-banner">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm">
          {pending
            ? 'Card payments are not enabled for this venue yet: the payment provider is checking the account, or needs more details.'
            : 'Card payments are not enabled for this venue yet. Verify your payment account to take online payments.'}
        </Text>
        {session.can('bankAccounts.create') ? (
          <Button size="xs" color="yellow" onClick={verify.start} loading={verify.loading} disabled={!verify.ready}>
            Verify
          </Button>
        ) : null}
      </Group>
    </Alert>
  );
}
