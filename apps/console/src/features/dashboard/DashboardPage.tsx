import { lazy, Suspense, type ReactNode } from 'react';
import { useIsFetching, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { Anchor, Button, Group, Paper, Progress, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconCash, IconFileSpreadsheet, IconRefresh } from '@tabler/icons-react';
import { useSession } from '../../lib/session';
import { notifyError } from '../../lib/notify';
import { FullPageLoader } from '../../components/FullPageLoader';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { aheadQuery } from './api/get-ahead';
import { breakdownQuery } from './api/get-breakdown';
import { cashUpQuery } from './api/get-cash-up';
import { exportGiftCardSummaryCsv, giftCardSummaryQuery, type PeriodDates } from './api/get-gift-card-summary';
import { heatmapQuery } from './api/get-heatmap';
import { statisticsQuery } from './api/get-statistics';
import { productOptionsQuery } from './api/product-options';
import { statisticsKey } from './api/keys';
import { useDashboardFormat, type DashboardFormat } from './format';
import { useDashboardPeriod } from './period';
import { PeriodControls } from './PeriodControls';
import { SetupChecklist } from './SetupChecklist';
import { FigureTile, TileFrame } from './Tile';
import { FIGURE_KEYS, SOURCE_LABELS, SOURCES } from './tiles';

const Charts = {
  SourceDonut: lazy(() => import('./charts').then((m) => ({ default: m.SourceDonut }))),
  OccupancyHeatmap: lazy(() => import('./charts').then((m) => ({ default: m.OccupancyHeatmap }))),
  AheadCharts: lazy(() => import('./charts').then((m) => ({ default: m.AheadCharts }))),
};

const METHOD_KIND_LABELS = { cash: 'Cash', terminal: 'Card terminal', cardOnline: 'Card online', giftCard: 'Gift card' } as const;

/** /dashboard: every figure of the business for a period, each opening the rows behind it. */
export default function DashboardPage() {
  const session = useSession();
  const queryClient = useQueryClient();
  const format = useDashboardFormat();
  const period = useDashboardPeriod();
  const statistics = useQuery(statisticsQuery(session.venueId, period.params));
  const working = useIsFetching({ queryKey: statisticsKey(session.venueId) }) > 0;

  // Refresh computes every figure on screen anew on the server, instead of answering from its cache.
  const refresh = useMutation({
    mutationFn: () =>
      Promise.all([
        queryClient.fetchQuery({ ...statisticsQuery(session.venueId, period.params, true), staleTime: 0 }),
        queryClient.fetchQuery({ ...breakdownQuery(session.venueId, period.params, true), staleTime: 0 }),
        queryClient.fetchQuery({ ...heatmapQuery(session.venueId, period.params, true), staleTime: 0 }),
        queryClient.fetchQuery({ ...aheadQuery(session.venueId, period.productId, true), staleTime: 0 }),
      ]),
    onError: notifyError,
  });

  const data = statistics.data;
  const link = (key: string) => `/dashboard/${key}${period.search}`;
  const dimmed = statistics.isPlaceholderData;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description={
          data ? (
            <span data-testid="dashboard-period">
              {format.day(data.from)}
              {data.to !== data.from ? ` – ${format.day(data.to)}` : ''}, compared with {format.day(data.previousFrom)}
              {data.previousTo !== data.previousFrom ? ` – ${format.day(data.previousTo)}` : ''}
            </span>
          ) : (
            'Revenue, bookings and occupancy of the venue.'
          )
        }
        actions={
          <>
            {data ? (
              <Text size="xs" c="dimmed" data-testid="dashboard-updated">
                Updated {format.time(data.cachedAt)}
              </Text>
            ) : null}
            <Button component={Link} to={`/dashboard/cash-up${period.search}`} variant="default" leftSection={<IconCash size={16} />}>
              Cash-up
            </Button>
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              onClick={() => refresh.mutate()}
              loading={refresh.isPending}
              disabled={!period.params}
            >
              Refresh
            </Button>
          </>
        }
      />
      <SetupChecklist />
      <PeriodControls period={period} shown={statistics.data} />

      {statistics.isError ? (
        <LoadError error={statistics.error} onRetry={() => statistics.refetch()} />
      ) : !period.params ? null : !data ? (
        <FullPageLoader />
      ) : (
        <Stack gap="lg" aria-busy={working}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 4 }} spacing="md">
            {FIGURE_KEYS.map((key) => (
              <FigureTile
                key={key}
                statKey={key}
                to={link(key)}
                value={data.stats[key]}
                previous={data.previous[key]}
                format={format}
                dimmed={dimmed}
              />
            ))}
            <MoneyTakenTile format={format} period={period} />
            <TileFrame statKey="bookingSource" to={link('bookingSource')} dimmed={dimmed}>
              <Group justify="space-between" wrap="nowrap" mt={4}>
                <Stack gap={2}>
                  {SOURCES.map((source) => (
                    <Text size="sm" key={source} data-testid={`source-${source}`}>
                      {SOURCE_LABELS[source]}: <b>{format.figure('count', data.stats.bookingSource[source])}</b>
                    </Text>
                  ))}
                </Stack>
                <Suspense fallback={<Skeleton circle height={120} />}>
                  <Charts.SourceDonut source={data.stats.bookingSource} />
                </Suspense>
              </Group>
            </TileFrame>
          </SimpleGrid>
          <GiftCardsPanel format={format} dates={{ from: data.from, to: data.to }} />
          <Insights format={format} period={period} />
        </Stack>
      )}
    </>
  );
}

/**
 * Money taken in the period by when it was taken (payments less refunds, whatever the bookings'
 * dates), beside the booking-based figures; opens the cash-up.
 */
function MoneyTakenTile({ format, period }: { format: DashboardFormat; period: ReturnType<typeof useDashboardPeriod> }) {
  const session = useSession();
  const navigate = useNavigate();
  const cashUp = useQuery(cashUpQuery(session.venueId, period.params));
  const to = `/dashboard/cash-up${period.search}`;
  const net = cashUp.data?.byMethod.reduce((sum, row) => sum + row.net, 0);
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      data-testid="tile-moneyTaken"
      style={{ cursor: 'pointer', opacity: cashUp.isPlaceholderData ? 0.6 : 1 }}
      onClick={() => navigate(to)}
    >
      <Anchor component={Link} to={to} size="sm" fw={600} c="dimmed" onClick={(event) => event.stopPropagation()}>
        Money taken
      </Anchor>
      {cashUp.isError ? (
        <Text size="sm" c="red" mt={4}>
          Could not load the money taken.
        </Text>
      ) : net === undefined ? (
        <Skeleton height={32} mt={4} />
      ) : (
        <>
          <Text fz={28} fw={700} data-testid="tile-figure">
            {format.money(net)}
          </Text>
          <Text size="xs" c="dimmed" data-testid="money-taken-cash">
            By payment date, every product · cash {format.money(cashUp.data!.expectedCash)}
          </Text>
        </>
      )}
    </Paper>
  );
}

/**
 * The period's gift cards, beside the revenue and never in it (decision 045): a card sold is money
 * owed until it is spent, and the bookings count what it pays as their payments when it is spent.
 */
function GiftCardsPanel({ format, dates }: { format: DashboardFormat; dates: PeriodDates }) {
  const session = useSession();
  const summary = useQuery(giftCardSummaryQuery(session.venueId, dates));
  const exportCsv = useMutation({ mutationFn: () => exportGiftCardSummaryCsv(dates), onError: notifyError });
  const data = summary.data;
  const figure = (label: string, testId: string, value: string, hint: string) => (
    <div key={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz={22} fw={700} data-testid={testId}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </div>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Gift cards" data-testid="gift-card-summary">
      <Group justify="space-between" align="flex-start" wrap="wrap" mb="sm">
        <div>
          <Title order={2} size="h4">
            {session.can('giftCards.view') ? (
              <Anchor component={Link} to="/gift-cards" inherit>
                Gift cards
              </Anchor>
            ) : (
              'Gift cards'
            )}
          </Title>
          <Text size="sm" c="dimmed">
            Cards sold are not revenue: what they pay for bookings is, when they are spent. Outstanding is what active cards hold now.
          </Text>
        </div>
        <Button
          variant="default"
          size="xs"
          leftSection={<IconFileSpreadsheet size={14} />}
          onClick={() => exportCsv.mutate()}
          loading={exportCsv.isPending}
          data-testid="gift-card-summary-csv"
        >
          Export CSV
        </Button>
      </Group>
      {summary.isError ? (
        <LoadError error={summary.error} onRetry={() => summary.refetch()} />
      ) : !data ? (
        <Skeleton height={72} />
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4, lg: 7 }} spacing="md" style={{ opacity: summary.isPlaceholderData ? 0.6 : 1 }}>
          {figure(
            'Sold',
            'gift-cards-sold',
            format.money(data.sold),
            `${format.figure('count', data.soldCount)} paid ${data.soldCount === 1 ? 'card' : 'cards'}`,
          )}
          {figure('Given away', 'gift-cards-complimentary', format.money(data.complimentary), 'Complimentary cards')}
          {figure('Redeemed', 'gift-cards-redeemed', format.money(data.redeemed), 'Spent on bookings')}
          {figure('Refunded', 'gift-cards-refunded', format.money(data.refunded), 'Given back to cards')}
          {figure('Adjusted', 'gift-cards-adjusted', format.money(data.adjusted), 'Net, by staff')}
          {figure('Expired', 'gift-cards-expired', format.money(data.expired), 'Left on cards at expiry')}
          {figure('Outstanding', 'gift-cards-outstanding', format.money(data.outstanding), 'Owed on active cards now')}
        </SimpleGrid>
      )}
    </Paper>
  );
}

function Section({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      <Suspense fallback={<Skeleton height={160} />}>{children}</Suspense>
    </Paper>
  );
}

/** Beyond the tiles: when lanes are busy, the fortnight ahead, and where the revenue comes from. */
function Insights({ format, period }: { format: DashboardFormat; period: ReturnType<typeof useDashboardPeriod> }) {
  const session = useSession();
  const venue = session.me?.venue;
  const heatmap = useQuery(heatmapQuery(session.venueId, period.params));
  const ahead = useQuery(aheadQuery(session.venueId, period.productId));
  const breakdown = useQuery(breakdownQuery(session.venueId, period.params));
  const products = useQuery(productOptionsQuery(session.venueId));
  const productName = (id: string) => products.data?.find((product) => product.id === id)?.name ?? 'Deleted product';

  const body = <T,>(
    query: { data: T | undefined; isError: boolean; error: unknown; refetch: () => unknown },
    show: (data: T) => ReactNode,
  ) =>
    query.isError ? (
      <LoadError error={query.error} onRetry={() => query.refetch()} />
    ) : query.data ? (
      show(query.data)
    ) : (
      <Skeleton height={160} />
    );

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Section title="Busy hours" description="Share of lane time taken, by weekday and hour of the period (event date).">
        {body(heatmap, (data) => (
          <Charts.OccupancyHeatmap heatmap={data} firstDayOfWeek={venue?.firstDayOfWeek ?? 0} timeFormat={venue?.timeFormat ?? 12} />
        ))}
      </Section>
      <Section title="Next 14 days" description="Today and the 13 days after: what the bookings will bring, and how full the lanes are.">
        {body(ahead, (data) => (
          <Charts.AheadCharts ahead={data} format={format} />
        ))}
      </Section>
      <Section title="Revenue by product" description="Net revenue (payments less refunds) of the period's bookings.">
        {body(breakdown, (data) => (
          <RevenueShares
            rows={data.byProduct.map((row) => ({ key: row.productId, name: productName(row.productId), netRevenue: row.netRevenue }))}
            format={format}
            testId="revenue-by-product"
          />
        ))}
      </Section>
      <Section title="Revenue by payment method" description="Net revenue of the period's bookings, by how it was paid.">
        {body(breakdown, (data) => (
          <RevenueShares
            rows={data.byPaymentMethod.map((row) => ({
              key: row.method,
              name: row.kind === 'terminal' ? `${METHOD_KIND_LABELS.terminal} (${row.method})` : METHOD_KIND_LABELS[row.kind],
              netRevenue: row.netRevenue,
            }))}
            format={format}
            testId="revenue-by-method"
          />
        ))}
      </Section>
    </SimpleGrid>
  );
}

/** Net revenue by product or payment method, largest first, each with its share of the whole. */
function RevenueShares({
  rows,
  format,
  testId,
}: {
  rows: { key: string; name: string; netRevenue: number }[];
  format: DashboardFormat;
  testId: string;
}) {
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        No revenue in this period.
      </Text>
    );
  const total = rows.reduce((sum, row) => sum + Math.max(0, row.netRevenue), 0);
  return (
    <Stack gap="xs" data-testid={testId}>
      {[...rows]
        .sort((a, b) => b.netRevenue - a.netRevenue)
        .map((row) => (
          <div key={row.key} data-testid="revenue-share">
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" truncate>
                {row.name}
              </Text>
              <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {format.money(row.netRevenue)}
              </Text>
            </Group>
            <Progress value={total > 0 ? (Math.max(0, row.netRevenue) / total) * 100 : 0} size="sm" aria-hidden />
          </div>
        ))}
    </Stack>
  );
}
