import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { GiftCardDetail } from '@lanebook/core/gift-card-schemas';
import { Fact } from '../../components/Fact';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { useSession } from '../../lib/session';
import { useVenueFormat } from '../../lib/venue-format';
import { giftCardQuery } from './api/get-gift-card';
import { AdjustModal, DisableModal, PrintModal, ResendModal } from './CardActionModals';
import { cardName, GiftCardStatusBadge, LEDGER_KIND_LABELS, signedMoney } from './format';

type CardAction = 'adjust' | 'disable' | 'resend' | 'print';

const SOURCE_LABELS: Record<GiftCardDetail['source'], string> = { desk: 'Sold at the desk', online: 'Bought online' };

/** /gift-cards/:id: one card, what it holds and until when, its ledger, and what the desk may do with it. */
export default function GiftCardPage() {
  const { id = '' } = useParams();
  const session = useSession();
  const format = useVenueFormat();
  const card = useQuery(giftCardQuery(session.venueId, id));
  const [action, setAction] = useState<CardAction | null>(null);

  if (card.isPending) return <FullPageLoader />;
  if (card.isError) return <LoadError error={card.error} onRetry={() => card.refetch()} />;
  const c = card.data;
  const active = c.status === 'active';
  const close = () => setAction(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Button component={Link} to="/gift-cards" variant="subtle" leftSection={<IconArrowLeft size={16} />}>
            Gift cards
          </Button>
          <Title order={1} size="h2" ff="monospace" data-testid="gift-card-name">
            {cardName(c.last4)}
          </Title>
          <GiftCardStatusBadge status={c.status} />
        </Group>
        <Group gap="xs" wrap="wrap">
          {session.can('giftCards.sell') && active ? (
            <Button variant="default" onClick={() => setAction('print')}>
              Print card
            </Button>
          ) : null}
          {session.can('giftCards.sell') && active ? (
            <Button variant="default" onClick={() => setAction('resend')}>
              Resend
            </Button>
          ) : null}
          {session.can('giftCards.issue') && active ? (
            <Button variant="default" onClick={() => setAction('adjust')}>
              Adjust
            </Button>
          ) : null}
          {session.can('giftCards.issue') && active ? (
            <Button color="red" variant="light" onClick={() => setAction('disable')}>
              Disable
            </Button>
          ) : null}
        </Group>
      </Group>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Balance
          </Title>
          <Text fz={32} fw={700} data-testid="gift-card-balance">
            {format.money(c.balance)}
          </Text>
          <SimpleGrid cols={2} spacing="sm" mt="sm">
            <Fact label="Issued with">{format.money(c.amount)}</Fact>
            <Fact label="Valid through">{c.expiresOn ? format.day(c.expiresOn) : 'Never expires'}</Fact>
            <Fact label="Source">{SOURCE_LABELS[c.source]}</Fact>
            <Fact label="Issued">{format.dateTime(c.createdAt)}</Fact>
            {c.disabledAt ? (
              <Fact label="Disabled">
                {format.dateTime(c.disabledAt)}
                {c.disabledReason ? ` · ${c.disabledReason}` : ''}
              </Fact>
            ) : null}
          </SimpleGrid>
        </Card>
        <Card withBorder radius="md">
          <Title order={2} size="h4" mb="sm">
            Recipient and buyer
          </Title>
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Recipient">{c.recipientName || 'Not given'}</Fact>
            <Fact label="Recipient email">{c.recipientEmail || 'Not given'}</Fact>
            <Fact label="Buyer">{c.buyerName || 'Not given'}</Fact>
            <Fact label="Buyer email">{c.buyerEmail || 'Not given'}</Fact>
            <Fact label="Delivery">
              {c.recipientEmail
                ? c.deliveredAt
                  ? `Mailed ${format.dateTime(c.deliveredAt)}`
                  : `Mails on ${format.day(c.deliverAt)}`
                : 'Handed over at the desk'}
            </Fact>
            <Fact label="Message">
              <span style={{ whiteSpace: 'pre-wrap' }}>{c.message || '—'}</span>
            </Fact>
          </SimpleGrid>
        </Card>
      </SimpleGrid>

      <Card withBorder radius="md">
        <Title order={2} size="h4" mb="sm">
          Ledger
        </Title>
        <Table.ScrollContainer minWidth={760} type="native">
          <Table aria-label="Ledger" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Entry</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th ta="right">Balance after</Table.Th>
                <Table.Th>Booking</Table.Th>
                <Table.Th>How or why</Table.Th>
                <Table.Th>By</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.ledger.map((entry) => (
                <Table.Tr key={entry.id} data-testid="ledger-row" data-kind={entry.kind}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.createdAt)}</Table.Td>
                  <Table.Td>{LEDGER_KIND_LABELS[entry.kind]}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="ledger-amount">
                    {signedMoney(format.money, entry.amount)}
                  </Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {format.money(entry.balanceAfter)}
                  </Table.Td>
                  <Table.Td>
                    {entry.bookingId ? (
                      <Anchor component={Link} to={`/bookings/${encodeURIComponent(entry.bookingId)}/view`} data-testid="ledger-booking">
                        Open booking
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  <Table.Td>{[entry.method, entry.reason].filter(Boolean).join(' · ') || '—'}</Table.Td>
                  <Table.Td>{entry.userName || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      {action === 'adjust' ? <AdjustModal card={c} onClose={close} /> : null}
      {action === 'disable' ? <DisableModal card={c} onClose={close} /> : null}
      {action === 'resend' ? <ResendModal card={c} onClose={close} /> : null}
      {action === 'print' ? <PrintModal card={c} onClose={close} /> : null}
    </Stack>
  );
}
