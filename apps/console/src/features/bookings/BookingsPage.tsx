import { Link, useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Drawer,
  Group,
  Indicator,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal, IconCalendarEvent, IconPlus, IconSearch } from '@tabler/icons-react';
import { normalizePhone, recentLabel } from '@lanebook/core/format';
import {
  ALL_SEARCH,
  BOOKING_FILTERS,
  DATE_RANGES,
  SEARCH_FIELDS,
  SEARCH_MINIMUMS,
  bookingListSort,
  type BookingFilter,
  type BookingSearchField,
  type BookingSort,
} from '@lanebook/core/booking-schemas';
import { DATE_RANGE_LABELS } from '../../lib/date-range-labels';
import { useSession } from '../../lib/session';
import { useDebouncedUrlParam, useUrlParams } from '../../lib/url-params';
import { PageHeader } from '../../components/PageHeader';
import { PageButtons } from '../../components/Pager';
import { QueryTable } from '../../components/QueryTable';
import { VenueDateInput } from '../../components/fields/VenueDateInput';
import { listBookingsQuery, type BookingListFilters, type BookingListItem } from './api/list-bookings';
import { bookingAffiliatesQuery, bookingProductsQuery } from './api/catalog-lists';
import type { PaymentLabel } from '@lanebook/core/booking-money';
import { PaymentLabelBadge, StatusBadge, customerName, durationLabel } from './format';
import { useVenueFormat } from '../../lib/venue-format';

const PAGE_SIZE = 50;
/** Payment labels the list shows beside the status: Paid, Unpaid and No charge go without saying. */
const LISTED_PAYMENT_LABELS = new Set<PaymentLabel>(['Part paid', 'Overpaid', 'Refunded', 'Kept']);

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
const SEARCH_LABELS: Record<BookingSearchField, string> = {
  all: 'All',
  registrationCode: 'Reg. code',
  phone: 'Phone',
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  bookingReference: 'Booking reference',
};
const SEARCH_PLACEHOLDERS: Record<BookingSearchField, string> = {
  ...SEARCH_LABELS,
  all: 'Name, phone, email, reg. code…',
  phone: '+1 (555) 123-4567',
};
const SORT_LABELS: Record<BookingSort, string> = {
  new: 'Newest first',
  old: 'Oldest first',
  az: 'Name A-Z',
  za: 'Name Z-A',
  email_asc: 'Email A-Z',
  email_desc: 'Email Z-A',
  phone_asc: 'Phone 0-9',
  phone_desc: 'Phone 9-0',
  lanes_asc: 'Lanes 1-9',
  lanes_desc: 'Lanes 9-1',
  duration_asc: 'Shortest first',
  duration_desc: 'Longest first',
};
const SORTS = Object.keys(SORT_LABELS) as BookingSort[];

/**
 * Columns of the spec's list the desk shows or hides (in the address, as the filters are);
 * hidden, their facts fold into the Name, Product and Date of Event cells. Each sorts on the server.
 */
const OPTIONAL_COLUMNS = { email: 'Email', phone: 'Phone', lanes: 'Lanes', duration: 'Duration' } as const;
type OptionalColumn = keyof typeof OPTIONAL_COLUMNS;
const OPTIONAL_KEYS = Object.keys(OPTIONAL_COLUMNS) as OptionalColumn[];

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | undefined =>
  (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** How many characters a search has, counted as the server counts them (a phone: its digits). */
const searchLength = (field: BookingSearchField, query: string) =>
  (field === 'phone' ? normalizePhone(query).replace(/^\+/, '') : query).length;

export default function BookingsPage() {
  const session = useSession();
  const navigate = useNavigate();
  const format = useVenueFormat();
  // On a phone rows become cards and the filters sit behind one button (the layout's breakpoint).
  const isPhone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  // Every filter lives in the URL: back from a booking, or a reload, keeps them. Typed fields
  // hold what is typed and reach the address after a pause.
  const { params, setParam, clear } = useUrlParams();
  const [searchText, setSearchText, searchInAddress] = useDebouncedUrlParam(params, setParam, 'q');
  const [from, setFrom, fromInAddress] = useDebouncedUrlParam(params, setParam, 'from');
  const [to, setTo, toInAddress] = useDebouncedUrlParam(params, setParam, 'to');
  const searchField: BookingSearchField = oneOf(SEARCH_FIELDS, params.get('field')) ?? ALL_SEARCH;
  const activeFilter = oneOf(BOOKING_FILTERS, params.get('filter'));
  const dateRange = oneOf(DATE_RANGES, params.get('range'));
  const dateField = params.get('dateField') === 'date' ? 'date' : 'createdAt';
  // Left out, the server's default order (today's or tomorrow's events earliest first): shown as it.
  const sortChosen = oneOf(SORTS, params.get('sort'));
  const sortByDefault = bookingListSort({ dateRange, dateField });
  const sort = sortChosen ?? sortByDefault;
  const view = params.get('view') === 'compact' ? 'compact' : 'detailed';
  const chosenColumns = (params.get('columns') ?? '').split(',');
  const shownColumns = OPTIONAL_KEYS.filter((key) => chosenColumns.includes(key));
  const shows = (column: OptionalColumn) => shownColumns.includes(column);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const minimum = SEARCH_MINIMUMS[searchField];
  const tooShort = (text: string) => text !== '' && searchLength(searchField, text) < minimum;
  const typed = searchText.trim();
  const asked = searchInAddress.trim();
  const search = asked && !tooShort(asked) ? { field: searchField, query: asked } : undefined;

  // A range that ends before it starts is said at the field, not sent for the server's 400.
  const rangeBackwards = Boolean(fromInAddress && toInAddress && toInAddress < fromInAddress);
  const customIncomplete = dateRange === 'custom' && (!fromInAddress || !toInAddress || rangeBackwards);
  const filters: BookingListFilters = {
    search,
    activeFilter,
    productId: params.get('product') ?? undefined,
    affiliateId: params.get('affiliate') ?? undefined,
    dateRange: customIncomplete ? undefined : dateRange,
    from: dateRange === 'custom' && !customIncomplete ? fromInAddress : undefined,
    to: dateRange === 'custom' && !customIncomplete ? toInAddress : undefined,
    dateField,
    sort: sortChosen,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  };
  const bookings = useQuery(listBookingsQuery(session.venueId, filters));
  const products = useQuery(bookingProductsQuery(session.venueId));
  const affiliates = useQuery(bookingAffiliatesQuery(session.venueId));
  const productName = (id: string) => products.data?.find((product) => product.id === id)?.name ?? '';

  const detailed = view === 'detailed';
  // Few enough columns, their facts stacked, that the whole row fits beside the menu at 1280 px.
  const optional = shownColumns.map((key) => OPTIONAL_COLUMNS[key]);
  const columns = detailed
    ? ['Status', 'Date of Event', 'Name', ...optional, 'Product', 'Players', 'Waivers', 'Reg.Code', 'Date Created', 'Paid', 'Payment Due']
    : ['Status', 'Date of Event', 'Name', ...optional, 'Players', 'Reg.Code', 'Paid', 'Payment Due'];
  const narrowed = [activeFilter, dateRange, params.get('product'), params.get('affiliate')].filter(Boolean).length;
  const filtered = Boolean(narrowed || search);
  // The phone's Filters button counts what its drawer holds that is not the default, the search field too.
  const filterCount = narrowed + (params.get('field') ? 1 : 0);
  const open = (booking: BookingListItem) => navigate(`/bookings/${booking.id}/view`);

  const statusBadges = (booking: BookingListItem) => (
    <>
      <StatusBadge status={booking.status} />
      {booking.isSaved ? (
        <Badge variant="outline" size="xs">
          Saved
        </Badge>
      ) : null}
      {/* The money's word when the status does not say it, as the booking's page says it. */}
      {LISTED_PAYMENT_LABELS.has(booking.paymentLabel) ? <PaymentLabelBadge label={booking.paymentLabel} size="xs" /> : null}
    </>
  );
  const nowrap = { whiteSpace: 'nowrap' } as const;
  // Long emails and names wrap at any character rather than widen the table.
  const wraps = { overflowWrap: 'anywhere' } as const;

  const row = (booking: BookingListItem) => {
    const recent = recentLabel(new Date(booking.createdAt));
    return (
      <Table.Tr data-testid="booking-row" style={{ cursor: 'pointer' }} onClick={() => open(booking)}>
        <Table.Td data-testid="row-status">
          {/* Badges stack rather than shrink: a status is never cut. */}
          <Stack gap={4} align="flex-start" miw="max-content">
            {statusBadges(booking)}
          </Stack>
        </Table.Td>
        <Table.Td style={nowrap} data-testid="row-event">
          <Text size="sm">{format.date(booking.startsAt)}</Text>
          <Text size="xs" c="dimmed">
            {format.time(booking.startsAt)}
            {detailed && !shows('duration') ? ` · ${durationLabel(booking.startsAt, booking.endsAt)}` : ''}
          </Text>
        </Table.Td>
        <Table.Td style={wraps} data-testid="row-name">
          <Anchor component={Link} to={`/bookings/${booking.id}/view`} onClick={(event) => event.stopPropagation()} size="sm">
            {customerName(booking.reservationInfo) || 'No name'}
          </Anchor>
          {detailed && !shows('email') && booking.reservationInfo.email ? (
            <Text size="xs" c="dimmed">
              {booking.reservationInfo.email}
            </Text>
          ) : null}
          {detailed && !shows('phone') && booking.reservationInfo.phone ? (
            <Text size="xs" c="dimmed" style={nowrap} data-testid="row-phone">
              {format.phone(booking.reservationInfo.phone)}
            </Text>
          ) : null}
        </Table.Td>
        {shows('email') ? (
          <Table.Td style={wraps} data-testid="row-email">
            {booking.reservationInfo.email}
          </Table.Td>
        ) : null}
        {shows('phone') ? (
          <Table.Td style={nowrap} data-testid="row-phone">
            {format.phone(booking.reservationInfo.phone)}
          </Table.Td>
        ) : null}
        {shows('lanes') ? <Table.Td data-testid="row-lanes">{booking.resourceIds.join(', ')}</Table.Td> : null}
        {shows('duration') ? (
          <Table.Td style={nowrap} data-testid="row-duration">
            {durationLabel(booking.startsAt, booking.endsAt)}
          </Table.Td>
        ) : null}
        {detailed ? (
          <Table.Td style={wraps} data-testid="row-product">
            <Text size="sm">{productName(booking.productId)}</Text>
            {shows('lanes') ? null : (
              <Text size="xs" c="dimmed">
                {booking.resourceIds.join(', ')}
              </Text>
            )}
          </Table.Td>
        ) : null}
        <Table.Td data-testid="row-players">{booking.playersCount}</Table.Td>
        {detailed ? (
          <Table.Td style={nowrap}>
            {booking.numberOfSignedWaivers}/{booking.playersCount}
          </Table.Td>
        ) : null}
        <Table.Td style={nowrap}>
          <Text size="sm">{booking.registrationCode}</Text>
          {/* The reference the customer quotes (their mails and page show it). */}
          <Text size="xs" c="dimmed" data-testid="row-reference">
            {booking.bookingReference}
          </Text>
        </Table.Td>
        {detailed ? (
          <Table.Td style={nowrap}>
            <Text size="sm">{format.date(booking.createdAt)}</Text>
            <Text size="xs" c={recent === 'new' ? 'green' : 'dimmed'} fw={recent === 'new' ? 700 : undefined}>
              {recent}
            </Text>
          </Table.Td>
        ) : null}
        <Table.Td style={nowrap} data-testid="row-paid">
          {format.money(booking.netPaid)}
        </Table.Td>
        <Table.Td style={nowrap} data-testid="row-due">
          {format.money(booking.due)}
        </Table.Td>
      </Table.Tr>
    );
  };

  const card = (booking: BookingListItem) => (
    <Card
      withBorder
      radius="md"
      padding="sm"
      role="listitem"
      data-testid="booking-card"
      component={Link}
      to={`/bookings/${booking.id}/view`}
    >
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text fw={600} style={wraps} data-testid="card-name">
          {customerName(booking.reservationInfo) || 'No name'}
        </Text>
        <Stack gap={4} align="flex-end" miw="max-content" data-testid="row-status">
          {statusBadges(booking)}
        </Stack>
      </Group>
      <Text size="sm" data-testid="card-time">
        {format.date(booking.startsAt)} {format.time(booking.startsAt)} · {durationLabel(booking.startsAt, booking.endsAt)}
      </Text>
      {booking.bookingReference ? (
        <Text size="xs" c="dimmed" data-testid="row-reference">
          {booking.bookingReference}
        </Text>
      ) : null}
      <Group justify="space-between" gap="xs" mt={4}>
        <Text size="sm" c="dimmed" data-testid="row-players" style={wraps}>
          {booking.playersCount === 1 ? '1 player' : `${booking.playersCount} players`}
          {productName(booking.productId) ? ` · ${productName(booking.productId)}` : ''}
        </Text>
        <Text size="sm" fw={booking.due > 0 ? 600 : undefined} style={nowrap}>
          Due <span data-testid="row-due">{format.money(booking.due)}</span>
        </Text>
      </Group>
    </Card>
  );

  const searchBox = (
    <TextInput
      label="Search"
      type="search"
      leftSection={<IconSearch size={16} />}
      placeholder={SEARCH_PLACEHOLDERS[searchField]}
      value={searchText}
      onChange={(event) => setSearchText(event.currentTarget.value)}
      error={tooShort(typed) ? `Type at least ${minimum} ${searchField === 'phone' ? 'digits' : 'characters'}` : undefined}
      w={isPhone ? undefined : 260}
      style={isPhone ? { flex: 1 } : undefined}
    />
  );
  const width = (desktop: number) => (isPhone ? '100%' : desktop);
  const searchFieldChooser = (
    <Select
      label="Search by"
      data={([ALL_SEARCH, ...SEARCH_FIELDS] as const).map((field) => ({ value: field, label: SEARCH_LABELS[field] }))}
      value={searchField}
      onChange={(value) => setParam({ field: value === ALL_SEARCH ? null : value })}
      allowDeselect={false}
      w={width(160)}
    />
  );
  const filterFields = (
    <>
      <Select
        label="Filter"
        placeholder="All bookings"
        data={BOOKING_FILTERS.map((filter) => ({ value: filter, label: FILTER_LABELS[filter] }))}
        value={activeFilter ?? null}
        onChange={(value) => setParam({ filter: value })}
        clearable
        w={width(170)}
      />
      <Select
        label="Product"
        placeholder="All products"
        data={(products.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={params.get('product')}
        onChange={(value) => setParam({ product: value })}
        clearable
        searchable
        w={width(180)}
      />
      <Select
        label="Affiliate"
        placeholder="Any affiliate"
        data={(affiliates.data ?? []).map((a) => ({ value: a.id, label: a.name }))}
        value={params.get('affiliate')}
        onChange={(value) => setParam({ affiliate: value })}
        clearable
        w={width(160)}
      />
    </>
  );
  const dateFields = (
    <>
      <Select
        label="Date range"
        placeholder="Any date"
        data={DATE_RANGES.map((range) => ({ value: range, label: DATE_RANGE_LABELS[range] }))}
        value={dateRange ?? null}
        onChange={(value) => setParam({ range: value, ...(value !== 'custom' ? { from: null, to: null } : {}) })}
        clearable
        w={width(150)}
      />
      {dateRange === 'custom' ? (
        <>
          <VenueDateInput label="From" value={from} onChange={setFrom} w={width(150)} />
          <VenueDateInput label="To" value={to} onChange={setTo} error={rangeBackwards ? 'Ends before From' : undefined} w={width(150)} />
        </>
      ) : null}
      <Select
        label="Date of"
        data={[
          { value: 'createdAt', label: 'Booking made' },
          { value: 'date', label: 'Event' },
        ]}
        value={dateField}
        onChange={(value) => setParam({ dateField: value === 'date' ? 'date' : null, sort: null })}
        allowDeselect={false}
        w={width(140)}
      />
      <Select
        label="Sort"
        data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
        value={sort}
        onChange={(value) => setParam({ sort: value === sortByDefault ? null : value })}
        allowDeselect={false}
        w={width(150)}
      />
      {/* Cards on a phone: the table's views and columns do not apply. */}
      {isPhone ? null : (
        <MultiSelect
          label="Columns"
          placeholder={shownColumns.length ? undefined : 'Email, Phone, Lanes, Duration'}
          data={OPTIONAL_KEYS.map((key) => ({ value: key, label: OPTIONAL_COLUMNS[key] }))}
          value={shownColumns}
          onChange={(keys) =>
            setParam({
              columns: keys.length ? OPTIONAL_KEYS.filter((key) => keys.includes(key)).join(',') : null,
              page: params.get('page'),
            })
          }
          w={260}
        />
      )}
      {isPhone ? null : (
        <SegmentedControl
          aria-label="View"
          data={[
            { value: 'detailed', label: 'Detailed' },
            { value: 'compact', label: 'Compact' },
          ]}
          value={view}
          onChange={(value) => setParam({ view: value === 'compact' ? 'compact' : null, page: params.get('page') })}
        />
      )}
    </>
  );

  return (
    <>
      <PageHeader
        title="Bookings"
        description={isPhone ? undefined : 'Every booking of the venue: search, filter, and open one to check in, collect or refund.'}
        actions={
          session.can('bookings.create') ? (
            <Button component={Link} to="/bookings/create" leftSection={<IconPlus size={16} />}>
              New booking
            </Button>
          ) : null
        }
      />

      {isPhone ? (
        <>
          <Group gap="xs" mb="sm" align="flex-end" wrap="nowrap">
            {searchBox}
            <Indicator label={filterCount} size={16} disabled={filterCount === 0}>
              <Button variant="default" leftSection={<IconAdjustmentsHorizontal size={16} />} onClick={filtersDrawer.open}>
                Filters
              </Button>
            </Indicator>
          </Group>
          <Drawer opened={filtersOpened} onClose={filtersDrawer.close} position="bottom" size="auto" title="Filters">
            <Stack gap="sm" pb="md">
              {searchFieldChooser}
              {filterFields}
              {dateFields}
              <Group grow>
                {filtered ? (
                  <Button variant="default" onClick={clear}>
                    Clear filters
                  </Button>
                ) : null}
                <Button onClick={filtersDrawer.close}>Show bookings</Button>
              </Group>
            </Stack>
          </Drawer>
        </>
      ) : (
        <>
          <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
            {searchFieldChooser}
            {searchBox}
            {filterFields}
          </Group>
          <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
            {dateFields}
          </Group>
        </>
      )}

      <QueryTable
        query={bookings}
        label="Bookings"
        columns={columns}
        minWidth={(detailed ? 940 : 720) + 120 * shownColumns.length}
        renderCard={isPhone ? card : undefined}
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
              <PageButtons total={pages} value={page} onChange={(next) => setParam({ page: next === 1 ? null : String(next) })} />
            </Group>
          ) : null;
        }}
        renderRow={row}
      />
    </>
  );
}
