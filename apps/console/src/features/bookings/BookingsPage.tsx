import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Pagination, SegmentedControl, Select, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCalendarEvent, IconPlus, IconSearch } from '@tabler/icons-react';
import { normalizePhone, recentLabel } from '@lanebook/core/format';
import {
  BOOKING_FILTERS,
  DATE_RANGES,
  SEARCH_FIELDS,
  SEARCH_MINIMUMS,
  type BookingFilter,
  type DateRangeName,
  type SearchField,
} from '@lanebook/core/booking-schemas';
import { useSession } from '../../lib/session';
import { useUrlParams } from '../../lib/url-params';
import { PageHeader } from '../../components/PageHeader';
import { QueryTable } from '../../components/QueryTable';
import { listBookingsQuery, type BookingListFilters, type BookingListItem } from './api/list-bookings';
import { bookingAffiliatesQuery, bookingProductsQuery } from './api/catalog-lists';
import { StatusBadge, customerName, durationLabel, useVenueFormat } from './format';

const PAGE_SIZE = 50;

const FILTER_LABELS: Record<BookingFilter, string> = {
  wait_for_payment: 'Wait for payment',
  paid: 'Paid',
  abandoned: 'Abandoned',
  upcoming: 'Upcoming',
  saved: 'Saved Bookings',
  ended: 'Ended',
  canceled: 'Canceled',
  warning: 'Warning',
  refunded: 'Refunded',
};
const RANGE_LABELS: Record<DateRangeName, string> = {
  yesterday: 'Yesterday',
  today: 'Today',
  tomorrow: 'Tomorrow',
  thisWeek: 'This week',
  week: 'Last week',
  thisMonth: 'This month',
  month: 'Last month',
  thisYear: 'This year',
  year: 'Last year',
  custom: 'Custom',
};
const SEARCH_LABELS: Record<SearchField, string> = {
  registrationCode: 'Reg. code',
  phone: 'Phone',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  bookingReference: 'Booking reference',
};
const SORT_LABELS = { new: 'Newest first', old: 'Oldest first', az: 'Name A-Z', za: 'Name Z-A' } as const;
type Sort = keyof typeof SORT_LABELS;

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** How many characters a search has, counted as the server counts them (a phone: its digits). */
const searchLength = (field: SearchField, query: string) => (field === 'phone' ? normalizePhone(query).replace(/^\+/, '') : query).length;

export default function BookingsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const format = useVenueFormat();
  // Every filter lives in the URL: back from a booking, or a reload, keeps them.
  const { params, setParam, clear } = useUrlParams();
  const searchField = oneOf(SEARCH_FIELDS, params.get('field')) ?? 'lastName';
  const searchText = params.get('q') ?? '';
  const [debouncedSearch] = useDebouncedValue(searchText.trim(), 300);
  const activeFilter = oneOf(BOOKING_FILTERS, params.get('filter'));
  const dateRange = oneOf(DATE_RANGES, params.get('range'));
  const dateField = params.get('dateField') === 'date' ? 'date' : 'createdAt';
  const sort = oneOf(Object.keys(SORT_LABELS) as Sort[], params.get('sort')) ?? 'new';
  const view = params.get('view') === 'compact' ? 'compact' : 'detailed';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';

  const minimum = SEARCH_MINIMUMS[searchField];
  const typed = searchText.trim();
  const tooShort = typed !== '' && searchLength(searchField, typed) < minimum;
  const search = typed && !tooShort && debouncedSearch ? { field: searchField, query: debouncedSearch } : undefined;

  const customIncomplete = dateRange === 'custom' && (!from || !to);
  const filters: BookingListFilters = {
    search,
    activeFilter,
    productId: params.get('product') ?? undefined,
    affiliateId: params.get('affiliate') ?? undefined,
    dateRange: customIncomplete ? undefined : dateRange,
    from: dateRange === 'custom' && !customIncomplete ? from : undefined,
    to: dateRange === 'custom' && !customIncomplete ? to : undefined,
    dateField,
    sort,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const bookings = useQuery(listBookingsQuery(session.venueId, filters));
  const products = useQuery(bookingProductsQuery(session.venueId));
  const affiliates = useQuery(bookingAffiliatesQuery(session.venueId));

  const detailed = view === 'detailed';
  const columns = detailed
    ? [
        'Status',
        'Date Created',
        'Date of Event',
        'Name',
        'Email',
        'Phone',
        'Lanes',
        'Duration',
        'Reg.Code',
        'Waivers',
        'Paid',
        'Payment Due',
      ]
    : ['Status', 'Date Created', 'Date of Event', 'Name', 'Reg.Code', 'Paid', 'Payment Due'];
  const filtered = Boolean(activeFilter || search || dateRange || params.get('product') || params.get('affiliate'));

  const row = (booking: BookingListItem) => {
    const recent = recentLabel(new Date(booking.createdAt));
    return (
      <Table.Tr data-testid="booking-row" style={{ cursor: 'pointer' }} onClick={() => navigate(`/bookings/${booking.id}/view`)}>
        {/* Wide enough for "Wait For Payment" and a flag beside it. */}
        <Table.Td miw={190}>
          <Group gap={4} wrap="nowrap">
            <StatusBadge status={booking.status} />
            {booking.isSaved ? (
              <Badge variant="outline" size="xs">
                Saved
              </Badge>
            ) : null}
            {booking.paymentLabel === 'Part paid' ? (
              <Badge variant="outline" color="yellow" size="xs">
                Part paid
              </Badge>
            ) : null}
            {booking.isRefunded ? (
              <Badge variant="outline" color="grape" size="xs">
                Refunded
              </Badge>
            ) : null}
          </Group>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{format.date(booking.createdAt)}</Text>
          <Text size="xs" c={recent === 'new' ? 'green' : 'dimmed'} fw={recent === 'new' ? 700 : undefined}>
            {recent}
          </Text>
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{format.date(booking.startsAt)}</Text>
          <Text size="xs" c="dimmed">
            {format.time(booking.startsAt)}
          </Text>
        </Table.Td>
        <Table.Td>
          <Anchor component={Link} to={`/bookings/${booking.id}/view`} onClick={(event) => event.stopPropagation()}>
            {customerName(booking.reservationInfo) || 'No name'}
          </Anchor>
        </Table.Td>
        {detailed ? (
          <>
            <Table.Td>{booking.reservationInfo.email}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{booking.reservationInfo.phone}</Table.Td>
            <Table.Td>{booking.resourceIds.join(', ')}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{durationLabel(booking.startsAt, booking.endsAt)}</Table.Td>
          </>
        ) : null}
        <Table.Td>{booking.registrationCode}</Table.Td>
        {detailed ? (
          <Table.Td>
            {booking.numberOfSignedWaivers}/{booking.playersCount}
          </Table.Td>
        ) : null}
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="row-paid">
          {format.money(booking.netPaid)}
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="row-due">
          {format.money(booking.due)}
        </Table.Td>
      </Table.Tr>
    );
  };

  return (
    <>
      <PageHeader
        title="Bookings"
        description="Every booking of the venue: search, filter, and open one to check in, collect or refund."
        actions={
          session.can('bookings.create') ? (
            <Button component={Link} to="/bookings/create" leftSection={<IconPlus size={16} />}>
              New booking
            </Button>
          ) : null
        }
      />

      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        <Select
          label="Search by"
          data={SEARCH_FIELDS.map((field) => ({ value: field, label: SEARCH_LABELS[field] }))}
          value={searchField}
          onChange={(value) => setParam({ field: value })}
          allowDeselect={false}
          w={160}
        />
        <TextInput
          label="Search"
          type="search"
          leftSection={<IconSearch size={16} />}
          placeholder={searchField === 'phone' ? '+1 (555) 123-4567' : SEARCH_LABELS[searchField]}
          value={searchText}
          onChange={(event) => setParam({ q: event.currentTarget.value })}
          error={tooShort ? `Type at least ${minimum} ${searchField === 'phone' ? 'digits' : 'characters'}` : undefined}
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Filter"
          placeholder="All bookings"
          data={BOOKING_FILTERS.map((filter) => ({ value: filter, label: FILTER_LABELS[filter] }))}
          value={activeFilter ?? null}
          onChange={(value) => setParam({ filter: value })}
          clearable
          w={170}
        />
        <Select
          label="Product"
          placeholder="All products"
          data={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          value={params.get('product')}
          onChange={(value) => setParam({ product: value })}
          clearable
          searchable
          w={180}
        />
        <Select
          label="Affiliate"
          placeholder="Any affiliate"
          data={(affiliates.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
          value={params.get('affiliate')}
          onChange={(value) => setParam({ affiliate: value })}
          clearable
          w={160}
        />
      </Group>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Date range"
          placeholder="Any date"
          data={DATE_RANGES.map((range) => ({ value: range, label: RANGE_LABELS[range] }))}
          value={dateRange ?? null}
          onChange={(value) => setParam({ range: value, ...(value !== 'custom' ? { from: null, to: null } : {}) })}
          clearable
          w={150}
        />
        {dateRange === 'custom' ? (
          <>
            <TextInput label="From" type="date" value={from} onChange={(e) => setParam({ from: e.currentTarget.value })} w={160} />
            <TextInput label="To" type="date" value={to} onChange={(e) => setParam({ to: e.currentTarget.value })} w={160} />
          </>
        ) : null}
        <Select
          label="Date of"
          data={[
            { value: 'createdAt', label: 'Booking made' },
            { value: 'date', label: 'Event' },
          ]}
          value={dateField}
          onChange={(value) => setParam({ dateField: value === 'date' ? 'date' : null })}
          allowDeselect={false}
          w={140}
        />
        <Select
          label="Sort"
          data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
          value={sort}
          onChange={(value) => setParam({ sort: value === 'new' ? null : value })}
          allowDeselect={false}
          w={150}
        />
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'detailed', label: 'Detailed' },
            { value: 'compact', label: 'Compact' },
          ]}
          value={view}
          onChange={(value) => setParam({ view: value === 'compact' ? 'compact' : null, page: params.get('page') })}
        />
      </Group>

      <QueryTable
        query={bookings}
        label="Bookings"
        columns={columns}
        minWidth={detailed ? 1280 : 820}
        empty={{
          icon: <IconCalendarEvent size={28} />,
          title: filtered ? 'No bookings match' : 'No bookings yet',
          description: filtered ? 'Try another search, filter or date range.' : 'Bookings made by phone, walk-in or online show here.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          ) : null,
          testId: 'bookings-empty',
        }}
        above={(data) => (
          <Text size="sm" c="dimmed" data-testid="bookings-total">
            {data.total === 1 ? '1 booking' : `${bookings.data?.totalCapped ? '1,000+' : data.total} bookings`}
          </Text>
        )}
        below={(data) => {
          const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
          return pages > 1 ? (
            <Group justify="flex-end" mt="sm">
              <Pagination total={pages} value={page} onChange={(next) => setParam({ page: next === 1 ? null : String(next) })} size="sm" />
            </Group>
          ) : null;
        }}
        renderRow={row}
      />
    </>
  );
}
