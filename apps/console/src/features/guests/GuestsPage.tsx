import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Button, Group, Select, Table, Text, TextInput } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload, IconSearch, IconUsers } from '@tabler/icons-react';
import { GUEST_FLAG_LABELS, GUEST_FLAG_TYPES } from '@lanebook/core/guest-schemas';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { GuestFlags } from '../../components/guests/GuestFlags';
import { guestName } from '../../components/guests/GuestSummary';
import { guestPath } from '../../lib/guests';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { useDebouncedUrlParam, useUrlParams } from '../../lib/url-params';
import { useVenueFormat } from '../../lib/venue-format';
import { exportMarketingList } from './api/export-marketing';
import { listGuestsQuery, type GuestListFilters } from './api/list-guests';

const PAGE_SIZE = 50;
const FLAG_OPTIONS = GUEST_FLAG_TYPES.map((type) => ({ value: type, label: GUEST_FLAG_LABELS[type] }));

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/**
 * /guests: the venue's guests, one per person across their bookings, found as the booking list's
 * All search finds a booking (a name either way round, an email, a phone or its last four), or by
 * a flag; each row opens the guest's page.
 */
export default function GuestsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const format = useVenueFormat();
  const { params, setParam, clear } = useUrlParams();
  const [searchText, setSearchText, search] = useDebouncedUrlParam(params, setParam, 'q');
  const flag = oneOf(GUEST_FLAG_TYPES, params.get('flag'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const filters: GuestListFilters = { search: search.trim() || undefined, flag, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE };
  const guests = useQuery(listGuestsQuery(session.venueId, filters));
  const marketing = useMutation({ mutationFn: exportMarketingList, onError: notifyError });
  const filtered = Boolean(filters.search || flag);
  const hasMore = guests.data?.hasMore ?? false;
  const goTo = (next: number) => setParam({ page: next > 1 ? String(next) : null });
  const nowrap = { whiteSpace: 'nowrap' } as const;
  const wraps = { overflowWrap: 'anywhere' } as const;

  return (
    <>
      <PageHeader
        title="Guests"
        description="One record per person across their bookings: their history, their flags, and their data."
        actions={
          session.can('guests.export') ? (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} />}
              onClick={() => marketing.mutate()}
              loading={marketing.isPending}
              data-testid="export-marketing"
            >
              Export marketing list
            </Button>
          ) : null
        }
      />

      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, email, phone or its last four digits"
          leftSection={<IconSearch size={16} />}
          value={searchText}
          onChange={(event) => setSearchText(event.currentTarget.value)}
          w={{ base: '100%', xs: 340 }}
          type="search"
        />
        <Select
          label="Flag"
          placeholder="Any guest"
          data={FLAG_OPTIONS}
          value={flag ?? null}
          onChange={(value) => setParam({ flag: value })}
          clearable
          w={{ base: '100%', xs: 180 }}
        />
      </Group>

      <QueryTable
        query={guests}
        label="Guests"
        columns={[
          'Name',
          'Email',
          'Phone',
          { label: 'Bookings', align: 'right' },
          { label: 'Visits', align: 'right' },
          { label: 'No-shows', align: 'right' },
          { label: 'Total spent', align: 'right' },
          'Last visit',
          'Flags',
        ]}
        minWidth={1040}
        empty={
          page > 1
            ? null
            : {
                icon: <IconUsers size={28} />,
                title: filtered ? 'No guests match' : 'No guests yet',
                description: filtered
                  ? 'Search by a name, an email, a phone number or its last four digits.'
                  : 'Everyone who books, at the desk or online, becomes a guest here.',
                action: filtered ? (
                  <Button variant="default" onClick={clear}>
                    Clear filters
                  </Button>
                ) : null,
                testId: 'guests-empty',
              }
        }
        renderRow={(guest) => (
          <Table.Tr data-testid="guest-row" style={{ cursor: 'pointer' }} onClick={() => navigate(guestPath(guest.id))}>
            <Table.Td style={wraps}>
              <Anchor component={Link} to={guestPath(guest.id)} size="sm" fw={500} onClick={(event) => event.stopPropagation()}>
                {guestName(guest)}
              </Anchor>
            </Table.Td>
            <Table.Td style={wraps}>{guest.email || '—'}</Table.Td>
            <Table.Td style={nowrap} data-testid="guest-phone">
              {guest.phone ? format.phone(guest.phone) : '—'}
            </Table.Td>
            <Table.Td ta="right">{guest.bookingsCount}</Table.Td>
            <Table.Td ta="right">{guest.visitsCount}</Table.Td>
            <Table.Td ta="right">{guest.noShowCount}</Table.Td>
            <Table.Td ta="right" style={nowrap}>
              {format.money(guest.totalSpent)}
            </Table.Td>
            <Table.Td style={nowrap}>{guest.lastVisitAt ? format.date(guest.lastVisitAt) : '—'}</Table.Td>
            <Table.Td maw={260}>
              <GuestFlags flags={guest.flags} layout="inline" />
            </Table.Td>
          </Table.Tr>
        )}
        below={(data) =>
          page > 1 || hasMore ? (
            <Group justify="space-between" wrap="wrap" gap="sm" mt="sm">
              <Text size="sm" c="dimmed" data-testid="pager-summary">
                {data.items.length
                  ? `Guests ${(page - 1) * PAGE_SIZE + 1}–${(page - 1) * PAGE_SIZE + data.items.length} of ${guests.data?.totalCapped ? '1,000+' : data.total}`
                  : 'No guests on this page'}
              </Text>
              <Group gap="xs">
                <Button
                  variant="default"
                  size="xs"
                  leftSection={<IconChevronLeft size={14} />}
                  disabled={page <= 1}
                  onClick={() => goTo(page - 1)}
                >
                  Previous
                </Button>
                <Button
                  variant="default"
                  size="xs"
                  rightSection={<IconChevronRight size={14} />}
                  disabled={!hasMore}
                  onClick={() => goTo(page + 1)}
                >
                  Next
                </Button>
              </Group>
            </Group>
          ) : null
        }
      />
    </>
  );
}
