import { useMutation } from '@tanstack/react-query';
import { Alert, Button, CopyButton, Group, Modal, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy, IconPrinter } from '@tabler/icons-react';
import type { GiftCardSold } from '@lanebook/core/gift-card-schemas';
import { showFile } from '../../lib/download';
import { notifyError } from '../../lib/notify';
import { useVenueFormat } from '../../lib/venue-format';
import { printableGiftCard } from './api/print-gift-card';

/**
 * The full code of a card just sold, shown once: the server keeps only a hash and the last four,
 * so this dialog is the desk's one chance to copy it, print the card, or write it down. It closes
 * only by its button (not by a click beside it), so the code is not lost by a stray click.
 */
export function SoldCodeModal({ sold, onClose }: { sold: GiftCardSold; onClose: () => void }) {
  const format = useVenueFormat();
  const print = useMutation({
    // The tab opens on the click itself; the PDF fills it once it is made.
    mutationFn: async (tab: Window | null) => showFile(await printableGiftCard(sold.id, sold.code), tab),
    onError: notifyError,
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title="Gift card issued"
      centered
      size="lg"
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
    >
      <Stack>
        <Text size="sm">
          {format.money(sold.amount)}
          {sold.expiresOn ? `, valid through ${format.day(sold.expiresOn)}` : ', never expires'}.
        </Text>
        <Paper withBorder radius="md" p="lg" bg="gray.0">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600} id="sold-code-label">
            Gift card code
          </Text>
          <Text
            fz={{ base: 22, sm: 30 }}
            fw={700}
            ff="monospace"
            style={{ letterSpacing: 2, overflowWrap: 'anywhere' }}
            aria-labelledby="sold-code-label"
            data-testid="sold-code"
          >
            {sold.code}
          </Text>
        </Paper>
        <Alert color="yellow" icon={<IconAlertTriangle size={18} />} data-testid="sold-code-once">
          This code is shown only now and will not be shown again. Copy it, print the card, or write it down before you close this window.
        </Alert>
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <CopyButton value={sold.code}>
              {({ copied, copy }) => (
                <Button variant="default" leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />} onClick={copy}>
                  {copied ? 'Copied' : 'Copy code'}
                </Button>
              )}
            </CopyButton>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={print.isPending}
              onClick={() => print.mutate(window.open('', '_blank'))}
            >
              Print card (PDF)
            </Button>
          </Group>
          <Button onClick={onClose}>I have the code</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
