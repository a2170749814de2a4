import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconDownload, IconListSearch } from '@tabler/icons-react';
import { bookingStatusLabel } from '@lanebook/core/bookings';
import type { StatisticsList, StatisticsListItem } from '@lanebook/core/statistics-schemas';
import { useSession } from '../../lib/session';
import { useUrlParams } from '../../lib/url-params';
import { notifyError } from '../../lib/notify';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { Pager } from '../../components/Pager';
import { QueryTable } from '../../components/QueryTable';
import { exportStatisticCsv } from './api/export-statistic-csv';
import { statisticChartQuery } from './api/get-statistic-chart';
import { statisticListQuery } from './api/list-statistic';
import { productOptionsQuery } from './api/product-options';
import { useDashboardFormat, type DashboardFormat } from './format';
import { useDashboardPeriod } from './period';
import { PeriodControls } from './PeriodControls';
import { isStatKey, SOURCE_LABELS, tileOf, type StatKey } from './tiles';

const StatisticChartView = lazy(() => import('./charts').then((m) => ({ default: m.StatisticChartView })));

const PAGE_SIZE = 50;
const BUCKET_LABELS = { hour: 'By hour', day: 'By day', week: 'By week', month: 'By month' } as const;
const STEP_LABELS: Record<number, string> = {
  1: 'Chose a product',
  2: 'Chose the players',
  3: 'Chose slots',
  4: 'Asked to pay',
  5: 'Paid',
};

/** /dashboard/{statKey}: one tile's chart over the period and the rows behind its figure. */
export default function StatisticPage() {
  const { statKey } = useParams();
  if (!isStatKey(statKey)) {
    return (
      <>
        <PageHeader title="Statistic" description={<BackToDashboard search="" />} />
        <Text data-testid="unknown-statistic">There is no statistic named “{statKey}”.</Text>
      </>
    );
  }
  return <Statistic key={statKey} statKey={statKey} />;
}

function BackToDashboard({ search }: { search: string }) {
  return (
    <Anchor component={Link} to={`/dashboard${search}`} size="sm" data-testid="back-to-dashboard">
      <Group gap={4} wrap="nowrap" component="span">
        <IconArrowLeft size={14} />
        Dashboard
      </Group>
    </Anchor>
  );
}

function Statistic({ statKey }: { statKey: StatKey }) {
  const session = useSession();
  const format = useDashboardFormat();
  const period = useDashboardPeriod();
  const { params, setParam } = useUrlParams();
  const tile = tileOf(statKey);
  const page = Math.max(1, Number(params.get('page')) || 1);

  const chart = useQuery(statisticChartQuery(session.venueId, statKey, period.params));
  const list = useQuery(statisticListQuery(session.venueId, statKey, period.params, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }));
  const products = useQuery(productOptionsQuery(session.venueId));
  const productName = (id: string | null) => (id ? (products.data?.find((product) => product.id === id)?.name ?? 'Deleted product') : '');
  const exportCsv = useMutation({ mutationFn: () => exportStatisticCsv(statKey, period.params!), onError: notifyError });

  const visits = statKey === 'bounceRate';
  // Each booking of a count adds one: a column of ones says nothing.
  const counted = tile.kind === 'count';
  const columns = visits
    ? ['Opened', 'Event date', 'Product', 'Furthest step', 'Booking', { label: 'Bounced', align: 'right' as const }]
    : [
        'Reg.Code',
        'Name',
        'Product',
        'Status',
        'Source',
        'Date Created',
        'Date of Event',
        ...(counted ? [] : [{ label: valueColumn(statKey), align: 'right' as const }]),
      ];

  const row = (item: StatisticsListItem) =>
    item.type === 'visit' ? (
      <Table.Tr data-testid="statistic-row">
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.createdAt)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.day(item.eventDate)}</Table.Td>
        <Table.Td>{productName(item.productId)}</Table.Td>
        <Table.Td>{STEP_LABELS[item.step] ?? `Step ${item.step}`}</Table.Td>
        <Table.Td>
          {item.bookingId ? (
            <Anchor component={Link} to={`/bookings/${encodeURIComponent(item.bookingId)}/view`}>
              Open
            </Anchor>
          ) : null}
        </Table.Td>
        <Table.Td ta="right">{item.value ? 'Yes' : 'No'}</Table.Td>
      </Table.Tr>
    ) : (
      <Table.Tr data-testid="statistic-row">
        <Table.Td>
          <Anchor component={Link} to={`/bookings/${encodeURIComponent(item.id)}/view`}>
            {item.registrationCode ?? item.bookingReference ?? 'Booking'}
          </Anchor>
        </Table.Td>
        <Table.Td>{[item.firstName, item.lastName].filter(Boolean).join(' ') || 'No name'}</Table.Td>
        <Table.Td>{productName(item.productId)}</Table.Td>
        <Table.Td>{bookingStatusLabel(item.status)}</Table.Td>
        <Table.Td>{SOURCE_LABELS[item.source]}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.createdAt)}</Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(item.startsAt)}</Table.Td>
        {counted ? null : (
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="row-value">
            {rowValue(statKey, item.value, format)}
          </Table.Td>
        )}
      </Table.Tr>
    );

  return (
    <>
      <PageHeader
        title={tile.label}
        description={
          <Stack gap={2} component="span">
            <BackToDashboard search={period.search} />
            <Text size="sm" c="dimmed" component="span">
              {tile.definition}
            </Text>
          </Stack>
        }
        actions={
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            onClick={() => exportCsv.mutate()}
            loading={exportCsv.isPending}
            disabled={!period.params}
            data-testid="export-csv"
          >
            Export CSV
          </Button>
        }
      />
      <PeriodControls period={period} shown={list.data} />

      <Stack gap="lg">
        <Paper withBorder radius="md" p="md" component="section" aria-label="Chart">
          <Group justify="space-between" mb="sm">
            <Title order={2} size="h4">
              {chart.data ? BUCKET_LABELS[chart.data.bucket] : 'Chart'}
            </Title>
            {list.data ? <Summary statKey={statKey} list={list.data} format={format} /> : null}
          </Group>
          {chart.isError ? (
            <LoadError error={chart.error} onRetry={() => chart.refetch()} />
          ) : chart.data ? (
            <Suspense fallback={<Skeleton height={280} />}>
              <div style={{ opacity: chart.isPlaceholderData ? 0.6 : 1 }}>
                <StatisticChartView statKey={statKey} chart={chart.data} format={format} />
              </div>
            </Suspense>
          ) : period.params ? (
            <Skeleton height={280} />
          ) : null}
        </Paper>

        {period.params ? (
          <QueryTable
            query={list}
            label={`${tile.label}: ${visits ? 'visits' : 'bookings'}`}
            columns={columns}
            // Fits the content beside the menu at 1280 px, the money column included: names and products wrap.
            minWidth={visits ? 760 : 900}
            empty={
              page > 1
                ? null
                : {
                    icon: <IconListSearch size={28} />,
                    title: visits ? 'No visits in this period' : 'No bookings behind this figure',
                    description: 'Try another period, date or product.',
                    testId: 'statistic-empty',
                  }
            }
            renderRow={row}
            below={(data) => (
              <Pager
                page={page}
                total={data.total}
                pageSize={PAGE_SIZE}
                onChange={(next) => setParam({ page: next === 1 ? null : String(next) })}
                noun={visits ? 'visits' : 'bookings'}
              />
            )}
          />
        ) : null}
      </Stack>
    </>
  );
}

/** What a row adds to the figure, in the figure's unit. */
function valueColumn(key: StatKey): string {
  return key === 'occupancyRate' ? 'Lane time' : tileOf(key).label;
}

function rowValue(key: StatKey, value: number, format: DashboardFormat) {
  return key === 'occupancyRate' ? minutes(value) : format.money(value);
}

const minutes = (value: number) => {
  const hours = Math.floor(value / 60);
  const rest = value % 60;
  return [hours ? `${hours} h` : '', rest ? `${rest} min` : ''].filter(Boolean).join(' ') || '0 min';
};

/** The figure and how the list adds up to it: a money or count tile is the sum of its rows; a rate is the rows' sum over `of`. */
function Summary({ statKey, list, format }: { statKey: StatKey; list: StatisticsList; format: DashboardFormat }) {
  const tile = tileOf(statKey);
  let text: string;
  if (statKey === 'occupancyRate') text = `${minutes(list.sum)} taken of ${minutes(list.of ?? 0)} of lane time`;
  else if (statKey === 'bounceRate') text = `${format.figure('count', list.sum)} of ${format.figure('count', list.of ?? 0)} visits bounced`;
  else
    text = `${format.figure('count', list.total)} ${list.total === 1 ? 'booking' : 'bookings'}, adding up to ${format.figure(tile.kind, list.sum)}`;
  return (
    <Group gap="xs" data-testid="statistic-summary">
      <Badge size="lg" variant="light" data-testid="statistic-figure">
        {format.figure(tile.kind, list.figure)}
      </Badge>
      <Text size="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}
