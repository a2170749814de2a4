/**
 * Every chart of the dashboard, in one module loaded on demand: the chart library (Mantine's
 * charts on recharts) stays out of the console's first load and out of the dashboard's first
 * paint; the figures show at once and the charts follow.
 */
import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, LineChart, MatrixChart } from '@mantine/charts';
import { Box, Group, Text } from '@mantine/core';
import type { BookingSourceCounts, StatisticsAhead, StatisticsChart, StatisticsHeatmap } from '@lanebook/core/statistics-schemas';
import type { DashboardFormat } from './format';
import { SOURCE_LABELS, SOURCES, tileOf, type StatKey } from './tiles';

const SOURCE_COLORS: Record<keyof BookingSourceCounts, string> = { online: 'blue.6', phone: 'teal.6', walkIn: 'orange.6' };

/** The booking-source doughnut (decision 029). */
export function SourceDonut({ source }: { source: BookingSourceCounts }) {
  const data = SOURCES.map((key) => ({
    name: SOURCE_LABELS[key],
    value: source[key],
    color: SOURCE_COLORS[key],
  }));
  const total = source.online + source.phone + source.walkIn;
  // An empty doughnut draws nothing: a grey ring says "none" instead.
  return (
    <DonutChart
      data={total ? data : [{ name: 'No bookings', value: 1, color: 'gray.3' }]}
      size={120}
      thickness={18}
      withTooltip={total > 0}
      tooltipDataSource="segment"
      chartLabel={total}
      data-testid="source-donut"
    />
  );
}

/** A tile's value per bucket: bars for money and counts, a line for the rates. */
export function StatisticChartView({ statKey, chart, format }: { statKey: StatKey; chart: StatisticsChart; format: DashboardFormat }) {
  const tile = tileOf(statKey);
  // An hour's bucket starts at an instant: written on the venue's 12 or 24 hour clock, in its zone.
  const label = (point: StatisticsChart['points'][number]) =>
    chart.bucket === 'hour' ? format.time(point.start) : format.day(point.start);
  if (statKey === 'bookingSource') {
    const data = chart.points.map((point) => ({
      bucket: label(point),
      online: point.parts?.online ?? 0,
      phone: point.parts?.phone ?? 0,
      walkIn: point.parts?.walkIn ?? 0,
    }));
    return (
      <BarChart
        h={280}
        data={data}
        dataKey="bucket"
        type="stacked"
        withLegend
        series={SOURCES.map((key) => ({
          name: key,
          label: SOURCE_LABELS[key],
          color: SOURCE_COLORS[key],
        }))}
        data-testid="statistic-chart"
      />
    );
  }
  const data = chart.points.map((point) => ({ bucket: label(point), value: point.value }));
  const common = {
    h: 280,
    data,
    dataKey: 'bucket',
    series: [{ name: 'value', label: tile.label, color: 'blue.6' }],
    valueFormatter: (value: number) => format.figure(tile.kind, value),
    yAxisProps: { tickFormatter: (value: number) => format.axis(tile.kind, value), width: 72 },
    'data-testid': 'statistic-chart',
  };
  if (tile.kind === 'percent') return <LineChart {...common} curveType="linear" />;
  return chart.points.length > 40 ? <AreaChart {...common} curveType="linear" /> : <BarChart {...common} />;
}

/** Lane time taken by weekday and hour, weekdays from the venue's first day of week, hours the slots cover. */
export function OccupancyHeatmap({
  heatmap,
  firstDayOfWeek,
  timeFormat,
}: {
  heatmap: StatisticsHeatmap;
  firstDayOfWeek: number;
  timeFormat: 12 | 24;
}) {
  const open = heatmap.cells.filter((cell) => cell.availableMinutes > 0);
  if (open.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid="heatmap-empty">
        No bookable slots in this period.
      </Text>
    );
  const hours = open.map((cell) => cell.hour);
  const first = Math.min(...hours);
  const last = Math.max(...hours);
  const hourLabel = (hour: number) =>
    timeFormat === 24 ? `${String(hour).padStart(2, '0')}` : `${hour % 12 === 0 ? 12 : hour % 12}${hour < 12 ? 'am' : 'pm'}`;
  const weekdays = Array.from({ length: 7 }, (_, index) => (firstDayOfWeek + index) % 7);
  const xLabels = Array.from({ length: last - first + 1 }, (_, index) => hourLabel(first + index));
  const yLabels = weekdays.map((day) => WEEKDAYS[day]!);
  const byCell = new Map(heatmap.cells.map((cell) => [`${cell.weekday}:${cell.hour}`, cell]));
  const data = weekdays.flatMap((day) =>
    Array.from({ length: last - first + 1 }, (_, index) => {
      const cell = byCell.get(`${day}:${first + index}`);
      return { x: hourLabel(first + index), y: WEEKDAYS[day]!, value: cell && cell.availableMinutes > 0 ? cell.rate : null };
    }),
  );
  return (
    <>
      <MatrixChart
        data={data}
        xLabels={xLabels}
        yLabels={yLabels}
        domain={[0, 100]}
        colors={['blue.1', 'blue.3', 'blue.5', 'blue.7', 'blue.9']}
        // An hour without slots is grey, never the light blue of 0% taken; the line below says so.
        emptyColor={NO_SLOTS_COLOR}
        cellSize={26}
        gap={3}
        withTooltip
        getTooltipLabel={(cell) => `${cell.y} ${cell.x}: ${cell.value === null ? 'no slots' : `${cell.value}% taken`}`}
        withXLabels
        withYLabels
        yLabelsWidth={40}
        xLabelsHeight={40}
        xLabelsRotation={-45}
        withLegend
        legendLabels={['0% taken', '100% taken']}
        data-testid="occupancy-heatmap"
      />
      <Group gap={6} mt={4} data-testid="heatmap-no-slots">
        <Box w={12} h={12} bg={NO_SLOTS_COLOR} style={{ borderRadius: 2 }} aria-hidden />
        <Text size="xs" c="dimmed">
          No slots
        </Text>
      </Group>
    </>
  );
}

const NO_SLOTS_COLOR = 'gray.4';
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** Today and the 13 days after: what the booked days will bring, and how full they are. */
export function AheadCharts({ ahead, format }: { ahead: StatisticsAhead; format: DashboardFormat }) {
  const data = ahead.days.map((day) => ({
    day: format.day(day.date),
    bookedRevenue: day.bookedRevenue,
    occupancyRate: day.occupancyRate,
  }));
  return (
    <>
      <Text size="sm" fw={500} mb={4}>
        Booked revenue
      </Text>
      <BarChart
        h={180}
        data={data}
        dataKey="day"
        series={[{ name: 'bookedRevenue', label: 'Booked revenue', color: 'green.6' }]}
        valueFormatter={format.money}
        yAxisProps={{ tickFormatter: (value: number) => format.axis('money', value), width: 72 }}
        data-testid="ahead-revenue"
      />
      <Text size="sm" fw={500} mt="md" mb={4}>
        Occupancy
      </Text>
      <LineChart
        h={160}
        data={data}
        dataKey="day"
        series={[{ name: 'occupancyRate', label: 'Occupancy', color: 'blue.6' }]}
        valueFormatter={(value) => format.figure('percent', value)}
        yAxisProps={{
          domain: [0, 100],
          ticks: [0, 25, 50, 75, 100],
          interval: 0,
          width: 72,
          tickFormatter: (value: number) => `${value}%`,
        }}
        curveType="linear"
        data-testid="ahead-occupancy"
      />
    </>
  );
}
