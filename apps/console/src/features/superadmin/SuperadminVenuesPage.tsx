import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Code, Group, Paper, ScrollArea, SegmentedControl, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconBuildingStore, IconCircleCheck, IconDoorEnter, IconMail, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import type { SuperadminVenue } from '@lanebook/core/api-schemas';
import { VENUE_STATUSES, VENUE_STATUS_LABELS } from '@lanebook/core/venue';
import { useSession } from '../../lib/session';
import { PageHeader } from '../../components/PageHeader';
import { notifyError, notifySuccess } from '../../lib/notify';
import { QueryTable, type QueryTableColumn } from '../../components/QueryTable';
import { joinVenue } from './api/join-venue';
import { superadminKeys } from './api/keys';
import { listVenuesQuery, type VenueStatus } from './api/list-venues';
import { setVenueStatus } from './api/set-venue-status';

const STATUS_FILTERS = [{ value: 'all', label: 'All' }, ...VENUE_STATUSES.map((s) => ({ value: s, label: VENUE_STATUS_LABELS[s] }))];
const STATUS_OPTIONS = VENUE_STATUSES.map((s) => ({ value: s, label: VENUE_STATUS_LABELS[s] }));
const COLUMNS: QueryTableColumn[] = [
  'Name',
  'ID',
  'Status',
  'Owner email',
  'Time zone',
  { label: 'Members', align: 'right' },
  'Created',
  { label: 'Actions', visuallyHidden: true },
];

export default function SuperadminVenuesPage() {
  const [status, setStatus] = useState<'all' | VenueStatus>('all');
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const query = { status: status === 'all' ? undefined : status, search: debouncedSearch || undefined };

  const venuesQuery = useQuery({
    ...listVenuesQuery(query),
  });

  return (
    <>
      <PageHeader
        title="Superadmin"
        description="Every venue on the platform: approve widgets, open a venue to help its staff, create venues for new owners."
        actions={
          <>
            <Button component={Link} to="/settings/superadmin/create" leftSection={<IconPlus size={16} />}>
              Create venue
            </Button>
            <Button component={Link} to="/settings/superadmin/users" variant="default" leftSection={<IconUsers size={16} />}>
              Accounts
            </Button>
            <Button component={Link} to="/settings/superadmin/outbox" variant="default" leftSection={<IconMail size={16} />}>
              Mail outbox
            </Button>
          </>
        }
      />

      <PendingVenues />

      <Stack gap="sm" mb="md">
        <ScrollArea type="never">
          <SegmentedControl
            aria-label="Status"
            data={STATUS_FILTERS}
            value={status}
            onChange={(value) => setStatus(value as 'all' | VenueStatus)}
          />
        </ScrollArea>
        <TextInput
          label="Search"
          placeholder="Venue name or ID"
          type="search"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          w={{ base: '100%', xs: 320 }}
        />
      </Stack>

      <QueryTable
        query={venuesQuery}
        label="Venues"
        columns={COLUMNS}
        minWidth={1080}
        empty={{
          icon: <IconBuildingStore size={28} />,
          title: 'No venues match',
          description: status === 'all' && !search ? 'No venue exists yet.' : 'Try another status or search.',
          testId: 'venues-empty',
        }}
        above={(data) => (
          <Text size="sm" c="dimmed" data-testid="venues-total">
            {data.total === 1 ? '1 venue' : `${data.total} venues`}
          </Text>
        )}
        renderRow={(venue) => <VenueRow venue={venue} />}
      />
    </>
  );
}

/**
 * The superadmin's first job on this page: venues that finished their setup and asked to go live
 * (each superadmin also gets a mail), oldest first so none waits longest. Hidden when none waits.
 */
function PendingVenues() {
  const pending = useQuery(listVenuesQuery({ status: 'pending' }));
  const venues = [...(pending.data?.items ?? [])].filter((venue) => venue.status === 'pending').reverse();
  if (venues.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" mb="lg" component="section" aria-label="Waiting for approval" data-testid="pending-venues">
      <Title order={2} size="h4">
        Waiting for approval
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        These venues finished their setup and asked to take online bookings. Approve makes their widget live.
      </Text>
      <Stack gap="xs">
        {venues.map((venue) => (
          <PendingVenue key={venue.id} venue={venue} />
        ))}
      </Stack>
    </Paper>
  );
}

function PendingVenue({ venue }: { venue: SuperadminVenue }) {
  const queryClient = useQueryClient();
  const approve = useMutation({
    mutationFn: () => setVenueStatus(venue.id, 'live'),
    onSuccess: async (updated) => {
      notifySuccess(`${updated.name} is now ${VENUE_STATUS_LABELS[updated.status]}`);
      await queryClient.invalidateQueries({ queryKey: superadminKeys.venues });
    },
    onError: notifyError,
  });
  return (
    <Group justify="space-between" wrap="nowrap" data-testid="pending-venue">
      <div>
        <Text fw={500} size="sm">
          {venue.name} <Code>{venue.id}</Code>
        </Text>
        <Text size="xs" c="dimmed">
          {venue.ownerEmail || 'No owner email'} · {venue.timezone} · created {new Date(venue.createdAt).toLocaleDateString()}
        </Text>
      </div>
      <Button
        size="xs"
        color="green"
        leftSection={<IconCircleCheck size={14} />}
        loading={approve.isPending}
        onClick={() => approve.mutate()}
        aria-label={`Approve ${venue.name}`}
      >
        Approve
      </Button>
    </Group>
  );
}

function VenueRow({ venue }: { venue: SuperadminVenue }) {
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const setStatus = useMutation({
    mutationFn: (status: VenueStatus) => setVenueStatus(venue.id, status),
    onSuccess: async (updated) => {
      notifySuccess(`${updated.name} is now ${VENUE_STATUS_LABELS[updated.status]}`);
      await queryClient.invalidateQueries({ queryKey: superadminKeys.venues });
      // The open venue's status shows elsewhere in the console.
      if (updated.id === session.venueId) await session.refresh();
    },
    onError: notifyError,
  });

  const open = useMutation({
    mutationFn: () => joinVenue(venue.id),
    onSuccess: async () => {
      session.selectVenue(venue.id);
      await session.refresh();
      // Home is where the role lands: the dashboard, or the lane view for staff.
      navigate('/');
    },
    onError: notifyError,
  });

  return (
    <Table.Tr data-testid="venue-row">
      <Table.Td fw={500}>{venue.name}</Table.Td>
      <Table.Td>
        <Code>{venue.id}</Code>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Select
            aria-label={`Status of ${venue.name}`}
            data={STATUS_OPTIONS}
            value={setStatus.isPending ? setStatus.variables : venue.status}
            onChange={(value) => value && value !== venue.status && setStatus.mutate(value as VenueStatus)}
            allowDeselect={false}
            disabled={setStatus.isPending}
            size="xs"
            w={190}
          />
          {venue.status === 'pending' ? (
            // The one step a pending venue waits for: its widget goes live and takes online bookings.
            <Button
              size="xs"
              color="green"
              leftSection={<IconCircleCheck size={14} />}
              loading={setStatus.isPending && setStatus.variables === 'live'}
              disabled={setStatus.isPending}
              onClick={() => setStatus.mutate('live')}
              aria-label={`Approve ${venue.name}`}
            >
              Approve
            </Button>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{venue.ownerEmail || '—'}</Table.Td>
      <Table.Td>{venue.timezone}</Table.Td>
      <Table.Td ta="right">{venue.memberCount}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{new Date(venue.createdAt).toLocaleDateString()}</Table.Td>
      <Table.Td>
        <Group justify="flex-end">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDoorEnter size={14} />}
            loading={open.isPending}
            onClick={() => open.mutate()}
            aria-label={`Open ${venue.name}`}
          >
            Open
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
