import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Anchor, Badge, Button, Card, Group, NativeSelect, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconInfoCircle } from '@tabler/icons-react';
import type { Affiliate } from '@lanebook/core/catalog';
import { bookingStatusLabel, dateRangeOf, type NamedDateRange } from '@lanebook/core/bookings';
import { venueToday } from '@lanebook/core/calendar';
import { formatVenueDate } from '@lanebook/core/format';
import { DEFAULT_DATE_FORMAT } from '@lanebook/core/venue';
import { CopyableText, widgetPageUrl, WidgetSnippet } from '../../components/WidgetEmbed';
import { Money } from '../../components/fields/MoneyInput';
import { VenueDateInput } from '../../components/fields/VenueDateInput';
import { LoadError } from '../../components/LoadError';
import { DATE_RANGE_LABELS } from '../../lib/date-range-labels';
import { notifyError } from '../../lib/notify';
import { useSession } from '../../lib/session';
import { affiliateStatementQuery } from './api/affiliate-statement';
import { affiliatesSummaryQuery } from './api/affiliates-summary';
import { exportAffiliateStatementCsv } from './api/export-affiliate-statement-csv';

/** What a partner earns per booking, as its list and page show it. */
export function CommissionText({ commission, commissionType }: Pick<Affiliate, 'commission' | 'commissionType'>) {
  if (commission === 0) return <>—</>;
  return commissionType === 'percent' ? <>{commission}%</> : <Money cents={commission} />;
}

/** The list's "this month" cells: one summary call answers every row. */
export function MonthFigure({ affiliateId, figure }: { affiliateId: string; figure: 'bookings' | 'commission' }) {
  const { venueId } = useSession();
  const summary = useQuery(affiliatesSummaryQuery(venueId));
  if (summary.isPending) return <Text c="dimmed">…</Text>;
  if (summary.isError) return <Text c="dimmed">—</Text>;
  const row = summary.data.items.find((item) => item.affiliateId === affiliateId);
  if (figure === 'bookings') return <>{row?.bookings ?? 0}</>;
  return <Money cents={row?.commission ?? 0} />;
}

/** An existing affiliate's page below its form: the tracked link to hand out, and its statement. */
export function AffiliatePanels({ record }: { record: Affiliate }) {
  return (
    <Stack gap="lg">
      <TrackedLink affiliate={record} />
      <Statement affiliate={record} />
    </Stack>
  );
}

function TrackedLink({ affiliate }: { affiliate: Affiliate }) {
  const { venueId } = useSession();
  if (!venueId) return null;
  return (
    <Card withBorder radius="md" data-testid="affiliate-link">
      <Title order={4} mb={4}>
        Tracked link
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Bookings made through this link are {affiliate.name}’s: they get its discount where it applies, and it earns its commission.
      </Text>
      {affiliate.isActive ? null : (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} mb="sm">
          This affiliate is inactive: its link books without its discount and earns nothing until it is active again.
        </Alert>
      )}
      <Stack gap="md">
        <CopyableText value={widgetPageUrl(window.location.origin, venueId, affiliate.id)} testId="affiliate-link-url" />
        <div>
          <Text size="sm" fw={500} mb={4}>
            Or the widget for the partner’s own web site
          </Text>
          <WidgetSnippet venueId={venueId} affiliateId={affiliate.id} testId="affiliate-snippet" />
        </div>
      </Stack>
    </Card>
  );
}

/** The periods a statement is asked for; this month first (the default). */
const PERIODS = ['thisMonth', 'month', 'thisWeek', 'week', 'thisYear', 'year', 'custom'] as const;
type StatementPeriod = (typeof PERIODS)[number];
const PERIOD_OPTIONS = PERIODS.map((value) => ({ value, label: DATE_RANGE_LABELS[value] }));

function Statement({ affiliate }: { affiliate: Affiliate }) {
  const { venueId, me } = useSession();
  const venue = me?.venue;
  const dateFormat = venue?.dateFormat ?? DEFAULT_DATE_FORMAT;
  const timezone = venue?.timezone ?? 'UTC';
  const [period, setPeriod] = useState<StatementPeriod>('thisMonth');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [exporting, setExporting] = useState(false);

  // A named period in the venue's own calendar: its today, its first day of the week.
  const today = venueToday(timezone);
  const named = period === 'custom' ? null : dateRangeOf(period as NamedDateRange, today, venue?.firstDayOfWeek ?? 0);
  const customReversed = Boolean(custom.from && custom.to) && custom.from > custom.to;
  const dates = named ?? (custom.from && custom.to && !customReversed ? custom : null);
  const statement = useQuery(affiliateStatementQuery(venueId, affiliate.id, dates));
  // A period's venue dates (YYYY-MM-DD) and the events' starts (instants), both in the venue's date format.
  const showDate = (iso: string) => formatVenueDate(new Date(`${iso}T00:00:00Z`), 'UTC', dateFormat);
  const showEventDate = (instant: string) => formatVenueDate(new Date(instant), timezone, dateFormat);

  const exportCsv = async () => {
    if (!dates) return;
    setExporting(true);
    try {
      await exportAffiliateStatementCsv(affiliate.id, dates);
    } catch (error) {
      notifyError(error);
    } finally {
      setExporting(false);
    }
  };

  const choosePeriod = (next: StatementPeriod) => {
    // Custom starts from the dates on screen, to be changed from there.
    if (next === 'custom' && named) setCustom(named);
    setPeriod(next);
  };

  const data = statement.data;
  return (
    <Card withBorder radius="md" data-testid="affiliate-statement">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={4}>Statement</Title>
          <Text size="sm" c="dimmed">
            The bookings {affiliate.name} brought (by event date) and what it earned on each: what you owe for the period.
          </Text>
        </div>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          disabled={!dates}
          loading={exporting}
          onClick={() => void exportCsv()}
        >
          Export CSV
        </Button>
      </Group>
      <Group gap="sm" align="flex-end" mb="sm" wrap="wrap">
        <NativeSelect
          label="Period"
          data={PERIOD_OPTIONS}
          value={period}
          onChange={(event) => choosePeriod(event.currentTarget.value as StatementPeriod)}
          w={150}
        />
        {period === 'custom' ? (
          <>
            <VenueDateInput
              label="From"
              value={custom.from}
              onChange={(from) => setCustom((previous) => ({ ...previous, from }))}
              w={160}
            />
            <VenueDateInput label="To" value={custom.to} onChange={(to) => setCustom((previous) => ({ ...previous, to }))} w={160} />
          </>
        ) : null}
        {dates ? (
          <Text size="sm" c="dimmed" pb={8} data-testid="statement-dates">
            {showDate(dates.from)} – {showDate(dates.to)}
          </Text>
        ) : null}
      </Group>
      {dates ? null : (
        <Text size="sm" c={customReversed ? 'red' : 'dimmed'} mb="sm">
          {customReversed ? 'The period ends before it starts.' : 'Type both dates of the period.'}
        </Text>
      )}
      {statement.isError ? <LoadError error={statement.error} onRetry={() => void statement.refetch()} /> : null}
      {dates && statement.isPending ? <Text c="dimmed">Loading…</Text> : null}
      {data ? (
        <Table.ScrollContainer minWidth={720}>
          <Table aria-label="Statement" verticalSpacing="xs" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Reg. code</Table.Th>
                <Table.Th>Date</Table.Th>
                <Table.Th>Customer</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Net paid</Table.Th>
                <Table.Th ta="right">Commission</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={7}>
                    <Text size="sm" c="dimmed" ta="center" py="sm">
                      No bookings through {affiliate.name} in this period.
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.items.map((item) => (
                  <Table.Tr key={item.bookingId} data-testid="statement-row">
                    <Table.Td>
                      <Anchor component={Link} to={`/bookings/${encodeURIComponent(item.bookingId)}/view`} size="sm">
                        {item.registrationCode ?? item.bookingReference ?? 'Booking'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{showEventDate(item.date)}</Table.Td>
                    <Table.Td>{item.customerName || '—'}</Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={item.status === 'paid' ? 'green' : 'gray'}>
                        {bookingStatusLabel(item.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money cents={item.total} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money cents={item.netPaid} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <Money cents={item.commission} />
                    </Table.Td>
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr data-testid="statement-totals" fw={700}>
                <Table.Td colSpan={4}>
                  {data.totals.bookings} booking{data.totals.bookings === 1 ? '' : 's'}
                </Table.Td>
                <Table.Td ta="right" data-testid="statement-total">
                  <Money cents={data.totals.total} />
                </Table.Td>
                <Table.Td ta="right" data-testid="statement-net-paid">
                  <Money cents={data.totals.netPaid} />
                </Table.Td>
                <Table.Td ta="right" data-testid="statement-commission">
                  <Money cents={data.totals.commission} />
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      ) : null}
    </Card>
  );
}
