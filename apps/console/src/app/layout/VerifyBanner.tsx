import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconAlertTriangle } from '@tabler/icons-react';

/** Asks the venue to verify its card-payment account while payments are not enabled. */
export function VerifyBanner() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Alert color="yellow" icon={<IconAlertTriangle size={18} />} mb="md" data-testid="verify-banner">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm">Card payments are not enabled for this venue yet. Verify your payment account to take online payments.</Text>
          <Button size="xs" color="yellow" onClick={open}>
            Verify
          </Button>
        </Group>
      </Alert>
      <Modal opened={opened} onClose={close} title="Verify your payment account">
        <Text size="sm" mb="md">
          Payment account verification comes with the payments update. Until then, bookings can be paid at the front desk.
        </Text>
        <Group justify="flex-end">
          <Button onClick={close}>OK</Button>
        </Group>
      </Modal>
    </>
  );
}
