import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconGift, IconPlus, IconSearch } from '@tabler/icons-react';
import { GIFT_CARD_STATUS_LABELS, GIFT_CARD_STATUSES } from '@lanebook/core/gift-cards';
import type { GiftCardSold } from '@lanebook/core/gift-card-schemas';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryTable } from '../../components/QueryTable';
import { useSession } from '../../lib/session';
import { useDebouncedUrlParam, useUrlParams } from '../../lib/url-params';
import { useVenueFormat } from '../../lib/venue-format';
import { listGiftCardsQuery, type GiftCardListFilters } from './api/list-gift-cards';
import { cardName, GiftCardStatusBadge } from './format';
import { SellGiftCardModal } from './SellGiftCardModal';
import { SoldCodeModal } from './SoldCodeModal';

const PAGE_SIZE = 50;
const STATUS_OPTIONS = GIFT_CARD_STATUSES.map((status) => ({ value: status, label: GIFT_CARD_STATUS_LABELS[status] }));

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * /gift-cards: the venue's gift cards, newest first, found by the last four of the code or by the
 * recipient's (or buyer's) name or email; Sell and Give away open the sale, whose answer shows the
 * full code once.
 */
export default function GiftCardsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const format = useVenueFormat();
  const { params, setParam, clear } = useUrlParams();
  const [searchText, setSearchText, search] = useDebouncedUrlParam(params, setParam, 'q');
  const status = oneOf(GIFT_CARD_STATUSES, params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: GiftCardListFilters = { search: search.trim() || undefined, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const cards = useQuery(listGiftCardsQuery(session.venueId, filters));
  const [selling, setSelling] = useState<'sale' | 'complimentary' | null>(null);
  const [sold, setSold] = useState<GiftCardSold | null>(null);
  const filtered = Boolean(filters.search || status);
  const open = (id: string) => `/gift-cards/${encodeURIComponent(id)}`;

  return (
    <>
      <PageHeader
        title="Gift cards"
        description="Cards sold at the desk and online: what each holds, until when, and what it paid."
        actions={
          <>
            {session.can('giftCards.issue') ? (
              <Button variant="default" leftSection={<IconGift size={16} />} onClick={() => setSelling('complimentary')}>
                Give away
              </Button>
            ) : null}
            {session.can('giftCards.sell') ? (
              <Button leftSection={<IconPlus size={16} />} onClick={() => setSelling('sale')}>
                Sell gift card
              </Button>
            ) : null}
          </>
        }
      />

      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Last four of the code, name or email"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
          type="search"
        />
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={status ?? null}
          onChange={(value) => setParam({ status: value })}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      <QueryTable
        query={cards}
        label="Gift cards"
        columns={[
          'Card',
          'Recipient',
          'Status',
          { label: 'Amount', align: 'right' },
          { label: 'Balance', align: 'right' },
          'Expires',
          'Sold',
        ]}
        minWidth={820}
        empty={
          page > 1
            ? null
            : {
                icon: <IconGift size={28} />,
                title: filtered ? 'No gift cards match' : 'No gift cards yet',
                description: filtered
                  ? 'Search by the last four characters of the code, or by a name or email.'
                  : 'Cards sold at the desk or online show here.',
                action: filtered ? (
                  <Button variant="default" onClick={clear}>
                    Clear filters
                  </Button>
                ) : null,
                testId: 'gift-cards-empty',
              }
        }
        renderRow={(card) => (
          <Table.Tr data-testid="gift-card-row" style={{ cursor: 'pointer' }} onClick={() => navigate(open(card.id))}>
            <Table.Td>
              <Anchor component={Link} to={open(card.id)} ff="monospace" fw={500} onClick={(event) => event.stopPropagation()}>
                {cardName(card.last4)}
              </Anchor>
            </Table.Td>
            <Table.Td>
              <Text size="sm">{card.recipientName || '—'}</Text>
              {card.recipientEmail ? (
                <Text size="xs" c="dimmed">
                  {card.recipientEmail}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>
              <GiftCardStatusBadge status={card.status} />
            </Table.Td>
            <Table.Td ta="right">{format.money(card.amount)}</Table.Td>
            <Table.Td ta="right" fw={600} data-testid="gift-card-balance">
              {format.money(card.balance)}
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{card.expiresOn ? format.day(card.expiresOn) : 'Never'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.date(card.createdAt)}</Table.Td>
          </Table.Tr>
        )}
        below={(data) => (
          <Pager
            pageSize={PAGE_SIZE}
            noun="gift cards"
            page={page}
            total={data.total}
            onChange={(next) => setParam({ page: next > 1 ? String(next) : null })}
          />
        )}
      />

      {selling ? (
        <SellGiftCardModal
          complimentary={selling === 'complimentary'}
          onClose={() => setSelling(null)}
          onSold={(answer) => {
            setSelling(null);
            setSold(answer);
          }}
        />
      ) : null}
      {sold ? (
        <SoldCodeModal
          sold={sold}
          onClose={() => {
            const id = sold.id;
            setSold(null);
            void navigate(open(id));
          }}
        />
      ) : null}
    </>
  );
}
