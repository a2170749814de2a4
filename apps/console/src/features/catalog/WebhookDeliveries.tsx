import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { WebhookDelivery } from '@lanebook/core/catalog';
import { formatVenueClock } from '@lanebook/core/format';
import { useSession } from '../../lib/session';
import { errorMessage } from '../../lib/api';
import { webhookDeliveriesQuery } from './api/webhook-deliveries';

const STATUS_COLORS: Record<WebhookDelivery['status'], string> = { pending: 'yellow', delivered: 'green', failed: 'red' };
const PAGE = 25;

/** What was sent to a webhook and how its target answered (decision 018). */
export function WebhookDeliveries({ integrationId }: { integrationId: string }) {
  const session = useSession();
  const venue = session.me?.venue;
  const [limit, setLimit] = useState(PAGE);
  const deliveries = useQuery(webhookDeliveriesQuery(session.venueId, integrationId, limit));
  const when = (iso: string) => (venue ? formatVenueClock(new Date(iso), venue) : new Date(iso).toLocaleString());
  return (
    <Paper withBorder radius="md" p="md" data-testid="webhook-deliveries">
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">
          Deliveries
        </Text>
        <Button size="xs" variant="subtle" leftSection={<IconRefresh size={14} />} onClick={() => deliveries.refetch()}>
          Refresh
        </Button>
      </Group>
      {deliveries.isError ? (
        <Text size="sm" c="red">
          {errorMessage(deliveries.error)}
        </Text>
      ) : !deliveries.data?.items.length ? (
        <Text size="sm" c="dimmed">
          {deliveries.isPending ? 'Loading…' : 'Nothing sent yet. Events are sent as bookings are made and changed.'}
        </Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} type="native">
            <Table verticalSpacing="xs" aria-label="Deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Event</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Attempts</Table.Th>
                  <Table.Th>Last answer</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.items.map((delivery) => (
                  <Table.Tr key={delivery.id} data-testid="webhook-delivery">
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when(delivery.createdAt)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{delivery.eventType}</Text>
                      <Text size="xs" c="dimmed">
                        {delivery.eventId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLORS[delivery.status]} variant="light">
                        {delivery.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{delivery.lastStatusCode ?? '—'}</Text>
                      {delivery.lastError ? (
                        <Text size="xs" c="dimmed">
                          {delivery.lastError}
                        </Text>
                      ) : null}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {deliveries.data.total > deliveries.data.items.length ? (
            <Group justify="center" mt="xs">
              <Button size="xs" variant="default" onClick={() => setLimit(limit + PAGE)} loading={deliveries.isFetching}>
                Show more ({deliveries.data.total - deliveries.data.items.length} older)
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Paper>
  );
}
