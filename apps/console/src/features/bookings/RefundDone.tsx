import { Link } from 'react-router';
import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { GIFT_CARD_METHOD } from '@lanebook/core/gift-cards';
import { CARD_PAYMENT_METHOD } from '@lanebook/core/payment-schemas';
import type { RefundMade } from './api/refund';
import { shortUsDate } from './format';
import { useVenueFormat } from '../../lib/venue-format';

const isCash = (method: string) => method.trim().toLowerCase() === 'cash';

/**
 * The "Done!" dialog after a refund (decision 026): each refunded amount, its method
 * and date (M/D/YYYY), then what the desk has to do by hand: the cash to hand back, what to give
 * back on another of the venue's methods; a card refund goes back through the provider by itself,
 * and a gift card's is back on the card already.
 */
export function RefundDone({ bookingId, refunds, onClose }: { bookingId: string; refunds: RefundMade[] | null; onClose: () => void }) {
  const format = useVenueFormat();
  const made = (refunds ?? []).filter((r) => r.status !== 'failed');
  const byHand = new Map<string, number>();
  const byItself = (method: string) => method === CARD_PAYMENT_METHOD || method === GIFT_CARD_METHOD;
  for (const r of made)
    if (!byItself(r.paymentMethodAlias)) byHand.set(r.paymentMethodAlias, (byHand.get(r.paymentMethodAlias) ?? 0) + r.amount);
  return (
    <Modal opened={refunds !== null} onClose={onClose} title={<Title order={3}>Done!</Title>} centered data-testid="refund-done">
      <Stack>
        <Table aria-label="Refunds">
          <Table.Tbody>
            {refunds?.map((r) => (
              <Table.Tr key={r.id} data-testid="refund-line">
                <Table.Td>{format.money(r.amount)}</Table.Td>
                <Table.Td>{r.paymentMethodAlias}</Table.Td>
                <Table.Td>{shortUsDate(r.date, format.timezone)}</Table.Td>
                <Table.Td>{r.status === 'succeeded' ? null : <RefundStatusBadge status={r.status} />}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        {[...byHand].map(([method, amount]) => (
          <Text key={method} fw={600} data-testid="hand-back">
            {isCash(method) ? `Hand back ${format.money(amount)} in cash` : `Give back ${format.money(amount)} by ${method}`}
          </Text>
        ))}
        {made.some((r) => r.paymentMethodAlias === CARD_PAYMENT_METHOD) ? (
          <Text size="sm" c="dimmed">
            Card refunds go back to the customer&apos;s card through the payment provider.
          </Text>
        ) : null}
        {made.some((r) => r.paymentMethodAlias === GIFT_CARD_METHOD) ? (
          <Text size="sm" c="dimmed" data-testid="back-on-gift-card">
            What a gift card paid is back on the card: its balance holds it again.
          </Text>
        ) : null}
        <Group justify="space-between">
          <Anchor component={Link} to={`/bookings/${bookingId}/receipt`} data-testid="receipt-link">
            Receipt
          </Anchor>
          <Button onClick={onClose}>Back to the booking</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** A refund still at the provider, or one it refused (Retry sends it again). */
export function RefundStatusBadge({ status }: { status: RefundMade['status'] }) {
  if (status === 'succeeded') return null;
  return (
    <Badge color={status === 'failed' ? 'red' : 'yellow'} variant="light" data-testid="refund-status">
      {status === 'failed' ? 'Failed' : 'Pending'}
    </Badge>
  );
}
